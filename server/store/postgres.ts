/**
 * The store for `DATABASE_URL`: PostgreSQL through a `pg` pool.
 *
 * Writes are queued per table: each table has a lane, a promise chain that commits its pending
 * writes in order, several at a time in one transaction, so a slow write never lets a later
 * one of the same table overtake it, while other tables' lanes go on. Archived games have a
 * lane of their own, and so have players' names. A commit that fails for want of the database
 * turns the store's status off (tables pause and take no new action, status.ts) and is
 * retried, with a doubling wait up to `maxBackoffMs`, until the database answers: a write once
 * taken is never given up while the server runs, and nothing after it in its lane commits
 * before it. Only a write the database refuses as wrong (bad data, a broken constraint) is
 * logged as lost. Every statement is idempotent (upserts, `ON CONFLICT DO NOTHING`), so
 * retrying a commit whose answer was lost is safe; a rated game commits in a transaction of
 * its own that applies its ratings only where no server did before (`ratedGameStep`).
 *
 * A new player is not queued: whoever asked for it waits for the answer, and is refused when
 * the database cannot take it.
 */
import pg, { type Pool, type PoolClient } from "pg";
import type { GameId } from "../../shared/games/catalog";
import type { MyTable } from "../../shared/protocol/messages";
import type { DeskChange, Recommendations } from "../../shared/protocol/site";
import { rateGame, START } from "../../shared/rating/glicko2";
import {
  PROVISIONAL_RD,
  type RatedGame,
  type Rating,
  type Pool as RatingPool,
} from "../../shared/rating/types";
import { log } from "../ops/log";
import {
  FEEDBACK_COLUMNS,
  type FeedbackRow,
  feedbackFromRow,
  feedbackValues,
  recommendationsOf,
} from "./feedbackRows";
import {
  type ActionRow,
  assembleTables,
  type Erased,
  type ErasedWho,
  erasedAction,
  erasedGame,
  erasedOptions,
  type GameRow,
  gameFromRow,
  type HistoryRow,
  lockOrder,
  type ParkedRow,
  type PersonRow,
  type PlayerRow,
  parkedEntryOf,
  peopleRows,
  playerFromRows,
  pointOf,
  type RatingRow,
  ratedFitting,
  ratedRecord,
  ratedRecordFromHistory,
  ratingOf,
  seatsByGame,
  type TableRow,
  type TokenRow,
  withoutTokens,
} from "./rows";
import { reasonOf, type StoreLog, StoreStatus } from "./status";
import type {
  ActionRecord,
  FeedbackQuery,
  FeedbackRecord,
  GameRecord,
  LeaderRow,
  ParkedTable,
  PlayerRecord,
  RatingPoint,
  StoredTable,
  TableRecord,
  TableStore,
} from "./types";

/*
 * Times and seeds are JS numbers, kept as double precision so any of them comes back exactly
 * (pg returns bigint as a string). JSON is kept as text: see rows.ts.
 */
