/** Moves as the rules pages and lessons write them: `b0-d1`, `e7-e8=Q` for a promotion. */
import type { MoveInput } from "../../../shared/games/types";

export function moveOf(text: string): MoveInput {
  const [squares = "", promotion] = text.split("=");
  const [from = "", to = ""] = squares.split("-");
  return promotion ? { from, to, promotion } : { from, to };
}
