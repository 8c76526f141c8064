/**
 * The name of a mate, for the result card (RULES.md §2.4): a double check first, then the two
 * classic cannon mates, told apart by what screens the checking cannon (its own cannon: double
 * cannon; its own horse: horse-cannon), else the piece that gives the mate.
 */
import { ENGLISH_MATES, type MateKind } from "../../core/texts";
import { checkersOf } from "./attacks";
import { CANNON, HORSE, KIND_NAMES, kindOf, pieceCode } from "./board";
import type { Position } from "./position";

export type { MateKind };

export interface MateName {
  readonly kind: MateKind;
  /** Words for the card: "double check mate", "double-cannon mate", "checkmate by chariot". */
  readonly name: string;
}

/**
 * Names the mate of the side to move in `pos` (which must be in check with no legal move; the
 * function only looks at the checks). Null when that side is not in check.
 */
export function nameMate(pos: Position): MateName | null {
  const side = pos.turn;
  const checkers = checkersOf(pos.board, pos.kingSq(side), side);
  const first = checkers[0];
  if (!first) return null;
  if (checkers.length >= 2) return named("double-check");
  if (first.kind === CANNON) {
    const screen = pos.board[first.screen]!;
    if (screen === pieceCode(side ^ 1, CANNON)) return named("double-cannon");
    if (screen === pieceCode(side ^ 1, HORSE)) return named("horse-cannon");
  }
  return named(KIND_NAMES[kindOf(pos.board[first.from]!)] as MateKind);
}

/** A mate's kind with its English words (shared/core/texts.ts), as they read mid-sentence. */
function named(kind: MateKind): MateName {
  return { kind, name: ENGLISH_MATES[kind].toLowerCase() };
}
