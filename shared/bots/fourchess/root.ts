/**
 * Iterative deepening at the root, shared by every search: each depth searches the root moves
 * best-first (the previous depth's order), the first with a full window and the rest with a
 * null window that is widened only when a move looks better. A level's seeded noise is added to
 * each root move's score by shifting that move's window, so alpha-beta stays exact for the
 * noisy scores. An iteration cut short by the budget still counts for the moves it finished.
 */
import type { Random } from "../random";
import type { Context } from "./context";
import type { SearchSettings } from "./levels";
import { MATE_BOUND } from "./tt";

export interface RootSearcher {
  /** Depth of the iteration under way. */
  rootDepth: number;
  /** The score of a root move for the player to move, searched `depth` plies or layers deep. */
  rootMove(m: number, depth: number, alpha: number, beta: number): number;
}

export interface RootResult {
  readonly move: number;
  /** Score without noise, from the mover's side. */
  readonly score: number;
  /** Deepest completed iteration. */
  readonly depth: number;
}

const INF = 32000;

export function iterate(
  ctx: Context,
  searcher: RootSearcher,
  moves: readonly number[],
  level: SearchSettings,
  random: Random,
): RootResult {
  const n = moves.length;
  const noise = moves.map(() => Math.round((random() * 2 - 1) * level.noise));
  // Before the first iteration: captures first, the most valuable victim first.
  const board = ctx.pos.board;
  const values = moves.map((m) => ctx.victim[board[(m >> 9) & 511]!]!);
  let order = moves.map((_, i) => i).sort((a, b) => values[b]! - values[a]!);
  let best = order[0]!;
  let score = 0;
  let done = 0;
  for (let depth = 1; depth <= level.maxDepth; depth++) {
    searcher.rootDepth = depth;
    let alpha = -INF;
    let iterBest = -1;
    let iterScore = 0;
    for (let k = 0; k < n; k++) {
      const i = order[k]!;
      const m = moves[i]!;
      const nz = noise[i]!;
      let v: number;
      if (k === 0) v = searcher.rootMove(m, depth, -INF, INF);
      else {
        v = searcher.rootMove(m, depth, alpha - nz, alpha - nz + 1);
        if (!ctx.stopped && v + nz > alpha) v = searcher.rootMove(m, depth, alpha - nz, INF);
      }
      if (ctx.stopped) break;
      values[i] = v + nz;
      if (v + nz > alpha) {
        alpha = v + nz;
        iterBest = i;
        iterScore = v;
      }
    }
    if (iterBest >= 0) {
      best = iterBest;
      score = iterScore;
    }
    if (ctx.stopped) break;
    done = depth;
    order = [best, ...order.filter((i) => i !== best).sort((a, b) => values[b]! - values[a]!)];
    if (Math.abs(score) > MATE_BOUND || ctx.spent(level.startShare)) break;
  }
  return { move: moves[best]!, score, depth: done };
}