const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE IF NOT EXISTS tables (
    id text PRIMARY KEY,
    options text NOT NULL,
    seed double precision NOT NULL,
    secret text NOT NULL,
    created_at double precision NOT NULL,
    host text NOT NULL DEFAULT '',
    closed_at double precision
  );
  CREATE INDEX IF NOT EXISTS tables_open ON tables (created_at, id) WHERE closed_at IS NULL;
  CREATE TABLE IF NOT EXISTS actions (
    table_id text NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    version integer NOT NULL,
    at double precision NOT NULL,
    action text NOT NULL,
    PRIMARY KEY (table_id, version)
  );
  CREATE TABLE IF NOT EXISTS tokens (
    table_id text NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    player text NOT NULL,
    token_hash text NOT NULL,
    PRIMARY KEY (table_id, player)
  );
  CREATE TABLE IF NOT EXISTS games (
    id text PRIMARY KEY,
    table_id text NOT NULL,
    private boolean NOT NULL,
    game text NOT NULL,
    finished_at double precision NOT NULL,
    record text NOT NULL
  );
  CREATE INDEX IF NOT EXISTS games_finished ON games (finished_at);
  `,
  // Parked tables: nobody is at them; kept, not brought back on start (server/table/parking.ts).
  `
  ALTER TABLE tables ADD COLUMN IF NOT EXISTS parked_at double precision;
  ALTER TABLE tables ADD COLUMN IF NOT EXISTS parked_until double precision;
  ALTER TABLE tables ADD COLUMN IF NOT EXISTS parked_by text;
  ALTER TABLE tables ADD COLUMN IF NOT EXISTS parked text;
  CREATE INDEX IF NOT EXISTS tables_parked ON tables (parked_until) WHERE closed_at IS NULL;
  CREATE INDEX IF NOT EXISTS tables_parked_by ON tables (parked_by) WHERE closed_at IS NULL;
  `,
  // Players without an account, their rating per pool, each rated game's change, and the games
  // whose ratings were applied (so that none is applied twice, whichever server tries).
  `
  CREATE TABLE IF NOT EXISTS players (
    id text PRIMARY KEY,
    name text NOT NULL,
    key_hash text NOT NULL UNIQUE,
    created_at double precision NOT NULL,
    seen_at double precision NOT NULL
  );
  CREATE TABLE IF NOT EXISTS ratings (
    player text NOT NULL,
    pool text NOT NULL,
    rating double precision NOT NULL,
    rd double precision NOT NULL,
    volatility double precision NOT NULL,
    games integer NOT NULL,
    at double precision NOT NULL,
    PRIMARY KEY (player, pool)
  );
  CREATE INDEX IF NOT EXISTS ratings_board ON ratings (pool, rating DESC);
  CREATE TABLE IF NOT EXISTS rating_history (
    player text NOT NULL,
    pool text NOT NULL,
    game text NOT NULL,
    at double precision NOT NULL,
    before double precision NOT NULL,
    after double precision NOT NULL,
    rd double precision NOT NULL,
    PRIMARY KEY (player, game)
  );
  CREATE INDEX IF NOT EXISTS rating_history_newest ON rating_history (player, at DESC);
  CREATE INDEX IF NOT EXISTS rating_history_game ON rating_history (game);
  CREATE TABLE IF NOT EXISTS rated_games (
    game text PRIMARY KEY
  );
  `,
  // Feedback, with who wrote it only as far as erasure needs (a seat token's hash, a player id),
  // and recommendations: one answer per device (a keyed hash of its id) and game.
  `
  CREATE TABLE IF NOT EXISTS feedback (
    id text PRIMARY KEY,
    kind text NOT NULL,
    game text,
    text text NOT NULL,
    language text NOT NULL,
    status text NOT NULL DEFAULT 'new',
    answer text,
    answered double precision,
    created double precision NOT NULL,
    published boolean NOT NULL DEFAULT false,
    table_id text,
    game_id text,
    version text,
    author_token text,
    author_player text
  );
  CREATE INDEX IF NOT EXISTS feedback_created ON feedback (created);
  CREATE INDEX IF NOT EXISTS feedback_published ON feedback (published, created);
  CREATE INDEX IF NOT EXISTS feedback_author_token ON feedback (author_token)
    WHERE author_token IS NOT NULL;
  CREATE INDEX IF NOT EXISTS feedback_author_player ON feedback (author_player)
    WHERE author_player IS NOT NULL;
  CREATE TABLE IF NOT EXISTS recommendations (
    device_hash text NOT NULL,
    game text NOT NULL,
    recommend boolean NOT NULL,
    at double precision NOT NULL,
    PRIMARY KEY (device_hash, game)
  );
  `,
  // The people of each archived game's seats, by seat-token hash and player id, so that
  // erasure on request finds their games (games archived before this have none).
  `
  CREATE TABLE IF NOT EXISTS game_people (
    game_id text NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat integer NOT NULL,
    token_hash text,
    player_id text,
    PRIMARY KEY (game_id, seat)
  );
  CREATE INDEX IF NOT EXISTS game_people_token ON game_people (token_hash)
    WHERE token_hash IS NOT NULL;
  CREATE INDEX IF NOT EXISTS game_people_player ON game_people (player_id)
    WHERE player_id IS NOT NULL;
  `,
];

/** Serialises servers migrating the same database at once (any fixed number would do). */
const MIGRATION_LOCK = 0x63726f73;

const SQL = {
  clearActions: "DELETE FROM actions WHERE table_id = $1",
  clearTokens: "DELETE FROM tokens WHERE table_id = $1",
  createTable: `INSERT INTO tables (id, options, seed, secret, created_at, host, closed_at)
    VALUES ($1, $2, $3, $4, $5, '', NULL)
    ON CONFLICT (id) DO UPDATE SET options = excluded.options, seed = excluded.seed,
      secret = excluded.secret, created_at = excluded.created_at, host = '', closed_at = NULL,
      parked_at = NULL, parked_until = NULL, parked_by = NULL, parked = NULL`,
  append: `INSERT INTO actions (table_id, version, at, action) VALUES ($1, $2, $3, $4)
    ON CONFLICT (table_id, version) DO NOTHING`,
  // Many tables' appends in one statement (the store's group commit).
  appendMany: `INSERT INTO actions (table_id, version, at, action)
    SELECT * FROM unnest($1::text[], $2::integer[], $3::double precision[], $4::text[])
    ON CONFLICT (table_id, version) DO NOTHING`,
  setToken: `INSERT INTO tokens (table_id, player, token_hash) VALUES ($1, $2, $3)
    ON CONFLICT (table_id, player) DO UPDATE SET token_hash = excluded.token_hash`,
  forgetToken: "DELETE FROM tokens WHERE table_id = $1 AND player = $2",
  setHost: "UPDATE tables SET host = $2 WHERE id = $1",
  close: `UPDATE tables SET closed_at = $2, parked_at = NULL, parked_until = NULL,
    parked_by = NULL, parked = NULL WHERE id = $1 AND closed_at IS NULL`,
  park: `UPDATE tables SET parked_at = $2, parked_until = $3, parked_by = $4, parked = $5
    WHERE id = $1 AND closed_at IS NULL`,
  unpark: `UPDATE tables SET parked_at = NULL, parked_until = NULL, parked_by = NULL,
    parked = NULL WHERE id = $1`,
  // A rated game's record keeps its ratings: it is not replaced by a record without them.
  saveGame: `INSERT INTO games (id, table_id, private, game, finished_at, record)
    VALUES ($1, $2, $3, $4, $5, $6)
    ON CONFLICT (id) DO UPDATE SET table_id = excluded.table_id, private = excluded.private,
      game = excluded.game, finished_at = excluded.finished_at, record = excluded.record
    WHERE NOT EXISTS (SELECT 1 FROM rated_games r WHERE r.game = excluded.id)`,
  saveRatedGame: `INSERT INTO games (id, table_id, private, game, finished_at, record)
    VALUES ($1, $2, $3, $4, $5, $6)
    ON CONFLICT (id) DO UPDATE SET table_id = excluded.table_id, private = excluded.private,
      game = excluded.game, finished_at = excluded.finished_at, record = excluded.record`,
  hasGame: "SELECT 1 AS found FROM games WHERE id = $1",
  markRated: "INSERT INTO rated_games (game) VALUES ($1) ON CONFLICT (game) DO NOTHING",
  addRating: `INSERT INTO ratings (player, pool, rating, rd, volatility, games, at)
    VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (player, pool) DO NOTHING`,
  lockRatings: `SELECT player, pool, rating, rd, volatility, games, at FROM ratings
    WHERE pool = $1 AND player = ANY($2::text[]) ORDER BY player COLLATE "C" FOR UPDATE`,
  setRating: `UPDATE ratings SET rating = $3, rd = $4, volatility = $5, games = $6, at = $7
    WHERE player = $1 AND pool = $2`,
  addHistory: `INSERT INTO rating_history (player, pool, game, at, before, after, rd)
    VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (player, game) DO NOTHING`,
  gameHistory:
    "SELECT player, pool, game, at, before, after, rd FROM rating_history WHERE game = $1",
  createPlayer: `INSERT INTO players (id, name, key_hash, created_at, seen_at)
    VALUES ($1, $2, $3, $4, $4) ON CONFLICT DO NOTHING`,
  samePlayer: "SELECT 1 AS found FROM players WHERE id = $1 AND key_hash = $2",
  playerByKey: "SELECT id, name, created_at, seen_at FROM players WHERE key_hash = $1",
  player: "SELECT id, name, created_at, seen_at FROM players WHERE id = $1",
  playerRatings:
    "SELECT player, pool, rating, rd, volatility, games, at FROM ratings WHERE player = $1",
  seePlayer: "UPDATE players SET name = $2, seen_at = $3 WHERE id = $1",
  ratingHistory: `SELECT player, pool, game, at, before, after, rd FROM rating_history
    WHERE player = $1 ORDER BY at DESC, game COLLATE "C" DESC LIMIT $2`,
  leaderboard: `SELECT p.id, p.name, r.rating, r.rd, r.games FROM ratings r
    JOIN players p ON p.id = r.player
    WHERE r.pool = $1 AND r.rd <= $2 AND p.seen_at >= $3
    ORDER BY r.rating DESC, p.id COLLATE "C" LIMIT $4`,
  openTables: `SELECT id, options, seed, secret, created_at, host, false AS parked FROM tables
    WHERE closed_at IS NULL AND parked_at IS NULL ORDER BY created_at, id COLLATE "C"`,
  openActions: `SELECT a.table_id, a.version, a.at, a.action FROM actions a
    JOIN tables t ON t.id = a.table_id WHERE t.closed_at IS NULL AND t.parked_at IS NULL
    ORDER BY a.table_id, a.version`,
  openTokens: `SELECT k.table_id, k.player, k.token_hash FROM tokens k
    JOIN tables t ON t.id = k.table_id WHERE t.closed_at IS NULL AND t.parked_at IS NULL`,
  oneTable: `SELECT id, options, seed, secret, created_at, host, parked_at IS NOT NULL AS parked
    FROM tables
    WHERE id = $1 AND closed_at IS NULL`,
  oneActions:
    "SELECT table_id, version, at, action FROM actions WHERE table_id = $1 ORDER BY version",
  oneTokens: "SELECT table_id, player, token_hash FROM tokens WHERE table_id = $1",
  parkedEntry: `SELECT t.parked, k.player FROM tables t JOIN tokens k ON k.table_id = t.id
    WHERE t.id = $1 AND k.token_hash = $2 AND t.closed_at IS NULL AND t.parked_at IS NOT NULL`,
  parkedExpired: `SELECT id FROM tables WHERE closed_at IS NULL AND parked_until < $1
    ORDER BY parked_until, id COLLATE "C" LIMIT $2`,
  parkedBy: "SELECT count(*)::integer AS n FROM tables WHERE closed_at IS NULL AND parked_by = $1",
  game: "SELECT record FROM games WHERE id = $1",
  truncate: "DELETE FROM actions WHERE table_id = $1 AND version > $2",
  pruneGames: "DELETE FROM games WHERE finished_at < $1",
  addFeedback: `INSERT INTO feedback (${FEEDBACK_COLUMNS})
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
  feedbackList: `SELECT ${FEEDBACK_COLUMNS} FROM feedback
    WHERE ($1::boolean IS NULL OR published = $1::boolean)
      AND ($2::text IS NULL OR game = $2::text) AND ($3::text IS NULL OR status = $3::text)
    ORDER BY created DESC, id COLLATE "C" DESC LIMIT $4`,
  feedbackItem: `SELECT ${FEEDBACK_COLUMNS} FROM feedback WHERE id = $1`,
  changeFeedback: `UPDATE feedback SET status = coalesce($2::text, status),
      published = coalesce($3::boolean, published),
      answer = CASE WHEN $4::boolean THEN $5::text ELSE answer END,
      answered = CASE WHEN $4::boolean
        THEN (CASE WHEN $5::text IS NULL THEN NULL ELSE $6::double precision END)
        ELSE answered END
    WHERE id = $1 RETURNING ${FEEDBACK_COLUMNS}`,
  pruneFeedback: "DELETE FROM feedback WHERE created < $1",
  detachFeedback: `UPDATE feedback
    SET author_token = CASE WHEN author_token = $1::text THEN NULL ELSE author_token END,
      author_player = CASE WHEN author_player = $2::text THEN NULL ELSE author_player END
    WHERE author_token = $1::text OR author_player = $2::text`,
  recommend: `INSERT INTO recommendations (device_hash, game, recommend, at)
    VALUES ($1, $2, $3, $4)
    ON CONFLICT (device_hash, game) DO UPDATE SET recommend = excluded.recommend,
      at = excluded.at`,
  recommendations: `SELECT game, count(*) FILTER (WHERE recommend)::integer AS yes,
    count(*) FILTER (WHERE NOT recommend)::integer AS no FROM recommendations GROUP BY game`,
  addPerson: `INSERT INTO game_people (game_id, seat, token_hash, player_id)
    VALUES ($1, $2, $3, $4) ON CONFLICT (game_id, seat) DO NOTHING`,
  erasedTables: `SELECT k.table_id, k.player FROM tokens k JOIN tables t ON t.id = k.table_id
    WHERE t.closed_at IS NULL AND (k.token_hash = $1 OR k.player = $2)
    ORDER BY k.table_id COLLATE "C" FOR UPDATE OF t`,
  tableOptions: "SELECT options FROM tables WHERE id = $1",
  setOptions: "UPDATE tables SET options = $2 WHERE id = $1",
  setAction: "UPDATE actions SET action = $3 WHERE table_id = $1 AND version = $2",
  erasedPeople: `SELECT game_id, seat, token_hash, player_id FROM game_people
    WHERE token_hash = $1 OR player_id = $2`,
  gameForUpdate: "SELECT record FROM games WHERE id = $1 FOR UPDATE",
  setRecord: "UPDATE games SET record = $2 WHERE id = $1",
  unlinkToken: "UPDATE game_people SET token_hash = NULL WHERE token_hash = $1",
  unlinkPlayer: "UPDATE game_people SET player_id = NULL WHERE player_id = $1",
  forgetPlayer: "DELETE FROM players WHERE id = $1",
  forgetRatings: "DELETE FROM ratings WHERE player = $1",
  forgetHistory: "DELETE FROM rating_history WHERE player = $1",
} as const;

