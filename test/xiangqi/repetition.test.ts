import { describe, expect, it } from "vitest";
import { type HistoryEntry, judgeRepetition } from "../../shared/games/xiangqi/repetition";

/** A history from a compact script: position keys, `+` marking a move that gave check. */
function history(script: string): HistoryEntry[] {
  return script
    .split(" ")
    .map((t, i) => ({ key: t.replace("+", ""), check: i > 0 && t.endsWith("+") }));
}

describe("judgeRepetition", () => {
  it("reports a first occurrence as nothing", () => {
    expect(judgeRepetition(history("A B+ C D+"), 0)).toEqual({
      occurrences: 1,
      checker: null,
      perpetualCount: 0,
    });
  });

  it("counts one-sided perpetual check by the side that made the checking moves", () => {
    // Red (first mover) checks on moves 1 and 3; Black's moves 2 and 4 do not.
    expect(judgeRepetition(history("A B+ C D+ A"), 0)).toEqual({
      occurrences: 2,
      checker: 0,
      perpetualCount: 2,
    });
    // The same script with Black moving first makes Black the checker.
    expect(judgeRepetition(history("A B+ C D+ A"), 1).checker).toBe(1);
    expect(judgeRepetition(history("A B+ C D+ A B+ C D+ A"), 0).perpetualCount).toBe(3);
  });

  it("does not blame anyone when both or neither side checks", () => {
    expect(judgeRepetition(history("A B+ C+ D+ A+ B+ C+ D+ A+"), 0)).toEqual({
      occurrences: 3,
      checker: null,
      perpetualCount: 0,
    });
    expect(judgeRepetition(history("A B C D A B C D A"), 0)).toEqual({
      occurrences: 3,
      checker: null,
      perpetualCount: 0,
    });
  });

  it("counts only the occurrences joined by the perpetual check", () => {
    // A quiet cycle, then checking cycles: the quiet span breaks the chain.
    const h = history("A B C D A B+ C D+ A");
    expect(judgeRepetition(h, 0)).toEqual({ occurrences: 3, checker: 0, perpetualCount: 2 });
    // A defender that checked once, but not with every move, does not excuse the checker.
    expect(judgeRepetition(history("A B+ C+ D+ E F+ G H+ A"), 0).checker).toBe(0);
  });
});
