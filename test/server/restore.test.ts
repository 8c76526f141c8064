/**
 * Recovery from a damaged action log: a stored table comes back at its last consistent
 * version, whatever is wrong after it (a truncated log, a gap, an action the rules refuse),
 * with what stopped the replay said.
 */
import { describe, expect, it } from "vitest";
import type { ActionRecord } from "../../server/store/types";
import { replayActions } from "../../server/table/restore";
import { type Action, type Match, reduce } from "../../shared/match/match";
import { newMatch } from "../match/helpers";

const T0 = 1_700_000_000_000;

/** A real xiangqi game between two people: its log as the store keeps it, and each match. */
function playedLog(moves: number, pick = 0): { log: ActionRecord[]; matches: Match[] } {
  let m = newMatch("xiangqi");
  const matches: Match[] = [m];
  const log: ActionRecord[] = [];
  const apply = (action: Action, at: number) => {
    const r = reduce(m, action, at);
    if (!r.ok) throw new Error(r.error.code);
    m = r.value;
    matches.push(m);
    log.push({ version: m.version, at, action });
  };
  apply({ type: "sit", player: "ana", name: "Ana", seat: 0 }, T0);
  apply({ type: "sit", player: "budi", name: "Budi", seat: 1 }, T0);
  apply({ type: "start", player: "ana", host: true }, T0 + 1);
  for (let i = 0; i < moves; i++) {
    const legal = m.game!.legalMoves();
    const move = legal[(i * 7 + pick) % legal.length]!;
    apply({ type: "move", player: m.game!.turn === 0 ? "ana" : "budi", move }, T0 + 1000 * (i + 2));
  }
  return { log, matches };
}

const movesOf = (m: Match) => m.log.map((e) => `${e.move?.from}-${e.move?.to}`);

describe("bringing a stored table back", () => {
  const { log, matches } = playedLog(12);
  const start = matches[0]!;

  it("replays a whole log to the last version, with the time of every move", () => {
    const back = replayActions(start, log);
    expect(back.stopped).toBeNull();
    expect(back.applied).toBe(log.length);
    expect(back.match.version).toBe(log.length);
    expect(movesOf(back.match)).toEqual(movesOf(matches.at(-1)!));
    expect(back.times).toEqual(log.slice(3).map((e) => e.at));
  });

  it("brings a truncated log back where it ends", () => {
    const back = replayActions(start, log.slice(0, 9));
    expect(back.stopped).toBeNull();
    expect(back.match.version).toBe(9);
    expect(movesOf(back.match)).toEqual(movesOf(matches[9]!));
  });

  it("stops at a gap: the action after a missing one was made on a position that is not there", () => {
    const gapped = [...log.slice(0, 6), ...log.slice(7)];
    const back = replayActions(start, gapped);
    expect(back.match.version).toBe(6);
    expect(movesOf(back.match)).toEqual(movesOf(matches[6]!));
    expect(back.applied).toBe(6);
    expect(back.stopped?.version).toBe(8);
    expect(back.stopped?.reason).toMatch(/stored as version 8|refused/);
  });

  it("stops at an action the rules refuse (a damaged move)", () => {
    const damaged = log.map((e, i) =>
      i === 8 ? { ...e, action: { ...e.action, move: { from: "e5", to: "e6" } } as Action } : e,
    );
    const back = replayActions(start, damaged);
    expect(back.match.version).toBe(8);
    expect(back.stopped).toEqual({ version: 9, reason: expect.stringMatching(/^move refused: /) });
  });

  it("gives back nothing but the start for an empty log", () => {
    const back = replayActions(start, []);
    expect(back).toEqual({ match: start, times: [], applied: 0, lastAt: null, stopped: null });
  });
});
