import { describe, expect, it } from "vitest";
import { chooseXiangqiMove, XIANGQI_LEVELS } from "../../shared/bots/xiangqi";
import { unwrap } from "../../shared/core/result";
import type { MoveInput } from "../../shared/games/types";
import { Xiangqi } from "../../shared/games/xiangqi/game";

const LEVELS = XIANGQI_LEVELS.map((l) => l.name);
const game = (fen: string) => unwrap(Xiangqi.fromFen(fen));
const text = (m: MoveInput | null) => (m ? m.from + m.to : "none");
/** How often the search looks at its budget: it may overshoot by this much. */
const POLL = 1024;

/** The moves of the side to move that win at once (mate, or no legal reply). */
function winningMoves(g: Xiangqi): string[] {
  return g
    .legalMoves()
    .filter((m) => unwrap(g.play(m)).outcome?.winners.includes(g.turn))
    .map(text);
}

const POSITIONS = {
  opening: "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
  developed: "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN1C1N2/9/R1BAKAB1R b - - 0 1",
  middlegame: "r2akab1r/3n5/4b3n/p1p1pRp1p/9/2P3P2/P3P3c/N2C3C1/4A4/1RBAK1B2 w - - 0 1",
  endgame: "2bak4/4a4/4b4/p3p3p/2p3p2/9/P1P3P1P/4B4/4A4/2BAK4 w - - 0 1",
  rookEnding: "3k5/4a4/4ba3/9/2b6/9/9/4C4/4A4/3AK1R2 w - - 0 1",
};

