/**
 * Pseudo-legal captures of live pieces and queen promotions for the player to move, in the
 * packed move format of position.ts: what quiescence searches. Grey pieces (Individual) are
 * worth nothing and left out; en passant is left to the full search.
 */
import * as board from "../../games/fourchess/board";
import type { Format, Position } from "../../games/fourchess/position";
import * as tables from "./tables";

const {
  CELLS,
  DIAG,
  EMPTY,
  KING,
  KING_STEPS,
  KNIGHT,
  KNIGHT_STEPS,
  ORTHO,
  PAWN,
  PAWN_FORWARD,
  PAWN_SIDE,
  QUEEN,
  ROOK,
  BISHOP,
  SQUARES,
} = board;
const { CAPTURES, forwardOf } = tables;

function promotionTable(line: number): Uint8Array {
  const t = new Uint8Array(4 * CELLS);
  for (let c = 0; c < 4; c++)
    for (const s of SQUARES) if (forwardOf(c, s) === line) t[c * CELLS + s] = 1;
  return t;
}

const PROMOTES: Readonly<Record<Format, Uint8Array>> = {
  teams: promotionTable(10),
  individual: promotionTable(7),
};

/** Writes the captures and queen promotions into `buf` from `n`; returns the end. */
export function generateCaptures(pos: Position, buf: Int32Array, n: number): number {
  const mover = pos.turn;
  const b = pos.board;
  const capt = CAPTURES[pos.format].live;
  const promotes = PROMOTES[pos.format];
  const co = mover * 256;
  const po = mover * CELLS;
  const fwd = PAWN_FORWARD[mover]!;
  const side = PAWN_SIDE[mover]!;
  for (let i = 0; i < 160; i++) {
    const s = SQUARES[i]!;
    const p = b[s]!;
    if (p === EMPTY || ((p >> 3) & 7) !== mover) continue;
    const kind = p & 7;
    if (kind === PAWN) {
      const t = s + fwd;
      const promo = promotes[po + t] ? QUEEN << 18 : 0;
      if (promo && b[t] === EMPTY) buf[n++] = s | (t << 9) | promo;
      if (capt[co + b[t + side]!]) buf[n++] = s | ((t + side) << 9) | promo;
      if (capt[co + b[t - side]!]) buf[n++] = s | ((t - side) << 9) | promo;
    } else if (kind === KNIGHT || kind === KING) {
      const steps = kind === KNIGHT ? KNIGHT_STEPS : KING_STEPS;
      for (let j = 0; j < 8; j++) {
        const t = s + steps[j]!;
        if (capt[co + b[t]!]) buf[n++] = s | (t << 9);
      }
    } else {
      if (kind !== BISHOP) n = rays(b, capt, co, s, ORTHO, buf, n);
      if (kind !== ROOK) n = rays(b, capt, co, s, DIAG, buf, n);
    }
  }
  return n;
}

function rays(
  b: Uint8Array,
  capt: Uint8Array,
  co: number,
  s: number,
  dirs: readonly number[],
  buf: Int32Array,
  n: number,
): number {
  for (let j = 0; j < 4; j++) {
    const d = dirs[j]!;
    let t = s + d;
    while (b[t] === EMPTY) t += d;
    if (capt[co + b[t]!]) buf[n++] = s | (t << 9);
  }
  return n;
}

/** Whether `mover` attacks a live king of the other side (Teams: taking it wins at once). */
export function canTakeKing(pos: Position, mover: number): boolean {
  const k1 = pos.kingSq[(mover + 1) & 3]!;
  const k2 = pos.kingSq[(mover + 3) & 3]!;
  const mine = 1 << mover;
  return (k1 >= 0 && pos.isAttacked(k1, mine)) || (k2 >= 0 && pos.isAttacked(k2, mine));
}
