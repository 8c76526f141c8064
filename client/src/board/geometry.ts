/**
 * Board geometry for drawing: which cells exist, their names, and how the board's orientation
 * turns it so that a seat sits at the bottom. An orientation counts quarter turns: four-player
 * chess turns by quarter turns (seat s is s quarter turns); xiangqi by half turns. View coordinates count columns from the left and rows
 * from the top.
 */

import type { Grid } from "../../../shared/core/geometry";
import { squareName as nameOfCoord } from "../../../shared/core/geometry";
import type { GameId } from "../../../shared/games/catalog";
import { GRID as FOURCHESS_GRID } from "../../../shared/games/fourchess/board";
import { GRID as XIANGQI_GRID } from "../../../shared/games/xiangqi/board";

export interface BoardSpec {
  readonly game: GameId;
  readonly grid: Grid;
  /** Pieces stand on intersections (xiangqi) rather than in squares. */
  readonly points: boolean;
  /** Allowed orientations of the board, in quarter turns. */
  readonly orientations: readonly number[];
}

export const SPECS: Readonly<Record<GameId, BoardSpec>> = {
  fourchess: { game: "fourchess", grid: FOURCHESS_GRID, points: false, orientations: [0, 1, 2, 3] },
  xiangqi: { game: "xiangqi", grid: XIANGQI_GRID, points: true, orientations: [0, 2] },
};

export interface Coord {
  readonly file: number;
  readonly rank: number;
}
export interface Cell {
  readonly col: number;
  readonly row: number;
}

/**
 * The orientation that puts `seat` at the bottom, turned on by `rotations` presses of the
 * rotate button (each the next seat's side: a quarter turn, or a half turn on a 2-player board).
 */
export function orientationFor(spec: BoardSpec, seat: number, rotations = 0): number {
  const base = spec.points ? (seat === 1 ? 2 : 0) : ((seat % 4) + 4) % 4;
  return (base + rotations * (spec.points ? 2 : 1)) % 4;
}

/** Columns and rows of the view in an orientation. */
export function viewSize(spec: BoardSpec, orientation: number): { cols: number; rows: number } {
  const { files, ranks } = spec.grid;
  return orientation % 2 === 0 ? { cols: files, rows: ranks } : { cols: ranks, rows: files };
}

export function toView(spec: BoardSpec, orientation: number, c: Coord): Cell {
  const maxF = spec.grid.files - 1;
  const maxR = spec.grid.ranks - 1;
  const col0 = c.file;
  const row0 = maxR - c.rank;
  switch (((orientation % 4) + 4) % 4) {
    case 1:
      return { col: row0, row: maxF - col0 };
    case 2:
      return { col: maxF - col0, row: maxR - row0 };
    case 3:
      return { col: maxR - row0, row: col0 };
    default:
      return { col: col0, row: row0 };
  }
}

export function fromView(spec: BoardSpec, orientation: number, cell: Cell): Coord | null {
  const maxF = spec.grid.files - 1;
  const maxR = spec.grid.ranks - 1;
  let col0: number;
  let row0: number;
  switch (((orientation % 4) + 4) % 4) {
    case 1:
      col0 = maxF - cell.row;
      row0 = cell.col;
      break;
    case 2:
      col0 = maxF - cell.col;
      row0 = maxR - cell.row;
      break;
    case 3:
      col0 = cell.row;
      row0 = maxR - cell.col;
      break;
    default:
      col0 = cell.col;
      row0 = cell.row;
  }
  const c = { file: col0, rank: maxR - row0 };
  return spec.grid.onBoard(c.file, c.rank) ? c : null;
}

export function nameOf(spec: BoardSpec, c: Coord): string {
  return nameOfCoord(spec.grid, c.file, c.rank);
}

export function parseName(spec: BoardSpec, name: string): Coord | null {
  const m = /^([a-z])(\d{1,2})$/.exec(name);
  if (!m) return null;
  const file = m[1]!.charCodeAt(0) - 97;
  const rank = Number(m[2]) - spec.grid.firstRank;
  return file >= 0 &&
    file < spec.grid.files &&
    rank >= 0 &&
    rank < spec.grid.ranks &&
    spec.grid.onBoard(file, rank)
    ? { file, rank }
    : null;
}

/** Every cell of the board, for drawing. */
export function allCoords(spec: BoardSpec): Coord[] {
  const out: Coord[] = [];
  for (let rank = 0; rank < spec.grid.ranks; rank++)
    for (let file = 0; file < spec.grid.files; file++)
      if (spec.grid.onBoard(file, rank)) out.push({ file, rank });
  return out;
}
