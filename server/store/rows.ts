/**
 * Rows as both SQL stores read them back, and how they become the records of `types.ts`. JSON
 * columns hold `JSON.stringify` text: any string a client sent (a name, raw rules) round-trips,
 * control characters included, which PostgreSQL's jsonb would refuse for `\u0000`.
 */
import type { ActionRecord, GameRecord, StoredTable, TableRecord } from "./types";

/** Where a store reports the writes it could not make (pino's logger fits). */
export interface StoreLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

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

/** The open tables from their rows: `tables` in the order to return, actions by version. */
export function assembleTables(
  tables: readonly TableRow[],
  actions: readonly ActionRow[],
  tokens: readonly TokenRow[],
): StoredTable[] {
  const byId = new Map<string, { actions: ActionRecord[]; tokens: Map<string, string> }>();
  for (const t of tables) byId.set(t.id, { actions: [], tokens: new Map() });
  for (const a of actions) {
    byId
      .get(a.table_id)
      ?.actions.push({ version: a.version, at: a.at, action: JSON.parse(a.action) });
  }
  for (const k of tokens) byId.get(k.table_id)?.tokens.set(k.player, k.token_hash);
  return tables.map((t) => {
    const found = byId.get(t.id)!;
    const table: TableRecord = {
      id: t.id,
      options: JSON.parse(t.options),
      seed: t.seed,
      secret: t.secret,
      createdAt: t.created_at,
    };
    found.actions.sort((a, b) => a.version - b.version);
    return { table, actions: found.actions, tokens: found.tokens, host: t.host };
  });
}

export const gameFromRow = (row: GameRow | undefined): GameRecord | null =>
  row ? (JSON.parse(row.record) as GameRecord) : null;
