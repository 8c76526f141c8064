/**
 * The xiangqi CPU player: `chooseXiangqiMove(game, options)` searches the game's position with
 * the level's budget and returns its move. Pure and seeded: the same game, level and seed give
 * the same move, unless the caller's time cap (`maxTimeMs` with `now`) cuts a search short.
 */
import type { Xiangqi } from "../../games/xiangqi/game";
import { moveInput } from "../../games/xiangqi/iccs";
import type { SearchOptions, SearchResult } from "../types";
import { type XiangqiLevel, xiangqiLevel } from "./levels";
import { KeyPath } from "./path";
import { searchRoot } from "./root";
import { MAX_PLY } from "./search";

export { XIANGQI_LEVELS, type XiangqiLevel, type XiangqiLevelName, xiangqiLevel } from "./levels";

/**
 * Chooses a move for the side to move. Throws on an unknown level name (the caller validates
 * names). `move` is null when the game is over or `shouldStop` cancelled the search.
 */
export function chooseXiangqiMove(game: Xiangqi, opts: SearchOptions): SearchResult {
  const level = xiangqiLevel(opts.level);
  if (!level) throw new Error(`chooseXiangqiMove: no xiangqi level "${opts.level}"`);
  return searchWithLevel(game, level, opts);
}

/** The same with a level given in full (benchmarks try budgets that are not levels). */
export function searchWithLevel(
  game: Xiangqi,
  level: XiangqiLevel,
  opts: Omit<SearchOptions, "level">,
): SearchResult {
  if (game.outcome) return { move: null, nodes: 0, depth: 0, score: 0 };
  const now = opts.now;
  const deadline = now && opts.maxTimeMs !== undefined ? now() + opts.maxTimeMs : Infinity;
  const r = searchRoot(game.position(), KeyPath.ofGame(game, MAX_PLY + 2), {
    maxDepth: level.maxDepth,
    nodes: level.nodes,
    softNodes: level.softNodes,
    noise: level.noise,
    seed: opts.seed | 0,
    deadline,
    ...(now ? { now } : {}),
    ...(opts.shouldStop ? { shouldStop: opts.shouldStop } : {}),
  });
  return {
    move: r.move === 0 ? null : moveInput(r.move),
    nodes: r.nodes,
    depth: r.depth,
    score: r.score,
  };
}
