import { describe, expect, it } from "vitest";
import { chooseFourChessMove, FOURCHESS_LEVELS } from "../../shared/bots/fourchess";
import { FourChess } from "../../shared/games/fourchess";
import { game, KINGS, play } from "../fourchess/helpers";

const teams = { format: "teams" } as const;
const ffa = { format: "individual" } as const;
const LEVELS = FOURCHESS_LEVELS.map((l) => l.name);
const text = (m: { from: string; to: string } | null) => (m ? `${m.from}-${m.to}` : "none");

/** Positions of both formats: the start, an opening, a middlegame with captures about. */
function positions(): FourChess[] {
  const out: FourChess[] = [];
  for (const format of ["teams", "individual"] as const) {
    const g = FourChess.start({ format });
    out.push(g);
    out.push(play(g, "h2-h4", "b7-d7", "g13-g11", "m6-k6", "g1-h2"));
    out.push(
      game(
        {
          pieces: `${KINGS} rQg5 rRd1 rPe2 rPf2 bQe7 bNc8 bPb9 yRe12 yQj10 yPk13 gQl6 gBm9 gPm10`,
          turn: "R",
        },
        { format },
      ),
    );
  }
  return out;
}

describe("fourchess CPU", () => {
  for (const level of LEVELS) {
    it(`${level} returns a legal move within its budget in both formats`, () => {
      const settings = FOURCHESS_LEVELS.find((l) => l.name === level)!;
      for (const g of positions()) {
        const budget = settings[g.format].nodes;
        const r = chooseFourChessMove(g, { level, seed: 3 });
        const legal = g.legalMoves().map(text);
        expect(legal).toContain(text(r.move));
        expect(r.nodes).toBeLessThanOrEqual(budget);
      }
    });
  }

  const mates: [string, FourChess, string][] = [
    [
      "teams: back-rank rook mate",
      game({ pieces: "rKh1 rRk11 bKa7 bPb6 bPb7 bPb8 yKg14 gKn8 gQl9", turn: "R" }, teams),
      "k11-a11",
    ],
    [
      "individual: back-rank rook mate over a pawn to take",
      game({ pieces: "rKh1 rRk11 rNh5 bKa7 bPb6 bPb7 bPb8 yKg14 yPi7 gKn8", turn: "R" }, ffa),
      "k11-a11",
    ],
  ];
  for (const [name, g, move] of mates) {
    for (const level of LEVELS.slice(1)) {
      it(`${level} finds mate in one (${name}), whatever the seed`, () => {
        for (const seed of [1, 2, 3, 11, 12345])
          expect(text(chooseFourChessMove(g, { level, seed }).move), `seed ${seed}`).toBe(move);
      });
    }
  }

  const queens: [string, FourChess, string][] = [
    [
      "teams",
      game({ pieces: `${KINGS} rRe5 rPf2 bQe9 bPb5 yPe13 gPm6`, turn: "R" }, teams),
      "e5-e9",
    ],
    [
      "individual",
      game({ pieces: `${KINGS} rRe5 rPf2 bQe9 bPb5 yPe13 gPm6`, turn: "R" }, ffa),
      "e5-e9",
    ],
  ];
  for (const [name, g, move] of queens) {
    for (const level of LEVELS) {
      it(`${level} takes a hanging queen (${name}), whatever the seed`, () => {
        for (const seed of [1, 2, 3])
          expect(text(chooseFourChessMove(g, { level, seed }).move)).toBe(move);
      });
    }
  }

  it("every level takes an enemy king left in check (Teams: an immediate win)", () => {
    const g = game({ pieces: "rKh1 rRe8 rPd2 bKa7 yKg14 gKn8 gQm4", turn: "R" }, teams);
    for (const level of LEVELS)
      expect(text(chooseFourChessMove(g, { level, seed: 5 }).move)).toBe("e8-n8");
  });

  it("Individual: a live knight is worth more than a grey queen", () => {
    const spec = {
      pieces: "rKh1 rRe5 dKa7 dQb5 yKg14 yNe7 gKn8",
      eliminated: [1],
      turn: "R" as const,
    };
    const g = game(spec, ffa);
    for (const level of LEVELS.slice(1))
      expect(text(chooseFourChessMove(g, { level, seed: 5 }).move)).toBe("e5-e7");
  });

  it("the same seed gives the same move", () => {
    const all = positions();
    for (const [i, g] of all.entries())
      for (const level of i % 3 === 1 ? LEVELS : ["easy", "normal"]) {
        const a = chooseFourChessMove(g, { level, seed: 42 });
        const b = chooseFourChessMove(g, { level, seed: 42 });
        expect(b).toEqual(a);
      }
  });

  it("a cancelled search returns no move", () => {
    const g = FourChess.start(teams);
    const r = chooseFourChessMove(g, { level: "hard", seed: 1, shouldStop: () => true });
    expect(r.move).toBeNull();
  });

  it("a time cap ends the search early with a legal move", () => {
    const g = FourChess.start(ffa);
    let t = 0;
    const r = chooseFourChessMove(g, {
      level: "hard",
      seed: 1,
      now: () => (t += 1),
      maxTimeMs: 20,
    });
    expect(g.legalMoves().map(text)).toContain(text(r.move));
    expect(r.nodes).toBeLessThan(FOURCHESS_LEVELS[2]!.individual.nodes);
  });

  it("a finished game has no move", () => {
    const g = play(game({ pieces: "rKh1 rRk11 bKa7 bPb6 bPb7 bPb8 yKg14 gKn8" }, teams), "k11-a11");
    expect(g.outcome).not.toBeNull();
    expect(chooseFourChessMove(g, { level: "normal", seed: 1 }).move).toBeNull();
  });
});
