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
  return judge(
    n,
    (i) => history[i]!.key === key,
    (i) => history[i]!.check,
    firstMover,
  );
}

/**
 * The judgement itself, over positions 0…`n` (`n` the current one): `sameAsNow(i)` tells
 * whether position `i` has the current one's key, `gaveCheck(i)` whether the move that
 * produced position `i` gave check.
 */
function judge(
  n: number,
  sameAsNow: (i: number) => boolean,
  gaveCheck: (i: number) => boolean,
  firstMover: number,
): Repetition {
  const allCheck = [true, true];
  const perpetual = [1, 1];
  let occurrences = 1;
  for (let i = n - 1; i >= 0; i--) {
    const mover = (firstMover + i) & 1; // made the move from position i to position i + 1
    if (!gaveCheck(i + 1)) allCheck[mover] = false;
    if (!sameAsNow(i)) continue;
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

/** Numbers kept per position: the key's two 32-bit halves, and 1 if the move gave check. */
const STRIDE = 3;

/** The numbers of every position, shared by the versions of one game (see `PositionHistory`). */
interface Shared {
  words: Int32Array;
  /** Positions written, those of the longest version. */
  used: number;
}

/**
 * A game's positions as repetition needs them, as numbers: each position's Zobrist key (two
 * 32-bit halves, the `Position`'s `hashLo` and `hashHi`) and whether the move that produced it
 * gave check. A game is an immutable value and each move makes a new one; the history of a game
 * and that of the game a move later share one buffer, the later one being a longer view of it:
 * appending to the longest version writes in place, appending to a shorter one (a game played
 * on from an earlier version) copies its positions to a buffer of its own first.
 */
export class PositionHistory {
  private constructor(
    private readonly shared: Shared,
    /** Positions in this version, the start included. */
    readonly length: number,
  ) {}

  /** The history of a game that starts at a position with this key. */
  static start(lo: number, hi: number): PositionHistory {
    const shared: Shared = { words: new Int32Array(64 * STRIDE), used: 0 };
    return new PositionHistory(shared, 0).with(lo, hi, false);
  }

  /** The history of its first position alone, in a buffer of its own. */
  first(): PositionHistory {
    return PositionHistory.start(this.shared.words[0]!, this.shared.words[1]!);
  }

  /** This history and one position more: its key, and whether the move to it gave check. */
  with(lo: number, hi: number, check: boolean): PositionHistory {
    const n = this.length;
    let shared = this.shared;
    if (shared.used !== n) {
      // Another version went on from here already: this one branches off with a copy.
      const words = new Int32Array(Math.max(64, 2 * n) * STRIDE);
      words.set(shared.words.subarray(0, n * STRIDE));
      shared = { words, used: n };
    } else if ((n + 1) * STRIDE > shared.words.length) {
      const words = new Int32Array(shared.words.length * 2);
      words.set(shared.words);
      shared.words = words;
    }
    const at = n * STRIDE;
    shared.words[at] = lo;
    shared.words[at + 1] = hi;
    shared.words[at + 2] = check ? 1 : 0;
    shared.used = n + 1;
    return new PositionHistory(shared, n + 1);
  }

  /** Judges the last position (see `judgeRepetition`). */
  judge(firstMover: number): Repetition {
    const w = this.shared.words;
    const n = this.length - 1;
    const lo = w[n * STRIDE];
    const hi = w[n * STRIDE + 1];
    return judge(
      n,
      (i) => w[i * STRIDE] === lo && w[i * STRIDE + 1] === hi,
      (i) => w[i * STRIDE + 2] === 1,
      firstMover,
    );
  }
}
