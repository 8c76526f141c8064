/**
 * Rows as both SQL stores read them back, and how they become the records of `types.ts`. JSON
 * columns hold `JSON.stringify` text: any string a client sent (a name, raw rules) round-trips,
 * control characters included, which PostgreSQL's jsonb would refuse for `\u0000`.
 */
import { ERASED_NAME } from "../../shared/protocol/erased";
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
  /** Whether it is parked (SQLite reads a boolean as 0 or 1). */
  readonly parked: boolean | number;
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
    out.push({
      table,
      actions: found.actions,
      tokens: found.tokens,
      host: t.host,
      parked: Boolean(t.parked),
    });
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

/** Who is erased, and what of them was found (`TableStore.erasePerson`). */
export interface ErasedWho {
  readonly tokenHash?: string;
  readonly playerId?: string;
}

export interface Erased {
  /** Unfinished tables whose stored names were rewritten: their rooms are told too. */
  readonly tables: string[];
  /** Archived games whose record was rewritten. */
  readonly games: number;
  /** Whether a player (rated play) was removed. */
  readonly player: boolean;
}

/** One seat of an archived game linked to a person: by seat-token hash, by player id. */
export interface PersonRow {
  readonly game_id: string;
  readonly seat: number;
  readonly token_hash: string | null;
  readonly player_id: string | null;
}

/**
 * The rows that link the seats of a game to their people, kept beside its record (the record
 * itself never holds a seat token's hash): seats with neither are left out.
 */
export function peopleRows(game: GameRecord, saved: GameRecord): PersonRow[] {
  return saved.players.flatMap((p, seat) => {
    const token_hash = game.seatTokens?.[seat] ?? null;
    const player_id = p.player ?? null;
    return token_hash || player_id ? [{ game_id: game.id, seat, token_hash, player_id }] : [];
  });
}

/** The record as the store keeps it: without the seat-token hashes (kept as `PersonRow`s). */
export function withoutTokens(game: GameRecord): GameRecord {
  const { seatTokens: _, ...record } = game;
  return record;
}

/**
 * A stored action with the erased players' names rewritten to ERASED_NAME, or null when it
 * names none of them (only `sit` carries a name). The names it had go into `names`.
 */
export function erasedAction(
  action: ActionRecord["action"],
  players: ReadonlySet<string>,
  names: Set<string>,
): ActionRecord["action"] | null {
  if (action.type !== "sit" || !players.has(action.player) || action.name === ERASED_NAME)
    return null;
  names.add(action.name);
  return { ...action, name: ERASED_NAME };
}

/**
 * The table's create options without the creator's name when it is one an erased player sat
 * under (the options keep no player id to tell the creator by), or null when unchanged.
 */
export function erasedOptions(
  options: TableRecord["options"],
  names: ReadonlySet<string>,
): TableRecord["options"] | null {
  return options.name !== ERASED_NAME && names.has(options.name)
    ? { ...options, name: ERASED_NAME }
    : null;
}

/**
 * The archived game with the erased person's seats by no name (their moves stay); a seat whose
 * value is true is no longer linked to its player id either.
 */
export function erasedGame(game: GameRecord, seats: ReadonlyMap<number, boolean>): GameRecord {
  return {
    ...game,
    players: game.players.map((p, i) => {
      const unlink = seats.get(i);
      if (unlink === undefined) return p;
      const { player: _, ...rest } = p;
      return unlink ? { ...rest, name: ERASED_NAME } : { ...p, name: ERASED_NAME };
    }),
  };
}

/**
 * The erased person's seats of each game among the rows found, by game id: true for a seat
 * found by the player id (its link goes too), false for one found by the seat token alone.
 */
export function seatsByGame(
  rows: readonly PersonRow[],
  who: ErasedWho,
): Map<string, Map<number, boolean>> {
  const out = new Map<string, Map<number, boolean>>();
  for (const r of rows) {
    const seats = out.get(r.game_id) ?? new Map<number, boolean>();
    const unlink = who.playerId !== undefined && r.player_id === who.playerId;
    seats.set(r.seat, (seats.get(r.seat) ?? false) || unlink);
    out.set(r.game_id, seats);
  }
  return out;
}
