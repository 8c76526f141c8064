/**
 * Which seat reservations a table takes. A reservation is what the matchmaking call (`POST
 * /matchmake/joinById/<id>`) makes: a place kept for a WebSocket that should follow within
 * RESERVATION_SECONDS. Colyseus counts reservations and connections against one `maxClients`
 * and locks the table when they reach it, so reservations nobody uses would shut out a player
 * coming back to their seat. A table decides here instead, with three kinds of join that never
 * compete for room:
 * - `holder`: a seat token of this table. Always taken; bounded only per player, by a number of
 *   unused reservations no client reaches.
 * - `sitter`: a newcomer who may take an open seat before the start; as many waiting as there
 *   are open seats, the others wait as spectators.
 * - `spectator`: connected spectators and waiting spectator reservations together stay within
 *   `maxSpectators`.
 * Every reservation but a holder's counts against the address that made it.
 */
import { err, ok, type Result } from "../../shared/core/result";
import type { Match } from "../../shared/match/match";
import type { JoinOptions } from "../../shared/protocol/messages";
import type { Refusal } from "./connection";

/**
 * How long a reservation waits for its WebSocket (Colyseus' default). After a restart thousands
 * come back at once, and a busy server takes a WebSocket seconds after it answered the call:
 * at 8 s, the places of 1 012 of 10 000 people coming back expired under them in one run
 * (docs/performance.md, "Restart at scale").
 */
export const RESERVATION_SECONDS = 15;
/** Unused reservations one address may hold at one table at a time. */
export const PENDING_PER_ADDRESS = 8;
/** Unused reservations one seat token may hold at a time. */
export const PENDING_PER_PLAYER = 8;

export type JoinKind = "holder" | "sitter" | "spectator";

/** What a table remembers of a reservation it took (Colyseus keeps it as the auth data). */
export interface Pending {
  readonly kind: JoinKind;
  /** The address the reservation came from ("" when not made over HTTP). */
  readonly address: string;
  /** The seat token's player, for a holder ("" otherwise). */
  readonly player: string;
}

export interface TableNow {
  readonly match: Match;
  /** Connections holding no seat. */
  readonly watching: number;
  readonly maxSpectators: number;
  /** The player a seat token belongs to at this table. */
  readonly playerOf: (token: string) => string | undefined;
}

const PENDING_REFUSAL: Refusal = {
  code: "table/joins-pending",
  message:
    "Too many joins to this table from this address are waiting; try again in a few seconds.",
};

const FULL: Refusal = {
  code: "table/full",
  message: "This table has as many spectators as it can take.",
};

/**
 * Takes or refuses a reservation for a join with these options from `address`, given the
 * table's unused reservations: the reservation to keep, or why not.
 */
export function admit(
  opts: JoinOptions,
  address: string,
  pending: readonly Pending[],
  now: TableNow,
): Result<Pending, Refusal> {
  const player = opts.seatToken ? now.playerOf(opts.seatToken) : undefined;
  if (player) {
    const mine = pending.filter((p) => p.kind === "holder" && p.player === player).length;
    return mine < PENDING_PER_PLAYER
      ? ok({ kind: "holder", address, player })
      : err(PENDING_REFUSAL);
  }
  let sitters = 0;
  let spectators = 0;
  let fromHere = 0;
  for (const p of pending) {
    if (p.kind === "holder") continue;
    if (p.kind === "sitter") sitters++;
    else spectators++;
    if (p.address === address) fromHere++;
  }
  if (fromHere >= PENDING_PER_ADDRESS) return err(PENDING_REFUSAL);
  const m = now.match;
  const open = m.phase === "waiting" ? m.seats.filter((s) => s.kind === "open").length : 0;
  if (!opts.spectate && !opts.seatToken && sitters < open)
    return ok({ kind: "sitter", address, player: "" });
  if (now.watching + spectators >= now.maxSpectators) return err(FULL);
  return ok({ kind: "spectator", address, player: "" });
}
