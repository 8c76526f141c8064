/**
 * The player API as the player pages and the lobby's "You" section read it (server/http/players.ts):
 * a player's ratings, history and recent games, and a pool's leaderboard. Every answer is public.
 */
import type { LeaderRow, RatingView } from "../../../shared/protocol/players";
import type { Pool } from "../../../shared/rating/types";

export type { LeaderRow, RatingView as PoolRating };

/** One rated game in a player's history, newest first. */
export interface HistoryPoint {
  readonly pool: Pool;
  /** The game's archive id (`/g/<id>`). */
  readonly game: string;
  /** When it ended (ms). */
  readonly at: number;
  readonly before: number;
  readonly after: number;
}

export interface PlayerView {
  readonly id: string;
  readonly name: string;
  readonly ratings: Readonly<Record<Pool, RatingView>>;
  /** Newest first, every pool. */
  readonly history: readonly HistoryPoint[];
  readonly recent: readonly HistoryPoint[];
}

/** Why a read failed: the player or pool is not there, or the server did not answer. */
export class ReadFailed extends Error {
  constructor(
    readonly missing: boolean,
    message: string,
  ) {
    super(message);
  }
}

async function read<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new ReadFailed(res.status === 404, `HTTP ${res.status}`);
  return (await res.json()) as T;
}

/** A player's ratings and rated games. */
export const fetchPlayer = (id: string) =>
  read<PlayerView>(`/api/players/${encodeURIComponent(id)}`);

/** A pool's leaderboard, the highest rating first. */
export const fetchLeaderboard = (pool: Pool) =>
  read<{ players: LeaderRow[] }>(`/api/leaderboard/${pool}`).then((r) => r.players);
