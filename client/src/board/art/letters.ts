/**
 * The move list's letters for the corner of a xiangqi piece, drawn as strokes (no font): SVG
 * path data in a box 40 wide and 60 high centred on (0, 0), y pointing down, to be stroked
 * with round ends about 11 units wide.
 */
import type { XiangqiLetter } from "./glyphs";

export const LETTER_HEIGHT = 60;
export const LETTER_LINE = 11;

export const LETTERS: Readonly<Record<XiangqiLetter, string>> = {
  K: "M-16-30V30M17-30L-16 8M-5-4L17 30",
  A: "M-19 30L0-30L19 30M-12 11H12",
  E: "M16-30H-15V30H16M-15 0H11",
  H: "M-17-30V30M17-30V30M-17 0H17",
  R: "M-16 30V-30H2Q18-30 18-13Q18 4 2 4H-16M2 4L18 30",
  C: "M18-19Q12-30 1-30Q-19-30-19 0Q-19 30 1 30Q12 30 18 19",
  P: "M-16 30V-30H2Q18-30 18-13Q18 4 2 4H-16",
};
