/**
 * The quick-play pools: strangers asking for the same game, format and clock (none, or one of
 * the game's presets, shared/match/clocks.ts) are sent to the same table until it starts. Each
 * pool names its table in presence (shared by every process with Redis); the table keeps a
 * short seat for each address sent to it (`holdSeat`, server/table/seatHolds.ts), so nobody is
 * sent to a table that is full or has started. While every open seat there is kept for someone
 * else, an asker waits for one to be used or to lapse rather than being sent to a new table:
 * one address asking again and again never splits the strangers behind it. Since the pool moves
 * on only from a table that cannot take anyone, an address holds one live seat per pool.
 * Opening the next table is done under a short lock per pool, so two processes asking at the
 * same moment never open two tables for one pool.
 */
import type { Presence } from "@colyseus/core";
import { matchMaker } from "@colyseus/core";
import { refusal } from "../../shared/core/errors";
import type { Format, GameId } from "../../shared/games/catalog";
import { clockPoolName } from "../../shared/match/clocks";
import type { ClockRule } from "../../shared/match/rules";
import { Refused } from "../table/connection";
import type { HoldAnswer } from "../table/seatHolds";

/** Hash of each pool's current table id. */
const TABLES_KEY = "quickplay_tables";
/** Hash of each pool's lock while a table is opened for it. */
const LOCKS_KEY = "quickplay_locks";
/** A lock left by a process that died is gone after this long. */
const LOCK_SECONDS = 10;
/**
 * How long a request tries before it gives up (tables being opened elsewhere meanwhile, or every
 * seat kept for someone else: longer than a hold lasts, server/table/table.ts HOLD_MS).
 */
const TRY_FOR_MS = 8000;

export interface QuickAsk {
  readonly game: GameId;
  /** "teams" or "individual" in four-player chess, "" in xiangqi. */
  readonly format: Format | "";
  /** No clock, or one of the game's presets: the table's house rule. */
  readonly clock: ClockRule | null;
  /** A rated game: the asker's rating in the game's pool; null for a casual one. */
  readonly rating: number | null;
}

/** Strangers are paired only within one pool: one game, one format, one clock, rated or not. */
export const poolOf = (ask: QuickAsk): string =>
  `${ask.game}/${ask.format}/${clockPoolName(ask.game, ask.clock)}${ask.rating === null ? "" : "/rated"}`;

/** How many waiting tables a rated pool keeps track of: one per band of strength, roughly. */
const RATED_TABLES = 12;

export interface QuickTable {
  readonly roomId: string;
  readonly created: boolean;
  /** A seat is kept there for the asker (false: it let one lapse there, and goes as anyone). */
  readonly held: boolean;
}

/** A seat at the pool's table for `address`, opening one if it has none to send anyone to. */
export async function quickTable(
  presence: Presence,
  roomName: string,
  ask: QuickAsk,
  address: string,
): Promise<QuickTable> {
  const pool = poolOf(ask);
  if (ask.rating !== null) return ratedTable(presence, roomName, ask, ask.rating, address, pool);
  const until = Date.now() + TRY_FOR_MS;
  for (let attempt = 0; Date.now() < until; attempt++) {
    const current = await presence.hget(TABLES_KEY, pool);
    const answer = current ? await holdSeat(current, address) : "closed";
    if (current && sent(answer))
      return { roomId: current, created: false, held: answer === "kept" };
    // Busy: the kept seats are used or lapse within seconds; asking again is all there is to do.
    if (answer === "closed" && (await presence.hincrbyex(LOCKS_KEY, pool, 1, LOCK_SECONDS)) === 1) {
      try {
        // Another request may have opened the next table between the look and the lock.
        const now = await presence.hget(TABLES_KEY, pool);
        const there = now && now !== current ? await holdSeat(now, address) : "closed";
        if (now && sent(there)) return { roomId: now, created: false, held: there === "kept" };
        if (there === "closed") {
          const room = await matchMaker.createRoom(roomName, {
            game: ask.game,
            format: ask.format || "teams",
            mode: "quick",
            rules: { clock: ask.clock },
          });
          const held = (await holdSeat(room.roomId, address)) === "kept";
          await presence.hset(TABLES_KEY, pool, room.roomId);
          return { roomId: room.roomId, created: true, held };
        }
      } finally {
        await presence.hdel(LOCKS_KEY, pool);
      }
    }
    await new Promise((r) => setTimeout(r, Math.min(200, 20 + attempt * 20)));
  }
  throw new Refused(refusal("server/unavailable"));
}