type Statement = readonly [name: keyof typeof SQL, values: readonly unknown[]];

/** Statements whose values depend on what earlier ones read (a rated game). */
type Step = (c: PoolClient) => Promise<void>;

/** One call of the store's interface: its statements commit together or not at all. */
interface Write {
  readonly op: string;
  readonly statements: readonly (Statement | Step)[];
  /**
   * Committed in a transaction of its own: a rated game locks its players' ratings, and two
   * servers' transactions locking them in one order each never wait for each other in a circle.
   */
  readonly alone?: boolean;
}

/**
 * Computing ratings failed (a rated game the rating functions refuse): a fault of the write
 * that no retry cures, as a database's "bad data" (class 22) is.
 */
class RatingFailed extends Error {
  readonly code = "22000";
}

interface Lane {
  readonly key: string;
  readonly pending: Write[];
  /** Settles when the last scheduled commit is over; never rejects. */
  tail: Promise<void>;
  /** A commit is chained that has not yet taken the pending writes. */
  scheduled: boolean;
  /** Writes queued so far, and writes over (committed or given up). */
  queued: number;
  over: number;
}

/** Appends of several tables leaving in one statement, column by column. */
interface AppendGroup {
  readonly tables: string[];
  readonly versions: number[];
  readonly ats: number[];
  readonly actions: string[];
  readonly waiting: { resolve: () => void; reject: (err: unknown) => void }[];
}

