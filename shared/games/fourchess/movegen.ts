/**
 * Pseudo-legal move generation: every move that follows the pieces' own rules (capturing only
 * what the format lets the mover capture, pawns promoting on the format's line, en passant
 * against any opponent's last double step, castling through unattacked squares), before
 * checking the mover's own king, which `Position` does. Also the packed move format and the
 * per-format rule tables generation reads.
 */
import type { Format } from "../catalog";
import * as attacks from "./attacks";
import * as board from "./board";
import { type CastleLine, SHORT } from "./castling";

// Module-local copies of imported constants: under vitest's module transform every use of an
// imported binding is a property read, which made the hot loops several times slower.
const {
  BISHOP,
  CELLS,
  DIAG,
  EMPTY,
  GREY,
  KING,
  KING_STEPS,
  KNIGHT,
  KNIGHT_STEPS,
  ORTHO,
  onPawnStart,
  PAWN,
  PAWN_FORWARD,
  PAWN_SIDE,
  PROMOTED,
  pawnLine,
  QUEEN,
  ROOK,
  SQUARES,
} = board;
const { isAttacked } = attacks;

export type { Format };

export const NORMAL = 0;
export const DOUBLE = 1;
export const EN_PASSANT = 2;
export const CASTLE_SHORT = 3;
export const CASTLE_LONG = 4;

/** from | to << 9 | promotion kind << 18 | flag << 21 | en-passant victim colour << 24 */
export const encodeMove = (from: number, to: number, promo = 0, flag = 0, victim = 0): number =>
  from | (to << 9) | (promo << 18) | (flag << 21) | (victim << 24);
export const moveFrom = (m: number): number => m & 511;
export const moveTo = (m: number): number => (m >> 9) & 511;
export const movePromo = (m: number): number => (m >> 18) & 7;
export const moveFlag = (m: number): number => (m >> 21) & 7;
export const moveVictim = (m: number): number => (m >> 24) & 3;

/** Enough room for every pseudo-legal move of one position. */
export const MAX_MOVES = 512;

const TEAM_PROMOTION_LINE = 10;
const INDIVIDUAL_PROMOTION_LINE = 7;
const TEAM_PROMOTIONS = [QUEEN, ROOK, BISHOP, KNIGHT] as const;

/** Rules that depend only on the format, shared by every position of that format. */
export interface FormatTables {
  /** capturable[mover * 256 + code] = 1 when `mover` may capture that piece. */
  readonly capturable: Uint8Array;
  /** Bit mask of the colours whose pieces can check `color`. */
  readonly attackers: readonly number[];
  /** promotes[color * CELLS + cell] = 1 when a pawn of `color` promotes on arriving there. */
  readonly promotes: Uint8Array;
  readonly promotions: readonly number[];
}

function buildTables(format: Format): FormatTables {
  const capturable = new Uint8Array(4 * 256);
  const attackers: number[] = [];
  const promotes = new Uint8Array(4 * CELLS);
  const line = format === "teams" ? TEAM_PROMOTION_LINE : INDIVIDUAL_PROMOTION_LINE;
  for (let mover = 0; mover < 4; mover++) {
    const enemies = format === "teams" ? 0b1010 >> (mover & 1) : 0b1111 & ~(1 << mover);
    attackers.push(enemies);
    for (let color = 0; color <= GREY; color++) {
      const enemy = color === GREY ? format === "individual" : ((enemies >> color) & 1) === 1;
      if (!enemy) continue;
      for (let kind = PAWN; kind <= KING; kind++) {
        capturable[mover * 256 + ((color << 3) | kind)] = 1;
        capturable[mover * 256 + ((color << 3) | kind | PROMOTED)] = 1;
      }
    }
    for (const s of SQUARES) if (pawnLine(mover, s) === line) promotes[mover * CELLS + s] = 1;
  }
  return {
    capturable,
    attackers,
    promotes,
    promotions: format === "teams" ? TEAM_PROMOTIONS : [QUEEN],
  };
}

export const FORMAT_TABLES: Readonly<Record<Format, FormatTables>> = {
  teams: buildTables("teams"),
  individual: buildTables("individual"),
};

/** What generation reads of a position (`Position` is one). */
export interface MoveSource {
  readonly board: Uint8Array;
  readonly tables: FormatTables;
  /** Bit `color * 2 + side`. */
  readonly castling: number;
  readonly castleLines: readonly (CastleLine | null)[];
  readonly epTarget: Int16Array;
  readonly epPawn: Int16Array;
  /** How many colours have an en-passant target now. */
  readonly epCount: number;
}

/** Writes the pseudo-legal moves of `mover` into `buf` from `n`; returns the new end. */
export function generateMoves(pos: MoveSource, mover: number, buf: Int32Array, n: number): number {
  const b = pos.board;
  for (let i = 0; i < 160; i++) {
    const s = SQUARES[i]!;
    const p = b[s]!;
    if (p === EMPTY || ((p >> 3) & 7) !== mover) continue;
    n = pieceMoves(pos, s, p & 7, mover, buf, n);
  }
  return n;
}

