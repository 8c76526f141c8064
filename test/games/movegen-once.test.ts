/**
 * Playing a move matches it against the moving piece's own moves: neither game builds the full
 * legal move list while validating, applying or writing down a move (game-over detection uses
 * the early-exit `hasLegalMove`/`hasLegalMoveFor`). Spies count every full-list entry point of
 * both `Position` classes around each `play`, directly and through the table adapters.
 */
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { seeded } from "../../shared/core/random";
import { type Failure, type Result, unwrap } from "../../shared/core/result";
import { FourChess } from "../../shared/games/fourchess/game";
import { Position as FourChessPosition } from "../../shared/games/fourchess/position";
import { gameDefinition } from "../../shared/games/registry";
import type { MoveInput } from "../../shared/games/types";
import { Xiangqi } from "../../shared/games/xiangqi/game";
import { Position as XiangqiPosition } from "../../shared/games/xiangqi/position";
import { game as fourchessGame, KINGS } from "../fourchess/helpers";

let spies: MockInstance[] = [];

beforeEach(() => {
  spies = [
    vi.spyOn(FourChessPosition.prototype, "legalMoves"),
    vi.spyOn(FourChessPosition.prototype, "legalMovesFor"),
    vi.spyOn(FourChessPosition.prototype, "generateLegal"),
    vi.spyOn(XiangqiPosition.prototype, "legalMoves"),
    vi.spyOn(XiangqiPosition.prototype, "generateLegal"),
  ];
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** Runs `fn` and returns its value with the number of full legal lists built meanwhile. */
function counted<T>(fn: () => T): { value: T; fullLists: number } {
  for (const s of spies) s.mockClear();
  const value = fn();
  return { value, fullLists: spies.reduce((n, s) => n + s.mock.calls.length, 0) };
}

/** What both engines' games and the table adapters share, for one playout loop. */
interface Playable<T> {
  readonly outcome: unknown;
  legalMoves(): readonly MoveInput[];
  play(move: MoveInput): Result<T, Failure>;
}

interface Tally {
  played: number;
  captures: number;
  checks: number;
  promotions: number;
}

/** What a played move did, read from the game it produced. */
type Effect<T> = (next: T) => { capture: boolean; check: boolean };

/**
 * Plays every legal move of each position reached (each must be accepted, with no full list
 * built), then goes on with one of them, preferring captures, checks and promotions so that a
 * short playout meets all of them.
 */
function playout<T extends Playable<T>>(
  start: T,
  plies: number,
  seed: number,
  effect: Effect<T>,
): Tally {
  const rnd = seeded(seed);
  const tally: Tally = { played: 0, captures: 0, checks: 0, promotions: 0 };
  let g = start;
  for (let ply = 0; ply < plies && !g.outcome; ply++) {
    const options = g.legalMoves();
    const results = options.map((m) => {
      const { value, fullLists } = counted(() => g.play(m));
      expect(fullLists, `${m.from}-${m.to}`).toBe(0);
      const next = unwrap(value);
      const e = effect(next);
      tally.played++;
      if (e.capture) tally.captures++;
      if (e.check) tally.checks++;
      if (m.promotion) tally.promotions++;
      return { m, next, sharp: e.capture || e.check || m.promotion !== undefined };
    });
    const sharp = results.filter((r) => r.sharp);
    const pool = sharp.length > 0 && rnd() < 0.7 ? sharp : results;
    g = pool[Math.floor(rnd() * pool.length)]!.next;
  }
  return tally;
}

const fourchessEffect: Effect<FourChess> = (g) => {
  const last = g.moves.at(-1)!;
  return { capture: last.captured !== null, check: /[+#]$/.test(last.notation) };
};

const xiangqiEffect: Effect<Xiangqi> = (g) => {
  const last = g.moves.at(-1)!;
  return { capture: last.capture !== null, check: last.check };
};

interface TableLike extends Playable<TableLike> {
  readonly moves: readonly { readonly captured: string | null }[];
  checks(): number[];
}

const tableEffect: Effect<TableLike> = (t) => ({
  capture: t.moves.at(-1)!.captured !== null,
  check: t.checks().length > 0,
});

/** A new table game through the registry. */
function table(id: "fourchess" | "xiangqi", format: "teams" | "individual" = "teams"): TableLike {
  return unwrap(
    gameDefinition(id).start({ format, moveLimit: null, handicap: "none", firstSeat: 0 }),
  ) as TableLike;
}

describe("four-player chess: a played move builds no full legal move list", () => {
  it("Teams from the start: captures and checks", () => {
    const t = playout(FourChess.start({ format: "teams" }), 36, 1, fourchessEffect);
    expect(t.played).toBeGreaterThan(500);
    expect(t.captures).toBeGreaterThan(0);
    expect(t.checks).toBeGreaterThan(0);
  });

  it("Individual from the start: captures, checks and points", () => {
    const t = playout(FourChess.start({ format: "individual" }), 36, 2, fourchessEffect);
    expect(t.captures).toBeGreaterThan(0);
    expect(t.checks).toBeGreaterThan(0);
  });

  it("promotions: every choice in Teams, the queen in Individual", () => {
    const teams = fourchessGame({ pieces: `${KINGS} rPe10 bPj5 yPe5 gPe6 rQd3 yQk12` });
    const t = playout(teams, 12, 3, fourchessEffect);
    expect(t.promotions).toBeGreaterThanOrEqual(4);
    const individual = fourchessGame(
      { pieces: `${KINGS} rPe7 bPg6 yPf8 gPh5 rRd1` },
      { format: "individual" },
    );
    expect(playout(individual, 12, 4, fourchessEffect).promotions).toBeGreaterThan(0);
    // The pawn's only choice needs no letter.
    const { value, fullLists } = counted(() => individual.play({ from: "e7", to: "e8" }));
    expect(fullLists).toBe(0);
    expect(unwrap(value).moves[0]!.notation).toBe("e7-e8=Q");
  });

  it("castling and en passant", () => {
    const castle = fourchessGame({
      pieces: "rKh1 rRd1 rRk1 bKa7 bRa4 bRa11 yKg14 yRd14 yRk14 gKn8 gRn4 gRn11",
      castling: "1,1,1,1/1,1,1,1",
    });
    const { value, fullLists } = counted(() => castle.play({ from: "h1", to: "j1" }));
    expect(fullLists).toBe(0);
    expect(unwrap(value).moves[0]!.notation).toBe("O-O");

    const double = unwrap(
      fourchessGame({ pieces: `${KINGS} rPe2 bPd4` }).play({ from: "e2", to: "e4" }),
    );
    const r = counted(() => double.play({ from: "d4", to: "e3" }));
    expect(r.fullLists).toBe(0);
    expect(unwrap(r.value).moves.at(-1)).toMatchObject({ notation: "d4xPe3", captured: "e4" });
  });

  it("through the table adapter", () => {
    for (const [format, seed] of [
      ["teams", 5],
      ["individual", 6],
    ] as const) {
      const t = playout(table("fourchess", format), 24, seed, tableEffect);
      expect(t.captures + t.checks).toBeGreaterThan(0);
    }
  });
});

describe("xiangqi: a played move builds no full legal move list", () => {
  it("from the start: captures and checks, through play and WXF text", () => {
    const t = playout(Xiangqi.start(), 40, 7, xiangqiEffect);
    expect(t.played).toBeGreaterThan(1000);
    expect(t.captures).toBeGreaterThan(0);
    expect(t.checks).toBeGreaterThan(0);

    let g = Xiangqi.start();
    for (const text of ["C2=5", "H8+7", "H2+3", "R9=8", "R1=2", "C8=9", "R2+6", "P7+1"]) {
      const { value, fullLists } = counted(() => g.playText(text));
      expect(fullLists, text).toBe(0);
      g = unwrap(value);
      expect(g.moves.at(-1)!.notation).toBe(text);
    }
  });

  it("a mating move, judged without the full list", () => {
    const g = unwrap(Xiangqi.fromFen("3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1"));
    const { value, fullLists } = counted(() => g.play({ from: "b0", to: "b9" }));
    expect(fullLists).toBe(0);
    expect(unwrap(value).outcome).toMatchObject({ reason: "checkmate", winners: [0] });
  });

  it("through the table adapter", () => {
    const t = playout(table("xiangqi"), 30, 8, tableEffect);
    expect(t.captures + t.checks).toBeGreaterThan(0);
  });
});

describe("refusals keep their codes, still without the full list", () => {
  const start = FourChess.start({ format: "teams" });
  const fourchessCases: [string, FourChess, MoveInput, string][] = [
    ["off the board", start, { from: "a1", to: "a2" }, "move/invalid-square"],
    ["no piece", start, { from: "h5", to: "h6" }, "move/no-piece"],
    ["another seat's piece", start, { from: "b4", to: "c4" }, "move/other-side-piece"],
    ["same square", start, { from: "h2", to: "h2" }, "move/same-square"],
    ["own piece", start, { from: "d1", to: "d2" }, "move/own-piece"],
    ["knight shape", start, { from: "e1", to: "e3" }, "move/knight-shape"],
    ["blocked rook", start, { from: "d1", to: "d5" }, "move/blocked"],
    ["pawn diagonal", start, { from: "h2", to: "i3" }, "move/pawn-diagonal"],
    [
      "promotion letter off the line",
      start,
      { from: "h2", to: "h3", promotion: "Q" },
      "move/not-promotion",
    ],
    [
      "partner's piece",
      fourchessGame({ pieces: `${KINGS} rRe5 yNe9` }),
      { from: "e5", to: "e9" },
      "move/partner-piece",
    ],
    [
      "pinned knight",
      fourchessGame({ pieces: `${KINGS} rNh4 gRh10` }),
      { from: "h4", to: "g6" },
      "move/king-attacked",
    ],
    [
      "check not answered",
      fourchessGame({ pieces: `${KINGS} gRh10 rPd2` }),
      { from: "d2", to: "d3" },
      "move/king-check-not-ended",
    ],
    [
      "promotion without a choice",
      fourchessGame({ pieces: `${KINGS} rPe10` }),
      { from: "e10", to: "e11" },
      "move/promotion-required",
    ],
    [
      "promotion to a king",
      fourchessGame({ pieces: `${KINGS} rPe10` }),
      { from: "e10", to: "e11", promotion: "K" },
      "move/promotion-invalid",
    ],
    [
      "Individual promotes to a queen only",
      fourchessGame({ pieces: `${KINGS} rPe7` }, { format: "individual" }),
      { from: "e7", to: "e8", promotion: "R" },
      "move/promotion-queen-only",
    ],
    [
      "castling without the right",
      fourchessGame({ pieces: "rKh1 rRk1 bKa7 yKg14 gKn8", castling: "0,0,0,0/0,0,0,0" }),
      { from: "h1", to: "j1" },
      "move/castle-rights",
    ],
    [
      "castling through a piece",
      fourchessGame({ pieces: "rKh1 rRk1 rNi1 bKa7 yKg14 gKn8", castling: "1,0,0,0/0,0,0,0" }),
      { from: "h1", to: "j1" },
      "move/castle-blocked",
    ],
    [
      "castling across an attacked square",
      fourchessGame({ pieces: "rKh1 rRk1 bKa7 yKg14 gKn8 gRi12", castling: "1,0,0,0/0,0,0,0" }),
      { from: "h1", to: "j1" },
      "move/castle-check",
    ],
  ];
  for (const [what, g, input, code] of fourchessCases) {
    it(`four-player chess: ${what}`, () => {
      const { value, fullLists } = counted(() => g.play(input));
      expect(fullLists).toBe(0);
      expect(value.ok ? "legal" : value.error.code).toBe(code);
      expect(value.ok ? null : value.error).toEqual(g.explain(input));
    });
  }

  const xq = Xiangqi.start();
  const xqFen = (fen: string) => unwrap(Xiangqi.fromFen(fen));
  const xiangqiCases: [string, Xiangqi, string, number | undefined, string][] = [
    ["off the board", xq, "j2e2", undefined, "move/invalid-square"],
    ["no piece", xq, "e4e5", undefined, "move/no-piece"],
    ["not your turn", xq, "h7e7", undefined, "move/other-side-piece"],
    ["not your piece", xq, "h7e7", 0, "move/not-your-piece"],
    ["seat out of turn", xq, "h2e2", 1, "move/not-your-turn"],
    ["own piece", xq, "a0a3", undefined, "move/own-piece"],
    ["horse leg", xq, "b0d1", undefined, "move/horse-leg"],
    ["cannon screen", xq, "b2b7", undefined, "move/cannon-no-screen"],
    ["soldier backward", xq, "a3a2", undefined, "move/soldier-back"],
    [
      "pinned horse",
      xqFen("4k4/9/9/9/4r4/9/9/9/4H4/4K4 w - - 0 1"),
      "e1c2",
      undefined,
      "move/general-in-check",
    ],
    [
      "flying general",
      xqFen("4k4/9/9/9/9/9/9/9/4H4/4K4 w - - 0 1"),
      "e1c2",
      undefined,
      "move/flying-general",
    ],
  ];
  for (const [what, g, iccs, seat, code] of xiangqiCases) {
    it(`xiangqi: ${what}`, () => {
      const input = { from: iccs.slice(0, 2), to: iccs.slice(2) };
      const { value, fullLists } = counted(() => g.play(input, seat));
      expect(fullLists).toBe(0);
      expect(value.ok ? "legal" : value.error.code).toBe(code);
      expect(value.ok ? null : value.error).toEqual(g.explain(input, seat));
    });
  }

  it("agree with the legal move list on random requests", () => {
    const rnd = seeded(9);
    const squares = (names: string) => names.split(" ");
    const fourSquares = squares("a4 b5 d1 d2 e1 e2 e3 e4 h1 h2 h3 h4 i3 k1 n8 g14 m8 c6 j1 f1");
    const xqPoints = squares("a0 a3 b0 b2 b7 c0 c2 c3 d0 d1 e0 e1 e2 e3 e4 h2 h7 h9 g9 i9");
    let f = FourChess.start({ format: "teams" });
    let x = Xiangqi.start();
    for (let ply = 0; ply < 12; ply++) {
      const fLegal = new Set(f.legalMoves().map((m) => `${m.from}-${m.to}`));
      const xLegal = new Set(x.legalMoves().map((m) => `${m.from}-${m.to}`));
      for (const from of fourSquares)
        for (const to of fourSquares)
          expect(f.play({ from, to }).ok, `${from}-${to}`).toBe(fLegal.has(`${from}-${to}`));
      for (const from of xqPoints)
        for (const to of xqPoints)
          expect(x.play({ from, to }).ok, `${from}${to}`).toBe(xLegal.has(`${from}-${to}`));
      const fm = f.legalMoves();
      const xm = x.legalMoves();
      f = unwrap(f.play(fm[Math.floor(rnd() * fm.length)]!));
      x = unwrap(x.play(xm[Math.floor(rnd() * xm.length)]!));
    }
  });
});
