/**
 * Rows as both SQL stores read them back, and how they become the records of `types.ts`. JSON
 * columns hold `JSON.stringify` text: any string a client sent (a name, raw rules) round-trips,
 * control characters included, which PostgreSQL's jsonb would refuse for `\u0000`.
 */
import type { MyTable } from "../../shared/protocol/messages";
import type { StoreLog } from "./status";
import type { ActionRecord, GameRecord, ParkedTable, StoredTable, TableRecord } from "./types";

export interface TableRow {
  readonly id: string;
  readonly options: string;
  readonly seed: number;
  readonly secret: string;
  readonly created_at: number;
  readonly host: string;
}

export interface ActionRow {
  readonly table_id: string;
  readonly version: number;
  readonly at: number;
  readonly action: string;
}

export interface TokenRow {
  readonly table_id: string;
  readonly player: string;
  readonly token_hash: string;
}

export interface GameRow {
  readonly record: string;
}

/**
 * The open tables from their rows: `tables` in the order to return, actions by version. A row
 * that does not read (damaged text) is left out and logged: an action left out leaves a gap
 * in the versions, where the table's replay stops (server/table/restore.ts); a table whose own row
 * does not read is left out of this start and stays stored.
 */
export function assembleTables(
  tables: readonly TableRow[],
  actions: readonly ActionRow[],
  tokens: readonly TokenRow[],
  logger?: StoreLog,
): StoredTable[] {
  const read = (text: string, what: object): unknown => {
    try {
      return JSON.parse(text);
    } catch (err) {
      logger?.error(
        { event: "store/unreadable", ...what, reason: (err as Error).message },
        "store: a stored row does not read; left out",
      );
      return undefined;
    }
  };
  const byId = new Map<string, { actions: ActionRecord[]; tokens: Map<string, string> }>();
  for (const t of tables) byId.set(t.id, { actions: [], tokens: new Map() });
  for (const a of actions) {
    const action = read(a.action, { table: a.table_id, version: a.version });
    if (action !== undefined)
      byId
        .get(a.table_id)
        ?.actions.push({ version: a.version, at: a.at, action: action as ActionRecord["action"] });
  }
  for (const k of tokens) byId.get(k.table_id)?.tokens.set(k.player, k.token_hash);
  const out: StoredTable[] = [];
  for (const t of tables) {
    const found = byId.get(t.id)!;
    const options = read(t.options, { table: t.id });
    if (options === undefined) continue;
    const table: TableRecord = {
      id: t.id,
      options: options as TableRecord["options"],
      seed: t.seed,
      secret: t.secret,
      createdAt: t.created_at,
    };
    found.actions.sort((a, b) => a.version - b.version);
    out.push({ table, actions: found.actions, tokens: found.tokens, host: t.host });
  }
  return out;
}

export const gameFromRow = (row: GameRow | undefined): GameRecord | null =>
  row ? (JSON.parse(row.record) as GameRecord) : null;

/** A parked table's row joined with the seat token asked about. */
export interface ParkedRow {
  readonly parked: string | null;
  readonly player: string;
}

/** The "your tables" entry a parked row keeps for the token's player, or null. */
export function parkedEntryOf(row: ParkedRow | undefined): MyTable | null {
  if (!row?.parked) return null;
  try {
    return (JSON.parse(row.parked) as ParkedTable).entries[row.player] ?? null;
  } catch {
    return null;
  }
}
