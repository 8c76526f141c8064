/**
 * The default store: one SQLite file in the data folder, written synchronously with
 * better-sqlite3, so an action is in the file before `append` returns.
 *
 * Durability: WAL with `synchronous = NORMAL`. A commit is appended to the WAL file in the
 * operating system's cache at once and fsynced only at checkpoints, so everything committed
 * survives the process dying at any point, kill -9 included; only an OS crash or a power loss
 * could take the last few transactions (the file stays consistent either way). FULL would add
 * an fsync to every action, on the event loop the rooms share, to guard against that.
 *
 * Checkpoints (copying the WAL into the database, with its two fsyncs) run in a worker thread
 * with its own connection, every second: SQLite's automatic checkpoint would run them inside
 * whichever commit filled the WAL, stalling every room for milliseconds (up to 18 ms measured).
 *
 * A full disk or a read-only file: the first write that fails turns the store's status off
 * (tables pause, see status.ts); an action is then refused, never kept for later, while the
 * other writes (seat tokens, host, closing, archived games, players' names) wait in order and
 * go first when a retry every `retryMs` finds the file writable again. A new player is refused
 * too (its caller is told, with the driver's error), never kept for later.
 *
 * A rated game is archived and its ratings applied in one transaction, only if its
 * `rated_games` row is not there yet: a game saved again, after a restart too, is applied once.
 */
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import Database from "better-sqlite3";
import type { GameId } from "../../shared/games/catalog";
import type { MyTable } from "../../shared/protocol/messages";
import type { DeskChange, Recommendations } from "../../shared/protocol/site";
import { rateGame, START } from "../../shared/rating/glicko2";
import { type Pool, PROVISIONAL_RD, type RatedGame } from "../../shared/rating/types";
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
import { watchSpace } from "./space";
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

