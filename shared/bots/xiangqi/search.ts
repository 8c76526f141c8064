/**
 * The node search: negamax alpha-beta with principal-variation search (null windows after the
 * first move), a transposition table, check extension, null-move pruning (not in check, not in
 * a principal line, and only with two or more chariots, horses or cannons so that zugzwang
 * is unlikely), late-move reductions of quiet moves, futility pruning near the leaves, and a
 * quiescence search over captures (all evasions when in check) with delta and defended-point
 * pruning. Repetitions along the game and search line are judged by path.ts.
 *
 * Every position has a legal move or loses: in xiangqi a side with no legal move loses whether
 * or not it is in check, so "no move" scores as being mated.
 */
import * as B from "../../games/xiangqi/board";
import * as G from "../../games/xiangqi/movegen";
import type { Position } from "../../games/xiangqi/position";
import * as Z from "../../games/xiangqi/zobrist";
import * as E from "./evaluate";
import * as O from "./ordering";
import * as P from "./path";
import * as S from "./pst";
import * as T from "./tt";

// Module-local copies of imported bindings: under vitest's module transform each use of an
// import is a property read on a module object, which costs a lot in the search's hot loops.
const { CANNON, CHARIOT, EMPTY, HORSE } = B;
const { MAX_MOVES } = G;
const { BLACK_HI, BLACK_LO } = Z;
const { evaluate } = E;
const { isBadCapture, MoveOrder, pickNext } = O;
const { REP_DRAW, REP_NONE, REP_WIN } = P;
const { VALUE } = S;
const { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, MATE, MATE_BOUND } = T;

export const INF = 32000;
/** The deepest ply a search line may reach (extensions included). */
export const MAX_PLY = 96;
/** How often (in nodes) the budget, clock and cancel flag are looked at. */
const POLL_MASK = 1023;
const FUTILITY_MARGIN = [0, 200, 450];
const DELTA_MARGIN = 200;
/** Late-move reduction by depth and move number (`LMR[depth * 64 + n]`), growing with both. */
const LMR = Int8Array.from({ length: 64 * 64 }, (_, i) => {
  const d = i >> 6;
  const n = i & 63;
  return d < 3 || n < 3 ? 0 : Math.max(1, Math.floor(0.6 + (Math.log(d) * Math.log(n)) / 2.2));
});

/** What limits a search; the root (root.ts) sets these from the level and the options. */
export interface Limits {
  /** Hard node budget: the search stops once past it. */
  readonly nodes: number;
  /** Absolute deadline on `now`'s clock, or Infinity. */
  readonly deadline: number;
  readonly now?: () => number;
  readonly shouldStop?: () => boolean;
}

export class Searcher {
  nodes = 0;
  /** Set once a limit is hit: every node then returns at once and the iteration is void. */
  aborted = false;
  /** Set when `shouldStop` asked for the abort (the move is cancelled, not just cut short). */
  cancelled = false;
  /** Plies of extension allowed along a line, set per iteration. */
  extensionLimit = 0;
  private readonly moves = new Int32Array(MAX_PLY * MAX_MOVES);
  private readonly scores = new Int32Array(MAX_PLY * MAX_MOVES);
  readonly order: O.MoveOrder = new MoveOrder(MAX_PLY + 1);

  constructor(
    readonly pos: Position,
    readonly path: P.KeyPath,
    private readonly tt: T.TranspositionTable,
    private readonly limits: Limits,
  ) {}

  private poll(): void {
    const l = this.limits;
    if (l.shouldStop?.()) {
      this.aborted = true;
      this.cancelled = true;
    } else if (this.nodes >= l.nodes || (l.now && l.now() >= l.deadline)) this.aborted = true;
  }

  /** Plays `m` on the position and the key path; returns whether it gave check. */
  makeMove(m: number): boolean {
    const pos = this.pos;
    const capture = pos.board[(m >> 8) & 255] !== EMPTY;
    pos.make(m);
    const check = pos.inCheck(pos.turn);
    this.path.push(pos.hashLo, pos.hashHi, check, capture);
    return check;
  }

  unmakeMove(): void {
    this.pos.unmake();
    this.path.pop();
  }

