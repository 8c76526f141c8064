/**
 * What a table tells the outside: the metadata of its matchmaking listing (public tables only),
 * and what a seat token's holder may learn of it from the lobby.
 */
import { type Match, seatsOf } from "../../shared/match/match";
import type { Mode, MyTable } from "../../shared/protocol/messages";
import type { TableListing } from "../../shared/protocol/views";

/** The listing's metadata, read back by the HTTP list of public tables. */
export type ListingMetadata = Omit<TableListing, "id">;

export function listingOf(
  m: Match,
  spectators: number,
  mode: Mode,
  rating: (player: string | null) => { rating: number; provisional: boolean } | null = () => null,
): ListingMetadata {
  return {
    game: m.gameId,
    mode,
    format: formatOf(m),
    phase: m.phase,
    seats: m.seats.length,
    taken: m.seats.filter((s) => s.kind === "human").length,
    spectators,
    clock: m.rules.clock,
    rated: m.rules.rated,
    people: m.seats.flatMap((s) =>
      s.kind === "human"
        ? [{ name: s.name, rating: 0, provisional: false, ...rating(s.player) }]
        : [],
    ),
  };
}

/**
 * The lobby's "your tables" entry for a player of this table: null unless they hold a seat and
 * a game is waiting or being played.
 */
export function seatSummary(
  m: Match,
  player: string | undefined,
  table: { readonly id: string; readonly private: boolean; readonly mode: Mode },
): MyTable | null {
  const seats = player ? seatsOf(m, player) : [];
  if (seats.length === 0 || m.phase === "finished") return null;
  return {
    id: table.id,
    game: m.gameId,
    mode: table.mode,
    format: formatOf(m),
    phase: m.phase,
    seats,
    moves: m.log.length,
    turn: m.phase === "playing" ? m.game.turn : -1,
    private: table.private,
  };
}

function formatOf(m: Match): TableListing["format"] {
  return m.gameId === "fourchess" ? m.rules.format : "";
}
