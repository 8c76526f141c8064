/**
 * Piece values and piece-square tables, in centipawns from the piece owner's side. Tables are
 * drawn as Red sees the board (first row = rank 9, the enemy's back rank; last row = rank 0,
 * Red's own) and mirrored rank-wise for Black. The values follow common xiangqi practice:
 * a chariot is worth about two horses or cannons, a soldier doubles once across the river and
 * is best just before the enemy palace, horses want the centre and the enemy's third and fourth
 * ranks, cannons the central file, chariots open files and the enemy's second rank.
 */
import * as B from "../../games/xiangqi/board";

const { ADVISOR, CANNON, CELLS, CHARIOT, ELEPHANT, HORSE, KING, pieceCode, SOLDIER, toSquare } = B;

/** Base values by kind (index 0 unused; the general is never traded, so 0). */
export const VALUE: readonly number[] = [0, 0, 200, 200, 400, 900, 450, 100];

// biome-ignore format: tables read as boards
const KING_T = [
  0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, -22, -18, -22, 0, 0, 0,
  0, 0, 0, -8, -6, -8, 0, 0, 0,
  0, 0, 0, 2, 6, 2, 0, 0, 0,
];

// biome-ignore format: tables read as boards
const ADVISOR_T = [
  0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, -4, 0, -4, 0, 0, 0,
  0, 0, 0, 0, 6, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0,
];

// biome-ignore format: tables read as boards
const ELEPHANT_T = [
  0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, -2, 0, 0, 0, -2, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0,
  -4, 0, 0, 0, 8, 0, 0, 0, -4,
  0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0,
];

// biome-ignore format: tables read as boards
const HORSE_T = [
  0, -4, 0, 0, 0, 0, 0, -4, 0,
  0, 4, 12, 10, 0, 10, 12, 4, 0,
  4, 8, 16, 20, 12, 20, 16, 8, 4,
  4, 12, 16, 18, 16, 18, 16, 12, 4,
  2, 8, 12, 16, 14, 16, 12, 8, 2,
  0, 6, 10, 12, 12, 12, 10, 6, 0,
  -4, 2, 6, 8, 6, 8, 6, 2, -4,
  -4, 0, 4, 4, -4, 4, 4, 0, -4,
  -8, -4, 0, -6, -10, -6, 0, -4, -8,
  -12, -8, -6, -8, -16, -8, -6, -8, -12,
];

// biome-ignore format: tables read as boards
const CHARIOT_T = [
  4, 6, 6, 12, 14, 12, 6, 6, 4,
  6, 10, 10, 16, 24, 16, 10, 10, 6,
  6, 8, 8, 14, 16, 14, 8, 8, 6,
  6, 10, 10, 14, 14, 14, 10, 10, 6,
  6, 10, 10, 12, 12, 12, 10, 10, 6,
  6, 12, 12, 12, 12, 12, 12, 12, 6,
  2, 8, 6, 10, 10, 10, 6, 8, 2,
  -2, 6, 4, 10, 8, 10, 4, 6, -2,
  2, 6, 4, 8, -4, 8, 4, 6, 2,
  -6, 4, 2, 10, -4, 10, 2, 4, -6,
];

// biome-ignore format: tables read as boards
const CANNON_T = [
  6, 4, 0, -6, -8, -6, 0, 4, 6,
  2, 2, 0, -4, -8, -4, 0, 2, 2,
  2, 2, 0, -6, -2, -6, 0, 2, 2,
  0, 0, -2, 4, 10, 4, -2, 0, 0,
  0, 0, 0, 2, 8, 2, 0, 0, 0,
  -2, 0, 4, 2, 8, 2, 4, 0, -2,
  0, 0, 0, 2, 6, 2, 0, 0, 0,
  2, 2, 0, 4, 10, 4, 0, 2, 2,
  0, 2, 4, 6, 6, 6, 4, 2, 0,
  0, 0, 2, 6, 6, 6, 2, 0, 0,
];

// biome-ignore format: tables read as boards
const SOLDIER_T = [
  0, 0, 0, 10, 20, 10, 0, 0, 0,
  30, 50, 70, 90, 100, 90, 70, 50, 30,
  30, 50, 70, 90, 90, 90, 70, 50, 30,
  20, 40, 50, 60, 60, 60, 50, 40, 20,
  10, 25, 30, 40, 40, 40, 30, 25, 10,
  0, 0, 5, 0, 10, 0, 5, 0, 0,
  0, 0, 0, 0, 4, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0,
];

const TABLES: readonly (readonly number[])[] = [
  [],
  KING_T,
  ADVISOR_T,
  ELEPHANT_T,
  HORSE_T,
  CHARIOT_T,
  CANNON_T,
  SOLDIER_T,
];

/**
 * `PST[code * CELLS + cell]`: base value plus square bonus of the piece `code` on `cell`, from
 * its owner's side (so Red adds it and Black subtracts it).
 */
export const PST: Int16Array = (() => {
  const t = new Int16Array(24 * CELLS);
  for (let side = 0; side < 2; side++)
    for (const kind of [KING, ADVISOR, ELEPHANT, HORSE, CHARIOT, CANNON, SOLDIER]) {
      const table = TABLES[kind]!;
      for (let rank = 0; rank < 10; rank++)
        for (let file = 0; file < 9; file++) {
          const own = side === 0 ? rank : 9 - rank;
          const bonus = table[(9 - own) * 9 + file]!;
          t[pieceCode(side, kind) * CELLS + toSquare(file, rank)] = VALUE[kind]! + bonus;
        }
    }
  return t;
})();
