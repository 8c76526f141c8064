/**
 * Pseudo-legal move generation: every move that follows the pieces' own rules (palace, river,
 * horse leg, elephant eye, cannon screen), before checking the mover's general. Pieces are
 * found through the position's piece list rather than by scanning the 90 points.
 */
import * as B from "./board";

// Local copies of the board constants: see the note in attacks.ts.
const {
  ADVISOR,
  CANNON,
  CELLS,
  CHARIOT,
  ELEPHANT,
  EMPTY,
  FORWARD,
  HOME,
  HORSE,
  KING,
  N,
  OFF,
  PALACE,
  SOLDIER,
} = B;

/** Enough room for every pseudo-legal move of one position (the most is 119). */
export const MAX_MOVES = 128;

/**
 * Writes the pseudo-legal moves of `side` into `buf` from index `n` and returns the new end.
 * `plist` holds 16 slots per side (slot 0 the general), each a cell or 0 for a captured piece.
 */
export function generateMoves(
  board: Uint8Array,
  plist: Uint8Array,
  side: number,
  buf: Int32Array,
  n: number,
): number {
  const enemy = 8 << (side ^ 1);
  const zone = side * CELLS;
  const end = side * 16 + 16;
  for (let i = side * 16; i < end; i++) {
    const s = plist[i]!;
    if (s === 0) continue;
    switch (board[s]! & 7) {
      case KING:
        n = step(board, buf, n, s, s + N, enemy, PALACE, zone);
        n = step(board, buf, n, s, s - N, enemy, PALACE, zone);
        n = step(board, buf, n, s, s + 1, enemy, PALACE, zone);
        n = step(board, buf, n, s, s - 1, enemy, PALACE, zone);
        break;
      case ADVISOR:
        n = step(board, buf, n, s, s + N + 1, enemy, PALACE, zone);
        n = step(board, buf, n, s, s + N - 1, enemy, PALACE, zone);
        n = step(board, buf, n, s, s - N + 1, enemy, PALACE, zone);
        n = step(board, buf, n, s, s - N - 1, enemy, PALACE, zone);
        break;
      case ELEPHANT:
        if (board[s + N + 1] === EMPTY)
          n = step(board, buf, n, s, s + 2 * N + 2, enemy, HOME, zone);
        if (board[s + N - 1] === EMPTY)
          n = step(board, buf, n, s, s + 2 * N - 2, enemy, HOME, zone);
        if (board[s - N + 1] === EMPTY)
          n = step(board, buf, n, s, s - 2 * N + 2, enemy, HOME, zone);
        if (board[s - N - 1] === EMPTY)
          n = step(board, buf, n, s, s - 2 * N - 2, enemy, HOME, zone);
        break;
      case HORSE:
        if (board[s + N] === EMPTY) {
          n = jump(board, buf, n, s, s + 2 * N + 1, enemy);
          n = jump(board, buf, n, s, s + 2 * N - 1, enemy);
        }
        if (board[s - N] === EMPTY) {
          n = jump(board, buf, n, s, s - 2 * N + 1, enemy);
          n = jump(board, buf, n, s, s - 2 * N - 1, enemy);
        }
        if (board[s + 1] === EMPTY) {
          n = jump(board, buf, n, s, s + 2 + N, enemy);
          n = jump(board, buf, n, s, s + 2 - N, enemy);
        }
        if (board[s - 1] === EMPTY) {
          n = jump(board, buf, n, s, s - 2 + N, enemy);
          n = jump(board, buf, n, s, s - 2 - N, enemy);
        }
        break;
      case CHARIOT:
        n = slide(board, buf, n, s, N, enemy);
        n = slide(board, buf, n, s, -N, enemy);
        n = slide(board, buf, n, s, 1, enemy);
        n = slide(board, buf, n, s, -1, enemy);
        break;
      case CANNON:
        n = cannon(board, buf, n, s, N, enemy);
        n = cannon(board, buf, n, s, -N, enemy);
        n = cannon(board, buf, n, s, 1, enemy);
        n = cannon(board, buf, n, s, -1, enemy);
        break;
      case SOLDIER:
        n = jump(board, buf, n, s, s + FORWARD[side]!, enemy);
        if (!HOME[zone + s]) {
          n = jump(board, buf, n, s, s + 1, enemy);
          n = jump(board, buf, n, s, s - 1, enemy);
        }
        break;
    }
  }
  return n;
}

/** A piece list with one slot filled, for generating the moves of a single piece. */
const ONE = new Uint8Array(32);

/**
 * Writes the pseudo-legal moves of the piece on `from` (for its own side) into `buf` from
 * index `n` and returns the new end; an empty or padding cell adds nothing. Runs the same
 * generator as `generateMoves` over a piece list holding only that piece.
 */
export function generateMovesFrom(
  board: Uint8Array,
  from: number,
  buf: Int32Array,
  n: number,
): number {
  const p = board[from]!;
  if (p === EMPTY || p === OFF) return n;
  const side = (p >> 4) & 1;
  ONE.fill(0);
  ONE[side * 16] = from;
  return generateMoves(board, ONE, side, buf, n);
}

/** A one-point move confined to a zone (palace or own half). */
function step(
  board: Uint8Array,
  buf: Int32Array,
  n: number,
  s: number,
  t: number,
  enemy: number,
  zoneTable: Uint8Array,
  zone: number,
): number {
  const q = board[t]!;
  if (zoneTable[zone + t] && (q === EMPTY || q & enemy)) buf[n++] = s | (t << 8);
  return n;
}

/** A move to an empty or enemy-held point; padding cells are neither. */
function jump(
  board: Uint8Array,
  buf: Int32Array,
  n: number,
  s: number,
  t: number,
  enemy: number,
): number {
  const q = board[t]!;
  if (q === EMPTY || q & enemy) buf[n++] = s | (t << 8);
  return n;
}

function slide(
  board: Uint8Array,
  buf: Int32Array,
  n: number,
  s: number,
  d: number,
  enemy: number,
): number {
  let t = s + d;
  let q = board[t]!;
  while (q === EMPTY) {
    buf[n++] = s | (t << 8);
    t += d;
    q = board[t]!;
  }
  if (q & enemy) buf[n++] = s | (t << 8);
  return n;
}

/** Quiet moves over empty points, then a capture over exactly one screen. */
function cannon(
  board: Uint8Array,
  buf: Int32Array,
  n: number,
  s: number,
  d: number,
  enemy: number,
): number {
  let t = s + d;
  let q = board[t]!;
  while (q === EMPTY) {
    buf[n++] = s | (t << 8);
    t += d;
    q = board[t]!;
  }
  if (q === OFF) return n; // the line reached the edge without a screen
  t += d;
  q = board[t]!;
  while (q === EMPTY) {
    t += d;
    q = board[t]!;
  }
  if (q & enemy) buf[n++] = s | (t << 8);
  return n;
}
