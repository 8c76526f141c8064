/**
 * What this browser remembers: the display name, language, sound setting, and for each table
 * the secret seat token and latest reconnection token. Nothing leaves the device except the
 * tokens, sent back to the table they came from.
 */
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