/** Group statements on their way at once, and most rows in one. */
const GROUPS_AT_ONCE = 2;
const GROUP_ROWS = 1000;

export interface PostgresOptions {
  readonly logger?: StoreLog;
  /** Wait before the first retry (ms); it doubles with each one. */
  readonly backoffMs?: number;
  /** The longest wait between two retries (ms). */
  readonly maxBackoffMs?: number;
  /** How long `close` waits for writes held by a database that does not answer (ms). */
  readonly closeWaitMs?: number;
  /** How often a store with nothing to write asks the database whether it answers (ms). */
  readonly probeMs?: number;
  /** Most writes of one lane committed in one transaction. */
  readonly batch?: number;
}

/** SQL errors that a retry cannot cure: bad data (22), a broken constraint (23), bad SQL (42). */
const permanent = (err: unknown): boolean => {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" && /^(22|23|42)/.test(code);
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class PostgresStore implements TableStore {
  readonly kind = "postgres";
  readonly status: StoreStatus;
  private readonly lanes = new Map<string, Lane>();
  private readonly gamesLane: Lane;
  /** Players' names and last seen times. */
  private readonly playersLane: Lane;
  private readonly logger: StoreLog;
  private readonly backoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly closeWaitMs: number;
  private readonly batch: number;
  /** Lanes whose commit is failing right now; the store is writable again when none is. */
  private readonly failing = new Set<string>();
  private closing: Promise<void> | null = null;
  /** Set when `close` stops waiting for a database that does not answer. */
  private abandoned = false;
  private readonly probeMs: number;
  private readonly probing: NodeJS.Timeout | null;
  /** When the database last answered (a commit or a probe), ms. */
  private answeredAt = Date.now();
  /** Probes that failed in a row. */
  private probeFailures = 0;
  private probeRunning = false;
  /** Appends waiting to go together (the first is the next to leave), and those on their way. */
  private readonly groups: AppendGroup[] = [];
  private groupsSending = 0;

  /**
   * Connects and brings the schema up to date; the store is ready when this resolves. Takes a
   * connection string, or a pool that the store then owns (ends on close).
   */
  static async open(target: string | Pool, options: PostgresOptions = {}): Promise<PostgresStore> {
    const pool =
      typeof target === "string"
        ? new pg.Pool({
            connectionString: target,
            // A connection that hangs fails and is retried instead of stalling its lane.
            connectionTimeoutMillis: 10_000,
            query_timeout: 30_000,
            // A commit is acknowledged once PostgreSQL has it, before its WAL reaches the disk:
            // it survives this server being killed (PostgreSQL flushes it within a fraction of
            // a second), only a crash of the database machine could lose the last moments —
            // the same promise as the SQLite store's WAL + synchronous=NORMAL, at a fraction of
            // the latency of an fsync per move. SYNCHRONOUS_COMMIT=on restores the default.
            options: `-c synchronous_commit=${process.env.SYNCHRONOUS_COMMIT === "on" ? "on" : "off"}`,
          })
        : target;
    const store = new PostgresStore(pool, options);
    try {
      await migrate(pool);
    } catch (err) {
      await pool.end().catch(() => {});
      throw err;
    }
    return store;
  }

  private constructor(
    private readonly pool: Pool,
    options: PostgresOptions,
  ) {
    this.logger = options.logger ?? log;
    this.status = new StoreStatus(this.kind, this.logger);
    this.backoffMs = options.backoffMs ?? 100;
    this.maxBackoffMs = Math.max(this.backoffMs, options.maxBackoffMs ?? 1000);
    this.closeWaitMs = options.closeWaitMs ?? 5000;
    this.batch = Math.max(1, options.batch ?? 200);
    this.gamesLane = newLane("games");
    this.playersLane = newLane("players");
    // A database gone while nothing is written is found too, so the health check tells.
    this.probeMs = options.probeMs ?? 5000;
    this.probing = this.probeMs > 0 ? setInterval(() => void this.probe(), this.probeMs) : null;
    this.probing?.unref();
    // An idle connection that breaks (the server restarted) must not crash the process; the
    // pool replaces it on the next checkout. Each connection breaks on its own, so this is only
    // a debug line: a database really gone is found by the next write or probe, and said once.
    pool.on("error", (err) =>
      this.logger.debug?.(
        { event: "store/connection-lost", store: this.kind, reason: reasonOf(err) },
        "store: idle connection lost",
      ),
    );
  }

  createTable(table: TableRecord): void {
    // A code used again after its table closed starts afresh.
    this.queue(table.id, "createTable", [
      ["clearActions", [table.id]],
      ["clearTokens", [table.id]],
      [
        "createTable",
        [table.id, JSON.stringify(table.options), table.seed, table.secret, table.createdAt],
      ],
    ]);
  }

  append(tableId: string, entry: ActionRecord): boolean {
    // While the database is away no new action is taken; those already queued wait for it.
    if (!this.status.writable || this.closing) return false;
    this.queue(tableId, "append", [
      ["append", [tableId, entry.version, entry.at, JSON.stringify(entry.action)]],
    ]);
    return true;
  }

  truncate(tableId: string, version: number): void {
    this.queue(tableId, "truncate", [["truncate", [tableId, version]]]);
  }

  setToken(tableId: string, player: string, tokenHash: string | null): void {
    this.queue(tableId, "setToken", [
      tokenHash === null
        ? ["forgetToken", [tableId, player]]
        : ["setToken", [tableId, player, tokenHash]],
    ]);
  }

  setHost(tableId: string, host: string): void {
    this.queue(tableId, "setHost", [["setHost", [tableId, host]]]);
  }

  closeTable(tableId: string, game?: GameRecord | null, rated?: RatedGame | null): void {
    // Never brought back: its actions and token hashes have no reader left; its last game,
    // if it still had to be archived, is archived in the same transaction.
    const fitting = game ? ratedFitting(game, rated, this.logger, this.kind) : null;
    this.queue(
      tableId,
      "closeTable",
      [
        ...(game ? (fitting ? [ratedGameStep(game, fitting)] : plainGameStatements(game)) : []),
        ["close", [tableId, Date.now()]],
        ["clearActions", [tableId]],
        ["clearTokens", [tableId]],
      ],
      fitting !== null,
    );
  }

  parkTable(tableId: string, parked: ParkedTable): void {
    this.queue(tableId, "parkTable", [
      ["park", [tableId, parked.at, parked.until, parked.by, JSON.stringify(parked)]],
    ]);
  }

  unparkTable(tableId: string): void {
    this.queue(tableId, "unparkTable", [["unpark", [tableId]]]);
  }

  async storedTable(tableId: string): Promise<StoredTable | null> {
    if (this.status.writable) await this.flushed(tableId);
    return this.read(async (c) => {
      const tables = await query<TableRow>(c, "oneTable", [tableId]);
      if (tables.length === 0) return null;
      const actions = await query<ActionRow>(c, "oneActions", [tableId]);
      const tokens = await query<TokenRow>(c, "oneTokens", [tableId]);
      return assembleTables(tables, actions, tokens, this.logger)[0] ?? null;
    });
  }

  async holdsTable(tableId: string): Promise<boolean> {
    if (this.status.writable) await this.flushed(tableId);
    const rows = await this.read((c) => query<TableRow>(c, "oneTable", [tableId]));
    return rows.length > 0;
  }

  async parkedEntry(tableId: string, tokenHash: string): Promise<MyTable | null> {
    if (this.status.writable) await this.flushed(tableId);
    const rows = await this.read((c) => query<ParkedRow>(c, "parkedEntry", [tableId, tokenHash]));
    return parkedEntryOf(rows[0]);
  }

  async parkedExpired(now: number, limit: number): Promise<string[]> {
    const rows = await this.read((c) => query<{ id: string }>(c, "parkedExpired", [now, limit]));
    return rows.map((r) => r.id);
  }

  async parkedBy(by: string): Promise<number> {
    const rows = await this.read((c) => query<{ n: number }>(c, "parkedBy", [by]));
    return rows[0]?.n ?? 0;
  }

  async flushed(tableId?: string): Promise<void> {
    if (tableId !== undefined) {
      const lane = this.lanes.get(tableId);
      if (lane) await drained(lane);
      return;
    }
    await Promise.all([...this.lanes.values(), this.gamesLane, this.playersLane].map(drained));
  }

  async openTables(): Promise<StoredTable[]> {
    await this.flushed();
    return this.read(async (c) => {
      const tables = await query<TableRow>(c, "openTables", []);
      const actions = await query<ActionRow>(c, "openActions", []);
      const tokens = await query<TokenRow>(c, "openTokens", []);
      return assembleTables(tables, actions, tokens, this.logger);
    });
  }

  saveGame(game: GameRecord, rated?: RatedGame | null): void {
    const fitting = ratedFitting(game, rated, this.logger, this.kind);
    this.push(
      this.gamesLane,
      fitting
        ? { op: "saveGame", statements: [ratedGameStep(game, fitting)], alone: true }
        : { op: "saveGame", statements: plainGameStatements(game) },
    );
  }

  /**
   * Tried at once, and once more after a short wait: a player is asked for by someone waiting
   * for the answer, so it is never kept for later. Two failures in a row say the database is
   * away, as for the queued writes.
   */
  async createPlayer(p: { id: string; name: string; keyHash: string; at: number }): Promise<void> {
    if (!this.status.writable || this.closing) throw this.status.refusal();
    for (let attempt = 1; ; attempt++) {
      try {
        const res = await this.pool.query({
          name: "createPlayer",
          text: SQL.createPlayer,
          values: [p.id, p.name, p.keyHash, p.at],
        });
        this.succeeded("createPlayer");
        if (res.rowCount === 1) return;
        // Taken already: by this very player when an earlier attempt's answer was lost.
        const same = await this.pool.query({
          name: "samePlayer",
          text: SQL.samePlayer,
          values: [p.id, p.keyHash],
        });
        if (same.rowCount === 1) return;
        throw Object.assign(new Error("store: a player with this id or key exists"), {
          code: "23505",
        });
      } catch (err) {
        if (permanent(err) || this.closing) throw err;
        if (attempt >= 2) {
          // Up again at the next write or probe that goes through.
          this.status.fail(err);
          throw err;
        }
        await sleep(this.backoffMs);
      }
    }
  }

  async playerByKey(keyHash: string): Promise<PlayerRecord | null> {
    if (this.status.writable) await drained(this.playersLane);
    return this.read(async (c) => {
      const [row] = await query<PlayerRow>(c, "playerByKey", [keyHash]);
      return row ? playerFromRows(row, await query<RatingRow>(c, "playerRatings", [row.id])) : null;
    });
  }

  async player(id: string): Promise<PlayerRecord | null> {
    if (this.status.writable) await drained(this.playersLane);
    return this.read(async (c) => {
      const [row] = await query<PlayerRow>(c, "player", [id]);
      return row ? playerFromRows(row, await query<RatingRow>(c, "playerRatings", [id])) : null;
    });
  }

  seePlayer(id: string, name: string, at: number): void {
    this.push(this.playersLane, { op: "seePlayer", statements: [["seePlayer", [id, name, at]]] });
  }

  async ratingHistory(id: string, limit: number): Promise<RatingPoint[]> {
    if (this.status.writable) await drained(this.gamesLane);
    const rows = await this.read((c) =>
      query<HistoryRow>(c, "ratingHistory", [id, Math.max(0, limit)]),
    );
    return rows.map(pointOf);
  }

  async leaderboard(pool: RatingPool, seenSince: number, limit: number): Promise<LeaderRow[]> {
    if (this.status.writable)
      await Promise.all([drained(this.gamesLane), drained(this.playersLane)]);
    return this.read((c) =>
      query<LeaderRow>(c, "leaderboard", [pool, PROVISIONAL_RD, seenSince, Math.max(0, limit)]),
    );
  }

  async game(id: string): Promise<GameRecord | null> {
    // While the database is away the read fails at once instead of waiting for the lane.
    if (this.status.writable) await drained(this.gamesLane);
    const rows = await this.read((c) => query<GameRow>(c, "game", [id]));
    return gameFromRow(rows[0]);
  }

  async pruneGames(before: number): Promise<number> {
    if (this.status.writable) await drained(this.gamesLane);
    const res = await this.pool.query({
      name: "pruneGames",
      text: SQL.pruneGames,
      values: [before],
    });
    return res.rowCount ?? 0;
  }

  async addFeedback(f: FeedbackRecord): Promise<void> {
    await this.now("addFeedback", [...feedbackValues(f, (b) => b)]);
  }

  async feedbackList(q: FeedbackQuery): Promise<FeedbackRecord[]> {
    const res = await this.pool.query<FeedbackRow>({
      name: "feedbackList",
      text: SQL.feedbackList,
      values: [
        q.published === "all" ? null : q.published,
        q.game ?? null,
        q.status ?? null,
        Math.max(0, q.limit),
      ],
    });
    return res.rows.map(feedbackFromRow);
  }

  async feedbackItem(id: string): Promise<FeedbackRecord | null> {
    const res = await this.pool.query<FeedbackRow>({
      name: "feedbackItem",
      text: SQL.feedbackItem,
      values: [id],
    });
    return res.rows[0] ? feedbackFromRow(res.rows[0]) : null;
  }

  async changeFeedback(id: string, change: DeskChange, at: number): Promise<FeedbackRecord | null> {
    const res = await this.now<FeedbackRow>("changeFeedback", [
      id,
      change.status ?? null,
      change.published ?? null,
      change.answer !== undefined,
      change.answer ?? null,
      at,
    ]);
    return res.rows[0] ? feedbackFromRow(res.rows[0]) : null;
  }

  async pruneFeedback(before: number): Promise<number> {
    return (await this.now("pruneFeedback", [before])).rowCount ?? 0;
  }

  async detachFeedback(who: { tokenHash?: string; playerId?: string }): Promise<number> {
    if (who.tokenHash === undefined && who.playerId === undefined) return 0;
    const res = await this.now("detachFeedback", [who.tokenHash ?? null, who.playerId ?? null]);
    return res.rowCount ?? 0;
  }

  async recommend(deviceHash: string, game: GameId, yes: boolean, at: number): Promise<void> {
    await this.now("recommend", [deviceHash, game, yes, at]);
  }

  async recommendations(): Promise<Recommendations> {
    const res = await this.pool.query<{ game: string; yes: number; no: number }>({
      name: "recommendations",
      text: SQL.recommendations,
    });
    return recommendationsOf(res.rows);
  }

  /**
   * A write someone waits for (feedback, a recommendation, a prune), as a new player: tried at
   * once and once more after a short wait, never kept for later; two failures in a row say the
   * database is away. Every one of them may be made twice without harm but a new message, whose
   * id is new each time (a retry whose first answer was lost is then refused as taken).
   */
  private async now<R extends pg.QueryResultRow = pg.QueryResultRow>(
    name: "addFeedback" | "changeFeedback" | "pruneFeedback" | "detachFeedback" | "recommend",
    values: readonly unknown[],
  ): Promise<pg.QueryResult<R>> {
    if (!this.status.writable || this.closing) throw this.status.refusal();
    for (let attempt = 1; ; attempt++) {
      try {
        const res = await this.pool.query<R>({ name, text: SQL[name], values: [...values] });
        this.succeeded(name);
        return res;
      } catch (err) {
        if (permanent(err) || this.closing) throw err;
        if (attempt >= 2) {
          this.status.fail(err);
          throw err;
        }
        await sleep(this.backoffMs);
      }
    }
  }

  /**
   * Once every write queued so far is in, in one transaction of its own: not queued, so that
   * whoever asked is told, and refused while the database is away.
   */
  async erasePerson(who: ErasedWho): Promise<Erased> {
    if (!this.status.writable || this.closing) throw this.status.refusal();
    await this.flushed();
    const token = who.tokenHash ?? null;
    const id = who.playerId ?? null;
    let erased: Erased = { tables: [], games: 0, player: false };
    await this.transaction([
      {
        op: "erasePerson",
        statements: [
          async (c) => {
            erased = await eraseRows(c, who, token, id);
          },
        ],
      },
    ]);
    this.succeeded("erasePerson");
    return erased;
  }

  /**
   * Waits for every queued write, then ends the pool. A database that does not answer is
   * waited for `closeWaitMs`; the writes it still holds are then logged as not kept (no client
   * was shown them: their table was paused) and the table comes back without them.
   */
  close(): Promise<void> {
    if (this.probing) clearInterval(this.probing);
    this.closing ??= (async () => {
      let timer: NodeJS.Timeout | undefined;
      const gaveUp = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(true), this.closeWaitMs);
      });
      const done = await Promise.race([this.flushed().then(() => false), gaveUp]);
      clearTimeout(timer);
      if (done) {
        this.abandoned = true;
        const lanes = [...this.lanes.values(), this.gamesLane, this.playersLane];
        this.logger.error(
          {
            event: "store/unsaved",
            store: this.kind,
            writes: lanes.reduce((n, l) => n + l.queued - l.over, 0),
            tables: lanes.filter((l) => l.queued > l.over).length,
          },
          "store: closed while the database did not answer; these writes are not kept",
        );
      }
      await this.pool.end();
    })();
    return this.closing;
  }

  private queue(
    tableId: string,
    op: string,
    statements: readonly (Statement | Step)[],
    alone = false,
  ): void {
    let lane = this.lanes.get(tableId);
    if (!lane) {
      lane = newLane(tableId);
      this.lanes.set(tableId, lane);
    }
    this.push(lane, { op, statements, alone });
  }

  private push(lane: Lane, write: Write): void {
    if (this.closing) {
      this.logger.error(
        { event: "store/write-failed", store: this.kind, op: write.op, lane: lane.key },
        "store: write after close dropped",
      );
      return;
    }
    lane.pending.push(write);
    lane.queued++;
    if (!lane.scheduled) this.schedule(lane);
  }

  private schedule(lane: Lane): void {
    lane.scheduled = true;
    lane.tail = lane.tail.then(async () => {
      lane.scheduled = false;
      const writes = lane.pending.splice(0, batchSize(lane.pending, this.batch));
      if (lane.pending.length > 0) this.schedule(lane);
      try {
        await this.commit(lane.key, writes);
      } catch (err) {
        this.lost(lane.key, writes, err, 0);
      }
      lane.over += writes.length;
      if (this.lanes.get(lane.key) === lane && lane.over === lane.queued)
        this.lanes.delete(lane.key);
    });
  }

  /**
   * Commits the writes in one transaction, retrying until the database takes them; never
   * rejects for a database error.
   */
  private async commit(key: string, writes: readonly Write[]): Promise<void> {
    let firstFailure = "";
    // Appends go with other tables' appends in one statement; if that fails, on their own.
    let together = writes.every((w) => w.op === "append");
    for (let attempt = 1; ; attempt++) {
      if (this.abandoned) return;
      try {
        if (together) await this.appendTogether(writes);
        else await this.transaction(writes);
        // Said once it is known to be a blip: a database away is said by the status instead.
        if (attempt === 2 && this.status.writable)
          this.logger.warn(
            { event: "store/write-retry", store: this.kind, lane: key, reason: firstFailure },
            "store: write failed once, kept on retry",
          );
        this.succeeded(key);
        return;
      } catch (err) {
        if (together) {
          together = false;
          // One table's bad row refuses the whole statement: each lane tries again alone, and
          // only a write the database refuses by itself is given up.
          if (permanent(err)) {
            attempt--;
            continue;
          }
        }
        if (permanent(err)) {
          this.succeeded(key);
          // One bad write must not take the good ones of its batch down with it.
          if (writes.length > 1) {
            for (const w of writes) await this.commit(key, [w]);
          } else this.lost(key, writes, err, attempt);
          return;
        }
        if (this.abandoned) return;
        if (attempt === 1) firstFailure = reasonOf(err);
        // The second failure in a row is no blip: the database is away.
        if (attempt >= 2) {
          this.failing.add(key);
          this.status.fail(err);
        }
        await sleep(Math.min(this.maxBackoffMs, this.backoffMs * 2 ** (attempt - 1)));
      }
    }
  }

  /**
   * Group commit: the appends of every table that has some waiting leave in one statement, at
   * most GROUPS_AT_ONCE statements at a time, so that under load a round trip to the database
   * carries many moves instead of one (and a burst, like a restart's comeback, does not queue
   * thousands of transactions for the pool's connections). Each lane still waits for its own
   * writes before its next ones leave, so a table's actions are stored in order. Resolves when
   * the statement carrying these writes committed, rejects with its error.
   */
  private appendTogether(writes: readonly Write[]): Promise<void> {
    let group = this.groups.at(-1);
    if (!group || group.tables.length >= GROUP_ROWS) {
      group = { tables: [], versions: [], ats: [], actions: [], waiting: [] };
      this.groups.push(group);
      setImmediate(() => this.sendGroups());
    }
    for (const w of writes)
      for (const statement of w.statements) {
        const [tableId, version, at, action] = (statement as Statement)[1];
        group.tables.push(tableId as string);
        group.versions.push(version as number);
        group.ats.push(at as number);
        group.actions.push(action as string);
      }
    const g = group;
    return new Promise((resolve, reject) => g.waiting.push({ resolve, reject }));
  }

  private sendGroups(): void {
    while (this.groupsSending < GROUPS_AT_ONCE && this.groups.length > 0) {
      const group = this.groups.shift()!;
      this.groupsSending++;
      void this.sendGroup(group).finally(() => {
        this.groupsSending--;
        this.sendGroups();
      });
    }
  }

  private async sendGroup(g: AppendGroup): Promise<void> {
    let client: PoolClient | null = null;
    let failed = false;
    try {
      client = await this.pool.connect();
      await run(client, "appendMany", [g.tables, g.versions, g.ats, g.actions]);
      for (const w of g.waiting) w.resolve();
    } catch (err) {
      failed = true;
      for (const w of g.waiting) w.reject(err);
    } finally {
      client?.release(failed);
    }
  }

  /** Asks an idle database whether it answers: two failures in a row turn the store off. */
  private async probe(): Promise<void> {
    if (this.closing || this.probeRunning) return;
    if (this.status.writable && Date.now() - this.answeredAt < this.probeMs) return;
    this.probeRunning = true;
    try {
      await this.pool.query("SELECT 1");
      this.probeFailures = 0;
      this.succeeded("probe");
    } catch (err) {
      if (++this.probeFailures >= 2 && !this.closing) {
        this.failing.add("probe");
        this.status.fail(err);
      }
    } finally {
      this.probeRunning = false;
    }
  }

  /** A lane's commit went through: the store is up again once no lane is failing. */
  private succeeded(key: string): void {
    this.answeredAt = Date.now();
    this.failing.delete(key);
    if (this.failing.size === 0) this.status.ok();
  }

  private async transaction(writes: readonly Write[]): Promise<void> {
    const client = await this.pool.connect();
    let failed = false;
    const statements = writes.flatMap((w) => w.statements);
    try {
      // One statement is atomic by itself: one round trip instead of three (most writes are
      // a single action).
      const only = statements[0]!;
      if (statements.length === 1 && typeof only !== "function") {
        await run(client, only[0], only[1]);
        return;
      }
      await client.query("BEGIN");
      for (const step of statements) {
        if (typeof step === "function") await step(client);
        else await run(client, step[0], step[1]);
      }
      await client.query("COMMIT");
    } catch (err) {
      failed = true;
      if (statements.length > 1 || typeof statements[0] === "function")
        await client.query("ROLLBACK").catch(() => {});
      throw err;
    } finally {
      // After an error the connection may be broken: let the pool open a new one.
      client.release(failed);
    }
  }

  private async read<T>(body: (c: PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let failed = false;
    try {
      await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
      const result = await body(client);
      await client.query("COMMIT");
      return result;
    } catch (err) {
      failed = true;
      await client.query("ROLLBACK").catch(() => {});
      throw err;
    } finally {
      client.release(failed);
    }
  }

  private lost(key: string, writes: readonly Write[], err: unknown, attempts: number): void {
    this.logger.error(
      {
        event: "store/write-failed",
        store: this.kind,
        lane: key,
        ops: writes.map((w) => w.op),
        attempts,
        reason: reasonOf(err),
      },
      "store: write refused by the database, not kept",
    );
  }
}

