/**
 * For each table this device sat at in the last week: the secret seat token that reclaims the
 * seat and the latest reconnection token.
 */
import { readItem, writeItem } from "./storage";

const WEEK = 7 * 24 * 3600 * 1000;

export interface TableMemory {
  seatToken?: string;
  reconnectionToken?: string;
  updated: number;
}

function readTables(): Record<string, TableMemory> {
  try {
    const raw = JSON.parse(readItem("tables") ?? "{}") as Record<string, TableMemory>;
    const now = Date.now();
    return Object.fromEntries(Object.entries(raw).filter(([, t]) => now - (t.updated ?? 0) < WEEK));
  } catch {
    return {};
  }
}

export function rememberTable(tableId: string, patch: Partial<TableMemory>): void {
  const all = readTables();
  all[tableId] = { ...all[tableId], ...patch, updated: Date.now() };
  writeItem("tables", JSON.stringify(all));
}

export function recallTable(tableId: string): TableMemory | null {
  return readTables()[tableId] ?? null;
}

export function forgetTable(tableId: string): void {
  const all = readTables();
  delete all[tableId];
  writeItem("tables", JSON.stringify(all));
}

/** Tables this device holds a seat at, newest first (at most 20), for the lobby to look up. */
export function rememberedTables(): { id: string; seatToken: string }[] {
  return Object.entries(readTables())
    .filter(([, t]) => typeof t.seatToken === "string")
    .sort(([, a], [, b]) => b.updated - a.updated)
    .slice(0, 20)
    .map(([id, t]) => ({ id, seatToken: t.seatToken! }));
}
