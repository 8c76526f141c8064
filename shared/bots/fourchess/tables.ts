/**
 * Fixed tables the engine reads in its hot loops: piece values, points, capture masks and
 * piece-square tables. Piece-square tables are written once in a seat's own frame (`forward`:
 * 0 on its back rank, 13 at the far edge; `across`: 0 at its own left) and laid out for each
 * seat, so every army is judged as if it sat at the bottom of the board.
 */
import * as board from "../../games/fourchess/board";
import type { Format } from "../../games/fourchess/position";

const { CELLS, GREY, SQUARES, PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING } = board;

/** Material in centipawns by kind (4pchess's scale: bishops outrank knights on the big board). */
export const VALUE: Int32Array = Int32Array.from([0, 100, 300, 400, 500, 1000, 0, 0]);

/** Individual points for capturing a live piece, by kind (a promoted piece scores 1). */
export const CAPTURE_POINTS: Int32Array = Int32Array.from([0, 1, 3, 5, 5, 9, 20, 0]);
export const MATE_POINTS = 20;
export const STALEMATE_POINTS = 20;
export const DRAW_POINTS = 10;
export const LEAD_TO_WIN = 21;
/** One Individual point in centipawns: a captured bishop (5 points) weighs 500. */
export const POINT = 100;

/** The seat's own frame: distance from its back line, and from its own left. */
export function forwardOf(color: number, sq: number): number {
  const file = sq & 15;
  const rank = (sq >> 4) - 2;
  return color === 0 ? rank : color === 1 ? file : color === 2 ? 13 - rank : 13 - file;
}

export function acrossOf(color: number, sq: number): number {
  const file = sq & 15;
  const rank = (sq >> 4) - 2;
  return color === 0 ? file : color === 1 ? 13 - rank : color === 2 ? 13 - file : rank;
}

/** Whether `mover` may take a piece with this code, and whether it is worth searching. */
export interface CaptureTables {
  /** [mover * 256 + code] = 1 for any piece the rules let `mover` take (grey included). */
  readonly legal: Uint8Array;
  /** The same without grey pieces: what quiescence and mobility count. */
  readonly live: Uint8Array;
}

function captureTables(format: Format): CaptureTables {
  const legal = new Uint8Array(4 * 256);
  const live = new Uint8Array(4 * 256);
  for (let mover = 0; mover < 4; mover++) {
    for (let color = 0; color <= GREY; color++) {
      const enemy =
        color === GREY
          ? format === "individual"
          : format === "teams"
            ? (color & 1) !== (mover & 1)
            : color !== mover;
      if (!enemy) continue;
      for (let kind = PAWN; kind <= KING; kind++) {
        for (const promoted of [0, 64]) {
          const code = (color << 3) | kind | promoted;
          legal[mover * 256 + code] = 1;
          if (color !== GREY) live[mover * 256 + code] = 1;
        }
      }
    }
  }
  return { legal, live };
}

export const CAPTURES: Readonly<Record<Format, CaptureTables>> = {
  teams: captureTables("teams"),
  individual: captureTables("individual"),
};

/** Pawn bonus by distance from the back line; Individual pawns promote on line 7, Teams on 10. */
const PAWN_TEAMS = [0, 0, 4, 10, 18, 28, 40, 54, 70, 90, 0, 0, 0, 0];
const PAWN_INDIVIDUAL = [0, 0, 8, 22, 40, 70, 120, 0, 0, 0, 0, 0, 0, 0];

function centre(forward: number, across: number): number {
  // Manhattan distance from the middle of the cross (6.5, 6.5), 1 .. 13.
  return Math.abs(forward - 6.5) + Math.abs(across - 6.5);
}

function squareBonus(format: Format, kind: number, f: number, x: number): number {
  const c = centre(f, x);
  switch (kind) {
    case PAWN: {
      const table = format === "teams" ? PAWN_TEAMS : PAWN_INDIVIDUAL;
      const middle = x >= 5 && x <= 8 && f >= 2 && f <= 4 ? 8 : 0;
      return table[f]! + middle;
    }
    case KNIGHT:
      return Math.round(36 - 6 * c);
    case BISHOP:
      return Math.round(20 - 3 * c);
    case ROOK:
      return f >= 2 && f <= 11 ? 6 : 0;
    case QUEEN:
      return Math.round(12 - 2 * c);
    case KING:
      // Home is safest; every line forward costs, the middle of the board most of all.
      return f === 0 ? 0 : f === 1 ? -25 : -45 - 12 * f;
    default:
      return 0;
  }
}

/** PST[(color * 8 + kind) * CELLS + cell] in centipawns, per format. */
function pieceSquares(format: Format): Int16Array {
  const t = new Int16Array(4 * 8 * CELLS);
  for (let color = 0; color < 4; color++)
    for (let kind = PAWN; kind <= KING; kind++)
      for (const s of SQUARES) {
        const v = squareBonus(format, kind, forwardOf(color, s), acrossOf(color, s));
        t[(color * 8 + kind) * CELLS + s] = v;
      }
  return t;
}

export const PST: Readonly<Record<Format, Int16Array>> = {
  teams: pieceSquares("teams"),
  individual: pieceSquares("individual"),
};