function saveGameStatement(game: GameRecord): Statement {
  return [
    "saveGame",
    [
      game.id,
      game.tableId,
      game.private,
      game.game,
      game.finishedAt,
      JSON.stringify(withoutTokens(game)),
    ],
  ];
}

/** The links of a game's seats to their people, beside its record (after its row). */
const peopleStatements = (game: GameRecord, saved: GameRecord): Statement[] =>
  peopleRows(game, saved).map((p) => ["addPerson", [p.game_id, p.seat, p.token_hash, p.player_id]]);

/** A game that is not rated, with its people. */
const plainGameStatements = (game: GameRecord): Statement[] => [
  saveGameStatement(game),
  ...peopleStatements(game, game),
];

/**
 * The record of a finished game and its ratings, in the transaction of its write: the game's
 * `rated_games` row decides whether they are applied (a second server, or this one again after
 * a restart, finds it and leaves the ratings and the stored record as they are). The players'
 * rating rows are created when missing and locked in one order before they are read, so two
 * servers rating games of the same player take turns, each from the other's result.
 */
function ratedGameStep(game: GameRecord, rated: RatedGame): Step {
  return async (c) => {
    const marked = await run(c, "markRated", [game.id]);
    if (marked.rowCount === 0) {
      if ((await query(c, "hasGame", [game.id])).length === 0) {
        const history = await query<HistoryRow>(c, "gameHistory", [game.id]);
        const record = ratedRecordFromHistory(game, rated, history);
        const [, values] = saveGameStatement(record);
        await run(c, "saveRatedGame", values);
        for (const [name, v] of peopleStatements(game, record)) await run(c, name, v);
      }
      return;
    }
    const ids = lockOrder(rated);
    for (const id of ids)
      await run(c, "addRating", [
        id,
        rated.pool,
        START.rating,
        START.rd,
        START.volatility,
        START.games,
        START.at,
      ]);
    const rows = await query<RatingRow>(c, "lockRatings", [rated.pool, ids]);
    const current = new Map(rows.map((r) => [r.player, ratingOf(r)]));
    const before = rated.players.map((id) => current.get(id) ?? START);
    let after: Rating[];
    try {
      after = rateGame(rated, before, game.finishedAt);
    } catch (err) {
      throw new RatingFailed(`rating game ${game.id}: ${(err as Error).message}`);
    }
    for (const [i, id] of rated.players.entries()) {
      const now = after[i]!;
      await run(c, "setRating", [
        id,
        rated.pool,
        now.rating,
        now.rd,
        now.volatility,
        now.games,
        now.at,
      ]);
      await run(c, "addHistory", [
        id,
        rated.pool,
        game.id,
        game.finishedAt,
        before[i]!.rating,
        now.rating,
        now.rd,
      ]);
    }
    const changes = before.map((b, i) => ({ before: b.rating, after: after[i]!.rating }));
    const record = ratedRecord(game, rated, changes);
    const [, values] = saveGameStatement(record);
    await run(c, "saveRatedGame", values);
    for (const [name, v] of peopleStatements(game, record)) await run(c, name, v);
  };
}

