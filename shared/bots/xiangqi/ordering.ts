/**
 * Move ordering, so alpha-beta meets its cutoffs early: the transposition-table move, then
 * captures by most valuable victim / least valuable attacker (a capture into a defended point
 * by a piece worth more than its victim goes after the killers), then two killer moves per ply,
 * then quiet moves by their history score (how often the same piece reaching the same point
 * caused a cutoff, weighted by depth, minus how often it failed to).
 */
import * as D from "./defended";
import * as S from "./pst";

// Module-local copies of imports: see search.ts.
const { defendedBy } = D;
const { VALUE } = S;

const TT_MOVE = 1 << 30;
const GOOD_CAPTURE = 1 << 26;
const KILLER = 1 << 25;
const BAD_CAPTURE = 1 << 24;
const HISTORY_MAX = 1 << 20;

/** Attacker rank for MVV-LVA: cheaper attackers first (index by kind). */
const ATTACKER_RANK = [0, 1, 3, 3, 5, 6, 5, 2];

export class MoveOrder {
  private readonly killers: Int32Array;
  /** `history[pieceCode << 8 | to]`. */
  private readonly history = new Int32Array(24 * 256);

  constructor(maxPly: number) {
    this.killers = new Int32Array(maxPly * 2);
  }

  /** Scores `moves[start..end)` into `scores` at the same indices. */
  score(
    board: Uint8Array,
    moves: Int32Array,
    scores: Int32Array,
    start: number,
    end: number,
    ttMove: number,
    ply: number,
  ): void {
    const k1 = this.killers[ply * 2]!;
    const k2 = this.killers[ply * 2 + 1]!;
    const hist = this.history;
    for (let i = start; i < end; i++) {
      const m = moves[i]!;
      if (m === ttMove) {
        scores[i] = TT_MOVE;
        continue;
      }
      const from = m & 255;
      const to = (m >> 8) & 255;
      const piece = board[from]!;
      const victim = board[to]!;
      if (victim !== 0) scores[i] = captureScore(board, piece, victim, to);
      else if (m === k1) scores[i] = KILLER + 1;
      else if (m === k2) scores[i] = KILLER;
      else scores[i] = hist[(piece << 8) | to]!;
    }
  }

  /** A quiet move caused a cutoff at `ply`. */
  cutoff(board: Uint8Array, m: number, ply: number, depth: number): void {
    const i = ply * 2;
    if (this.killers[i] !== m) {
      this.killers[i + 1] = this.killers[i]!;
      this.killers[i] = m;
    }
    this.bump(board, m, depth * depth);
  }

  /** A quiet move was searched before the one that caused a cutoff. */
  failed(board: Uint8Array, m: number, depth: number): void {
    this.bump(board, m, -depth * depth);
  }

  private bump(board: Uint8Array, m: number, delta: number): void {
    const i = (board[m & 255]! << 8) | ((m >> 8) & 255);
    const h = this.history;
    const v = h[i]! + delta;
    h[i] = v;
    if (v > HISTORY_MAX || v < -HISTORY_MAX) for (let j = 0; j < h.length; j++) h[j] = h[j]! >> 1;
  }
}

/** MVV-LVA, demoted below the killers when a dearer piece takes on a defended point. */
export function captureScore(board: Uint8Array, piece: number, victim: number, to: number): number {
  const v = VALUE[victim & 7]!;
  const a = VALUE[piece & 7]!;
  const mvvLva = v * 8 - ATTACKER_RANK[piece & 7]!;
  if (a > v + 50 && defendedBy(board, to, (victim >> 4) & 1)) return BAD_CAPTURE + mvvLva;
  return GOOD_CAPTURE + mvvLva;
}

/** Is this capture score a losing-looking one (see `captureScore`)? */
export const isBadCapture = (score: number): boolean => score < GOOD_CAPTURE;

/** Moves the best-scored move of `[i..end)` to `i` and returns it. */
export function pickNext(moves: Int32Array, scores: Int32Array, i: number, end: number): number {
  let best = i;
  let bestScore = scores[i]!;
  for (let j = i + 1; j < end; j++) {
    if (scores[j]! > bestScore) {
      best = j;
      bestScore = scores[j]!;
    }
  }
  const m = moves[best]!;
  if (best !== i) {
    moves[best] = moves[i]!;
    scores[best] = scores[i]!;
    moves[i] = m;
    scores[i] = bestScore;
  }
  return m;
}
