/** What every CPU engine takes and returns, whatever the game. */
import type { MoveInput } from "../games/types";

export interface SearchOptions {
  /** fourchess: `easy`, `normal`, `hard`; xiangqi: `beginner`, `medium`, `master`. */
  readonly level: string;
  /** Seeds the engine's noise and tie-breaks: the same seed gives the same move. */
  readonly seed: number;
  /** A time cap in ms on top of the level's node budget; used only with `now`. */
  readonly maxTimeMs?: number;
  /** A clock (performance.now in a worker). Without it only node budgets limit the search. */
  readonly now?: () => number;
  /** Polled every few thousand nodes; returning true abandons the search (a cancelled move). */
  readonly shouldStop?: () => boolean;
}

export interface SearchResult {
  /** The chosen move, or null when there is none (game over) or the search was stopped. */
  readonly move: MoveInput | null;
  readonly nodes: number;
  /** Deepest completed iteration. */
  readonly depth: number;
  /** Score of the move from the mover's side, in centipawns (mates as large values). */
  readonly score: number;
}