/** `erasePerson`'s statements, inside its transaction. */
async function eraseRows(
  c: PoolClient,
  who: ErasedWho,
  token: string | null,
  id: string | null,
): Promise<Erased> {
  const byTable = new Map<string, Set<string>>();
  for (const r of await query<{ table_id: string; player: string }>(c, "erasedTables", [token, id]))
    byTable.set(r.table_id, (byTable.get(r.table_id) ?? new Set()).add(r.player));
  for (const [tableId, players] of byTable) {
    const names = new Set<string>();
    for (const a of await query<ActionRow>(c, "oneActions", [tableId])) {
      const action = erasedAction(JSON.parse(a.action), players, names);
      if (action) await run(c, "setAction", [tableId, a.version, JSON.stringify(action)]);
    }
    const [row] = await query<{ options: string }>(c, "tableOptions", [tableId]);
    const options = row && erasedOptions(JSON.parse(row.options), names);
    if (options) await run(c, "setOptions", [tableId, JSON.stringify(options)]);
  }
  let games = 0;
  const found = await query<PersonRow>(c, "erasedPeople", [token, id]);
  for (const [gameId, seats] of seatsByGame(found, who)) {
    const record = gameFromRow((await query<GameRow>(c, "gameForUpdate", [gameId]))[0]);
    if (!record) continue;
    await run(c, "setRecord", [gameId, JSON.stringify(erasedGame(record, seats))]);
    games++;
  }
  if (token !== null) await run(c, "unlinkToken", [token]);
  let player = false;
  if (id !== null) {
    await run(c, "unlinkPlayer", [id]);
    await run(c, "forgetRatings", [id]);
    await run(c, "forgetHistory", [id]);
    player = ((await run(c, "forgetPlayer", [id])).rowCount ?? 0) > 0;
  }
  return { tables: [...byTable.keys()], games, player };
}

