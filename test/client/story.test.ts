/**
 * How a game went, as the review's chart and capture list take it: each seat's points and
 * material at every step, every capture with its taker, and the position's FEN, against a
 * replay of the record to that step with the shared rules.
 */
import { describe, expect, it } from "vitest";
import { storyOf } from "../../client/src/model/story";
import { unwrap } from "../../shared/core/result";
import { replay, setupOf } from "../../shared/match/replay";
import { defaultRules } from "../../shared/match/rules";
import type { ArchivedGame } from "../../shared/protocol/archive";
import { logOf } from "../../shared/protocol/archive";
import { recordOf } from "../server/records";

const players = ["Ana", "Budi", "Citra", "Dewi"].map((name) => ({ name, kind: "human" }));
const setup = (g: ArchivedGame) => setupOf({ format: g.format, moveLimit: null, handicap: "none" });
const replayTo = (g: ArchivedGame, n: number) =>
  unwrap(replay(g.game, setup(g), logOf(g).slice(0, n))).game;

describe("the story of a game", () => {
  it("Individual: points, material, captures and FEN at every step", () => {
    const rules = { ...defaultRules("fourchess"), format: "individual" as const };
    const g = recordOf({
      game: "fourchess",
      rules,
      plies: 80,
      seed: 9,
      players,
      resign: [1, 2, 3],
    });
    const story = storyOf(g.game, rules, g.startFen, 4, logOf(g));
    expect(story.points).toHaveLength(g.moves.length + 1);
    expect(story.material).toHaveLength(g.moves.length + 1);
    // 43 each at the start: 8 pawns, 2 knights, 2 bishops, 2 rooks, a queen.
    expect(story.material[0]).toEqual([43, 43, 43, 43]);
    let captures = 0;
    for (let step = 0; step <= g.moves.length; step++) {
      const game = replayTo(g, step);
      expect(story.points![step], `step ${step}`).toEqual(game.scores);
      expect(story.fens[step]).toBe(game.fen());
      if (step === 0 || !g.moves[step - 1]!.from) continue;
      const taken = game.lastMove?.captured;
      if (!taken) continue;
      const victim = replayTo(g, step - 1)
        .pieces()
        .find((p) => p.square === taken)!;
      expect(story.captures[captures]).toEqual({
        step,
        seat: g.moves[step - 1]!.seat,
        piece: victim,
        notation: g.moves[step - 1]!.notation,
      });
      captures++;
    }
    expect(captures).toBeGreaterThan(5);
    expect(story.captures).toHaveLength(captures);
    // Material falls by the value of what was taken, for the seat it was taken from.
    const last = story.material.at(-1)!;
    expect(last.some((m) => m < 43)).toBe(true);
  });

  it("Teams keeps no points; xiangqi counts material at its own values", () => {
    const teams = recordOf({
      game: "fourchess",
      rules: defaultRules("fourchess"),
      plies: 10,
      players,
      resign: [1],
    });
    const rules = defaultRules("fourchess");
    expect(storyOf("fourchess", rules, teams.startFen, 4, logOf(teams)).points).toBe(null);
    const xq = recordOf({
      game: "xiangqi",
      rules: defaultRules("xiangqi"),
      plies: 4,
      players: players.slice(0, 2),
      resign: [1],
    });
    const story = storyOf("xiangqi", defaultRules("xiangqi"), xq.startFen, 2, logOf(xq));
    // 2 chariots, 2 cannons, 2 horses, 2 advisors, 2 elephants, 5 soldiers.
    expect(story.material[0]).toEqual([18 + 9 + 9 + 4 + 4 + 5, 18 + 9 + 9 + 4 + 4 + 5]);
  });
});
