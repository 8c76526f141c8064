/**
 * What this browser remembers: the display name, language, sound setting, for each table the
 * secret seat token and latest reconnection token, and the finished games it played or watched.
 * Nothing leaves the device except the tokens, sent back to the table they came from.
 */
import { type Format, type GameId, isGameId } from "../../../shared/games/catalog";

const PREFIX = "crossboard.";
const TABLES = `${PREFIX}tables`;
const WEEK = 7 * 24 * 3600 * 1000;

export interface TableMemory {
  seatToken?: string;
  reconnectionToken?: string;
  updated: number;
}

function store(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function getSetting(key: string): string | null {
  return store()?.getItem(PREFIX + key) ?? null;
}

export function setSetting(key: string, value: string): void {
  try {
    store()?.setItem(PREFIX + key, value);
  } catch {
    // Storage full or blocked: the setting lasts for this page only.
  }
}

function readTables(): Record<string, TableMemory> {
  try {
    const raw = JSON.parse(store()?.getItem(TABLES) ?? "{}") as Record<string, TableMemory>;
    const now = Date.now();
    return Object.fromEntries(Object.entries(raw).filter(([, t]) => now - (t.updated ?? 0) < WEEK));
  } catch {
    return {};
  }
}

export function rememberTable(tableId: string, patch: Partial<TableMemory>): void {
  const all = readTables();
  all[tableId] = { ...all[tableId], ...patch, updated: Date.now() };
  try {
    store()?.setItem(TABLES, JSON.stringify(all));
  } catch {
    // See setSetting.
  }
}

export function recallTable(tableId: string): TableMemory | null {
  return readTables()[tableId] ?? null;
}

export function forgetTable(tableId: string): void {
  const all = readTables();
  delete all[tableId];
  try {
    store()?.setItem(TABLES, JSON.stringify(all));
  } catch {
    // See setSetting.
  }
}

/** Tables this device holds a seat at, newest first (at most 20), for the lobby to look up. */
export function rememberedTables(): { id: string; seatToken: string }[] {
  return Object.entries(readTables())
    .filter(([, t]) => typeof t.seatToken === "string")
    .sort(([, a], [, b]) => b.updated - a.updated)
    .slice(0, 20)
    .map(([id, t]) => ({ id, seatToken: t.seatToken! }));
}

const GAMES_KEY = `${PREFIX}games`;
/** How many finished games the lobby lists. */
export const RECENT_MAX = 20;

/** A finished game this device played or watched to the end, for the lobby's list. */
export interface RecentGame {
  /** The archive id: the game is at `/g/<id>`. */
  readonly id: string;
  readonly game: GameId;
  readonly format: Format;
  /** When this device saw it end (ms since the epoch). */
  readonly finishedAt: number;
  /** The result as the server worded it. */
  readonly message: string;
  /** The seats this device played (none when it watched; two at a hot-seat table). */
  readonly seats: readonly number[];
}

/** `list` with `game` in front, at most `max` long; a game already listed stays as it is. */
export function withRecent(
  list: readonly RecentGame[],
  game: RecentGame,
  max = RECENT_MAX,
): RecentGame[] {
  if (list.some((g) => g.id === game.id)) return [...list];
  return [game, ...list].slice(0, max);
}

function isRecent(x: unknown): x is RecentGame {
  const g = x as Partial<RecentGame> | null;
  return (
    typeof g?.id === "string" &&
    isGameId(g.game) &&
    typeof g.finishedAt === "number" &&
    typeof g.message === "string" &&
    Array.isArray(g.seats)
  );
}

/** The finished games remembered, newest first. */
export function recentGames(): RecentGame[] {
  try {
    const raw: unknown = JSON.parse(store()?.getItem(GAMES_KEY) ?? "[]");
    return Array.isArray(raw) ? raw.filter(isRecent).slice(0, RECENT_MAX) : [];
  } catch {
    return [];
  }
}

export function rememberGame(game: RecentGame): void {
  try {
    store()?.setItem(GAMES_KEY, JSON.stringify(withRecent(recentGames(), game)));
  } catch {
    // See setSetting.
  }
}
