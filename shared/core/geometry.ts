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

const FILE_LETTERS = "abcdefghijklmnopqrstuvwxyz";

function fileLetter(file: number): string {
  return FILE_LETTERS[file] ?? "?";
}

/** The name of the point at 0-based `file` and `rank` (`rank` 0 is the first rank). */
export function squareName(grid: Grid, file: number, rank: number): string {
  return `${fileLetter(file)}${rank + grid.firstRank}`;
}