  /** Score of the side to move, searching `depth` plies; `ply` is the distance from the root. */
  search(
    depth: number,
    alpha: number,
    beta: number,
    ply: number,
    checked: boolean,
    nullOk: boolean,
  ): number {
    const pos = this.pos;
    if (ply > 0) {
      const rep = this.path.judge();
      if (rep !== REP_NONE)
        return rep === REP_DRAW ? 0 : rep === REP_WIN ? MATE - ply : -(MATE - ply);
      // Mate-distance pruning: no line from here can beat a mate already found nearer the root.
      if (alpha < -MATE + ply) alpha = -MATE + ply;
      if (beta > MATE - ply - 1) beta = MATE - ply - 1;
      if (alpha >= beta) return alpha;
    }
    if (depth <= 0 && !checked) return this.quiesce(alpha, beta, ply);
    if (depth < 1) depth = 1;
    if ((++this.nodes & POLL_MASK) === 0) this.poll();
    if (this.aborted) return 0;
    if (ply >= MAX_PLY - 1) return evaluate(pos);

    const pv = beta - alpha > 1;
    const tt = this.tt;
    const slot = tt.probe(pos.hashLo, pos.hashHi);
    let ttMove = 0;
    if (slot >= 0) {
      ttMove = tt.move(slot);
      if (!pv && tt.depth(slot) >= depth) {
        const s = tt.score(slot, ply);
        const bound = tt.bound(slot);
        if (bound === BOUND_EXACT || (bound === BOUND_LOWER ? s >= beta : s <= alpha)) return s;
      }
    }

    const staticEval = checked ? -INF : evaluate(pos);
    if (
      !pv &&
      !checked &&
      nullOk &&
      depth >= 3 &&
      staticEval >= beta &&
      beta < MATE_BOUND &&
      this.bigPieces(pos.turn) >= 2
    ) {
      const r = depth >= 7 ? 3 : 2;
      this.makeNull();
      const s = -this.search(depth - 1 - r, -beta, -beta + 1, ply + 1, false, false);
      this.unmakeNull();
      if (this.aborted) return 0;
      if (s >= beta) return s >= MATE_BOUND ? beta : s;
    }
    const futile = !pv && !checked && depth <= 2 && staticEval + FUTILITY_MARGIN[depth]! <= alpha;

    const moves = this.moves;
    const scores = this.scores;
    const start = ply * MAX_MOVES;
    const end = pos.generateLegal(moves, start);
    if (end === start) return -(MATE - ply);
    this.order.score(pos.board, moves, scores, start, end, ttMove, ply);

    const alpha0 = alpha;
    let best = -INF;
    let bestMove = 0;
    let searched = 0;
    for (let i = start; i < end; i++) {
      const m = pickNext(moves, scores, i, end);
      const quiet = pos.board[(m >> 8) & 255] === EMPTY;
      const orderScore = scores[i]!;
      const gives = this.makeMove(m);
      if (futile && searched > 0 && quiet && !gives) {
        this.unmakeMove();
        continue;
      }
      const next = depth - 1 + (gives && ply < this.extensionLimit ? 1 : 0);
      let s: number;
      if (searched === 0) s = -this.search(next, -beta, -alpha, ply + 1, gives, true);
      else {
        let r = 0;
        if (depth >= 3 && searched >= 3 && quiet && !gives && !checked && orderScore < 1 << 25) {
          r = LMR[Math.min(depth, 63) * 64 + Math.min(searched, 63)]!;
          if (pv && r > 1) r--;
          if (r > next - 1) r = next - 1;
        }
        s = -this.search(next - r, -alpha - 1, -alpha, ply + 1, gives, true);
        if (r > 0 && s > alpha) s = -this.search(next, -alpha - 1, -alpha, ply + 1, gives, true);
        if (s > alpha && s < beta) s = -this.search(next, -beta, -alpha, ply + 1, gives, true);
      }
      this.unmakeMove();
      if (this.aborted) return 0;
      searched++;
      if (s > best) {
        best = s;
        bestMove = m;
        if (s > alpha) {
          alpha = s;
          if (s >= beta) {
            if (quiet) {
              this.order.cutoff(pos.board, m, ply, depth);
              for (let j = start; j < i; j++)
                if (pos.board[(moves[j]! >> 8) & 255] === EMPTY)
                  this.order.failed(pos.board, moves[j]!, depth);
            }
            break;
          }
        }
      }
    }
    const bound = best >= beta ? BOUND_LOWER : best > alpha0 ? BOUND_EXACT : BOUND_UPPER;
    tt.store(pos.hashLo, pos.hashHi, depth, bound, best, bestMove, ply);
    return best;
  }

