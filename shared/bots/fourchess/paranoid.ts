/**
 * Paranoid search for Individual games: the root player maximises its utility and assumes the
 * three others play together to minimise it, which turns the game into two sides and keeps
 * alpha-beta pruning. Turns follow the real order (root, then each opponent), so consecutive
 * opponent plies belong to the same side: a child's value is negated only when the side
 * changes. Scores at a node are from its side's view (root: +utility, coalition: -utility).
 */
import { generateCaptures } from "./captures";
import { type Context, MAX_PLY, MOVES_PER_PLY } from "./context";
import { FfaRules } from "./ffa";
import type { IndividualSettings } from "./levels";
import { futileCapture, isTactical, pickNext, scoreMoves } from "./ordering";
import type { RootSearcher } from "./root";
import { EXACT, LOWER, UPPER } from "./tt";

const INF = 32000;

export class ParanoidSearch implements RootSearcher {
  rootDepth = 1;
  private readonly rules: FfaRules;
  private readonly root: number;

  private readonly qLimit: number;

  constructor(
    private readonly ctx: Context,
    scores: readonly number[],
    level: IndividualSettings,
  ) {
    this.qLimit = level.quiescence;
    this.rules = new FfaRules(ctx.pos, scores, level);
    this.root = ctx.pos.turn;
  }

  rootMove(m: number, depth: number, alpha: number, beta: number): number {
    const rules = this.rules;
    rules.play(m);
    const v = this.child(depth - 1, 1, alpha, beta, 1, true);
    rules.undo();
    return v;
  }

  /** The child's value seen from a node of side `side` (1 root, -1 coalition). */
  private child(
    depth: number,
    ply: number,
    alpha: number,
    beta: number,
    side: number,
    pv: boolean,
  ): number {
    const childSide = this.ctx.pos.turn === this.root ? 1 : -1;
    if (childSide === side) return this.search(depth, ply, alpha, beta, pv);
    return -this.search(depth, ply, -beta, -alpha, pv);
  }

  /** A position where the game or the root's part in it is over, or the line ends in a draw. */
  private settled(ply: number, side: number): number | null {
    const rules = this.rules;
    const pos = this.ctx.pos;
    if (rules.ended()) return side * rules.final(this.root, false);
    if (!rules.isLive(this.root)) return side * rules.utility(this.root);
    if (ply >= this.ctx.plyLimit) return side * rules.final(this.root, false);
    if (this.ctx.repeats(ply) || pos.halfmove >= 50 * rules.liveCount())
      return side * rules.final(this.root, true);
    return null;
  }

  private search(depth: number, ply: number, alpha: number, beta: number, pv: boolean): number {
    const ctx = this.ctx;
    const pos = ctx.pos;
    if (ctx.tick()) return 0;
    const side = pos.turn === this.root ? 1 : -1;
    const done = this.settled(ply, side);
    if (done !== null) return done;
    if (depth <= 0 || ply >= MAX_PLY - 16) return this.quiesce(ply, alpha, beta, 0);

    const tt = ctx.tt;
    let ttMove = 0;
    if (tt.probe(pos.hashLo, pos.hashHi, ply)) {
      ttMove = tt.move;
      if (!pv && tt.cuts(depth, alpha, beta)) return tt.score;
    }
    const rules = this.rules;
    const start = ply * MOVES_PER_PLY;
    const end = pos.generate(ctx.moves, start);
    scoreMoves(ctx, start, end, ttMove, ply);
    const alpha0 = alpha;
    let best = -INF;
    let bestMove = 0;
    let legal = 0;
    for (let i = start; i < end; i++) {
      const m = pickNext(ctx, i, end);
      const tactical = isTactical(pos.board, m);
      if (!rules.play(m)) continue;
      legal++;
      let v: number;
      if (legal === 1) v = this.child(depth - 1, ply + 1, alpha, beta, side, pv);
      else {
        v = this.child(depth - 1, ply + 1, alpha, alpha + 1, side, false);
        if (v > alpha && v < beta && pv)
          v = this.child(depth - 1, ply + 1, alpha, beta, side, true);
      }
      rules.undo();
      if (ctx.stopped) return 0;
      if (v > best) {
        best = v;
        bestMove = m;
        if (v > alpha) {
          alpha = v;
          if (v >= beta) {
            if (!tactical) ctx.cutoff(m, ply, depth);
            break;
          }
        }
      }
    }
    if (legal === 0) {
      rules.stuck();
      const v = this.child(depth - 1, ply + 1, alpha, beta, side, pv);
      rules.undo();
      return v;
    }
    const flag = best >= beta ? LOWER : best > alpha0 ? EXACT : UPPER;
    tt.store(pos.hashLo, pos.hashHi, ply, depth, flag, best, bestMove);
    return best;
  }

  private quiesce(ply: number, alpha: number, beta: number, qply: number): number {
    const ctx = this.ctx;
    const pos = ctx.pos;
    if (ctx.tick()) return 0;
    const side = pos.turn === this.root ? 1 : -1;
    const rules = this.rules;
    const stand = side * rules.utility(this.root);
    if (stand >= beta || qply >= this.qLimit || ply >= MAX_PLY - 2) return stand;
    if (stand > alpha) alpha = stand;
    let best = stand;
    const start = ply * MOVES_PER_PLY;
    const end = generateCaptures(pos, ctx.moves, start);
    scoreMoves(ctx, start, end, 0, ply);
    for (let i = start; i < end; i++) {
      const m = pickNext(ctx, i, end);
      if (futileCapture(ctx, m, stand, alpha) || !rules.play(m)) continue;
      let v: number;
      const childSide = pos.turn === this.root ? 1 : -1;
      const over = rules.ended() || !rules.isLive(this.root);
      if (over)
        v = side * (rules.ended() ? rules.final(this.root, false) : rules.utility(this.root));
      else if (childSide === side) v = this.quiesce(ply + 1, alpha, beta, qply + 1);
      else v = -this.quiesce(ply + 1, -beta, -alpha, qply + 1);
      rules.undo();
      if (ctx.stopped) return 0;
      if (v > best) {
        best = v;
        if (v > alpha) {
          alpha = v;
          if (v >= beta) break;
        }
      }
    }
    return best;
  }
}
