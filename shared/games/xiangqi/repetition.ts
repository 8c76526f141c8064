/**
 * Repetition as RULES.md §2.3 judges it. When the current position occurred before, each
 * earlier occurrence closes a span of moves up to now; a span is a one-sided perpetual check by
 * X when every move X made in it gave check and not every move of the other side did. Counting
 * the current position, the occurrences joined by such spans are X's perpetual-check count:
 * 2 warns X, 3 loses. Any other repetition only counts occurrences (3 or more: a draw may be
 * offered). Only positions with the same side to move can share a key.
 */

/** One entry per position of the game: the start, then the position after each move. */
export interface HistoryEntry {
  /** The position key (placement and side to move). */
  readonly key: string;
  /** Whether the move that produced this position gave check (false for the start). */
  readonly check: boolean;
}

export interface Repetition {
  /** How many times the current position has occurred, counting now (1 = first time). */
  readonly occurrences: number;
  /** The side checking perpetually, one-sided, into this repetition; null if none. */
  readonly checker: number | null;
  /** Occurrences joined by that side's one-sided perpetual check, counting now (0 if none). */
  readonly perpetualCount: number;
}

/**
 * Judges the last entry of `history`. `firstMover` is the side that made the move producing
 * `history[1]` (the side to move in `history[0]`).
 */
export function judgeRepetition(history: readonly HistoryEntry[], firstMover: number): Repetition {
  const n = history.length - 1;
  const key = history[n]?.key;
  const allCheck = [true, true];
  const perpetual = [1, 1];
  let occurrences = 1;
  for (let i = n - 1; i >= 0; i--) {
    const mover = (firstMover + i) & 1; // made the move from history[i] to history[i + 1]
    if (!history[i + 1]!.check) allCheck[mover] = false;
    if (history[i]!.key !== key) continue;
    occurrences++;
    for (const x of [0, 1]) if (allCheck[x] && !allCheck[x ^ 1]) perpetual[x]!++;
  }
  const checker = perpetual[0]! > 1 ? 0 : perpetual[1]! > 1 ? 1 : null;
  return {
    occurrences,
    checker,
    perpetualCount: checker === null ? 0 : perpetual[checker]!,
  };
}
