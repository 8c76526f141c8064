/**
 * Best-reply search (Schadd & Winands 2011) for Individual games. Layers alternate between the
 * root player and "the opponents": an opponent layer lists the moves of every opponent still in
 * and plays only the one that hurts the root most, the others passing. The root so moves every
 * other layer and sees its own plans twice as deep as in paranoid search, at the price of
 * positions that cannot arise (two opponents never both answer). Utility as in ffa.ts; scores
 * are from the layer's side (root: +utility, opponents: -utility).
 */
import { generateCaptures } from "./captures";
import { type Context, MAX_PLY, MOVES_PER_PLY } from "./context";
import { FfaRules } from "./ffa";
import type { IndividualSettings } from "./levels";
import { futileCapture, isTactical, pickOwned, scoreMoves } from "./ordering";
import type { RootSearcher } from "./root";
import { EXACT, LOWER, UPPER } from "./tt";

const INF = 32000;
/** The seat of each listed move, beside the move stacks (searches never overlap). */
const OWNER = new Uint8Array(MAX_PLY * MOVES_PER_PLY);

export class BestReplySearch implements RootSearcher {
  rootDepth = 1;
  private readonly rules: FfaRules;
  private readonly root: number;
  /** The seat each listed opponent move belongs to, by buffer index. */
  private readonly owner: Uint8Array;

  private readonly qLimit: number;
  private readonly reductions: boolean;

  constructor(
    private readonly ctx: Context,
    scores: readonly number[],
    level: IndividualSettings,
  ) {
    this.qLimit = level.quiescence;
    this.reductions = level.reductions;
    this.rules = new FfaRules(ctx.pos, scores, level);
    this.root = ctx.pos.turn;
    this.owner = OWNER;
  }

  rootMove(m: number, depth: number, alpha: number, beta: number): number {
    const rules = this.rules;
    rules.play(m);
    const v = -this.search(depth - 1, 1, -beta, -alpha, false, beta - alpha > 1);
    rules.undo();
    return v;
  }

  /** A finished game, the root out, or a drawn line; null otherwise. */
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

  /**
   * Lists the moves of this layer into the ply's buffer: the root's, or every opponent's
   * (captures only when `captures`). Returns the end index.
   */
  private list(ply: number, mine: boolean, captures: boolean): number {
    const ctx = this.ctx;
    const pos = ctx.pos;
    const start = ply * MOVES_PER_PLY;
    const turn = pos.turn;
    if (mine) {
      this.rules.setTurn(this.root);
      const end = captures
        ? generateCaptures(pos, ctx.moves, start)
        : pos.generate(ctx.moves, start);
      this.owner.fill(this.root, start, end);
      return end;
    }
    let end = start;
    for (let i = 1; i < 4; i++) {
      const c = (this.root + i) & 3;
      if (!this.rules.isLive(c)) continue;
      this.rules.setTurn(c);
      const from = end;
      end = captures ? generateCaptures(pos, ctx.moves, end) : pos.generate(ctx.moves, end);
      this.owner.fill(c, from, end);
    }
    this.rules.setTurn(turn);
    return end;
  }

  /** Plays a listed move for its owner, then hands the turn to the next layer's side. */
  private play(m: number, owner: number, mine: boolean): boolean {
    const rules = this.rules;
    rules.setTurn(owner);
    if (!rules.play(m)) return false;
    if (!mine && rules.isLive(this.root)) rules.setTurn(this.root);
    return true;
  }

  private search(
    depth: number,
    ply: number,
    alpha: number,
    beta: number,
    mine: boolean,
    pv: boolean,
  ): number {
    const ctx = this.ctx;
    const pos = ctx.pos;
    if (ctx.tick()) return 0;
    const side = mine ? 1 : -1;
    const done = this.settled(ply, side);
    if (done !== null) return done;
    if (depth <= 0 || ply >= MAX_PLY - 16) return this.quiesce(ply, alpha, beta, mine, 0);

    const tt = ctx.tt;
    let ttMove = 0;
    if (tt.probe(pos.hashLo, pos.hashHi, ply)) {
      ttMove = tt.move;
      if (!pv && tt.cuts(depth, alpha, beta)) return tt.score;
    }
    const rules = this.rules;
    const start = ply * MOVES_PER_PLY;
    const turn = pos.turn;
    const end = this.list(ply, mine, false);
    scoreMoves(ctx, start, end, ttMove, ply);
    const alpha0 = alpha;
    let best = -INF;
    let bestMove = 0;
    let legal = 0;
    for (let i = start; i < end; i++) {
      const m = pickOwned(ctx, this.owner, i, end);
      const owner = this.owner[i]!;
      const tactical = isTactical(pos.board, m);
      if (!this.play(m, owner, mine)) {
        rules.setTurn(turn);
        continue;
      }
      legal++;
      let v: number;
      if (legal === 1) v = -this.search(depth - 1, ply + 1, -beta, -alpha, !mine, pv);
      else {
        const r =
          this.reductions && depth >= 3 && legal > 4 && !tactical ? (legal > 12 ? 2 : 1) : 0;
        v = -this.search(depth - 1 - r, ply + 1, -alpha - 1, -alpha, !mine, false);
        if (v > alpha && r > 0)
          v = -this.search(depth - 1, ply + 1, -alpha - 1, -alpha, !mine, false);
        if (v > alpha && v < beta && pv)
          v = -this.search(depth - 1, ply + 1, -beta, -alpha, !mine, true);
      }
      rules.undo();
      rules.setTurn(turn);
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
      // No opponent can move (they are all stuck), or the root is: settle it like the game.
      if (!mine) return side * rules.utility(this.root);
      rules.stuck();
      const v = side * rules.utility(this.root);
      rules.undo();
      return v;
    }
    const flag = best >= beta ? LOWER : best > alpha0 ? EXACT : UPPER;
    tt.store(pos.hashLo, pos.hashHi, ply, depth, flag, best, bestMove);
    return best;
  }

  private quiesce(ply: number, alpha: number, beta: number, mine: boolean, qply: number): number {
    const ctx = this.ctx;
    const pos = ctx.pos;
    if (ctx.tick()) return 0;
    const side = mine ? 1 : -1;
    const rules = this.rules;
    const stand = side * rules.utility(this.root);
    if (stand >= beta || qply >= this.qLimit || ply >= MAX_PLY - 2) return stand;
    if (stand > alpha) alpha = stand;
    let best = stand;
    const start = ply * MOVES_PER_PLY;
    const turn = pos.turn;
    const end = this.list(ply, mine, true);
    scoreMoves(ctx, start, end, 0, ply);
    for (let i = start; i < end; i++) {
      const m = pickOwned(ctx, this.owner, i, end);
      if (futileCapture(ctx, m, stand, alpha)) continue;
      if (!this.play(m, this.owner[i]!, mine)) {
        rules.setTurn(turn);
        continue;
      }
      let v: number;
      if (rules.ended()) v = side * rules.final(this.root, false);
      else if (!rules.isLive(this.root)) v = side * rules.utility(this.root);
      else v = -this.quiesce(ply + 1, -beta, -alpha, !mine, qply + 1);
      rules.undo();
      rules.setTurn(turn);
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