/**
 * Writes the pseudo-legal moves of the piece on `from` into `buf` from `n`, as if it were its
 * owner's turn; returns the new end (unchanged for an empty square or a grey piece).
 */
export function generateMovesFrom(
  pos: MoveSource,
  from: number,
  buf: Int32Array,
  n: number,
): number {
  const p = pos.board[from]!;
  const color = (p >> 3) & 7;
  if (p === EMPTY || color >= GREY) return n;
  return pieceMoves(pos, from, p & 7, color, buf, n);
}

function pieceMoves(
  pos: MoveSource,
  s: number,
  kind: number,
  mover: number,
  buf: Int32Array,
  n: number,
): number {
  const b = pos.board;
  const capt = pos.tables.capturable;
  const co = mover * 256;
  switch (kind) {
    case PAWN:
      return pawnMoves(pos, buf, n, s, mover);
    case KNIGHT:
      for (let j = 0; j < 8; j++) {
        const t = s + KNIGHT_STEPS[j]!;
        const q = b[t]!;
        if (q === EMPTY || capt[co + q]) buf[n++] = s | (t << 9);
      }
      return n;
    case BISHOP:
      return slide(b, capt, buf, n, s, DIAG, co);
    case ROOK:
      return slide(b, capt, buf, n, s, ORTHO, co);
    case QUEEN:
      n = slide(b, capt, buf, n, s, ORTHO, co);
      return slide(b, capt, buf, n, s, DIAG, co);
    case KING:
      for (let j = 0; j < 8; j++) {
        const t = s + KING_STEPS[j]!;
        const q = b[t]!;
        if (q === EMPTY || capt[co + q]) buf[n++] = s | (t << 9);
      }
      if ((pos.castling >> (mover * 2)) & 3) n = castlingMoves(pos, buf, n, s, mover);
      return n;
  }
  return n;
}

function slide(
  b: Uint8Array,
  capt: Uint8Array,
  buf: Int32Array,
  n: number,
  s: number,
  dirs: readonly number[],
  co: number,
): number {
  for (let j = 0; j < 4; j++) {
    const d = dirs[j]!;
    let t = s + d;
    let q = b[t]!;
    while (q === EMPTY) {
      buf[n++] = s | (t << 9);
      t += d;
      q = b[t]!;
    }
    if (capt[co + q]) buf[n++] = s | (t << 9);
  }
  return n;
}

function pawnMoves(pos: MoveSource, buf: Int32Array, n: number, s: number, mover: number): number {
  const b = pos.board;
  const t0 = pos.tables;
  const fwd = PAWN_FORWARD[mover]!;
  const side = PAWN_SIDE[mover]!;
  const t = s + fwd;
  if (b[t] === EMPTY) {
    n = pushPawn(t0, buf, n, s, t, mover, NORMAL, 0);
    if (b[t + fwd] === EMPTY && onPawnStart(mover, s))
      buf[n++] = s | ((t + fwd) << 9) | (DOUBLE << 21);
  }
  const co = mover * 256;
  for (let k = -1; k <= 1; k += 2) {
    const c = t + k * side;
    const q = b[c]!;
    if (q !== EMPTY) {
      if (t0.capturable[co + q]) n = pushPawn(t0, buf, n, s, c, mover, NORMAL, 0);
    } else if (pos.epCount > 0) {
      for (let v = 0; v < 4; v++) {
        if (v === mover || pos.epTarget[v] !== c) continue;
        const pawn = (v << 3) | PAWN;
        if (t0.capturable[co + pawn] && b[pos.epPawn[v]!] === pawn)
          n = pushPawn(t0, buf, n, s, c, mover, EN_PASSANT, v);
      }
    }
  }
  return n;
}

function pushPawn(
  t: FormatTables,
  buf: Int32Array,
  n: number,
  from: number,
  to: number,
  mover: number,
  flag: number,
  victim: number,
): number {
  const base = from | (to << 9) | (flag << 21) | (victim << 24);
  if (t.promotes[mover * CELLS + to]) {
    for (const kind of t.promotions) buf[n++] = base | (kind << 18);
  } else buf[n++] = base;
  return n;
}

function castlingMoves(
  pos: MoveSource,
  buf: Int32Array,
  n: number,
  s: number,
  mover: number,
): number {
  const b = pos.board;
  const enemies = pos.tables.attackers[mover]!;
  let checked = false;
  for (let side = 0; side < 2; side++) {
    if (!((pos.castling >> (mover * 2 + side)) & 1)) continue;
    const line = pos.castleLines[mover * 2 + side];
    if (!line || line.kingFrom !== s || b[line.rookFrom] !== ((mover << 3) | ROOK)) continue;
    if (!line.between.every((x) => b[x] === EMPTY)) continue;
    if (!checked) {
      if (isAttacked(b, s, enemies)) return n;
      checked = true;
    }
    if (isAttacked(b, line.rookTo, enemies) || isAttacked(b, line.kingTo, enemies)) continue;
    buf[n++] = s | (line.kingTo << 9) | ((side === SHORT ? CASTLE_SHORT : CASTLE_LONG) << 21);
  }
  return n;
}
