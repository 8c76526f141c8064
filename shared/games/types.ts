/** Vocabulary every game shares, so rooms, bots and clients never branch on the game. */

/** A move request: squares in the game's own coordinates (`h2`), promotion letter if any. */
export interface MoveInput {
  readonly from: string;
  readonly to: string;
  readonly promotion?: string;
}

/** How a finished game ended. */
export interface Outcome {
  /** Machine-readable reason, e.g. `checkmate`, `stalemate`, `resignation`, `threefold`. */
  readonly reason: string;
  readonly draw: boolean;
  /** Seats that won (a team in four-player Teams); empty on a draw without places. */
  readonly winners: readonly number[];
  /** Place per seat, 1 = first; seats that share a result share a place. */
  readonly placing: readonly number[];
  /** A sentence for the result card. */
  readonly message: string;
}

/** Something the players should be told that does not change the game (xiangqi repetition). */
export interface Notice {
  readonly code: string;
  readonly message: string;
  /** The seat the notice concerns, if one. */
  readonly seat?: number;
}
