import { describe, expect, it } from "vitest";
import { unwrap } from "../../shared/core/result";
import type { FourChess } from "../../shared/games/fourchess";
import { expectRefused, game, KINGS, legal, pieceAt, play } from "./helpers";

const ffa = { format: "individual" } as const;

describe("Individual points", () => {
  for (const [piece, points] of [
    ["bPe9", 1],
    ["bNe9", 3],
    ["bBe9", 5],
    ["bRe9", 5],
    ["bQe9", 9],
  ] as const) {
    it(`capturing a ${piece.slice(1, 2)} scores ${points}`, () => {
      const g = play(game({ pieces: `${KINGS} rRe5 ${piece}` }, ffa), "e5-e9");
      expect(g.scores).toEqual([points, 0, 0, 0]);
      expect(g.moves[0]!.points).toBe(points);
    });
  }

  it("capturing a promoted queen scores 1", () => {
    const g = play(game({ pieces: `${KINGS} rPe7 bRa8` }, ffa), "e7-e8", "a8-e8");
    expect(g.scores[1]).toBe(1);
  });

  it("capturing a grey piece scores 0", () => {
    const spec = { pieces: "rKh1 rRe5 dKa7 dQe9 yKg14 gKn8", eliminated: [1] };
    expect(play(game(spec, ffa), "e5-e9").scores).toEqual([0, 0, 0, 0]);
  });

  it("capturing a king scores 20 and puts its owner out, pieces grey", () => {
    const g = play(game({ pieces: "rKh1 rRe5 bKe9 bPb5 yKg14 gKn8" }, ffa), "e5-e9");
    expect(g.scores).toEqual([20, 0, 0, 0]);
    expect(g.out[1]).toBe("king-captured");
    expect(pieceAt(g, "b5")).toBe("dP");
    expect(g.turn).toBe(2);
  });

  it("checkmate scores 20 at once and the mated player is out", () => {
    const g = play(game({ pieces: "rKh1 rRk11 bKa7 bPb6 bPb7 bPb8 yKg14 gKn8" }, ffa), "k11-a11");
    expect(g.scores).toEqual([20, 0, 0, 0]);
    expect(g.out[1]).toBe("checkmated");
    expect(g.moves[0]!.notation).toBe("Rk11-a11#");
    expect(pieceAt(g, "a7")).toBe("dK");
    expect(g.turn).toBe(2);
    expect(g.outcome).toBeNull();
  });

  it("a stalemated player scores 20 and is out", () => {
    const g = play(game({ pieces: "rKh1 rRk11 bKa7 yKg14 yRk6 yRe8 gKn8 gPm8" }, ffa), "k11-b11");
    expect(g.scores).toEqual([0, 20, 0, 0]);
    expect(g.out[1]).toBe("stalemated");
    expect(g.outcome).toBeNull();
  });

  const bonus = (pieces: string, move: string) => play(game({ pieces }, ffa), move).scores[0];

  it("checking two kings at once scores 5, or 1 when every check comes from a queen", () => {
    expect(bonus("rKh1 rRe2 bKa7 yKg14 gKn7", "e2-e7")).toBe(5);
    expect(bonus("rKh1 rQe2 bKa7 yKg14 gKn7", "e2-e7")).toBe(1);
  });

  it("checking three kings at once scores 20, or 5 when every check comes from a queen", () => {
    expect(bonus("rKh1 rRg2 bKa7 yKg14 gKn7", "g2-g7")).toBe(20);
    expect(bonus("rKh1 rQg2 bKa7 yKg14 gKn7", "g2-g7")).toBe(5);
  });

  it("checking one king scores nothing", () => {
    expect(bonus("rKh1 rRe2 bKa7 yKg14 gKn8", "e2-e7")).toBe(0);
  });
});

describe("Individual eliminations and the end", () => {
  it("a resigned player's pieces turn grey: immobile, no check, worth 0", () => {
    let g: FourChess = game({ pieces: "rKh1 rRe9 bKa7 bRh9 yKg14 gKn8", turn: "B" }, ffa);
    expect(g.inCheck(0)).toBe(true);
    g = unwrap(g.resign(1));
    expect(g.out[1]).toBe("resigned");
    expect(g.turn).toBe(2);
    expect(pieceAt(g, "h9")).toBe("dR");
    expect(g.inCheck(0)).toBe(false);
    g = play(g, "g14-g13", "n8-m8");
    expectRefused(g, "h9-h8", "move/grey-piece");
    expect(legal(g)).toContain("h1-h2");
    g = play(g, "e9-h9");
    expect(g.scores[0]).toBe(0);
    // Blue's turns are skipped from now on.
    expect(g.turn).toBe(2);
  });

  it("ends when three players are out; those who resigned rank by when they went", () => {
    let g = game({ pieces: KINGS, points: [5, 3, 0, 0] }, ffa);
    g = unwrap(unwrap(unwrap(g.resign(1)).resign(2)).resign(3));
    expect(g.outcome).toMatchObject({ reason: "three-out", winners: [0] });
    // Blue's 3 points do not lift the first to resign above the later ones.
    expect(g.outcome!.placing).toEqual([1, 4, 3, 2]);
  });

  it("ends when the last two are 21 or more points apart", () => {
    const spec = {
      pieces: "rKh1 rRe5 dKa7 dKg14 gKn8 gPe9",
      eliminated: [1, 2],
      points: [20, 0, 0, 0],
    };
    const g = game(spec, ffa);
    expect(g.outcome).toBeNull();
    const won = play(g, "e5-e9");
    expect(won.outcome).toMatchObject({ reason: "points-lead", winners: [0], draw: false });
    expect(won.outcome!.placing).toEqual([1, 2, 2, 2]);
  });

  it("a draw gives 10 points to each player still in", () => {
    const spec = { pieces: "rKh1 rRe2 dKa7 yKg14 gKn8", eliminated: [1], halfmove: 149 };
    const g = play(game(spec, ffa), "e2-e3");
    expect(g.outcome).toMatchObject({ reason: "fifty-moves", draw: true });
    expect(g.scores).toEqual([10, 0, 10, 10]);
  });
});
