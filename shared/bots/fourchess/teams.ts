/**
 * Teams search. Red+Yellow and Blue+Green alternate every ply, so this is plain negamax
 * alpha-beta with every score seen from the side to move's team (as 4pchess does): principal
 * variation search, a transposition table, null-move pruning, late-move reductions, a check
 * extension and a quiescence search over captures (all moves when in check).
 *
 * The Teams rules inside the search: a player who can take an enemy king wins at once, so a
 * node first asks whether the mover attacks one; checkmate and stalemate are judged only at the
 * stuck player's own turn (no legal move: mated if in check, else a draw), which lets a partner
 * rescue in between. Repetition, the fifty-move rule and the move limit score as draws.
 */
import * as zobrist from "../../games/fourchess/zobrist";
import { canTakeKing, generateCaptures } from "./captures";
import { type Context, MAX_PLY, MOVES_PER_PLY } from "./context";
import { evaluateTeams } from "./evaluate";
import type { TeamsSettings } from "./levels";
import { futileCapture, isTactical, pickNext, scoreMoves } from "./ordering";
import type { RootSearcher } from "./root";
import { EXACT, LOWER, MATE, UPPER } from "./tt";

const { TURN_LO, TURN_HI } = zobrist;

const FIFTY = 200;
const INF = 32000;

export class TeamsSearch implements RootSearcher {
  /** Depth of the current iteration; extensions stop at twice this many plies. */
  rootDepth = 1;

  private readonly qLimit: number;

  constructor(
    private readonly ctx: Context,
    private readonly opts: TeamsSettings,
  ) {
    this.qLimit = opts.quiescence;
  }

  /** The value of a root move for the root's team. */
  rootMove(m: number, depth: number, alpha: number, beta: number): number {
    const pos = this.ctx.pos;
    pos.make(m);
    const v = -this.search(depth - 1, 1, -beta, -alpha, beta - alpha > 1);
    pos.unmake();
    return v;
  }

  search(depth: number, ply: number, alpha: number, beta: number, pv: boolean): number {
    const ctx = this.ctx;
    const pos = ctx.pos;
    if (ctx.tick()) return 0;
    const mover = pos.turn;
    if (canTakeKing(pos, mover)) return MATE - ply;
    if (ctx.repeats(ply) || pos.halfmove >= FIFTY || ply >= ctx.plyLimit) return 0;
    if (ply >= MAX_PLY - 16) return evaluateTeams(pos, this.opts);
    const inCheck = pos.inCheck(mover);
    if (inCheck && this.opts.checkExtension && ply < 2 * this.rootDepth) depth++;
    if (depth <= 0) return this.quiesce(ply, alpha, beta, 0);

    const tt = ctx.tt;
    let ttMove = 0;
    if (tt.probe(pos.hashLo, pos.hashHi, ply)) {
      ttMove = tt.move;
      if (!pv && tt.cuts(depth, alpha, beta)) return tt.score;
    }

    if (this.opts.nullMove && !pv && !inCheck && depth >= 3 && Math.abs(beta) < MATE - 1000) {
      if (evaluateTeams(pos, this.opts) >= beta) {
        const r = 2 + (depth >> 2);
        const next = (mover + 1) & 3;
        const lo = pos.hashLo;
        const hi = pos.hashHi;
        pos.turn = next;
        pos.hashLo = lo ^ TURN_LO[mover]! ^ TURN_LO[next]!;
        pos.hashHi = hi ^ TURN_HI[mover]! ^ TURN_HI[next]!;
        const v = -this.search(depth - 1 - r, ply + 1, -beta, -beta + 1, false);
        pos.turn = mover;
        pos.hashLo = lo;
        pos.hashHi = hi;
        if (ctx.stopped) return 0;
        if (v >= beta && v < MATE - 1000) return v;
      }
    }

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
      pos.make(m);
      if (!pos.wasLegal(mover)) {
        pos.unmake();
        continue;
      }
      legal++;
      let v: number;
      if (legal === 1) {
        v = -this.search(depth - 1, ply + 1, -beta, -alpha, pv);
      } else {
        let r = 0;
        if (this.opts.reductions && depth >= 3 && legal > 3 && !tactical && !inCheck)
          r = legal > 10 ? 2 : 1;
        v = -this.search(depth - 1 - r, ply + 1, -alpha - 1, -alpha, false);
        if (v > alpha && r > 0) v = -this.search(depth - 1, ply + 1, -alpha - 1, -alpha, false);
        if (v > alpha && v < beta && pv) v = -this.search(depth - 1, ply + 1, -beta, -alpha, true);
      }
      pos.unmake();
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
    if (legal === 0) return inCheck ? -MATE + ply : 0;
    const flag = best >= beta ? LOWER : best > alpha0 ? EXACT : UPPER;
    tt.store(pos.hashLo, pos.hashHi, ply, depth, flag, best, bestMove);
    return best;
  }

  /** Captures only, unless in check: then every move, and no move at all is mate. */
  quiesce(ply: number, alpha: number, beta: number, qply: number): number {
    const ctx = this.ctx;
    const pos = ctx.pos;
    if (ctx.tick()) return 0;
    const mover = pos.turn;
    if (canTakeKing(pos, mover)) return MATE - ply;
    if (ply >= MAX_PLY - 2) return evaluateTeams(pos, this.opts);
    const inCheck = qply < 4 && pos.inCheck(mover);
    const start = ply * MOVES_PER_PLY;
    let end: number;
    let best: number;
    if (inCheck) {
      best = -MATE + ply;
      end = pos.generate(ctx.moves, start);
    } else {
      best = evaluateTeams(pos, this.opts);
      if (best >= beta || qply >= this.qLimit) return best;
      if (best > alpha) alpha = best;
      end = generateCaptures(pos, ctx.moves, start);
    }
    scoreMoves(ctx, start, end, 0, ply);
    for (let i = start; i < end; i++) {
      const m = pickNext(ctx, i, end);
      if (!inCheck && futileCapture(ctx, m, best, alpha)) continue;
      pos.make(m);
      if (!pos.wasLegal(mover)) {
        pos.unmake();
        continue;
      }
      const v = -this.quiesce(ply + 1, -beta, -alpha, qply + 1);
      pos.unmake();
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
