/** The colours of the pieces and boards, shared by the Pixi board and the DOM icons. */
import type { GameId } from "../../../../shared/games/catalog";

/** Piece colour per seat: the body of a chess piece, the ink of a xiangqi piece. */
export const SEAT_FILL: Readonly<Record<GameId, readonly number[]>> = {
  fourchess: [0xd13f3f, 0x2f6bd1, 0xd9a514, 0x2e9b57],
  xiangqi: [0xc0392b, 0x1d1d1d],
};
/** Pieces of a player who is out (four-player Individual). */
export const GREY_FILL = 0x8c8c8c;
/** Outline and details of chess pieces. */
export const PIECE_LINE = 0x1b1b1b;
/** The face of a xiangqi piece. */
export const XIANGQI_FACE = 0xf7ecd4;

export const LIGHT_SQUARE = 0xeeeed2;
export const DARK_SQUARE = 0x769656;
export const WOOD = 0xe2b874;
export const WOOD_LINE = 0x5a3a1a;

/** The colour of a seat's pieces (-1: grey). */
export function pieceFill(game: GameId, seat: number): number {
  return seat < 0 ? GREY_FILL : (SEAT_FILL[game][seat] ?? GREY_FILL);
}

export function css(color: number): string {
  return `#${color.toString(16).padStart(6, "0")}`;
}
