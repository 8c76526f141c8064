/**
 * Erasure at a live table (`POST /api/erase`): the person's name leaves the match as it stands,
 * their moves stay (they are the other players' games too). The store rewrites what it keeps
 * of the table alike, so a table brought back by replaying its actions is named the same.
 */
import type { Match } from "../../shared/match/match";
import { ERASED_NAME } from "../../shared/protocol/erased";

/** Who asks to be erased: by the hash of a seat token, or by a player's public id. */
export interface ErasedPerson {
  readonly tokenHash?: string;
  readonly playerId?: string;
}

/**
 * The match with the player's seats, and the names the current game began with for them, set
 * to ERASED_NAME; the very same match when none was theirs. Not an action: nothing else
 * changes, the version included.
 */
export function withNameErased(m: Match, player: string): Match {
  const theirs = (i: number) => m.seats[i]?.player === player || m.ids[i] === player;
  if (!m.seats.some((_, i) => theirs(i))) return m;
  return {
    ...m,
    seats: m.seats.map((s) => (s.player === player ? { ...s, name: ERASED_NAME } : s)),
    players: m.players.map((name, i) => (m.ids[i] === player ? ERASED_NAME : name)),
  };
}
