/**
 * The player API's answers (`GET /api/players/<id>`, `GET /api/leaderboard/<pool>`), as the
 * server writes them (server/http/players.ts) and the client reads them (client/src/net/players.ts).
 */

/** A pool's rating as of now (aged by the days without a rated game). */
export interface RatingView {
  readonly rating: number;
  /** Rating deviation (Glicko scale). */
  readonly rd: number;
  readonly volatility: number;
  readonly games: number;
  /** RD above PROVISIONAL_RD: shown with "?". */
  readonly provisional: boolean;
}

/** One row of a pool's leaderboard. */
export interface LeaderRow {
  readonly id: string;
  readonly name: string;
  readonly rating: number;
  readonly rd: number;
  readonly games: number;
}