  /**
   * Captures only, standing pat on the static score. A capture that gives check is answered by
   * `evasions`; captures into a defended point by a dearer piece are not tried.
   */
  quiesce(alpha: number, beta: number, ply: number): number {
    const pos = this.pos;
    if ((++this.nodes & POLL_MASK) === 0) this.poll();
    if (this.aborted) return 0;
    const standPat = evaluate(pos);
    if (ply >= MAX_PLY - 1 || standPat >= beta) return standPat;
    if (standPat > alpha) alpha = standPat;

    const board = pos.board;
    const moves = this.moves;
    const scores = this.scores;
    const start = ply * MAX_MOVES;
    const all = pos.generate(moves, start);
    let end = start;
    for (let i = start; i < all; i++) {
      const m = moves[i]!;
      const victim = board[(m >> 8) & 255]!;
      if (victim === EMPTY || standPat + VALUE[victim & 7]! + DELTA_MARGIN <= alpha) continue;
      moves[end++] = m;
    }
    this.order.score(board, moves, scores, start, end, 0, ply);
    let best = standPat;
    for (let i = start; i < end; i++) {
      const m = pickNext(moves, scores, i, end);
      if (isBadCapture(scores[i]!)) break;
      if (!pos.isLegal(m)) continue;
      pos.make(m);
      const s = pos.inCheck(pos.turn)
        ? -this.evasions(-beta, -alpha, ply + 1)
        : -this.quiesce(-beta, -alpha, ply + 1);
      pos.unmake();
      if (this.aborted) return 0;
      if (s > best) {
        best = s;
        if (s > alpha) {
          alpha = s;
          if (s >= beta) break;
        }
      }
    }
    return best;
  }

  /** Quiescence when in check: every legal move, since standing pat is not an option. */
  private evasions(alpha: number, beta: number, ply: number): number {
    const pos = this.pos;
    if ((++this.nodes & POLL_MASK) === 0) this.poll();
    if (this.aborted) return 0;
    if (ply >= MAX_PLY - 1) return evaluate(pos);
    const moves = this.moves;
    const scores = this.scores;
    const start = ply * MAX_MOVES;
    const end = pos.generateLegal(moves, start);
    if (end === start) return -(MATE - ply);
    this.order.score(pos.board, moves, scores, start, end, 0, ply);
    let best = -INF;
    for (let i = start; i < end; i++) {
      const m = pickNext(moves, scores, i, end);
      pos.make(m);
      const s = -this.quiesce(-beta, -alpha, ply + 1);
      pos.unmake();
      if (this.aborted) return 0;
      if (s > best) {
        best = s;
        if (s > alpha) {
          alpha = s;
          if (s >= beta) break;
        }
      }
    }
    return best;
  }

  /** Chariots, horses and cannons of `side`. */
  private bigPieces(side: number): number {
    const { board, plist } = this.pos;
    let n = 0;
    for (let i = side * 16 + 1; i < side * 16 + 16; i++) {
      const s = plist[i]!;
      if (s === 0) continue;
      const kind = board[s]! & 7;
      if (kind === CHARIOT || kind === HORSE || kind === CANNON) n++;
    }
    return n;
  }

  private makeNull(): void {
    const pos = this.pos;
    pos.turn = (pos.turn ^ 1) as B.Side;
    pos.hashLo ^= BLACK_LO;
    pos.hashHi ^= BLACK_HI;
    this.path.push(pos.hashLo, pos.hashHi, false, true);
  }

  private unmakeNull(): void {
    const pos = this.pos;
    pos.turn = (pos.turn ^ 1) as B.Side;
    pos.hashLo ^= BLACK_LO;
    pos.hashHi ^= BLACK_HI;
    this.path.pop();
  }
}