/** Schema steps; `PRAGMA user_version` counts the ones applied. Append, never edit. */
const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    options TEXT NOT NULL,
    seed INTEGER NOT NULL,
    secret TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    host TEXT NOT NULL DEFAULT '',
    closed_at INTEGER
  );
  CREATE INDEX IF NOT EXISTS tables_open ON tables (created_at, id) WHERE closed_at IS NULL;
  CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    version INTEGER NOT NULL,
    at INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (table_id, version)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS tokens (
    table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    player TEXT NOT NULL,
    token_hash TEXT NOT NULL,
    PRIMARY KEY (table_id, player)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    table_id TEXT NOT NULL,
    private INTEGER NOT NULL,
    game TEXT NOT NULL,
    finished_at INTEGER NOT NULL,
    record TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS games_finished ON games (finished_at);
  `,
  // One row written to learn whether the file takes writes again after a failure.
  `
  CREATE TABLE IF NOT EXISTS probe (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    at INTEGER NOT NULL,
    pad BLOB
  );
  INSERT OR IGNORE INTO probe (id, at) VALUES (1, 0);
  `,
  // Parked tables: nobody is at them; kept, not brought back on start (server/table/parking.ts).
  `
  ALTER TABLE tables ADD COLUMN parked_at INTEGER;
  ALTER TABLE tables ADD COLUMN parked_until INTEGER;
  ALTER TABLE tables ADD COLUMN parked_by TEXT;
  ALTER TABLE tables ADD COLUMN parked TEXT;
  CREATE INDEX IF NOT EXISTS tables_parked ON tables (parked_until) WHERE closed_at IS NULL;
  CREATE INDEX IF NOT EXISTS tables_parked_by ON tables (parked_by) WHERE closed_at IS NULL;
  `,
  // Players without an account, their rating per pool, each rated game's change, and the games
  // whose ratings were applied (so that none is applied twice).
  `
  CREATE TABLE IF NOT EXISTS players (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    key_hash TEXT NOT NULL UNIQUE,
    created_at INTEGER NOT NULL,
    seen_at INTEGER NOT NULL
  );
  CREATE TABLE IF NOT EXISTS ratings (
    player TEXT NOT NULL,
    pool TEXT NOT NULL,
    rating REAL NOT NULL,
    rd REAL NOT NULL,
    volatility REAL NOT NULL,
    games INTEGER NOT NULL,
    at INTEGER NOT NULL,
    PRIMARY KEY (player, pool)
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS ratings_board ON ratings (pool, rating);
  CREATE TABLE IF NOT EXISTS rating_history (
    player TEXT NOT NULL,
    pool TEXT NOT NULL,
    game TEXT NOT NULL,
    at INTEGER NOT NULL,
    before REAL NOT NULL,
    after REAL NOT NULL,
    rd REAL NOT NULL,
    PRIMARY KEY (player, game)
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS rating_history_newest ON rating_history (player, at);
  CREATE INDEX IF NOT EXISTS rating_history_game ON rating_history (game);
  CREATE TABLE IF NOT EXISTS rated_games (
    game TEXT PRIMARY KEY
  ) WITHOUT ROWID;
  `,
  // Feedback, with who wrote it only as far as erasure needs (a seat token's hash, a player id),
  // and recommendations: one answer per device (a keyed hash of its id) and game.
  `
  CREATE TABLE IF NOT EXISTS feedback (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    game TEXT,
    text TEXT NOT NULL,
    language TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'new',
    answer TEXT,
    answered INTEGER,
    created INTEGER NOT NULL,
    published INTEGER NOT NULL DEFAULT 0,
    table_id TEXT,
    game_id TEXT,
    version TEXT,
    author_token TEXT,
    author_player TEXT
  );
  CREATE INDEX IF NOT EXISTS feedback_created ON feedback (created);
  CREATE INDEX IF NOT EXISTS feedback_published ON feedback (published, created);
  CREATE INDEX IF NOT EXISTS feedback_author_token ON feedback (author_token)
    WHERE author_token IS NOT NULL;
  CREATE INDEX IF NOT EXISTS feedback_author_player ON feedback (author_player)
    WHERE author_player IS NOT NULL;
  CREATE TABLE IF NOT EXISTS recommendations (
    device_hash TEXT NOT NULL,
    game TEXT NOT NULL,
    recommend INTEGER NOT NULL,
    at INTEGER NOT NULL,
    PRIMARY KEY (device_hash, game)
  ) WITHOUT ROWID;
  `,
  // The people of each archived game's seats, by seat-token hash and player id, so that
  // erasure on request finds their games (games archived before this have none).
  `
  CREATE TABLE IF NOT EXISTS game_people (
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    token_hash TEXT,
    player_id TEXT,
    PRIMARY KEY (game_id, seat)
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS game_people_token ON game_people (token_hash)
    WHERE token_hash IS NOT NULL;
  CREATE INDEX IF NOT EXISTS game_people_player ON game_people (player_id)
    WHERE player_id IS NOT NULL;
  `,
];

export const SQLITE_FILE = "crossboard.db";

export interface SqliteOptions {
  readonly logger?: StoreLog;
  /** File name inside the data folder. */
  readonly file?: string;
  /** How often the worker checkpoints the WAL into the database file, ms. */
  readonly checkpointMs?: number;
  /** A WAL file larger than this (or than a quarter of the free space) is emptied, bytes. */
  readonly walMaxBytes?: number;
  /** How often a store that cannot write tries again, ms. */
  readonly retryMs?: number;
  /** Free bytes the data folder's volume keeps: below, no new table opens (space.ts). 0: off. */
  readonly minFreeBytes?: number;
  /** How often that free space is measured, ms. */
  readonly spaceEveryMs?: number;
}

/**
 * Errors that say the file cannot be written now (a full disk, a read-only or vanished file,
 * another process holding the lock): the store is down until a write goes through. Any other
 * error (a broken constraint, bad SQL) is a fault of the write itself.
 */
const OUTAGE =
  /^SQLITE_(FULL|IOERR|READONLY|BUSY|LOCKED|CANTOPEN|NOMEM|CORRUPT|NOTADB|PROTOCOL|PERM|AUTH)/;
const isOutage = (err: unknown): boolean => {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" && OUTAGE.test(code);
};

/** How long a write waits for a lock held by another process (a backup, an operator's shell). */
const BUSY_TIMEOUT_MS = 5000;

/** What a retry writes (and then frees) to call the file writable again. */
const PROBE_BYTES = 256 * 1024;

/** A write kept while the store is down, made again when it is back. */
interface Waiting {
  readonly op: string;
  readonly tableId: string;
  readonly run: () => unknown;
}

/**
 * The checkpointing thread: its own connection to the file, a PASSIVE checkpoint (which never
 * waits for, nor blocks, the writer) every `everyMs`, a message to the store after each.
 *
 * Under writes that never pause (many tables, or one address's tables playing as fast as they
 * may) a PASSIVE checkpoint never catches up with the writer, so the WAL is never started over
 * and its file grows as long as the writes go on. Once it is larger than `walMaxBytes`, or than
 * a quarter of the volume's free space, a second PASSIVE checkpoint copies what was written
 * during the first, and the message says the file is `over`: the store's own connection, the
 * writer, then empties it (SqliteStore `emptyWal`). A checkpoint that empties the file holds
 * every writer back while it copies the last frames; made by another connection, it made the
 * server's writes wait in SQLite's busy handler, which sleeps in steps whatever the lock does
 * and gives up early when signals cut its sleeps short (a CPU profiler's, every sampling tick):
 * a write was refused as SQLITE_BUSY and the store called down.
 */
const CHECKPOINTER = `
const { parentPort, workerData } = require("node:worker_threads");
const { statSync, statfsSync } = require("node:fs");
const { dirname } = require("node:path");
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma("busy_timeout = 50");
const walFile = workerData.file + "-wal";
const walBytes = () => {
  try { return statSync(walFile).size; } catch { return 0; }
};
const freeBytes = () => {
  try { const f = statfsSync(dirname(workerData.file)); return f.bavail * f.bsize; }
  catch { return Number.POSITIVE_INFINITY; }
};
const timer = setInterval(() => {
  try {
    let [r] = db.pragma("wal_checkpoint(PASSIVE)");
    const size = walBytes();
    const over = size > workerData.walMaxBytes || size > freeBytes() / 4;
    if (over) [r] = db.pragma("wal_checkpoint(PASSIVE)");
    parentPort.postMessage({ log: r.log, checkpointed: r.checkpointed, over });
  } catch (err) {
    parentPort.postMessage({ error: String(err && err.message || err) });
  }
}, workerData.everyMs);
parentPort.on("message", () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

function prepare(db: Database.Database) {
  return {
    clearActions: db.prepare("DELETE FROM actions WHERE table_id = ?"),
    clearTokens: db.prepare("DELETE FROM tokens WHERE table_id = ?"),
    createTable: db.prepare(
      `INSERT INTO tables (id, options, seed, secret, created_at, host, closed_at)
       VALUES (?, ?, ?, ?, ?, '', NULL)
       ON CONFLICT (id) DO UPDATE SET options = excluded.options, seed = excluded.seed,
         secret = excluded.secret, created_at = excluded.created_at, host = '', closed_at = NULL,
         parked_at = NULL, parked_until = NULL, parked_by = NULL, parked = NULL`,
    ),
    append: db.prepare(
      `INSERT INTO actions (table_id, version, at, action) VALUES (?, ?, ?, ?)
       ON CONFLICT (table_id, version) DO NOTHING`,
    ),
    setToken: db.prepare(
      `INSERT INTO tokens (table_id, player, token_hash) VALUES (?, ?, ?)
       ON CONFLICT (table_id, player) DO UPDATE SET token_hash = excluded.token_hash`,
    ),
    forgetToken: db.prepare("DELETE FROM tokens WHERE table_id = ? AND player = ?"),
    setHost: db.prepare("UPDATE tables SET host = ? WHERE id = ?"),
    close: db.prepare(
      `UPDATE tables SET closed_at = ?, parked_at = NULL, parked_until = NULL, parked_by = NULL,
       parked = NULL WHERE id = ? AND closed_at IS NULL`,
    ),
    park: db.prepare(
      `UPDATE tables SET parked_at = ?, parked_until = ?, parked_by = ?, parked = ?
       WHERE id = ? AND closed_at IS NULL`,
    ),
    unpark: db.prepare(
      `UPDATE tables SET parked_at = NULL, parked_until = NULL, parked_by = NULL, parked = NULL
       WHERE id = ?`,
    ),
    openTables: db.prepare(
      `SELECT id, options, seed, secret, created_at, host, 0 AS parked FROM tables
       WHERE closed_at IS NULL AND parked_at IS NULL ORDER BY created_at, id`,
    ),
    openActions: db.prepare(
      `SELECT a.table_id, a.version, a.at, a.action FROM actions a
       JOIN tables t ON t.id = a.table_id WHERE t.closed_at IS NULL AND t.parked_at IS NULL
       ORDER BY a.table_id, a.version`,
    ),
    openTokens: db.prepare(
      `SELECT k.table_id, k.player, k.token_hash FROM tokens k
       JOIN tables t ON t.id = k.table_id WHERE t.closed_at IS NULL AND t.parked_at IS NULL`,
    ),
    oneTable: db.prepare(
      `SELECT id, options, seed, secret, created_at, host, parked_at IS NOT NULL AS parked FROM tables
       WHERE id = ? AND closed_at IS NULL`,
    ),
    oneActions: db.prepare(
      "SELECT table_id, version, at, action FROM actions WHERE table_id = ? ORDER BY version",
    ),
    oneTokens: db.prepare("SELECT table_id, player, token_hash FROM tokens WHERE table_id = ?"),
    parkedEntry: db.prepare(
      `SELECT t.parked, k.player FROM tables t JOIN tokens k ON k.table_id = t.id
       WHERE t.id = ? AND k.token_hash = ? AND t.closed_at IS NULL AND t.parked_at IS NOT NULL`,
    ),
    parkedExpired: db.prepare(
      `SELECT id FROM tables WHERE closed_at IS NULL AND parked_until < ?
       ORDER BY parked_until, id LIMIT ?`,
    ),
    parkedBy: db.prepare(
      "SELECT count(*) AS n FROM tables WHERE closed_at IS NULL AND parked_by = ?",
    ),
    // A rated game's record keeps its ratings: it is not replaced by a record without them.
    saveGame: db.prepare(
      `INSERT INTO games (id, table_id, private, game, finished_at, record)
       VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET table_id = excluded.table_id, private = excluded.private,
         game = excluded.game, finished_at = excluded.finished_at, record = excluded.record
       WHERE NOT EXISTS (SELECT 1 FROM rated_games r WHERE r.game = excluded.id)`,
    ),
    saveRatedGame: db.prepare(
      `INSERT INTO games (id, table_id, private, game, finished_at, record)
       VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET table_id = excluded.table_id, private = excluded.private,
         game = excluded.game, finished_at = excluded.finished_at, record = excluded.record`,
    ),
    hasGame: db.prepare("SELECT 1 AS found FROM games WHERE id = ?"),
    markRated: db.prepare(
      "INSERT INTO rated_games (game) VALUES (?) ON CONFLICT (game) DO NOTHING",
    ),
    rating: db.prepare(
      `SELECT player, pool, rating, rd, volatility, games, at FROM ratings
       WHERE player = ? AND pool = ?`,
    ),
    setRating: db.prepare(
      `INSERT INTO ratings (player, pool, rating, rd, volatility, games, at)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (player, pool) DO UPDATE SET rating = excluded.rating, rd = excluded.rd,
         volatility = excluded.volatility, games = excluded.games, at = excluded.at`,
    ),
    addHistory: db.prepare(
      `INSERT INTO rating_history (player, pool, game, at, before, after, rd)
       VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (player, game) DO NOTHING`,
    ),
    gameHistory: db.prepare(
      `SELECT player, pool, game, at, before, after, rd FROM rating_history WHERE game = ?`,
    ),
    createPlayer: db.prepare(
      `INSERT INTO players (id, name, key_hash, created_at, seen_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT DO NOTHING`,
    ),
    samePlayer: db.prepare("SELECT 1 AS found FROM players WHERE id = ? AND key_hash = ?"),
    playerByKey: db.prepare("SELECT id, name, created_at, seen_at FROM players WHERE key_hash = ?"),
    player: db.prepare("SELECT id, name, created_at, seen_at FROM players WHERE id = ?"),
    playerRatings: db.prepare(
      "SELECT player, pool, rating, rd, volatility, games, at FROM ratings WHERE player = ?",
    ),
    seePlayer: db.prepare("UPDATE players SET name = ?, seen_at = ? WHERE id = ?"),
    ratingHistory: db.prepare(
      `SELECT player, pool, game, at, before, after, rd FROM rating_history WHERE player = ?
       ORDER BY at DESC, game DESC LIMIT ?`,
    ),
    leaderboard: db.prepare(
      `SELECT p.id, p.name, r.rating, r.rd, r.games FROM ratings r JOIN players p ON p.id = r.player
       WHERE r.pool = ? AND r.rd <= ? AND p.seen_at >= ? ORDER BY r.rating DESC, p.id LIMIT ?`,
    ),
    game: db.prepare("SELECT record FROM games WHERE id = ?"),
    pruneGames: db.prepare("DELETE FROM games WHERE finished_at < ?"),
    truncate: db.prepare("DELETE FROM actions WHERE table_id = ? AND version > ?"),
    addPerson: db.prepare(
      `INSERT INTO game_people (game_id, seat, token_hash, player_id) VALUES (?, ?, ?, ?)
       ON CONFLICT (game_id, seat) DO NOTHING`,
    ),
    erasedTables: db.prepare(
      `SELECT k.table_id, k.player FROM tokens k JOIN tables t ON t.id = k.table_id
       WHERE t.closed_at IS NULL AND (k.token_hash = ? OR k.player = ?)`,
    ),
    tableOptions: db.prepare("SELECT options FROM tables WHERE id = ?"),
    setOptions: db.prepare("UPDATE tables SET options = ? WHERE id = ?"),
    setAction: db.prepare("UPDATE actions SET action = ? WHERE table_id = ? AND version = ?"),
    erasedPeople: db.prepare(
      `SELECT game_id, seat, token_hash, player_id FROM game_people
       WHERE token_hash = ? OR player_id = ?`,
    ),
    setRecord: db.prepare("UPDATE games SET record = ? WHERE id = ?"),
    unlinkToken: db.prepare("UPDATE game_people SET token_hash = NULL WHERE token_hash = ?"),
    unlinkPlayer: db.prepare("UPDATE game_people SET player_id = NULL WHERE player_id = ?"),
    forgetPlayer: db.prepare("DELETE FROM players WHERE id = ?"),
    forgetRatings: db.prepare("DELETE FROM ratings WHERE player = ?"),
    forgetHistory: db.prepare("DELETE FROM rating_history WHERE player = ?"),
    probe: db.prepare("UPDATE probe SET at = ?, pad = zeroblob(?) WHERE id = 1"),
    addFeedback: db.prepare(
      `INSERT INTO feedback (${FEEDBACK_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    feedbackList: db.prepare(
      `SELECT ${FEEDBACK_COLUMNS} FROM feedback
       WHERE (@published IS NULL OR published = @published) AND (@game IS NULL OR game = @game)
         AND (@status IS NULL OR status = @status)
       ORDER BY created DESC, id DESC LIMIT @limit`,
    ),
    feedbackItem: db.prepare(`SELECT ${FEEDBACK_COLUMNS} FROM feedback WHERE id = ?`),
    changeFeedback: db.prepare(
      `UPDATE feedback SET status = coalesce(@status, status),
         published = coalesce(@published, published),
         answer = CASE WHEN @setAnswer THEN @answer ELSE answer END,
         answered = CASE WHEN @setAnswer THEN (CASE WHEN @answer IS NULL THEN NULL ELSE @at END)
           ELSE answered END
       WHERE id = @id RETURNING ${FEEDBACK_COLUMNS}`,
    ),
    pruneFeedback: db.prepare("DELETE FROM feedback WHERE created < ?"),
    detachFeedback: db.prepare(
      `UPDATE feedback
       SET author_token = CASE WHEN author_token = @token THEN NULL ELSE author_token END,
         author_player = CASE WHEN author_player = @player THEN NULL ELSE author_player END
       WHERE author_token = @token OR author_player = @player`,
    ),
    recommend: db.prepare(
      `INSERT INTO recommendations (device_hash, game, recommend, at) VALUES (?, ?, ?, ?)
       ON CONFLICT (device_hash, game) DO UPDATE SET recommend = excluded.recommend,
         at = excluded.at`,
    ),
    recommendations: db.prepare(
      `SELECT game, sum(recommend) AS yes, count(*) - sum(recommend) AS no FROM recommendations
       GROUP BY game`,
    ),
  };
}

function migrate(db: Database.Database): void {
  const at = db.pragma("user_version", { simple: true }) as number;
  if (at > MIGRATIONS.length) {
    throw new Error(`store: schema version ${at} is newer than this server knows`);
  }
  MIGRATIONS.slice(at).forEach((sql, i) => {
    db.transaction(() => {
      db.exec(sql);
      db.pragma(`user_version = ${at + i + 1}`);
    })();
  });
}

export class SqliteStore implements TableStore {
  readonly kind = "sqlite";
  readonly status: StoreStatus;
  /** The database file. */
  readonly path: string;
  private readonly db: Database.Database;
  private readonly q: ReturnType<typeof prepare>;
  private readonly logger: StoreLog;
  private readonly createTx: (table: TableRecord) => void;
  private readonly closeTx: (
    tableId: string,
    at: number,
    game: GameRecord | null,
    rated: RatedGame | null,
  ) => void;
  private readonly saveTx: (game: GameRecord, rated: RatedGame | null) => void;
  private readonly checkpointer: Worker;
  private readonly retryMs: number;
  /** Writes made while the store could not write, in order; they go first when it can. */
  private readonly waiting: Waiting[] = [];
  private retrying: NodeJS.Timeout | null = null;
  private checkpointFailing = false;
  private readonly spaceWatch: { stop(): void };
  /** The checkpointing thread's last report: frames in the WAL, frames copied to the file. */
  lastCheckpoint: { readonly log: number; readonly checkpointed: number } | null = null;

  /** Opens (or creates) the database in `dataDir`, creating the folder when missing. */
  constructor(dataDir: string, options: SqliteOptions = {}) {
    this.logger = options.logger ?? log;
    this.status = new StoreStatus(this.kind, this.logger);
    this.retryMs = options.retryMs ?? 500;
    mkdirSync(dataDir, { recursive: true });
    this.path = join(dataDir, options.file ?? SQLITE_FILE);
    this.db = new Database(this.path);
    try {
      this.db.pragma("journal_mode = WAL");
      this.db.pragma("synchronous = NORMAL");
      this.db.pragma("foreign_keys = ON");
      this.db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
      // The worker below checkpoints; commits never do.
      this.db.pragma("wal_autocheckpoint = 0");
      migrate(this.db);
      this.q = prepare(this.db);
    } catch (err) {
      this.db.close();
      throw err;
    }
    this.checkpointer = new Worker(CHECKPOINTER, {
      eval: true,
      workerData: {
        driver: createRequire(import.meta.url).resolve("better-sqlite3"),
        file: this.path,
        everyMs: options.checkpointMs ?? 1000,
        walMaxBytes: options.walMaxBytes ?? 64 * 1024 * 1024,
      },
    });
    this.checkpointer.unref();
    this.checkpointer.on(
      "message",
      (m: { log: number; checkpointed: number; over: boolean } | { error: string }) => {
        // Once per failing stretch: a full disk fails every checkpoint until it is freed.
        if ("error" in m) {
          if (!this.checkpointFailing)
            this.logger.warn(
              { event: "store-checkpoint", reason: m.error },
              "WAL checkpoint failed",
            );
          this.checkpointFailing = true;
        } else {
          this.checkpointFailing = false;
          this.lastCheckpoint = m;
          if (m.over) this.emptyWal();
        }
      },
    );
    this.checkpointer.on("error", (err) =>
      this.logger.warn(
        { event: "store-checkpoint", reason: err.message },
        "WAL checkpoints stopped",
      ),
    );
    const q = this.q;
    this.createTx = this.db.transaction((t: TableRecord) => {
      // A code used again after its table closed starts afresh.
      q.clearActions.run(t.id);
      q.clearTokens.run(t.id);
      q.createTable.run(t.id, JSON.stringify(t.options), t.seed, t.secret, t.createdAt);
    });
    this.closeTx = this.db.transaction(
      (tableId: string, at: number, game: GameRecord | null, rated: RatedGame | null) => {
        // Never brought back: its actions and token hashes have no reader left; its last game,
        // if it still had to be archived, is in the archive once the table is closed.
        if (game) this.saveGameRows(game, rated);
        q.close.run(at, tableId);
        q.clearActions.run(tableId);
        q.clearTokens.run(tableId);
      },
    );
    this.saveTx = this.db.transaction((game: GameRecord, rated: RatedGame | null) =>
      this.saveGameRows(game, rated),
    );
    this.spaceWatch = watchSpace(
      dataDir,
      options.minFreeBytes ?? 0,
      this.status,
      options.spaceEveryMs,
    );
  }

  createTable(table: TableRecord): void {
    this.write("createTable", table.id, () => this.createTx(table));
  }

  append(tableId: string, entry: ActionRecord): boolean {
    // Never kept for later: an action the file did not take is not applied at all.
    if (!this.status.writable) return false;
    try {
      this.q.append.run(tableId, entry.version, entry.at, JSON.stringify(entry.action));
      return true;
    } catch (err) {
      this.failed("append", tableId, err);
      return false;
    }
  }

  truncate(tableId: string, version: number): void {
    this.write("truncate", tableId, () => this.q.truncate.run(tableId, version));
  }

  setToken(tableId: string, player: string, tokenHash: string | null): void {
    this.write("setToken", tableId, () =>
      tokenHash === null
        ? this.q.forgetToken.run(tableId, player)
        : this.q.setToken.run(tableId, player, tokenHash),
    );
  }

  setHost(tableId: string, host: string): void {
    this.write("setHost", tableId, () => this.q.setHost.run(host, tableId));
  }

  closeTable(tableId: string, game?: GameRecord | null, rated?: RatedGame | null): void {
    const fitting = game ? ratedFitting(game, rated, this.logger, this.kind) : null;
    const at = Date.now();
    this.write("closeTable", tableId, () => this.closeTx(tableId, at, game ?? null, fitting));
  }

  parkTable(tableId: string, parked: ParkedTable): void {
    this.write("parkTable", tableId, () =>
      this.q.park.run(parked.at, parked.until, parked.by, JSON.stringify(parked), tableId),
    );
  }

  unparkTable(tableId: string): void {
    this.write("unparkTable", tableId, () => this.q.unpark.run(tableId));
  }

  async storedTable(tableId: string): Promise<StoredTable | null> {
    return this.db.transaction(() => {
      const row = this.q.oneTable.get(tableId) as TableRow | undefined;
      if (!row) return null;
      const [table] = assembleTables(
        [row],
        this.q.oneActions.all(tableId) as ActionRow[],
        this.q.oneTokens.all(tableId) as TokenRow[],
        this.logger,
      );
      return table ?? null;
    })();
  }

  async holdsTable(tableId: string): Promise<boolean> {
    return this.q.oneTable.get(tableId) !== undefined;
  }

  async parkedEntry(tableId: string, tokenHash: string): Promise<MyTable | null> {
    const row = this.q.parkedEntry.get(tableId, tokenHash) as ParkedRow | undefined;
    return parkedEntryOf(row);
  }

  async parkedExpired(now: number, limit: number): Promise<string[]> {
    return (this.q.parkedExpired.all(now, limit) as { id: string }[]).map((r) => r.id);
  }

  async parkedBy(by: string): Promise<number> {
    return (this.q.parkedBy.get(by) as { n: number }).n;
  }

  flushed(_tableId?: string): Promise<void> {
    return Promise.resolve();
  }

  async openTables(): Promise<StoredTable[]> {
    return this.db.transaction(() =>
      assembleTables(
        this.q.openTables.all() as TableRow[],
        this.q.openActions.all() as ActionRow[],
        this.q.openTokens.all() as TokenRow[],
        this.logger,
      ),
    )();
  }

  saveGame(game: GameRecord, rated?: RatedGame | null): void {
    const fitting = ratedFitting(game, rated, this.logger, this.kind);
    this.write("saveGame", game.tableId, () => this.saveTx(game, fitting));
  }

  /**
   * The game's record, and with `rated` its ratings, unless they were applied already: then
   * the stored record stays (or, when none is, one with the changes its history rows kept).
   * Inside a transaction.
   */
  private saveGameRows(game: GameRecord, rated: RatedGame | null): void {
    const q = this.q;
    const save = (statement: Database.Statement, record: GameRecord) => {
      statement.run(
        record.id,
        record.tableId,
        record.private ? 1 : 0,
        record.game,
        record.finishedAt,
        JSON.stringify(withoutTokens(record)),
      );
      // Its seats' people beside it, never in the record.
      for (const p of peopleRows(game, record))
        q.addPerson.run(p.game_id, p.seat, p.token_hash, p.player_id);
    };
    if (!rated) {
      save(q.saveGame, game);
      return;
    }
    if (q.markRated.run(game.id).changes === 0) {
      if (!q.hasGame.get(game.id)) {
        const history = q.gameHistory.all(game.id) as HistoryRow[];
        save(q.saveRatedGame, ratedRecordFromHistory(game, rated, history));
      }
      return;
    }
    const current = new Map(
      lockOrder(rated).map((id) => {
        const r = q.rating.get(id, rated.pool) as RatingRow | undefined;
        return [id, r ? ratingOf(r) : START];
      }),
    );
    const before = rated.players.map((id) => current.get(id)!);
    const after = rateGame(rated, before, game.finishedAt);
    rated.players.forEach((id, i) => {
      const now = after[i]!;
      q.setRating.run(id, rated.pool, now.rating, now.rd, now.volatility, now.games, now.at);
      q.addHistory.run(
        id,
        rated.pool,
        game.id,
        game.finishedAt,
        before[i]!.rating,
        now.rating,
        now.rd,
      );
    });
    const changes = before.map((b, i) => ({ before: b.rating, after: after[i]!.rating }));
    save(q.saveRatedGame, ratedRecord(game, rated, changes));
  }

  async createPlayer(p: { id: string; name: string; keyHash: string; at: number }): Promise<void> {
    // Not kept for later: whoever asked for the player is told.
    if (!this.status.writable) throw this.status.refusal();
    let created: boolean;
    try {
      created = this.q.createPlayer.run(p.id, p.name, p.keyHash, p.at, p.at).changes === 1;
    } catch (err) {
      if (isOutage(err)) this.failed("createPlayer", "", err);
      throw err;
    }
    // The same player again (a retry) is taken as created.
    if (!created && !this.q.samePlayer.get(p.id, p.keyHash))
      throw Object.assign(new Error("store: a player with this id or key exists"), {
        code: "SQLITE_CONSTRAINT_UNIQUE",
      });
  }

  async playerByKey(keyHash: string): Promise<PlayerRecord | null> {
    return this.db.transaction(() => {
      const row = this.q.playerByKey.get(keyHash) as PlayerRow | undefined;
      return row ? playerFromRows(row, this.q.playerRatings.all(row.id) as RatingRow[]) : null;
    })();
  }

  async player(id: string): Promise<PlayerRecord | null> {
    return this.db.transaction(() => {
      const row = this.q.player.get(id) as PlayerRow | undefined;
      return row ? playerFromRows(row, this.q.playerRatings.all(id) as RatingRow[]) : null;
    })();
  }

  seePlayer(id: string, name: string, at: number): void {
    this.write("seePlayer", "", () => this.q.seePlayer.run(name, at, id));
  }

  async ratingHistory(id: string, limit: number): Promise<RatingPoint[]> {
    return (this.q.ratingHistory.all(id, Math.max(0, limit)) as HistoryRow[]).map(pointOf);
  }

  async leaderboard(pool: Pool, seenSince: number, limit: number): Promise<LeaderRow[]> {
    return this.q.leaderboard.all(
      pool,
      PROVISIONAL_RD,
      seenSince,
      Math.max(0, limit),
    ) as LeaderRow[];
  }

  async game(id: string): Promise<GameRecord | null> {
    return gameFromRow(this.q.game.get(id) as GameRow | undefined);
  }

  async pruneGames(before: number): Promise<number> {
    return this.q.pruneGames.run(before).changes;
  }

  async addFeedback(f: FeedbackRecord): Promise<void> {
    this.now("addFeedback", () => this.q.addFeedback.run(...feedbackValues(f, (b) => (b ? 1 : 0))));
  }

  async feedbackList(q: FeedbackQuery): Promise<FeedbackRecord[]> {
    const rows = this.q.feedbackList.all({
      published: q.published === "all" ? null : q.published ? 1 : 0,
      game: q.game ?? null,
      status: q.status ?? null,
      limit: Math.max(0, q.limit),
    }) as FeedbackRow[];
    return rows.map(feedbackFromRow);
  }

  async feedbackItem(id: string): Promise<FeedbackRecord | null> {
    const row = this.q.feedbackItem.get(id) as FeedbackRow | undefined;
    return row ? feedbackFromRow(row) : null;
  }

  async changeFeedback(id: string, change: DeskChange, at: number): Promise<FeedbackRecord | null> {
    const row = this.now(
      "changeFeedback",
      () =>
        this.q.changeFeedback.get({
          id,
          status: change.status ?? null,
          published: change.published === undefined ? null : change.published ? 1 : 0,
          setAnswer: change.answer === undefined ? 0 : 1,
          answer: change.answer ?? null,
          at,
        }) as FeedbackRow | undefined,
    );
    return row ? feedbackFromRow(row) : null;
  }

  async pruneFeedback(before: number): Promise<number> {
    return this.now("pruneFeedback", () => this.q.pruneFeedback.run(before).changes);
  }

  async detachFeedback(who: { tokenHash?: string; playerId?: string }): Promise<number> {
    const token = who.tokenHash ?? null;
    const player = who.playerId ?? null;
    if (token === null && player === null) return 0;
    return this.now("detachFeedback", () => this.q.detachFeedback.run({ token, player }).changes);
  }

  async recommend(deviceHash: string, game: GameId, yes: boolean, at: number): Promise<void> {
    this.now("recommend", () => this.q.recommend.run(deviceHash, game, yes ? 1 : 0, at));
  }

  async recommendations(): Promise<Recommendations> {
    return recommendationsOf(
      this.q.recommendations.all() as { game: string; yes: number; no: number }[],
    );
  }

  /**
   * A write someone waits for (feedback, a recommendation, a prune): made now or refused, never
   * kept for later; a file that cannot be written turns the store off, as for the other writes.
   */
  private now<T>(op: string, run: () => T): T {
    if (!this.status.writable) throw this.status.refusal();
    try {
      return run();
    } catch (err) {
      if (isOutage(err)) this.failed(op, "", err);
      throw err;
    }
  }

  async erasePerson(who: ErasedWho): Promise<Erased> {
    // Not kept for later: whoever asked is told, and asks again.
    if (!this.status.writable) throw this.status.refusal();
    try {
      return this.eraseTx(who);
    } catch (err) {
      if (isOutage(err)) this.failed("erasePerson", "", err);
      throw err;
    }
  }

  /** `erasePerson` in one transaction. */
  private readonly eraseTx = (who: ErasedWho): Erased =>
    this.db.transaction(() => {
      const q = this.q;
      const token = who.tokenHash ?? null;
      const id = who.playerId ?? null;
      const byTable = new Map<string, Set<string>>();
      for (const r of q.erasedTables.all(token, id) as { table_id: string; player: string }[])
        byTable.set(r.table_id, (byTable.get(r.table_id) ?? new Set()).add(r.player));
      for (const [tableId, players] of byTable) {
        const names = new Set<string>();
        for (const a of q.oneActions.all(tableId) as ActionRow[]) {
          const action = erasedAction(JSON.parse(a.action), players, names);
          if (action) q.setAction.run(JSON.stringify(action), tableId, a.version);
        }
        const row = q.tableOptions.get(tableId) as { options: string } | undefined;
        const options = row && erasedOptions(JSON.parse(row.options), names);
        if (options) q.setOptions.run(JSON.stringify(options), tableId);
      }
      let games = 0;
      const found = q.erasedPeople.all(token, id) as PersonRow[];
      for (const [gameId, seats] of seatsByGame(found, who)) {
        const record = gameFromRow(q.game.get(gameId) as GameRow | undefined);
        if (!record) continue;
        q.setRecord.run(JSON.stringify(erasedGame(record, seats)), gameId);
        games++;
      }
      if (token !== null) q.unlinkToken.run(token);
      let player = false;
      if (id !== null) {
        q.unlinkPlayer.run(id);
        q.forgetRatings.run(id);
        q.forgetHistory.run(id);
        player = q.forgetPlayer.run(id).changes > 0;
      }
      return { tables: [...byTable.keys()], games, player };
    })();

  async close(): Promise<void> {
    this.spaceWatch.stop();
    if (this.retrying) {
      clearInterval(this.retrying);
      this.retrying = null;
      this.retry();
    }
    if (this.waiting.length > 0)
      this.logger.error(
        {
          event: "store/unsaved",
          store: this.kind,
          writes: this.waiting.length,
          ops: [...new Set(this.waiting.map((w) => w.op))],
        },
        "store: closed while it could not write; these writes are not kept",
      );
    // The last connection to close checkpoints what is left and removes the WAL.
    if (this.checkpointer.threadId >= 0) {
      const exited = new Promise((r) => this.checkpointer.once("exit", r));
      this.checkpointer.postMessage("stop");
      await exited;
    }
    if (this.db.open) this.db.close();
  }

  /**
   * Copies the WAL's last frames into the database and empties the file, on the writer's own
   * connection (the checkpointing thread has just copied the rest), so that no write ever waits
   * for another connection's lock. It waits for nothing itself: while the thread checkpoints,
   * the file is left for the thread's next report. On a full disk (the store down) the room the
   * emptied file gives back may be what the store needs to write again.
   */
  private emptyWal(): void {
    if (!this.db.open) return;
    this.db.pragma("busy_timeout = 0");
    try {
      this.db.pragma("wal_checkpoint(TRUNCATE)");
    } catch {
      // Busy or failing: the next report tries again; a failing write says why.
    } finally {
      this.db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    }
  }

  /**
   * Writes other than actions are void to their callers: made now, or, while the file cannot
   * take writes, kept in order and made as soon as it can. Never thrown into a room.
   */
  private write(op: string, tableId: string, run: () => unknown): void {
    if (!this.status.writable) {
      this.waiting.push({ op, tableId, run });
      return;
    }
    try {
      run();
    } catch (err) {
      if (isOutage(err)) this.waiting.push({ op, tableId, run });
      this.failed(op, tableId, err);
    }
  }

  /** A write failed: the store is down (and tries again), or the write itself was wrong. */
  private failed(op: string, tableId: string, err: unknown): void {
    if (!isOutage(err)) {
      this.logger.error(
        { event: "store/write-failed", store: this.kind, op, tableId, reason: reasonOf(err) },
        `store: ${op} failed`,
      );
      return;
    }
    this.status.fail(err);
    if (this.retrying) return;
    this.retrying = setInterval(() => this.retry(), this.retryMs);
    this.retrying.unref();
  }

  /** Makes the kept writes, then proves the file takes writes; up again if all went through. */
  private retry(): void {
    try {
      for (;;) {
        const next = this.waiting[0];
        if (!next) break;
        try {
          next.run();
        } catch (err) {
          if (isOutage(err)) throw err;
          this.logger.error(
            { event: "store/write-failed", store: this.kind, op: next.op, reason: reasonOf(err) },
            `store: ${next.op} failed`,
          );
        }
        this.waiting.shift();
      }
      // Room for a quarter of a megabyte, not just for one small write: a disk that is still
      // nearly full would otherwise take the probe, end the pause, and fail the next move.
      this.q.probe.run(Date.now(), PROBE_BYTES);
      this.q.probe.run(Date.now(), 0);
    } catch {
      return;
    }
    if (this.retrying) clearInterval(this.retrying);
    this.retrying = null;
    this.status.ok();
  }
}
