/**
 * The Individual rules a search needs on top of `Position.make`: points for captures, double
 * and triple checks and mates; eliminations (a mated or captured player's pieces turn grey),
 * undone again on the way back; the end of the game; and the utility the searches maximise.
 *
 * Mate is judged at once after every move, as the game does, but only for players left in check
 * (stalemate right after a move is not looked for: it is rare and costs a move generation per
 * player per node); a player with no legal move at their own turn is handled by `stuck`.
 *
 * Utility for the root player: worth(root) - mean(worth(others)), where worth = points x 100 +
 * the army's static value. Points are what a game is won with; the army is what earns them.
 * A finished game counts points and places only, so a won ending outweighs any army.
 */
import * as board from "../../games/fourchess/board";
import type { Position } from "../../games/fourchess/position";
import * as zobrist from "../../games/fourchess/zobrist";
import { evaluateSeats, kingDanger } from "./evaluate";
import type { IndividualSettings } from "./levels";
import * as tables from "./tables";

const { CELLS, EMPTY, GREY, KING, PROMOTED, QUEEN, SQUARES } = board;
const { CAPTURE_POINTS, DRAW_POINTS, LEAD_TO_WIN, MATE_POINTS, POINT, STALEMATE_POINTS } = tables;
const { TURN_HI, TURN_LO } = zobrist;

const MAX_STEPS = 128;
/** Utility for finishing ahead of all three opponents (behind all: minus as much). */
const PLACE_BONUS = 6000;

export class FfaRules {
  readonly pos: Position;
  readonly scores: Int32Array;
  // One entry per step (a move, or a stuck player leaving).
  private sp = 0;
  private readonly stepMove = new Uint8Array(MAX_STEPS);
  private readonly stepSeat = new Uint8Array(MAX_STEPS);
  private readonly stepGain = new Int32Array(MAX_STEPS);
  private readonly stepOut = new Uint8Array(MAX_STEPS);
  // Eliminations, undone last-in first-out; at most three can be in force at once.
  private ep = 0;
  private readonly saveBoard = new Uint8Array(4 * CELLS);
  private readonly saveKings = new Int16Array(16);
  private readonly saveEp = new Int16Array(32);
  private readonly saveState = new Int32Array(4 * 5);
  private readonly worth = new Int32Array(4);

  constructor(
    pos: Position,
    scores: readonly number[],
    private readonly terms: IndividualSettings,
  ) {
    this.pos = pos;
    this.scores = Int32Array.from(scores);
  }

  /** Plays a pseudo-legal move with its points; false (position unchanged) if it is illegal. */
  play(m: number): boolean {
    const pos = this.pos;
    const mover = pos.turn;
    pos.make(m);
    if (!pos.wasLegal(mover)) {
      pos.unmake();
      return false;
    }
    const captured = pos.lastCaptured();
    let gain = 0;
    let out = 0;
    if (captured !== EMPTY && ((captured >> 3) & 7) !== GREY) {
      gain += captured & PROMOTED ? 1 : CAPTURE_POINTS[captured & 7]!;
      if ((captured & 7) === KING) {
        this.eliminate((captured >> 3) & 7);
        out++;
      }
    }
    let checked = 0;
    let inCheck = 0;
    let onlyQueens = true;
    const mine = 1 << mover;
    for (let i = 1; i < 4; i++) {
      const c = (mover + i) & 3;
      const k = pos.kingSq[c]!;
      if (k < 0 || !((pos.live >> c) & 1) || !pos.isAttacked(k, pos.attackersOf(c))) continue;
      inCheck |= 1 << c;
      if (pos.isAttacked(k, mine)) {
        checked++;
        if (onlyQueens && pos.attackKinds(k, mine) !== 1 << QUEEN) onlyQueens = false;
      }
    }
    if (checked === 2) gain += onlyQueens ? 1 : 5;
    else if (checked === 3) gain += onlyQueens ? 5 : 20;
    if (inCheck) {
      for (let i = 1; i < 4; i++) {
        const c = (mover + i) & 3;
        if (!((inCheck >> c) & 1) || !((pos.live >> c) & 1) || pos.hasLegalMoveFor(c)) continue;
        gain += MATE_POINTS;
        this.eliminate(c);
        out++;
      }
    }
    this.scores[mover]! += gain;
    this.push(1, mover, gain, out);
    return true;
  }

  /** The player to move has no legal move: out (stalemated: 20 points to them). */
  stuck(): void {
    const pos = this.pos;
    const c = pos.turn;
    const gain = pos.inCheck(c) ? 0 : STALEMATE_POINTS;
    this.scores[c]! += gain;
    this.eliminate(c);
    this.push(0, c, gain, 1);
  }

  /** Takes back the last `play` or `stuck`. */
  undo(): void {
    const sp = --this.sp;
    this.scores[this.stepSeat[sp]!]! -= this.stepGain[sp]!;
    for (let n = this.stepOut[sp]!; n > 0; n--) this.restore();
    if (this.stepMove[sp]) this.pos.unmake();
  }

