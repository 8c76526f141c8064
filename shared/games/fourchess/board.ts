/**
 * Board representation: a padded mailbox. The 14×14 cross sits in a 16-wide, 18-row array so
 * that every knight jump and slider step from a real square lands either on a real square or on
 * a padding cell marked OFF; the two padding columns on the right double as the left padding of
 * the next row. The 3×3 corners are OFF too. `file = sq & 15`, `rank = (sq >> 4) - 2`.
 *
 * A cell holds 0 (empty), OFF, or a piece code `color << 3 | kind`, with bit 64 set on a piece
 * that was promoted (it scores 1 point in Individual). Grey pieces of eliminated players carry
 * the colour GREY.
 */
import { type Grid, squareName } from "../../core/geometry";

export const STRIDE = 16;
export const CELLS = STRIDE * 18;
export const OFF = 255;
export const EMPTY = 0;

export const RED = 0;
export const BLUE = 1;
export const YELLOW = 2;
export const GREEN = 3;
export const GREY = 4;

export const PAWN = 1;
export const KNIGHT = 2;
export const BISHOP = 3;
export const ROOK = 4;
export const QUEEN = 5;
export const KING = 6;
export const PROMOTED = 64;

export const KIND_LETTERS = ".PNBRQK";
export const COLOR_LETTERS = "rbygd";

export const kindOf = (code: number): number => code & 7;
export const colorOf = (code: number): number => (code >> 3) & 7;
export const pieceCode = (color: number, kind: number): number => (color << 3) | kind;

export const toSquare = (file: number, rank: number): number => ((rank + 2) << 4) | file;
export const fileOf = (sq: number): number => sq & 15;
export const rankOf = (sq: number): number => (sq >> 4) - 2;

/** Is (file, rank) one of the 160 squares of the cross? */
export function onCross(file: number, rank: number): boolean {
  if (file < 0 || file > 13 || rank < 0 || rank > 13) return false;
  const edgeFile = file < 3 || file > 10;
  const edgeRank = rank < 3 || rank > 10;
  return !(edgeFile && edgeRank);
}

export const GRID: Grid = { files: 14, ranks: 14, firstRank: 1, onBoard: onCross };

/** The 160 playable cells in a1..n14 order (rank by rank from Red's side). */
export const SQUARES: Int16Array = (() => {
  const out: number[] = [];
  for (let rank = 0; rank < 14; rank++)
    for (let file = 0; file < 14; file++) if (onCross(file, rank)) out.push(toSquare(file, rank));
  return Int16Array.from(out);
})();

export const IS_SQUARE: Uint8Array = (() => {
  const t = new Uint8Array(CELLS);
  for (const s of SQUARES) t[s] = 1;
  return t;
})();

const NAMES: string[] = Array.from({ length: CELLS }, (_, s) =>
  IS_SQUARE[s] ? squareName(GRID, fileOf(s), rankOf(s)) : "",
);
const BY_NAME = new Map(NAMES.map((n, s) => [n, s] as const).filter(([n]) => n !== ""));

export const nameOf = (sq: number): string => NAMES[sq] ?? "";
/** The cell of a square name, or -1. */
export const squareOf = (name: string): number => BY_NAME.get(name) ?? -1;

export const N = STRIDE;
export const ORTHO = [N, -N, 1, -1] as const;
export const DIAG = [N + 1, N - 1, -N + 1, -N - 1] as const;
export const KING_STEPS = [...ORTHO, ...DIAG] as const;
export const KNIGHT_STEPS = [
  2 * N + 1,
  2 * N - 1,
  -2 * N + 1,
  -2 * N - 1,
  N + 2,
  N - 2,
  -N + 2,
  -N - 2,
] as const;

/** Pawn direction per colour: Red up, Blue right, Yellow down, Green left. */
export const PAWN_FORWARD = [N, 1, -N, -1] as const;
/** The step across a pawn's path; its captures go forward ± this. */
export const PAWN_SIDE = [1, N, 1, N] as const;

/** Whether a pawn of this colour stands on its starting line (and may step two). */
export function onPawnStart(color: number, sq: number): boolean {
  switch (color) {
    case RED:
      return rankOf(sq) === 1;
    case BLUE:
      return fileOf(sq) === 1;
    case YELLOW:
      return rankOf(sq) === 12;
    default:
      return fileOf(sq) === 12;
  }
}

/** A colour's line counted along its pawns' path: 0 on its back rank, 13 on the far edge. */
export function pawnLine(color: number, sq: number): number {
  switch (color) {
    case RED:
      return rankOf(sq);
    case BLUE:
      return fileOf(sq);
    case YELLOW:
      return 13 - rankOf(sq);
    default:
      return 13 - fileOf(sq);
  }
}

export const COLOR_NAMES = ["Red", "Blue", "Yellow", "Green", "Grey"] as const;
export const KIND_NAMES = ["", "pawn", "knight", "bishop", "rook", "queen", "king"] as const;
