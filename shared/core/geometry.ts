import { type Failure, fail, ok, type Result } from "./result";

/**
 * A rectangular grid of points named like `h2`: files are letters from `a`, ranks are numbers
 * counted from `firstRank` (1 in chess, 0 in xiangqi's ICCS coordinates). A game may leave some
 * points off the board (the corners of the four-player cross).
 */
export interface Grid {
  readonly files: number;
  readonly ranks: number;
  readonly firstRank: 0 | 1;
  onBoard(file: number, rank: number): boolean;
}

export interface Coord {
  readonly file: number;
  readonly rank: number;
}

const FILE_LETTERS = "abcdefghijklmnopqrstuvwxyz";

export function fileLetter(file: number): string {
  return FILE_LETTERS[file] ?? "?";
}

/** The name of the point at 0-based `file` and `rank` (`rank` 0 is the first rank). */
export function squareName(grid: Grid, file: number, rank: number): string {
  return `${fileLetter(file)}${rank + grid.firstRank}`;
}

const SQUARE_RE = /^([a-z])(\d{1,2})$/;

/** Parses `h2` into 0-based coordinates, refusing points outside the grid. */
export function parseSquareName(
  grid: Grid,
  name: string,
): Result<Coord, Failure<"square/invalid">> {
  const m = SQUARE_RE.exec(name);
  if (!m) return fail("square/invalid", `"${name}" is not a square name like "h2".`);
  const file = FILE_LETTERS.indexOf(m[1]!);
  const rank = Number(m[2]) - grid.firstRank;
  if (file >= grid.files || rank < 0 || rank >= grid.ranks || !grid.onBoard(file, rank)) {
    return fail("square/invalid", `"${name}" is not on the board.`);
  }
  return ok({ file, rank });
}
