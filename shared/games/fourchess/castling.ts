/**
 * Castling geometry. Each seat has two rook corners on its back line; the king, on its home
 * square, moves two squares toward a rook and the rook lands on the square the king crossed.
 * The short side is the rook three squares away, the long side four. The classic layout (Blue
 * Ka8, Green Kn7) only moves the king's home square, so the same rule covers both layouts.
 */
import { squareOf } from "./board";

export const SHORT = 0;
export const LONG = 1;

const sq = (name: string): number => {
  const s = squareOf(name);
  if (s < 0) throw new Error(`bad square ${name}`);
  return s;
};

/** Back-line rook corners per colour, [one end, other end]. */
export const ROOK_CORNERS: readonly (readonly [number, number])[] = [
  [sq("d1"), sq("k1")],
  [sq("a4"), sq("a11")],
  [sq("d14"), sq("k14")],
  [sq("n4"), sq("n11")],
];

/** Home squares a king may castle from: modern first, then classic. */
export const KING_HOMES: readonly (readonly number[])[] = [
  [sq("h1")],
  [sq("a7"), sq("a8")],
  [sq("g14")],
  [sq("n8"), sq("n7")],
];

export interface CastleLine {
  readonly kingFrom: number;
  readonly kingTo: number;
  readonly rookFrom: number;
  readonly rookTo: number;
  /** Squares strictly between king and rook: all must be empty. */
  readonly between: readonly number[];
}

/** The castling move of `color` toward one side, with the king on `kingHome`. */
export function castleLine(color: number, kingHome: number, side: number): CastleLine | null {
  const corners = ROOK_CORNERS[color]!;
  for (const rook of corners) {
    const diff = rook - kingHome;
    const step = Math.abs(diff) < 16 ? Math.sign(diff) : Math.sign(diff) * 16;
    const distance = Math.abs(diff / step);
    if ((side === SHORT && distance !== 3) || (side === LONG && distance !== 4)) continue;
    const between: number[] = [];
    for (let s = kingHome + step; s !== rook; s += step) between.push(s);
    return {
      kingFrom: kingHome,
      kingTo: kingHome + 2 * step,
      rookFrom: rook,
      rookTo: kingHome + step,
      between,
    };
  }
  return null;
}