describe("xiangqi CPU levels", () => {
  it("return a legal move within the node budget from openings, middlegames and endgames", () => {
    for (const level of XIANGQI_LEVELS) {
      for (const [name, fen] of Object.entries(POSITIONS)) {
        // Master's full budget is the slow part: two positions are enough for it.
        if (level.name === "master" && !["middlegame", "endgame"].includes(name)) continue;
        const g = game(fen);
        const r = chooseXiangqiMove(g, { level: level.name, seed: 5 });
        expect(g.legalMoves().map(text), `${level.name} ${name}`).toContain(text(r.move));
        expect(r.nodes).toBeLessThanOrEqual(level.nodes + POLL);
        expect(r.depth).toBeGreaterThanOrEqual(level.name === "beginner" ? 2 : 4);
      }
    }
  });

  it("find a mate in one at every level, for either side, whatever the seed", () => {
    const mates = [
      "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1",
      "1r3k3/9/9/9/9/9/9/9/r8/4K4 b - - 0 1",
      // Double-cannon mate: b5e5 puts a cannon in front of the other on the open e-file.
      "3aka3/8r/1n7/9/1C7/4C4/9/9/9/3K5 w - - 0 1",
    ];
    for (const fen of mates) {
      const g = game(fen);
      const wins = winningMoves(g);
      expect(wins.length).toBeGreaterThan(0);
      for (const level of LEVELS)
        for (const seed of [1, 2, 3]) {
          const r = chooseXiangqiMove(g, { level, seed });
          expect(wins, `${level} seed ${seed} on ${fen}`).toContain(text(r.move));
          expect(r.score).toBeGreaterThan(20000);
        }
    }
  });

  it("take a hanging chariot at Medium and above, and nearly always at Beginner", () => {
    const hanging = [
      ["1nbakabnr/9/1c5c1/p1p1p1p1p/9/2r6/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", "c3c4"],
      ["rnbakabnr/9/1c5c1/p1p1p1p1p/2R6/9/P1P1P1P1P/1C5C1/9/1NBAKABNR b - - 0 1", "c6c5"],
      // A horse takes a chariot in a middlegame.
      ["r1bakab2/9/1cn1c1n2/p1p1prp1p/9/2P3N2/P3P1P1P/1C2C1N2/9/R1BAKAB1R w - - 0 1", "g4f6"],
    ] as const;
    for (const [fen, take] of hanging) {
      const g = game(fen);
      for (const level of ["medium", "master"])
        expect(text(chooseXiangqiMove(g, { level, seed: 9 }).move), level).toBe(take);
      const taken = [1, 2, 3, 4, 5, 6].filter(
        (seed) => text(chooseXiangqiMove(g, { level: "beginner", seed }).move) === take,
      );
      expect(taken.length).toBeGreaterThanOrEqual(5);
    }
  });

  it("answer a threatened mate in one at every level when a defence exists", () => {
    // Black threatens b8b0 mate (the a1 chariot holds the first rank); Red can defend.
    const g = game("3k5/1r2a4/9/9/8R/6N2/2P3P2/9/r8/4KAB2 w - - 0 1");
    expect(winningMoves(g)).toEqual([]);
    for (const level of LEVELS)
      for (const seed of level === "master" ? [1] : [1, 2, 3, 4]) {
        const after = unwrap(g.play(chooseXiangqiMove(g, { level, seed }).move!));
        expect(winningMoves(after), `${level} seed ${seed}`).toEqual([]);
      }
  });

  it("never checks into a perpetual-check loss, judging the game's own history", () => {
    // Red, a chariot down, has checked a8a9 / a9a8 twice: one more a9a8 and e8e9 loses.
    let g = game("4k4/R8/4b4/9/9/6r1r/9/9/9/2BAKAB2 w - - 0 1");
    for (const m of ["a8a9", "e9e8", "a9a8", "e8e9", "a8a9", "e9e8"]) g = unwrap(g.playText(m));
    expect(unwrap(unwrap(g.playText("a9a8")).playText("e8e9")).outcome?.reason).toBe(
      "perpetual-check",
    );
    for (const level of LEVELS)
      for (const seed of [1, 2])
        expect(text(chooseXiangqiMove(g, { level, seed }).move)).not.toBe("a9a8");
  });

  it("give the same move for the same seed, and vary with the seed below Master", () => {
    const g = game(POSITIONS.opening);
    const other = game(POSITIONS.endgame);
    for (const level of LEVELS) {
      const a = chooseXiangqiMove(g, { level, seed: 42 });
      // A search in between must not leak into the next one (the table is reused).
      chooseXiangqiMove(other, { level, seed: 7 });
      const b = chooseXiangqiMove(g, { level, seed: 42 });
      expect(b).toEqual(a);
    }
    const beginner = new Set(
      [1, 2, 3, 4, 5, 6, 7, 8].map((seed) =>
        text(chooseXiangqiMove(g, { level: "beginner", seed }).move),
      ),
    );
    expect(beginner.size).toBeGreaterThan(1);
  });

  it("stop on the caller's clock and cancel on shouldStop", () => {
    const g = game(POSITIONS.middlegame);
    let t = 0;
    const capped = chooseXiangqiMove(g, {
      level: "master",
      seed: 1,
      maxTimeMs: 50,
      now: () => (t += 0.01), // 10 µs per reading: about 5 000 readings fit in the cap
    });
    expect(g.legalMoves().map(text)).toContain(text(capped.move));
    expect(capped.nodes).toBeLessThan(XIANGQI_LEVELS[2]!.nodes);
    let polls = 0;
    const stopped = chooseXiangqiMove(g, {
      level: "master",
      seed: 1,
      shouldStop: () => ++polls > 3,
    });
    expect(stopped.move).toBeNull();
    expect(stopped.nodes).toBeLessThan(5 * POLL);
  });

  it("return no move once the game is over, and refuse an unknown level", () => {
    const mated = unwrap(game("4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1").playText("b0b9"));
    expect(mated.outcome?.reason).toBe("checkmate");
    expect(chooseXiangqiMove(mated, { level: "master", seed: 1 }).move).toBeNull();
    expect(() => chooseXiangqiMove(mated, { level: "hard", seed: 1 })).toThrow(/no xiangqi level/);
  });
});
