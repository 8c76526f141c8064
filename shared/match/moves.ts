/**
 * One copy of each move the logs hold, shared by every table of the process. A log keeps its
 * entries' moves for the whole game, and a move as the protocol decodes it is an object and two
 * strings of its own (about 90 bytes an entry); equal moves are one frozen object instead. Only
 * moves a game accepted come here, so there are as many as the pieces' moves between squares
 * (a few thousand at most), whatever clients send.
 */
import type { MoveInput } from "../games/types";

const known = new Map<string, MoveInput>();

/** The shared move equal to `move` (the same fields and values). */
export function sharedMove(move: MoveInput): MoveInput {
  const { from, to, promotion } = move;
  const key = promotion === undefined ? `${from}-${to}` : `${from}-${to}=${promotion}`;
  let found = known.get(key);
  if (!found) {
    found = Object.freeze(promotion === undefined ? { from, to } : { from, to, promotion });
    known.set(key, found);
  }
  return found;
}
