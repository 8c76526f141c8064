/**
 * Attack detection on the four-player board, looking outward from the attacked square: knight
 * jumps, the first piece met along each rank, file and diagonal (a king one step away, a rook,
 * bishop or queen further), and the two squares a pawn of each attacking colour strikes from.
 * Colours are given as a bit mask, so one call answers "attacked by any opponent" in Teams and
 * Individual alike. Grey pieces never attack. Pure board scans, no position state.
 */
import * as board from "./board";

// Module-local copies of imported constants: under vitest's module transform every use of an
// imported binding is a property read, which made the hot loops several times slower.
const {
  BISHOP,
  CELLS,
  DIAG,
  EMPTY,
  KING,
  KNIGHT,
  KNIGHT_STEPS,
  OFF,
  ORTHO,
  PAWN,
  PAWN_FORWARD,
  PAWN_SIDE,
  QUEEN,
  ROOK,
  SQUARES,
} = board;

/**
 * `ALIGNED[a * CELLS + b]` = 1 when cells a and b share a file, rank or diagonal: only a piece
 * leaving such a line through its king can uncover an attack on it.
 */
export const ALIGNED: Uint8Array = (() => {
  const t = new Uint8Array(CELLS * CELLS);
  for (const a of SQUARES)
    for (const b of SQUARES) {
      const df = (b & 15) - (a & 15);
      const dr = (b >> 4) - (a >> 4);
      if (a !== b && (df === 0 || dr === 0 || Math.abs(df) === Math.abs(dr))) t[a * CELLS + b] = 1;
    }
  return t;
})();

/** Is `sq` attacked by a piece of a colour in `mask` (bit per colour)? */
export function isAttacked(b: Uint8Array, sq: number, mask: number): boolean {
  for (let i = 0; i < 8; i++) {
    const p = b[sq + KNIGHT_STEPS[i]!]!;
    if ((p & 7) === KNIGHT && (mask >> ((p >> 3) & 7)) & 1) return true;
  }
  for (let i = 0; i < 4; i++) {
    const d = ORTHO[i]!;
    let t = sq + d;
    let p = b[t]!;
    if ((p & 7) === KING && (mask >> ((p >> 3) & 7)) & 1) return true;
    while (p === EMPTY) {
      t += d;
      p = b[t]!;
    }
    const k = p & 7;
    if ((k === ROOK || k === QUEEN) && (mask >> ((p >> 3) & 7)) & 1) return true;
  }
  for (let i = 0; i < 4; i++) {
    const d = DIAG[i]!;
    let t = sq + d;
    let p = b[t]!;
    if ((p & 7) === KING && (mask >> ((p >> 3) & 7)) & 1) return true;
    while (p === EMPTY) {
      t += d;
      p = b[t]!;
    }
    const k = p & 7;
    if ((k === BISHOP || k === QUEEN) && (mask >> ((p >> 3) & 7)) & 1) return true;
  }
  for (let c = 0; c < 4; c++) {
    if (!((mask >> c) & 1)) continue;
    const behind = sq - PAWN_FORWARD[c]!;
    const side = PAWN_SIDE[c]!;
    const pawn = (c << 3) | PAWN;
    if (b[behind + side] === pawn || b[behind - side] === pawn) return true;
  }
  return false;
}

/**
 * The kinds of `mask`-coloured pieces attacking `sq`, as bits `1 << kind` (0 when none).
 * Slower than `isAttacked`; used for scoring checks, not in search.
 */
export function attackKinds(b: Uint8Array, sq: number, mask: number): number {
  let kinds = 0;
  const mine = (p: number) => p !== OFF && (mask >> ((p >> 3) & 7)) & 1;
  for (const d of KNIGHT_STEPS) {
    const p = b[sq + d]!;
    if ((p & 7) === KNIGHT && mine(p)) kinds |= 1 << KNIGHT;
  }
  for (const [dirs, slider] of [
    [ORTHO, ROOK],
    [DIAG, BISHOP],
  ] as const) {
    for (const d of dirs) {
      let t = sq + d;
      let p = b[t]!;
      if ((p & 7) === KING && mine(p)) kinds |= 1 << KING;
      while (p === EMPTY) {
        t += d;
        p = b[t]!;
      }
      const k = p & 7;
      if ((k === slider || k === QUEEN) && mine(p)) kinds |= 1 << k;
    }
  }
  for (let c = 0; c < 4; c++) {
    if (!((mask >> c) & 1)) continue;
    const behind = sq - PAWN_FORWARD[c]!;
    const side = PAWN_SIDE[c]!;
    const pawn = (c << 3) | PAWN;
    if (b[behind + side] === pawn || b[behind - side] === pawn) kinds |= 1 << PAWN;
  }
  return kinds;
}
