/**
 * The lessons and rules pages as data: every stage's position is one the rules engine takes,
 * its goal can be reached in its `par` moves (searched with the stage's own judgement, as a
 * learner would play it), stage ids are unique; every diagram's position is accepted and its
 * line is legal to the end; the house rules the pages list are the ones the server parses, with
 * the defaults new tables get; stars follow the moves used and are kept on the device.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { recordStars, starsOf } from "../../client/src/device/lessons";
import type { Stage } from "../../client/src/learn/content";
import { LESSONS, RULES } from "../../client/src/learn/library";
import { moveOf } from "../../client/src/learn/moves";
import { positionOf, turnTo, withTurn } from "../../client/src/learn/positions";
import { StageGame, starsFor } from "../../client/src/learn/stageGame";
import { GAME_IDS } from "../../shared/games/catalog";
import { houseRules, parseRules, rulesFor } from "../../shared/match/houseRules";
import { defaultRules } from "../../shared/match/rules";

/** The fewest moves that finish `stage`, searched up to `limit` (null: not within it). */
function fewestMoves(stage: Stage, game: "xiangqi" | "fourchess", limit: number): number | null {
  let frontier = [new StageGame(stage, game)];
  for (let depth = 1; depth <= limit; depth++) {
    const next: StageGame[] = [];
    const seen = new Set<string>();
    for (const s of frontier)
      for (const move of s.choices()) {
        const copy = s.clone();
        const mover = copy.movable(move.from);
        if (!mover) continue;
        const step = copy.play(mover, move);
        if (step.kind !== "played") continue;
        if (step.done) return depth;
        const key = `${copy.position.fen()}|${copy.remaining.join(",")}`;
        if (seen.has(key)) continue;
        seen.add(key);
        next.push(copy);
      }
    frontier = next;
    if (frontier.length > 200_000) return null;
  }
  return null;
}

describe("lessons", () => {
  for (const game of GAME_IDS) {
    const stages = LESSONS[game];
    it(`${game}: stage ids are unique and every position is one the rules take`, () => {
      expect(new Set(stages.map((s) => s.id)).size).toBe(stages.length);
      for (const s of stages) expect(positionOf(game, s.fen, s.format), s.id).not.toBeNull();
    });
    for (const stage of stages)
      it(`${game}/${stage.id}: the goal is reached in ${stage.par} moves, not fewer`, () => {
        expect(fewestMoves(stage, game, stage.par)).toBe(stage.par);
      });
  }

  it("stars: three at par, two up to two more, one beyond", () => {
    const stage = { par: 3 };
    expect([3, 4, 5, 6, 9].map((n) => starsFor(stage, n))).toEqual([3, 2, 2, 1, 1]);
  });
});

describe("stars on the device", () => {
  beforeEach(() => {
    const items = new Map<string, string>();
    globalThis.localStorage = {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
      removeItem: (k: string) => void items.delete(k),
      clear: () => items.clear(),
      key: () => null,
      length: 0,
    } as Storage;
  });

  it("keeps the best stars of a stage, and nothing for a stage not done", () => {
    expect(starsOf("xiangqi", "horse")).toBe(0);
    recordStars("xiangqi", "horse", 2);
    recordStars("xiangqi", "horse", 1);
    expect(starsOf("xiangqi", "horse")).toBe(2);
    recordStars("xiangqi", "horse", 3);
    expect(starsOf("xiangqi", "horse")).toBe(3);
    expect(starsOf("fourchess", "horse")).toBe(0);
  });

  it("reads stored nonsense as nothing done", () => {
    localStorage.setItem("crossboard.lessons", '{"xiangqi/horse": 7, "xiangqi/rook": "3"}');
    expect(starsOf("xiangqi", "horse")).toBe(0);
    expect(starsOf("xiangqi", "rook")).toBe(0);
    localStorage.setItem("crossboard.lessons", "not json");
    expect(starsOf("xiangqi", "rook")).toBe(0);
  });
});

describe("rules pages", () => {
  for (const game of GAME_IDS) {
    const diagrams = RULES[game].sections.flatMap((s) =>
      s.blocks.flatMap((b) => ("diagram" in b ? [b.diagram] : [])),
    );
    it(`${game}: every diagram's position is taken, and its line is legal to the end`, () => {
      expect(new Set(diagrams.map((d) => d.id)).size).toBe(diagrams.length);
      for (const d of diagrams) {
        let position = positionOf(game, d.fen, d.format);
        expect(position, d.id).not.toBeNull();
        for (const text of d.line ?? []) {
          const played = position!.play(moveOf(text));
          expect(played.ok, `${d.id}: ${text}`).toBe(true);
          if (played.ok) position = played.value;
        }
      }
    });
    it(`${game}: the page lists the house rules the server parses`, () => {
      const listed = RULES[game].sections.some((s) => s.blocks.some((b) => "houseRules" in b));
      expect(listed).toBe(true);
      const keys = rulesFor(game).map((r) => r.key);
      // Every rule of the game is read by the server's parser and its default is a new table's.
      const defaults = defaultRules(game);
      for (const r of rulesFor(game)) {
        expect(r.byDefault(game)).toEqual(defaults[r.key]);
        expect(parseRules(game, { [r.key]: r.byDefault(game) }, defaults).ok, r.key).toBe(true);
      }
      expect(keys.length).toBeGreaterThan(0);
    });
  }

  it("every house rule the server knows is listed for some game, and no other key parses", () => {
    const listed = new Set(GAME_IDS.flatMap((g) => rulesFor(g).map((r) => r.key)));
    expect([...listed].sort()).toEqual(
      houseRules()
        .map((r) => r.key)
        .sort(),
    );
    expect(Object.keys(defaultRules("xiangqi")).sort()).toEqual([...listed].sort());
    expect(parseRules("xiangqi", { colour: "red" }, defaultRules("xiangqi")).ok).toBe(false);
  });

  it("a position with another seat to move keeps its pieces", () => {
    const xq = "4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1";
    expect(withTurn("xiangqi", xq, 1)).toBe("4k4/9/9/9/9/9/9/9/4A4/4K4 b - - 0 1");
    const start = positionOf("xiangqi", xq)!;
    const black = turnTo(start, 1)!;
    expect(black.turn).toBe(1);
    expect(black.pieces()).toEqual(start.pieces());
  });
});
