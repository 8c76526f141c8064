/**
 * Parked tables: a table nobody is at (every connection dropped, nobody left on purpose) is
 * kept in the store rather than in a room — no timer, no CPU, no memory beyond its rows — and
 * comes back in place on the first join by its code or a seat token. One kept too long ends by
 * the abandoned rule, and its game goes to the archive. These are the pure parts: what a parked
 * table shows the lobby, and how a game nobody came back to ends.
 */
import { type Match, reduce } from "../../shared/match/match";
import type { Mode } from "../../shared/protocol/messages";
import { addressKeys } from "../edge/addressKey";
import type { GameRecord, ParkedTable, StoredTable } from "../store/types";
import { archiveOf, gameIdOf } from "./archive";
import { seatSummary } from "./listing";
import { replayActions } from "./restore";

/** How long parked tables are kept, and how many one address may have parked at once. */
export interface ParkingRules {
  /** A table with a move in its current game is kept this long (`TABLE_KEEP_DAYS`), ms. */
  readonly keepMs: number;
  /** A table with no move yet (people setting up, an invitation) is kept this long, ms. */
  readonly emptyKeepMs: number;
  /**
   * Tables parked at once per address that opened them (`PARKED_PER_ADDRESS`); past it a table
   * nobody is at closes as when everyone left, its game archived. 0: no bound.
   */
  readonly perAddress: number;
}

/** A table with no move yet is kept an hour: enough for an invitation, cheap to flood. */
export const EMPTY_KEEP_MS = 60 * 60_000;

/**
 * The key parked tables are counted under for an address: a keyed hash whose key changes daily
 * (edge/addressKey.ts), so the store keeps no address ("" when unknown: not counted).
 */
export function addressKey(address: string): string {
  return addressKeys.key("parked", address);
}

/** The keys the address's tables may still be parked under: one per day of the keeping time. */
export function addressKeysOf(address: string): string[] {
  return addressKeys.keys("parked", address);
}

/** Whether a table whose room goes is parked rather than closed: people hold seats in a game to come. */
export function parks(m: Match): boolean {
  return m.phase !== "finished" && m.seats.some((s) => s.kind === "human");
}

/** What a parked table keeps for the lobby: each seated player's "your tables" entry. */
export function parkedOf(
  m: Match,
  table: { readonly id: string; readonly private: boolean; readonly mode: Mode },
  at: number,
  rules: ParkingRules,
  by: string,
): ParkedTable {
  const entries: Record<string, NonNullable<ReturnType<typeof seatSummary>>> = {};
  for (const s of m.seats) {
    if (s.kind !== "human" || !s.player || entries[s.player]) continue;
    const entry = seatSummary(m, s.player, table);
    if (entry) entries[s.player] = entry;
  }
  const until = at + (m.log.length > 0 ? rules.keepMs : Math.min(rules.keepMs, rules.emptyKeepMs));
  return { at, until, by, entries };
}

/**
 * The game as it ends when nobody comes back to it: the people still seated leave it (their
 * seats named as left, played out by nobody), and it ends by the abandoned rule. The match as it
 * was when it has no game in play.
 */
export function concluded(m: Match, now: number): Match {
  if (m.phase !== "playing") return m;
  let at: Match = m;
  for (const player of new Set(
    m.seats.flatMap((s) => (s.kind === "human" && s.player ? [s.player] : [])),
  )) {
    const r = reduce(at, { type: "leave", player }, now);
    if (r.ok) at = r.value;
  }
  if (at.phase !== "playing") return at;
  const r = reduce(at, { type: "abandon" }, now);
  return r.ok ? r.value : at;
}

/**
 * The archive record of a table's game that ends with the table (kept too long, or closed with
 * a game in play): null when there is none to keep (no game, not a move, or already archived).
 */
export function lastGameOf(
  before: Match,
  after: Match,
  table: {
    readonly id: string;
    readonly secret: string;
    readonly private: boolean;
    /** A player's seat-token hash (kept beside the archived game for erasure). */
    readonly tokenOf?: (player: string) => string | null;
  },
  times: readonly number[],
  now: number,
): GameRecord | null {
  // A game finished earlier was archived when it finished.
  if (before.phase !== "playing" || after.phase !== "finished" || after.log.length === 0)
    return null;
  return archiveOf(after, {
    id: gameIdOf(table.secret, after.gameNumber),
    tableId: table.id,
    private: table.private,
    times,
    now,
    ...(table.tokenOf ? { tokenOf: table.tokenOf } : {}),
  });
}

/** A stored table brought to its end as if kept too long: its last game's record, or null. */
export function expiredGameOf(stored: StoredTable, start: Match, now: number): GameRecord | null {
  const back = replayActions(start, stored.actions);
  const ended = concluded(back.match, now);
  return lastGameOf(
    back.match,
    ended,
    {
      id: stored.table.id,
      secret: stored.table.secret,
      private: stored.table.options.private,
      tokenOf: (player) => stored.tokens.get(player) ?? null,
    },
    back.times,
    now,
  );
}