  private push(move: number, seat: number, gain: number, out: number): void {
    const sp = this.sp++;
    this.stepMove[sp] = move;
    this.stepSeat[sp] = seat;
    this.stepGain[sp] = gain;
    this.stepOut[sp] = out;
  }

  /** Greys out `color`'s army, as `Position.eliminate` does, but so that it can be undone. */
  private eliminate(color: number): void {
    const pos = this.pos;
    const e = this.ep++;
    this.saveBoard.set(pos.board, e * CELLS);
    this.saveKings.set(pos.kingSq, e * 4);
    this.saveEp.set(pos.epTarget, e * 8);
    this.saveEp.set(pos.epPawn, e * 8 + 4);
    const st = this.saveState;
    st[e * 5] = pos.live;
    st[e * 5 + 1] = pos.castling;
    st[e * 5 + 2] = pos.turn;
    st[e * 5 + 3] = pos.hashLo;
    st[e * 5 + 4] = pos.hashHi;
    const b = pos.board;
    for (let i = 0; i < 160; i++) {
      const s = SQUARES[i]!;
      const p = b[s]!;
      if (p !== EMPTY && ((p >> 3) & 7) === color) b[s] = (GREY << 3) | (p & 7);
    }
    pos.kingSq[color] = -1;
    pos.live &= ~(1 << color);
    pos.castling &= ~(3 << (color * 2));
    // Position keeps a private count of en-passant targets; leaving it one too high only
    // costs a little time, and undoing restores the target it counted.
    pos.epTarget[color] = -1;
    pos.epPawn[color] = -1;
    if (pos.turn === color) pos.turn = pos.nextLive(color);
    pos.rehash();
  }

  private restore(): void {
    const pos = this.pos;
    const e = --this.ep;
    pos.board.set(this.saveBoard.subarray(e * CELLS, e * CELLS + CELLS));
    pos.kingSq.set(this.saveKings.subarray(e * 4, e * 4 + 4));
    pos.epTarget.set(this.saveEp.subarray(e * 8, e * 8 + 4));
    pos.epPawn.set(this.saveEp.subarray(e * 8 + 4, e * 8 + 8));
    const st = this.saveState;
    pos.live = st[e * 5]!;
    pos.castling = st[e * 5 + 1]!;
    pos.turn = st[e * 5 + 2]!;
    pos.hashLo = st[e * 5 + 3]!;
    pos.hashHi = st[e * 5 + 4]!;
  }

  /** Gives the turn to `color` without a move (best-reply search), keeping the hash right. */
  setTurn(color: number): void {
    const pos = this.pos;
    const t = pos.turn;
    if (t === color) return;
    pos.hashLo ^= TURN_LO[t]! ^ TURN_LO[color]!;
    pos.hashHi ^= TURN_HI[t]! ^ TURN_HI[color]!;
    pos.turn = color;
  }

  isLive(color: number): boolean {
    return ((this.pos.live >> color) & 1) === 1;
  }

  /** Three players out, or two left and one leads by 21 points or more. */
  ended(): boolean {
    const live = this.pos.live;
    let n = 0;
    let a = -1;
    let b = -1;
    for (let c = 0; c < 4; c++) {
      if (!((live >> c) & 1)) continue;
      n++;
      if (a < 0) a = c;
      else b = c;
    }
    if (n <= 1) return true;
    return n === 2 && Math.abs(this.scores[a]! - this.scores[b]!) >= LEAD_TO_WIN;
  }

  liveCount(): number {
    let n = 0;
    for (let c = 0; c < 4; c++) n += (this.pos.live >> c) & 1;
    return n;
  }

  /** The heuristic utility for `root`: points and armies, against the mean of the others. */
  utility(root: number): number {
    const w = this.worth;
    evaluateSeats(this.pos, "individual", w, this.terms);
    // Three opponents move before the root does again: its king is in more danger than the
    // one-reply-per-round searches see.
    if (this.terms.danger) w[root]! -= (kingDanger(root) * this.terms.danger) >> 4;
    return this.compare(root, w);
  }

  /**
   * Utility of a finished game: points (plus 10 each to the players still in on a draw), and a
   * bonus for every opponent finished ahead of, so that a won ending outweighs any army.
   */
  final(root: number, draw: boolean): number {
    const w = this.worth;
    const bonus = draw ? DRAW_POINTS * POINT : 0;
    for (let c = 0; c < 4; c++) w[c] = this.isLive(c) ? bonus : 0;
    const mine = this.scores[root]! + (draw && this.isLive(root) ? DRAW_POINTS : 0);
    let place = 0;
    for (let c = 0; c < 4; c++) {
      if (c === root) continue;
      const theirs = this.scores[c]! + (draw && this.isLive(c) ? DRAW_POINTS : 0);
      place += mine > theirs ? 1 : mine < theirs ? -1 : 0;
    }
    return this.compare(root, w) + Math.round((place * PLACE_BONUS) / 3);
  }

  private compare(root: number, w: Int32Array): number {
    let others = 0;
    for (let c = 0; c < 4; c++) {
      const v = w[c]! + this.scores[c]! * POINT;
      if (c === root) w[c] = v;
      else others += v;
    }
    return w[root]! - Math.round(others / 3);
  }
}
