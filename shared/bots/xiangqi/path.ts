/**
 * The line of positions from the game's start to the node being searched, as Zobrist keys with
 * "this position arose from a check" flags, for repetition in search. A node that repeats an
 * earlier position of the line with the same side to move is judged as RULES.md §2.3 would
 * judge the cycle: if every move one side made in it gave check and not every move of the other
 * side did, the checker loses; any other repetition is scored as a draw. Search takes the first
 * repetition as final (the checker, warned at the second occurrence, loses at the third anyway),
 * so the engine never walks into a perpetual-check loss and happily lets an opponent do so.
 */
import { unwrap } from "../../core/result";
import { EMPTY, encodeMove, squareOf } from "../../games/xiangqi/board";
import { Xiangqi } from "../../games/xiangqi/game";

export const REP_NONE = 0;
export const REP_DRAW = 1;
/** The side to move wins: the other side checked perpetually. */
export const REP_WIN = 2;
/** The side to move loses: it checked perpetually. */
export const REP_LOSS = 3;

export class KeyPath {
  private readonly lo: Int32Array;
  private readonly hi: Int32Array;
  private readonly check: Uint8Array;
  /** The earliest index a position at this index could repeat (after a capture or null move). */
  private readonly floor: Int32Array;
  private n = 0;

  constructor(capacity: number) {
    this.lo = new Int32Array(capacity);
    this.hi = new Int32Array(capacity);
    this.check = new Uint8Array(capacity);
    this.floor = new Int32Array(capacity);
  }

  /** The keys of a game's positions, start to now, with room for `extra` more. */
  static ofGame(game: Xiangqi, extra: number): KeyPath {
    const path = new KeyPath(game.moves.length + 1 + extra);
    let pos = unwrap(Xiangqi.fromFen(game.startFen)).position();
    path.push(pos.hashLo, pos.hashHi, pos.inCheck(pos.turn), true);
    for (const record of game.moves) {
      const to = squareOf(record.to);
      const capture = pos.board[to] !== EMPTY;
      pos.make(encodeMove(squareOf(record.from), to));
      path.push(pos.hashLo, pos.hashHi, record.check, capture);
      // The position's undo stack is bounded; a fresh copy has an empty one.
      if (pos.ply >= 128) pos = pos.clone();
    }
    return path;
  }

  get length(): number {
    return this.n;
  }

  /** Appends the position a move (or a null move: `irreversible`) has just produced. */
  push(lo: number, hi: number, check: boolean, irreversible: boolean): void {
    const n = this.n++;
    this.lo[n] = lo;
    this.hi[n] = hi;
    this.check[n] = check ? 1 : 0;
    this.floor[n] = irreversible || n === 0 ? n : this.floor[n - 1]!;
  }

  pop(): void {
    this.n--;
  }

  /** Judges the last position: REP_NONE when it has not occurred before. */
  judge(): number {
    const n = this.n - 1;
    const lo = this.lo[n]!;
    const hi = this.hi[n]!;
    const floor = this.floor[n]!;
    const check = this.check;
    // Moves into odd distances from n were made by the side to move now, even by the other.
    let mover = true;
    let other = true;
    for (let i = n - 2; i >= floor; i -= 2) {
      other = other && check[i + 2] === 1;
      mover = mover && check[i + 1] === 1;
      if (this.lo[i] === lo && this.hi[i] === hi) {
        if (other && !mover) return REP_WIN;
        if (mover && !other) return REP_LOSS;
        return REP_DRAW;
      }
    }
    return REP_NONE;
  }
}
