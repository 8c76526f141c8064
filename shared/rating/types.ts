/**
 * Ratings without an account: a player is a public id and a secret key the device holds. Each
 * player has one Glicko-2 rating per pool; a rated game is one rating period (docs/rules.md).
 */
import type { Format, GameId } from "../games/catalog";

/** One rating per pool: xiangqi, four-player chess Teams, four-player chess Individual. */
export const POOLS = ["xiangqi", "teams", "individual"] as const;
export type Pool = (typeof POOLS)[number];

export const isPool = (x: unknown): x is Pool => POOLS.includes(x as Pool);

/** The pool a game of `game` in `format` is rated in. */
export const poolOf = (game: GameId, format: Format): Pool =>
  game === "xiangqi" ? "xiangqi" : format;

/** A player's rating in one pool, as the store keeps it. */
export interface Rating {
  /** Glicko scale (1500 at the start). */
  readonly rating: number;
  /** Rating deviation, Glicko scale (350 at the start, never below 45). */
  readonly rd: number;
  readonly volatility: number;
  /** Rated games played in the pool. */
  readonly games: number;
  /** When the last rated game in the pool ended (ms since the epoch); 0: never. */
  readonly at: number;
}

/** A rating is provisional (shown with "?") while its deviation is above this. */
export const PROVISIONAL_RD = 110;

/** The shape of a public player id: 12 base64url characters. */
export const PLAYER_ID = /^[A-Za-z0-9_-]{12}$/;
/** The shape of a player key: 32 base64url characters (192 random bits). */
export const PLAYER_KEY = /^[A-Za-z0-9_-]{32}$/;

/**
 * What a table hands the store when a rated game ends: the pool, each seat's player (public
 * id), and each seat's result. `results[i]`: in xiangqi and Teams the seat's score against the
 * other side (1 win, 0.5 draw, 0 loss); in Individual the seat's final place (1 to 4, tied
 * places equal). A person who was not at the table at the end already scores a loss (0, or
 * place 4) here.
 */
export interface RatedGame {
  readonly pool: Pool;
  readonly players: readonly string[];
  readonly results: readonly number[];
}

/** One seat's rating before and after a rated game (rounded to whole points on display only). */
export interface RatingChange {
  readonly before: number;
  readonly after: number;
  /** Deviation after the game. */
  readonly rd: number;
}
