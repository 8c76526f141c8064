/**
 * Rows as both SQL stores read them back, and how they become the records of `types.ts`. JSON
 * columns hold `JSON.stringify` text: any string a client sent (a name, raw rules) round-trips,
 * control characters included, which PostgreSQL's jsonb would refuse for `\u0000`.
 */
import type { MyTable } from "../../shared/protocol/messages";
import { START } from "../../shared/rating/glicko2";
import { isPool, POOLS, type Pool, type RatedGame, type Rating } from "../../shared/rating/types";
import type { StoreLog } from "./status";
import type {
  ActionRecord,
  GameRecord,
  ParkedTable,
  PlayerRecord,
  RatingPoint,
  StoredTable,
  TableRecord,
} from "./types";

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

export interface PlayerRow {
  readonly id: string;
  readonly name: string;
  readonly created_at: number;
  readonly seen_at: number;
}

export interface RatingRow {
  readonly player: string;
  readonly pool: string;
  readonly rating: number;
  readonly rd: number;
  readonly volatility: number;
  readonly games: number;
  readonly at: number;
}

export interface HistoryRow {
  readonly player: string;
  readonly pool: string;
  readonly game: string;
  readonly at: number;
  readonly before: number;
  readonly after: number;
  readonly rd: number;
}

export const ratingOf = (r: RatingRow): Rating => ({
  rating: r.rating,
  rd: r.rd,
  volatility: r.volatility,
  games: r.games,
  at: r.at,
});

/** A player from their row and their rating rows: `START` in the pools without one. */
export function playerFromRows(
  row: PlayerRow | undefined,
  ratings: readonly RatingRow[],
): PlayerRecord | null {
  if (!row) return null;
  const byPool = Object.fromEntries(POOLS.map((pool) => [pool, START])) as Record<Pool, Rating>;
  for (const r of ratings) if (isPool(r.pool)) byPool[r.pool] = ratingOf(r);
  return {
    id: row.id,
    name: row.name,
    createdAt: row.created_at,
    seenAt: row.seen_at,
    ratings: byPool,
  };
}

export const pointOf = (r: HistoryRow): RatingPoint => ({
  pool: r.pool as Pool,
  game: r.game,
  at: r.at,
  before: r.before,
  after: r.after,
  rd: r.rd,
});

/**
 * Whether `rated` fits the record it came with: a player and a result for each seat, a known
 * pool. One that does not is archived without ratings (and logged) rather than lost.
 */
export function ratedFitting(
  game: GameRecord,
  rated: RatedGame | null | undefined,
  logger: StoreLog,
  store: string,
): RatedGame | null {
  if (!rated) return null;
  if (
    isPool(rated.pool) &&
    rated.players.length === game.players.length &&
    rated.results.length === game.players.length
  )
    return rated;
  logger.error(
    { event: "store/rated-mismatch", store, game: game.id, seats: game.players.length },
    "store: a rated game's players or results do not match its seats; archived without ratings",
  );
  return null;
}

/**
 * The players of a rated game once, in a fixed order: the order their ratings are read and
 * locked in, so that two writers of games with common players never wait for each other in a
 * circle.
 */
export const lockOrder = (rated: RatedGame): string[] =>
  [...new Set(rated.players)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/**
 * The record of a rated game: `rated`, and each seat's player and rating before and after
 * (`changes[i]`, or none for a seat without one).
 */
export function ratedRecord(
  game: GameRecord,
  rated: RatedGame,
  changes: readonly ({ readonly before: number; readonly after: number } | undefined)[],
): GameRecord {
  return {
    ...game,
    rated: true,
    players: game.players.map((p, i) => {
      const player = rated.players[i];
      const change = changes[i];
      return {
        ...p,
        ...(player !== undefined ? { player } : {}),
        ...(change ? { rating: { before: change.before, after: change.after } } : {}),
      };
    }),
  };
}

/** The record of a rated game whose ratings were applied before: its seats' history rows. */
export function ratedRecordFromHistory(
  game: GameRecord,
  rated: RatedGame,
  history: readonly HistoryRow[],
): GameRecord {
  return ratedRecord(
    game,
    rated,
    rated.players.map((player) =>
      history.find((h) => h.player === player && h.game === game.id && h.pool === rated.pool),
    ),
  );
}