/** How many of a lane's pending writes one transaction takes: a write alone is taken alone. */
/**
 * How many of a lane's pending writes commit next, together: up to `batch`, a write that must
 * go alone by itself, and appends apart from other writes — appends in a row ride the group
 * statement with other tables' (a table's move and its host's change, say, are then two commits
 * in their order, not one transaction of four round trips).
 */
function batchSize(pending: readonly Write[], batch: number): number {
  if (pending[0]?.alone) return 1;
  const appends = pending[0]?.op === "append";
  let n = 0;
  while (
    n < Math.min(batch, pending.length) &&
    !pending[n]!.alone &&
    (pending[n]!.op === "append") === appends
  )
    n++;
  return n;
}

function newLane(key: string): Lane {
  return { key, pending: [], tail: Promise.resolve(), scheduled: false, queued: 0, over: 0 };
}

/** Resolves when every write queued in the lane so far is over. */
async function drained(lane: Lane): Promise<void> {
  const target = lane.queued;
  while (lane.over < target) await lane.tail;
}

function run(client: PoolClient, name: keyof typeof SQL, values: readonly unknown[]) {
  // Named: each connection prepares the statement once.
  return client.query({ name, text: SQL[name], values: [...values] });
}

async function query<R>(c: PoolClient, name: keyof typeof SQL, values: readonly unknown[]) {
  return (await run(c, name, values)).rows as R[];
}

async function migrate(pool: Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await client.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    await client.query(
      `CREATE TABLE IF NOT EXISTS schema_version (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        version integer NOT NULL
      )`,
    );
    const res = await client.query<{ version: number }>("SELECT version FROM schema_version");
    const at = res.rows[0]?.version ?? 0;
    if (at > MIGRATIONS.length) {
      throw new Error(`store: schema version ${at} is newer than this server knows`);
    }
    for (const sql of MIGRATIONS.slice(at)) await client.query(sql);
    await client.query(
      `INSERT INTO schema_version (version) VALUES ($1)
       ON CONFLICT (id) DO UPDATE SET version = excluded.version`,
      [MIGRATIONS.length],
    );
    await client.query("COMMIT");
  } catch (err) {
    await client.query("ROLLBACK").catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
