import { describe, expect, it } from "vitest";
import { unwrap } from "../../shared/core/result";
import { FourChess } from "../../shared/games/fourchess";
import { game, KINGS } from "./helpers";

const start = FourChess.start({ format: "teams" });

describe("why a move is illegal", () => {
  const cases: [string, FourChess, string, string, RegExp][] = [
    ["off the board", start, "a1", "a2", /not a square/],
    ["no piece", start, "h5", "h6", /no piece on h5/],
    ["someone else's piece", start, "b4", "c4", /Blue's; it is Red's turn/],
    ["own piece in the way", start, "d1", "d2", /your own pieces/],
    ["wrong shape", start, "e1", "e3", /knight jumps/],
    [
      "bishop along a file",
      game({ pieces: `${KINGS} rBe5` }),
      "e5",
      "e8",
      /bishop moves diagonally/,
    ],
    ["blocked path", start, "d1", "d5", /blocked at d2/],
    [
      "pawn backwards",
      game({ pieces: `${KINGS} rPe5` }),
      "e5",
      "e4",
      /pawn moves one square forward/,
    ],
    ["pawn diagonal without capture", start, "h2", "i3", /diagonally only to capture/],
    [
      "pawn two steps off its start",
      game({ pieces: `${KINGS} rPe5` }),
      "e5",
      "e7",
      /only from its starting line/,
    ],
    ["pawn blocked", game({ pieces: `${KINGS} rPe2 yNe3` }), "e2", "e4", /both squares/],
    [
      "pinned piece",
      game({ pieces: `${KINGS} rNh4 gRh10` }),
      "h4",
      "g6",
      /leave your king in check/,
    ],
    ["not answering check", game({ pieces: `${KINGS} gRh10 rPd2` }), "d2", "d3", /in check/],
    ["king too far", game({ pieces: KINGS }), "h1", "h3", /king moves one square/],
    ["same square", start, "h2", "h2", /another square/],
  ];
  for (const [what, g, from, to, message] of cases) {
    it(what, () => {
      const problem = g.explain({ from, to });
      expect(problem).not.toBeNull();
      expect(problem!.message).toMatch(message);
      const r = g.play({ from, to });
      expect(r.ok).toBe(false);
      expect(r.ok ? null : r.error).toEqual(problem);
    });
  }

  it("says nothing against a legal move", () => {
    expect(start.explain({ from: "h2", to: "h4" })).toBeNull();
  });

  it("refuses every move once the game is over", () => {
    const over = unwrap(start.resign(0));
    expect(over.explain({ from: "h2", to: "h4" })).toMatchObject({ code: "game/over" });
    expect(over.legalMoves()).toEqual([]);
  });

  it("every refusal of a random request agrees with the legal move list", () => {
    const squares = [
      "a4",
      "b5",
      "d1",
      "d2",
      "e1",
      "h1",
      "h2",
      "h3",
      "h4",
      "i3",
      "k1",
      "n8",
      "g14",
      "m8",
      "c6",
    ];
    const legal = new Set(start.legalMoves().map((m) => `${m.from}-${m.to}`));
    for (const from of squares)
      for (const to of squares) {
        const problem = start.explain({ from, to });
        expect(problem === null).toBe(legal.has(`${from}-${to}`));
      }
  });
});