/**
 * A seat at a rated pool's table: the pool keeps several waiting tables, and the asker goes to
 * the one nearest their rating that takes them (a table takes people near its own people's
 * rating at first, anyone after a while: Table.holdSeat). None takes them: a new table opens
 * for them, which the nearest askers after them join. Rated tables never fill seats with CPUs.
 */
async function ratedTable(
  presence: Presence,
  roomName: string,
  ask: QuickAsk,
  rating: number,
  address: string,
  pool: string,
): Promise<QuickTable> {
  const until = Date.now() + TRY_FOR_MS;
  for (let attempt = 0; Date.now() < until; attempt++) {
    const tables = parseTables(await presence.hget(TABLES_KEY, pool));
    const nearest = [...tables].sort((a, b) => Math.abs(a.r - rating) - Math.abs(b.r - rating));
    let busy = false;
    const gone = new Set<string>();
    for (const t of nearest) {
      const answer = await holdSeat(t.id, address, rating);
      if (sent(answer)) return { roomId: t.id, created: false, held: answer === "kept" };
      if (answer === "busy") busy = true;
      if (answer === "closed") gone.add(t.id);
    }
    if (!busy && (await presence.hincrbyex(LOCKS_KEY, pool, 1, LOCK_SECONDS)) === 1) {
      try {
        const room = await matchMaker.createRoom(roomName, {
          game: ask.game,
          format: ask.format || "teams",
          mode: "quick",
          rules: { clock: ask.clock, rated: true },
        });
        const held = (await holdSeat(room.roomId, address, rating)) === "kept";
        const now = parseTables(await presence.hget(TABLES_KEY, pool)).filter(
          (t) => !gone.has(t.id),
        );
        const kept = [...now, { id: room.roomId, r: Math.round(rating) }].slice(-RATED_TABLES);
        await presence.hset(TABLES_KEY, pool, JSON.stringify(kept));
        return { roomId: room.roomId, created: true, held };
      } finally {
        await presence.hdel(LOCKS_KEY, pool);
      }
    }
    await new Promise((r) => setTimeout(r, Math.min(200, 20 + attempt * 20)));
  }
  throw new Refused(refusal("server/unavailable"));
}

/** A rated pool's waiting tables as presence keeps them: `[{ id, r }]`, r the opener's rating. */
function parseTables(raw: unknown): { id: string; r: number }[] {
  if (typeof raw !== "string") return [];
  try {
    const list: unknown = JSON.parse(raw);
    return Array.isArray(list)
      ? list.filter(
          (t): t is { id: string; r: number } =>
            typeof t?.id === "string" && typeof t?.r === "number",
        )
      : [];
  } catch {
    return [];
  }
}

/** The asker goes to the table answering this. */
const sent = (answer: HoldAnswer) => answer === "kept" || answer === "open";

/** Asks a table (in whichever process) to keep a seat for an address; "closed" when it is gone. */
async function holdSeat(
  roomId: string,
  address: string,
  rating: number | null = null,
): Promise<HoldAnswer> {
  try {
    // A table everyone left is gone: asking it would wait for the remote call's timeout (2 s).
    if (!(await matchMaker.getRoomById(roomId))) return "closed";
    const answer = await matchMaker.remoteRoomCall<HoldAnswer>(roomId, "holdSeat", [
      address,
      rating,
    ]);
    return answer === "kept" || answer === "open" || answer === "busy" || answer === "far"
      ? answer
      : "closed";
  } catch {
    return "closed";
  }
}
