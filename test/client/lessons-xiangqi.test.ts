/**
 * The xiangqi lessons, checked with the rules engine as the stage runner plays them: every
 * position is one the rules take, a star or capture goal is reached in exactly `par` moves with
 * the other side waiting (the fewest moves any path needs), a `moves` goal lists only moves that
 * get out of the check and answers every other way out with its word, and a mate is the
 * engine's mate. Every word of a stage is in all four languages.
 */
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "../../client/src/i18n/catalogues";
import type { Goal, Stage } from "../../client/src/learn/content";
import { xiangqiStages } from "../../client/src/learn/lessons/xiangqi";
import { positionOf, turnTo } from "../../client/src/learn/positions";
import type { Game } from "../../shared/games/types";

/** The mate each mate stage teaches, as the result card names it. */
const MATES: Readonly<Record<string, string>> = {
  "mate-chariot": "chariot",
  "mate-facing-generals": "chariot",
  "mate-horse": "horse",
  "mate-cannon": "cannon",
  "mate-double-cannon": "double-cannon",
};

const moveText = (m: { from: string; to: string }) => `${m.from}-${m.to}`;

/** The fewest moves that reach a stars or capture goal, the turn handed back after each. */
function fewestMoves(start: Game, goal: Goal, limit: number): number | null {
  if (goal.kind !== "stars" && goal.kind !== "capture") return null;
  const squares = goal.kind === "stars" ? goal.stars : goal.targets;
  let frontier = [{ game: start, left: [...squares] }];
  const seen = new Set<string>();
  for (let depth = 1; depth <= limit; depth++) {
    const next: typeof frontier = [];
    for (const { game, left } of frontier)
      for (const m of game.legalMoves()) {
        const played = game.play(m);
        if (!played.ok || !played.value.lastMove) continue;
        const last = played.value.lastMove;
        const hit = goal.kind === "stars" ? last.to : last.captured;
        const rest = left.filter((s) => s !== hit);
        if (rest.length === 0) return depth;
        // A move that checks the waiting side is taken back by the stage.
        const back = turnTo(played.value, 0);
        if (!back) continue;
        const key = `${back.fen().split(" ")[0]}|${rest.join()}`;
        if (seen.has(key)) continue;
        seen.add(key);
        next.push({ game: back, left: rest });
      }
    frontier = next;
  }
  return null;
}

const start = (stage: Stage): Game => {
  const game = positionOf("xiangqi", stage.fen);
  if (!game) throw new Error(`${stage.id}: the rules refuse ${stage.fen}`);
  return game;
};

describe("xiangqi lessons", () => {
  it("have at least twenty stages with stable, distinct kebab-case ids", () => {
    expect(xiangqiStages.length).toBeGreaterThanOrEqual(20);
    const ids = xiangqiStages.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });

  for (const stage of xiangqiStages)
    it(`${stage.id}: the position is taken and the goal needs exactly ${stage.par} moves`, () => {
      const game = start(stage);
      expect(game.turn, "Red moves").toBe(0);
      expect(game.outcome).toBeNull();
      const goal = stage.check;
      const legal = game.legalMoves().map(moveText);
      switch (goal.kind) {
        case "stars":
        case "capture":
          expect(game.checks(), "nobody is in check").toEqual([]);
          expect(fewestMoves(game, goal, stage.par + 1)).toBe(stage.par);
          break;
        case "moves": {
          // Red is in check: every legal move gets out of it, the accepted ones the way asked.
          expect(game.checks().length).toBeGreaterThan(0);
          for (const m of goal.accept) expect(legal, m).toContain(m);
          expect(stage.par).toBe(1);
          expect(goal.wrong, "another way out is answered").toBeDefined();
          expect(legal.filter((m) => !goal.accept.includes(m)).length).toBeGreaterThan(0);
          break;
        }
        case "mate": {
          const wins = game.legalMoves().flatMap((m) => {
            const played = game.play(m);
            return played.ok && played.value.outcome?.winners.includes(0)
              ? [`${played.value.outcome.reason} ${played.value.outcome.params.mate}`]
              : [];
          });
          expect(wins.length, "a mate in one").toBeGreaterThan(0);
          // Every win is a mate, none a win by leaving the other side without a move.
          for (const win of wins) expect(win).toBe(`checkmate ${MATES[stage.id]}`);
          expect(stage.par).toBe(1);
          break;
        }
        default:
          throw new Error(`${stage.id}: xiangqi lessons have no ${goal.kind} goal`);
      }
    });

  it("each stage's words are in every language", () => {
    for (const stage of xiangqiStages) {
      const keys = [stage.title, stage.goal];
      if (stage.check.kind === "moves" && stage.check.wrong) keys.push(stage.check.wrong);
      for (const key of keys) {
        const english = (CATALOGUES.en as Record<string, string>)[key];
        expect(english, key).toBeTruthy();
        for (const lang of ["id", "pt", "hi"] as const) {
          const text = (CATALOGUES[lang] as Record<string, string>)[key];
          expect(text, `${lang} ${key}`).toBeTruthy();
          expect(text, `${lang} ${key}`).not.toBe(english);
        }
      }
    }
  });
});
