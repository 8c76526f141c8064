/**
 * The quick-play pools: strangers asking for the same game, format and clock (none, or one of
 * the game's presets, shared/match/clocks.ts) are sent to the same table until it starts. Each pool names its table in presence (shared by every process with
 * Redis); a table keeps a seat for each person sent to it (`holdSeat`), so nobody is sent to a
 * table that is full or has started. Opening the next table is done under a short lock per
 * pool, so two processes asking at the same moment never open two tables for one pool.
 */
import type { Presence } from "@colyseus/core";
import { matchMaker } from "@colyseus/core";
import { refusal } from "../../shared/core/errors";
import type { Format, GameId } from "../../shared/games/catalog";
import { clockPoolName } from "../../shared/match/clocks";
import type { ClockRule } from "../../shared/match/rules";
import { Refused } from "../table/connection";

/** Hash of each pool's current table id. */
const TABLES_KEY = "quickplay_tables";
/** Hash of each pool's lock while a table is opened for it. */
const LOCKS_KEY = "quickplay_locks";
/** A lock left by a process that died is gone after this long. */
const LOCK_SECONDS = 10;
/** How long a request tries before it gives up (tables being opened elsewhere meanwhile). */
const TRY_FOR_MS = 8000;

export interface QuickAsk {
  readonly game: GameId;
  /** "teams" or "individual" in four-player chess, "" in xiangqi. */
  readonly format: Format | "";
  /** No clock, or one of the game's presets: the table's house rule. */
  readonly clock: ClockRule | null;
}

/** Strangers are paired only within one pool: one game, one format, one clock. */
export const poolOf = (ask: QuickAsk): string =>
  `${ask.game}/${ask.format}/${clockPoolName(ask.game, ask.clock)}`;

export interface QuickTable {
  readonly roomId: string;
  readonly created: boolean;
}

/** A seat at the pool's table, opening one if it has none with a seat free. */
export async function quickTable(
  presence: Presence,
  roomName: string,
  ask: QuickAsk,
): Promise<QuickTable> {
  const pool = poolOf(ask);
  const until = Date.now() + TRY_FOR_MS;
  for (let attempt = 0; Date.now() < until; attempt++) {
    const current = await presence.hget(TABLES_KEY, pool);
    if (current && (await holdSeat(current))) return { roomId: current, created: false };
    if ((await presence.hincrbyex(LOCKS_KEY, pool, 1, LOCK_SECONDS)) === 1) {
      try {
        // Another request may have opened the next table between the look and the lock.
        const now = await presence.hget(TABLES_KEY, pool);
        if (now && now !== current && (await holdSeat(now))) return { roomId: now, created: false };
        const room = await matchMaker.createRoom(roomName, {
          game: ask.game,
          format: ask.format || "teams",
          mode: "quick",
          rules: { clock: ask.clock },
        });
        await holdSeat(room.roomId);
        await presence.hset(TABLES_KEY, pool, room.roomId);
        return { roomId: room.roomId, created: true };
      } finally {
        await presence.hdel(LOCKS_KEY, pool);
      }
    }
    await new Promise((r) => setTimeout(r, Math.min(200, 20 + attempt * 20)));
  }
  throw new Refused(refusal("server/unavailable"));
}

/** Asks a table (in whichever process) to keep a seat; false when it cannot or is gone. */
async function holdSeat(roomId: string): Promise<boolean> {
  try {
    return (await matchMaker.remoteRoomCall<boolean>(roomId, "holdSeat", [])) === true;
  } catch {
    return false;
  }
}
