import { describe, expect, it } from "vitest";
import { unwrap } from "../../shared/core/result";
import { HANDICAP_RULES } from "../../shared/games/xiangqi/adapter";
import { parseFen, writeFen } from "../../shared/games/xiangqi/fen";
import { Xiangqi } from "../../shared/games/xiangqi/game";
import { Position } from "../../shared/games/xiangqi/position";
import { START_FEN, startFen } from "../../shared/games/xiangqi/setups";

const code = (fen: string) => {
  const r = parseFen(fen);
  return r.ok ? "ok" : r.error.code;
};

describe("FEN import and export", () => {
  it("round-trips the start and keeps the counters", () => {
    const p = unwrap(parseFen(START_FEN));
    expect(writeFen(Position.fromSetup(p.setup), p.fullmove)).toBe(START_FEN);
    const mid = "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 b - - 17 31";
    expect(unwrap(Xiangqi.fromFen(mid)).fen()).toBe(mid);
  });

  it("accepts the placement alone, placement and side, E/H letters and `r` for Red", () => {
    const placement = START_FEN.split(" ")[0]!;
    expect(unwrap(Xiangqi.fromFen(placement)).fen()).toBe(START_FEN);
    expect(unwrap(Xiangqi.fromFen(`${placement} b`)).turn).toBe(1);
    expect(unwrap(Xiangqi.fromFen(`${placement} r - - 0 1`)).turn).toBe(0);
    const eh = placement.replaceAll("n", "h").replaceAll("b", "e").replaceAll("N", "H");
    expect(unwrap(Xiangqi.fromFen(eh)).fen()).toBe(START_FEN);
  });

  it("rejects malformed text with a reason, never a throw", () => {
    const start = START_FEN;
    const bad: [string, string][] = [
      ["", "fen/empty"],
      ["   ", "fen/empty"],
      ["x".repeat(500), "fen/fields"],
      [`${start} extra`, "fen/fields"],
      [start.replace(" - - ", " "), "fen/fields"],
      [start.replace(" w - -", " w K -"), "fen/fields"],
      [start.replace("/9/RNB", "/RNB"), "fen/placement"],
      [start.replace("1c5c1", "1c5c2"), "fen/placement"],
      [start.replace("1c5c1", "1c5c"), "fen/placement"],
      [start.replace("1c5c1", "1x5c1"), "fen/placement"],
      [start.replace("1c5c1", "1c5c1c"), "fen/placement"],
      [start.replace(" w ", " x "), "fen/side"],
      [start.replace(" 0 1", " 0 0"), "fen/counters"],
      [start.replace(" 0 1", " -1 1"), "fen/counters"],
      [start.replace(" 0 1", " a b"), "fen/counters"],
      [start.replace("RNBAKABNR", "RNBA1ABNR"), "fen/general"],
      [start.replace("RNBAKABNR", "RNBAKAKNR"), "fen/general"],
      ["4k4/9/9/9/9/9/9/9/9/K8 w - - 0 1", "fen/general"],
      [start.replace("/9/RNB", "/4A4/RNB"), "fen/piece-count"],
      [start.replace("p1p1p1p1p/9/9/", "p1p1p1p1p/4P4/9/"), "fen/piece-count"],
      ["4k4/9/9/9/9/9/9/9/9/A3K4 w - - 0 1", "fen/piece-point"],
      ["4k4/9/9/9/9/4B4/9/9/9/4K4 w - - 0 1", "fen/piece-point"],
      ["4k4/9/9/9/9/9/9/P8/9/3K5 w - - 0 1", "fen/piece-point"],
      ["4k4/9/9/9/9/9/1P7/9/9/3K5 w - - 0 1", "fen/piece-point"],
      ["4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "fen/flying-general"],
      ["4k4/9/9/9/4R4/9/9/9/9/3K5 w - - 0 1", "fen/side-in-check"],
    ];
    for (const [fen, expected] of bad) {
      const r = parseFen(fen);
      expect(r.ok ? "ok" : r.error.code, fen).toBe(expected);
      if (!r.ok) expect(r.error.message.length).toBeGreaterThan(10);
      expect(Xiangqi.fromFen(fen).ok).toBe(false);
    }
  });

  it("survives random garbage and mutations of a good FEN without throwing", () => {
    let seed = 42;
    const rand = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed / 2 ** 32;
    };
    const alphabet = "rnbakcpRNBAKCPehEH0123456789/ -wbx";
    for (let i = 0; i < 3000; i++) {
      const chars = [...START_FEN];
      const edits = 1 + Math.floor(rand() * 4);
      for (let e = 0; e < edits; e++) {
        const at = Math.floor(rand() * chars.length);
        chars[at] = alphabet[Math.floor(rand() * alphabet.length)]!;
      }
      const fen = chars.join("");
      expect(() => code(fen)).not.toThrow();
      const r = Xiangqi.fromFen(fen);
      if (r.ok) expect(() => r.value.legalMoves()).not.toThrow();
    }
  });

  it("accepts a side to move that is in check", () => {
    expect(code("4k4/9/9/9/4R4/9/9/9/9/3K5 b - - 0 1")).toBe("ok");
  });
});

describe("setups", () => {
  it("starts from the standard position with Red to move", () => {
    const g = Xiangqi.start();
    expect(g.fen()).toBe(START_FEN);
    expect(g.turn).toBe(0);
    expect(startFen()).toBe(START_FEN);
  });

  it("removes the stronger side's left horse, or both, and Red still moves first", () => {
    const fen = (seat: 0 | 1, horses: 1 | 2) => Xiangqi.start({ handicap: { seat, horses } }).fen();
    expect(fen(0, 1)).toBe(START_FEN.replace("RNBAKABNR", "R1BAKABNR"));
    expect(fen(0, 2)).toBe(START_FEN.replace("RNBAKABNR", "R1BAKAB1R"));
    expect(fen(1, 1)).toBe(START_FEN.replace("rnbakabnr", "rnbakab1r"));
    expect(fen(1, 2)).toBe(START_FEN.replace("rnbakabnr", "r1bakab1r"));
    for (const handicap of Object.values(HANDICAP_RULES)) {
      if (!handicap) continue;
      const g = Xiangqi.start({ handicap });
      expect(g.turn).toBe(0);
      expect(g.outcome).toBeNull();
    }
    const red = Xiangqi.start({ handicap: { seat: 0, horses: 1 } });
    expect(red.explain({ from: "b0", to: "c2" })?.code).toBe("move/no-piece");
    expect(red.legalMoves().map((m) => m.from + m.to)).toContain("a0b0");
    expect(red.position().perft(3)).toBeGreaterThan(0);
  });
});
