/**
 * Iterative deepening at the root. Each iteration searches every root move, best-so-far first;
 * the first with a full window, the others with a null window and a re-search when they beat
 * the best (PVS). Weaker levels add seeded noise to each root move's score: a move replaces the
 * best when its score plus its noise beats the best's, which alpha-beta can answer exactly by
 * moving each move's null window down by its noise. The noise is a fixed amount per move (a hash
 * of the seed and the move), so deeper iterations refine the same preferences.
 *
 * An iteration cut short by a limit still counts the root moves it finished: the first one is
 * the previous best, so a later one that beat it is a real improvement.
 */
import type { Position } from "../../games/xiangqi/position";
import type { KeyPath } from "./path";
import { type Limits, MAX_PLY, Searcher } from "./search";
import { MATE, MATE_BOUND, transpositionTable } from "./tt";

export interface RootLimits extends Limits {
  readonly maxDepth: number;
  /** No new iteration starts once this many nodes are spent (the next would not finish). */
  readonly softNodes: number;
  /** Root noise amplitude in centipawns: each move gets a fixed offset in [-noise, noise]. */
  readonly noise: number;
  readonly seed: number;
}

export interface RootResult {
  /** The packed move, or 0 when there is no legal move or the search was cancelled. */
  readonly move: number;
  readonly score: number;
  readonly depth: number;
  readonly nodes: number;
  readonly cancelled: boolean;
}

export function searchRoot(pos: Position, path: KeyPath, limits: RootLimits): RootResult {
  const searcher = new Searcher(pos, path, transpositionTable(), limits);
  const moves = pos.legalMoves();
  if (moves.length === 0) return { move: 0, score: -MATE, depth: 0, nodes: 0, cancelled: false };
  const noise = moves.map((m) => offset(limits.seed, m, limits.noise));
  // Root order: the cheapest good guess (captures by victim value) before the first iteration.
  const order = moves.map((_, i) => i);
  const prior = moves.map((m) => pos.board[(m >> 8) & 255]! & 7);
  order.sort((a, b) => prior[b]! - prior[a]! || moves[a]! - moves[b]!);

  let bestMove = moves[order[0]!]!;
  let bestScore = 0;
  let depthDone = 0;
  // A forced move needs no deep search, only a score to report.
  const maxDepth = moves.length === 1 ? 1 : Math.min(limits.maxDepth, MAX_PLY - 1);

  const last = new Float64Array(moves.length);
  for (let depth = 1; depth <= maxDepth; depth++) {
    searcher.extensionLimit = depth * 2;
    let iterBest = -1;
    let iterScore = 0;
    let iterTotal = -Infinity;
    for (let k = 0; k < order.length; k++) {
      const i = order[k]!;
      const m = moves[i]!;
      const gives = searcher.makeMove(m);
      const next = depth - 1 + (gives ? 1 : 0);
      let s: number;
      if (iterBest < 0) {
        // Aspiration: expect the previous best's score again; widen only when it falls outside.
        const narrow = depth >= 4 && !isMate(bestScore);
        const lo = narrow ? bestScore - ASPIRATION : -MATE;
        const hi = narrow ? bestScore + ASPIRATION : MATE;
        s = -searcher.search(next, -hi, -lo, 1, gives, true);
        if ((s <= lo || s >= hi) && narrow && !searcher.aborted)
          s = -searcher.search(next, -MATE, MATE, 1, gives, true);
      } else {
        // The move must score above `bar` to beat the best once the noise is added (mates
        // carry no noise: a shorter mate or a longer defence is never traded for noise).
        const bar = clamp(Math.floor(isMate(iterTotal) ? iterTotal : iterTotal - noise[i]!));
        s = -searcher.search(next, -bar - 1, -bar, 1, gives, true);
        if (s > bar && !searcher.aborted) s = -searcher.search(next, -MATE, -bar, 1, gives, true);
      }
      searcher.unmakeMove();
      if (searcher.aborted) break;
      const total = isMate(s) ? s : s + noise[i]!;
      last[i] = total;
      if (total > iterTotal) {
        iterTotal = total;
        iterScore = s;
        iterBest = i;
      }
    }
    if (searcher.cancelled) break;
    if (iterBest >= 0) {
      bestMove = moves[iterBest]!;
      bestScore = iterScore;
      if (!searcher.aborted) depthDone = depth;
    }
    if (searcher.aborted) break;
    // Best first, then by this iteration's (bounded) scores.
    order.sort((a, b) => (a === iterBest ? -1 : b === iterBest ? 1 : last[b]! - last[a]!));
    if (searcher.nodes >= limits.softNodes) break;
    // A forced mate found: deeper iterations cannot change the choice.
    if (Math.abs(bestScore) >= MATE_BOUND && depth >= MATE - Math.abs(bestScore)) break;
  }
  return {
    move: searcher.cancelled ? 0 : bestMove,
    score: bestScore,
    depth: depthDone,
    nodes: searcher.nodes,
    cancelled: searcher.cancelled,
  };
}

/** Half-width of the first root move's window, in centipawns. */
const ASPIRATION = 40;
const isMate = (s: number): boolean => s >= MATE_BOUND || s <= -MATE_BOUND;
const clamp = (x: number): number => (x < -MATE ? -MATE : Math.min(x, MATE - 1));

/** A fixed pseudo-random offset in [-amplitude, amplitude] for a seed and a move. */
function offset(seed: number, m: number, amplitude: number): number {
  if (amplitude <= 0) return 0;
  let z = (seed ^ Math.imul(m, 0x9e3779b1)) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  z ^= z >>> 16;
  return Math.round(((z >>> 0) / 4294967296) * 2 * amplitude - amplitude);
}
