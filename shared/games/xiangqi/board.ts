/**
 * Board representation: a padded mailbox of 16 × 16 cells. The 9 × 10 points sit at columns
 * 0–8 of rows 3–12, so every step of every piece from a real point (a horse jumps at most two
 * rows or two columns) lands either on a real point or on a padding cell marked OFF, and never
 * outside the array. `file = sq & 15`, `rank = (sq >> 4) - 3`; a cell fits in one byte, so a
 * move packs as `from | to << 8`.
 *
 * A cell holds 0 (empty), OFF, or a piece code `colourBit | kind`: Red pieces carry bit 8, Black
 * pieces bit 16, so `code & enemyBit` is non-zero exactly on an enemy piece (never on empty or
 * OFF cells) — the one test move generation needs for a capture.
 */
import { type Grid, squareName } from "../../core/geometry";
import type { XiangqiKind } from "../../core/pieces";

export const STRIDE = 16;
export const CELLS = 256;
export const OFF = 32;
export const EMPTY = 0;

export const RED = 0;
export const BLACK = 1;
export type Side = 0 | 1;

export const KING = 1;
export const ADVISOR = 2;
export const ELEPHANT = 3;
export const HORSE = 4;
export const CHARIOT = 5;
export const CANNON = 6;
export const SOLDIER = 7;

/** WXF letters by kind number (index 0 unused). */
export const KIND_LETTERS = ".KAEHRCP";
export const KIND_NAMES = [
  "",
  "general",
  "advisor",
  "elephant",
  "horse",
  "chariot",
  "cannon",
  "soldier",
] as const;
export const SIDE_NAMES = ["Red", "Black"] as const;

export const pieceCode = (side: number, kind: number): number => (8 << side) | kind;
export const kindOf = (code: number): number => code & 7;
/** The side of a piece code (meaningless for EMPTY and OFF). */
export const sideOf = (code: number): Side => ((code >> 4) & 1) as Side;
export const kindLetter = (kind: number): XiangqiKind => KIND_LETTERS[kind] as XiangqiKind;

export const toSquare = (file: number, rank: number): number => ((rank + 3) << 4) | file;
export const fileOf = (sq: number): number => sq & 15;
export const rankOf = (sq: number): number => (sq >> 4) - 3;

export const N = STRIDE;
export const ORTHO = [N, -N, 1, -1] as const;
export const DIAG = [N + 1, N - 1, -N + 1, -N - 1] as const;

export const GRID: Grid = {
  files: 9,
  ranks: 10,
  firstRank: 0,
  onBoard: (file, rank) => file >= 0 && file < 9 && rank >= 0 && rank < 10,
};

/** The 90 points in a0, b0 … i9 order. */
export const SQUARES: Uint8Array = (() => {
  const out: number[] = [];
  for (let rank = 0; rank < 10; rank++)
    for (let file = 0; file < 9; file++) out.push(toSquare(file, rank));
  return Uint8Array.from(out);
})();

export const IS_SQUARE: Uint8Array = (() => {
  const t = new Uint8Array(CELLS);
  for (const s of SQUARES) t[s] = 1;
  return t;
})();

function sideTable(test: (side: number, file: number, rank: number) => boolean): Uint8Array {
  const t = new Uint8Array(2 * CELLS);
  for (let side = 0; side < 2; side++)
    for (const s of SQUARES) if (test(side, fileOf(s), rankOf(s))) t[side * CELLS + s] = 1;
  return t;
}

/** `PALACE[side * CELLS + sq]`: the point is inside that side's palace. */
export const PALACE = sideTable((side, f, r) => f >= 3 && f <= 5 && (side ? r >= 7 : r <= 2));
/** `HOME[side * CELLS + sq]`: the point is on that side's half, before the river. */
export const HOME = sideTable((side, _f, r) => (side ? r >= 5 : r <= 4));

/** The points each piece may ever stand on, for position validation. */
export const ADVISOR_POINTS = sideTable((side, f, r) => {
  const rr = side ? 9 - r : r;
  return (rr === 0 || rr === 2) && (f === 3 || f === 5) ? true : rr === 1 && f === 4;
});
export const ELEPHANT_POINTS = sideTable((side, f, r) => {
  const rr = side ? 9 - r : r;
  return ((rr === 0 || rr === 4) && (f === 2 || f === 6)) || (rr === 2 && f % 4 === 0);
});
export const SOLDIER_POINTS = sideTable((side, f, r) => {
  const rr = side ? 9 - r : r;
  return rr >= 5 || ((rr === 3 || rr === 4) && f % 2 === 0);
});

/** One step forward for a side's soldiers. */
export const FORWARD = [N, -N] as const;

const NAMES: string[] = Array.from({ length: CELLS }, (_, s) =>
  IS_SQUARE[s] ? squareName(GRID, fileOf(s), rankOf(s)) : "",
);
const BY_NAME = new Map(NAMES.map((n, s) => [n, s] as const).filter(([n]) => n !== ""));

/** The ICCS name of a point (`h2`), or "" for a padding cell. */
export const nameOf = (sq: number): string => NAMES[sq] ?? "";
/** The cell of an ICCS point name (`h2`, case-insensitive), or -1. */
export const squareOf = (name: string): number => BY_NAME.get(name.toLowerCase()) ?? -1;

/** A WXF file number, 1–9 counted from the side's own right. */
export const wxfFile = (side: number, file: number): number => (side === RED ? 9 - file : file + 1);
/** The 0-based file of a side's WXF file number. */
export const fileOfWxf = (side: number, n: number): number => (side === RED ? 9 - n : n - 1);

/** Packs a move; the inverse of `moveFrom` / `moveTo`. */
export const encodeMove = (from: number, to: number): number => from | (to << 8);
export const moveFrom = (m: number): number => m & 255;
export const moveTo = (m: number): number => (m >> 8) & 255;
