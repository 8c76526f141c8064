/**
 * Move ordering: the transposition-table move first, then captures by most valuable victim and
 * least valuable attacker, queen promotions, the two killer moves of the ply, and the remaining
 * quiet moves by history. Moves are picked lazily (selection), since a cut-off often comes early.
 */
import * as board from "../../games/fourchess/board";
import type { Context } from "./context";
import * as tables from "./tables";

const { CELLS, EMPTY, QUEEN } = board;
const { VALUE } = tables;

const TT_MOVE = 1 << 30;
const CAPTURE = 1 << 26;
const PROMOTION = 1 << 25;
const KILLER = 1 << 24;

/** Scores ctx.moves[start..end) into ctx.order for `pickNext`. */
export function scoreMoves(
  ctx: Context,
  start: number,
  end: number,
  ttMove: number,
  ply: number,
): void {
  const b = ctx.pos.board;
  const moves = ctx.moves;
  const order = ctx.order;
  const victim = ctx.victim;
  const history = ctx.history;
  const k1 = ctx.killers[ply * 2]!;
  const k2 = ctx.killers[ply * 2 + 1]!;
  for (let i = start; i < end; i++) {
    const m = moves[i]!;
    if (m === ttMove) {
      order[i] = TT_MOVE;
      continue;
    }
    const from = m & 511;
    const to = (m >> 9) & 511;
    const piece = b[from]!;
    const target = b[to]!;
    const flag = (m >> 21) & 7;
    if (target !== EMPTY || flag === 2) {
      const v = target === EMPTY ? victim[((m >> 24) & 3) * 8 + 1]! : victim[target]!;
      if (v > 0) {
        order[i] = CAPTURE + v * 8 - (piece & 7);
        continue;
      }
    }
    const promo = (m >> 18) & 7;
    if (promo === QUEEN) order[i] = PROMOTION;
    else if (promo !== 0) order[i] = -1000 + promo;
    else if (m === k1) order[i] = KILLER + 1;
    else if (m === k2) order[i] = KILLER;
    else order[i] = history[(((piece >> 3) & 3) * 8 + (piece & 7)) * CELLS + to]!;
  }
}

/** Swaps the best-scored move of [i, end) into position i; returns where it came from. */
function bringBest(ctx: Context, i: number, end: number): number {
  const moves = ctx.moves;
  const order = ctx.order;
  let best = i;
  let bestScore = order[i]!;
  for (let j = i + 1; j < end; j++) {
    if (order[j]! > bestScore) {
      bestScore = order[j]!;
      best = j;
    }
  }
  if (best !== i) {
    const m = moves[best]!;
    moves[best] = moves[i]!;
    order[best] = order[i]!;
    moves[i] = m;
    order[i] = bestScore;
  }
  return best;
}

/** Moves the best-scored move of [i, end) to position i and returns it. */
export function pickNext(ctx: Context, i: number, end: number): number {
  bringBest(ctx, i, end);
  return ctx.moves[i]!;
}

/** `pickNext` for a list of several players' moves, keeping each move's owner beside it. */
export function pickOwned(ctx: Context, owner: Uint8Array, i: number, end: number): number {
  const from = bringBest(ctx, i, end);
  if (from !== i) {
    const o = owner[from]!;
    owner[from] = owner[i]!;
    owner[i] = o;
  }
  return ctx.moves[i]!;
}

/** Whether the move takes something or promotes (not reduced, searched in quiescence). */
export function isTactical(b: Uint8Array, m: number): boolean {
  return b[(m >> 9) & 511] !== EMPTY || ((m >> 21) & 7) === 2 || ((m >> 18) & 7) !== 0;
}

/**
 * Quiescence pruning: a capture that cannot lift the score to alpha even if nothing is taken
 * back (delta pruning), or that puts a piece worth more than its victim on a square the
 * opponents attack, is not searched. Promotions are always searched.
 */
export function futileCapture(ctx: Context, m: number, stand: number, alpha: number): boolean {
  if ((m >> 18) & 7) return false;
  const pos = ctx.pos;
  const b = pos.board;
  const to = (m >> 9) & 511;
  const target = b[to]!;
  if (stand + ctx.gain[target]! + 150 < alpha) return true;
  const piece = b[m & 511]!;
  return (
    VALUE[piece & 7]! > VALUE[target & 7]! + 50 &&
    pos.isAttacked(to, pos.attackersOf((piece >> 3) & 7))
  );
}
