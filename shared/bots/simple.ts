/**
 * The simple CPU policy: take the most valuable piece it can, otherwise a random legal move.
 * Game-agnostic (it only reads legal moves and the pieces on the board) and seeded. The real
 * engines replace it behind the same `chooseMove` signature.
 */
import type { Game, MoveInput } from "../games/types";
import { pick, seeded } from "./random";

/** Rough values by piece letter, good enough to prefer a queen or chariot over a pawn. */
const VALUE: Readonly<Record<string, number>> = {
  P: 1,
  N: 3,
  B: 3,
  A: 2,
  E: 2,
  H: 4,
  C: 4,
  R: 5,
  Q: 9,
  K: 50,
};

export function chooseMove(game: Game, seed: number): MoveInput | null {
  const moves = game.legalMoves();
  if (moves.length === 0) return null;
  const random = seeded(seed);
  const seat = game.turn;
  const board = new Map(game.pieces().map((p) => [p.square, p] as const));
  let best: MoveInput[] = [];
  let bestValue = 0;
  for (const m of moves) {
    const target = board.get(m.to);
    const value =
      target && target.seat !== seat ? (target.seat === -1 ? 0.5 : (VALUE[target.kind] ?? 1)) : 0;
    if (value > bestValue) {
      bestValue = value;
      best = [m];
    } else if (value === bestValue && value > 0) best.push(m);
  }
  return pick(best.length > 0 ? best : moves, random) ?? null;
}
