/**
 * Where tables and finished games are kept so they survive a restart or a crash. Every accepted
 * action of a table is appended here before its effect is broadcast; when the server starts,
 * the unfinished tables are read back and rebuilt by replaying their actions. Implementations:
 * `memory.ts` (tests, nothing kept), `sqlite.ts` (default, a file in DATA_DIR), `postgres.ts`
 * (DATABASE_URL). All of them keep one table's writes in the order they were made.
 */

import type { GameId } from "../../shared/games/catalog";
import type { Action } from "../../shared/match/match";
import type { ArchivedGame } from "../../shared/protocol/archive";
import type { CreateOptions, MyTable } from "../../shared/protocol/messages";
import type { LeaderRow } from "../../shared/protocol/players";
import type {
  DeskChange,
  DeskItem,
  FeedbackStatus,
  Recommendations,
} from "../../shared/protocol/site";
import type { Pool, RatedGame, Rating } from "../../shared/rating/types";
import type { Erased, ErasedWho } from "./rows";
import type { StoreStatus } from "./status";

/** A table as created: enough to open it again under the same id. */
export interface TableRecord {
  /** The room id: the private code, or the public table's id. */
  readonly id: string;
  /** The parsed create options (game, format, private, mode, house rules, creator's name). */
  readonly options: CreateOptions;
  /** Seed of the table's CPU players. */
  readonly seed: number;
  /** Secret the table's game ids are derived from (base64url, 128 bits; never sent). */
  readonly secret: string;
  /** When the table was created (ms since the epoch). */
  readonly createdAt: number;
}

/** One accepted action, with the match version it produced and the server time it was applied. */
export interface ActionRecord {
  readonly version: number;
  /** Server time (ms since the epoch). */
  readonly at: number;
  readonly action: Action;
}

/** A table to bring back: its record, its actions in order, and its players' seat-token hashes. */
export interface StoredTable {
  readonly table: TableRecord;
  readonly actions: readonly ActionRecord[];
  /** Player id → SHA-256 of the player's seat token (hex). The token itself is never stored. */
  readonly tokens: ReadonlyMap<string, string>;
  /** Player id of the host when the table was last written. */
  readonly host: string;
  /** Whether it was parked when read: a room that opens it again unparks it. */
  readonly parked: boolean;
}

/**
 * A table nobody is at, kept in the store instead of a room (server/table/parking.ts): when it
 * was parked, and the lobby's "your tables" entry of each player holding a seat, so that the
 * lobby can list it without bringing it back.
 */
export interface ParkedTable {
  /** When it was parked (ms since the epoch). */
  readonly at: number;
  /** Until when it is kept for someone to come back (ms); then it ends. */
  readonly until: number;
  /**
   * Who opened it, as a key of their address (server/table/parking.ts): tables parked are
   * bounded per address. "" when not known.
   */
  readonly by: string;
  /** Player id → that player's entry in "your tables". */
  readonly entries: Readonly<Record<string, MyTable>>;
}

/** A player without an account: a public id, the name they last went by, a rating per pool. */
export interface PlayerRecord {
  readonly id: string;
  readonly name: string;
  /** ms since the epoch. */
  readonly createdAt: number;
  /** When the player last joined a table or asked for quick play (ms). */
  readonly seenAt: number;
  /** As stored: a pool never played in is `START` (shared/rating/glicko2.ts). */
  readonly ratings: Readonly<Record<Pool, Rating>>;
}

/** One rated game in a player's history. */
export interface RatingPoint {
  readonly pool: Pool;
  /** The game's archive id (`/g/<id>`). */
  readonly game: string;
  /** When it ended (ms). */
  readonly at: number;
  readonly before: number;
  readonly after: number;
  /** Deviation after it. */
  readonly rd: number;
}

/** One row of a pool's leaderboard. */
export type { LeaderRow };

/**
 * A feedback message as stored: what the desk sees, and who wrote it, as far as erasure needs
 * to know (never the seat token or player key themselves).
 */
export interface FeedbackRecord extends DeskItem {
  /** SHA-256 (hex) of the seat token sent with it, or null. */
  readonly authorToken: string | null;
  /** The player whose key was sent with it, or null. */
  readonly authorPlayer: string | null;
}

/** Which feedback `feedbackList` answers. */
export interface FeedbackQuery {
  /** Published messages only, unpublished only, or all. */
  readonly published: boolean | "all";
  readonly game?: GameId;
  readonly status?: FeedbackStatus;
  readonly limit: number;
}

/** A finished game as the archive keeps it (shared/protocol/archive.ts). */
export type GameRecord = ArchivedGame;

export interface TableStore {
  /** "memory", "sqlite" or "postgres", for the log. */
  readonly kind: string;
  /** Whether it can write now; tables pause while it cannot. */
  readonly status: StoreStatus;
  /** Records a new table (only while the store is writable: new tables wait otherwise). */
  createTable(table: TableRecord): void;
  /**
   * Appends an accepted action. Writes of one table are kept in order; `flushed` resolves once
   * every write made so far for the table is durable. False when the store cannot take it
   * (it is down, or the write failed at once): nothing was written, and the action must not be
   * applied. Once taken, a write is never given up: it waits for the store to come back.
   */
  append(tableId: string, entry: ActionRecord): boolean;
  /**
   * Forgets a table's actions after `version`: a table brought back at its last consistent
   * version drops the ones that did not replay, so its next actions take their place.
   */
  truncate(tableId: string, version: number): void;
  /** Remembers a player's seat-token hash (or forgets it: null) and the table's host. */
  setToken(tableId: string, player: string, tokenHash: string | null): void;
  setHost(tableId: string, host: string): void;
  /**
   * The table is over for good: it is not brought back. `game`, the last game's record when it
   * had a move and was not archived yet, is archived in the same transaction, so nothing with a
   * move is deleted without reaching the archive.
   */
  closeTable(tableId: string, game?: GameRecord | null, rated?: RatedGame | null): void;
  /**
   * Nobody is at the table: it stays stored with everything it had, is not brought back on
   * start, and waits for someone to come back (`storedTable`), or for the keeping time to end.
   */
  parkTable(tableId: string, parked: ParkedTable): void;
  /** The parked table is open in a room again: it is brought back on start if the server stops. */
  unparkTable(tableId: string): void;
  /** An unfinished table (parked or open), with its actions and token hashes, or null. */
  storedTable(tableId: string): Promise<StoredTable | null>;
  /** Whether an unfinished table (parked or open) is stored under this id. */
  holdsTable(tableId: string): Promise<boolean>;
  /**
   * The "your tables" entry of the parked table for the player whose seat token hashes to
   * `tokenHash`, or null (not parked, or not a seat of theirs).
   */
  parkedEntry(tableId: string, tokenHash: string): Promise<MyTable | null>;
  /** Ids of parked tables kept until before `now` (ms), the earliest first, at most `limit`. */
  parkedExpired(now: number, limit: number): Promise<string[]>;
  /** How many tables are parked that the address with this key opened. */
  parkedBy(by: string): Promise<number>;
  /** Resolves when everything written for the table so far (or for all tables) is durable. */
  flushed(tableId?: string): Promise<void>;
  /** The tables to bring back on start (open when the server stopped, not parked), oldest first. */
  openTables(): Promise<StoredTable[]>;
  /**
   * Archives a finished game. `rated`: in the same transaction, unless this game's ratings were
   * applied already (then they are not again, and the stored record keeps them), each seat's
   * rating is updated (shared/rating `rateGame`), a history point written, and the record kept
   * with `rated` and each seat's `player` and `rating: { before, after }`.
   */
  saveGame(game: GameRecord, rated?: RatedGame | null): void;
  /** Records a new player (only `keyHash`, the SHA-256 of the key, hex). Rejects when it cannot write. */
  createPlayer(p: { id: string; name: string; keyHash: string; at: number }): Promise<void>;
  /** The player whose key hashes to `keyHash`, or null. */
  playerByKey(keyHash: string): Promise<PlayerRecord | null>;
  player(id: string): Promise<PlayerRecord | null>;
  /** The player came back under `name` (queued, as other writes). */
  seePlayer(id: string, name: string, at: number): void;
  /** A player's rated games, newest first, every pool, at most `limit`. */
  ratingHistory(id: string, limit: number): Promise<RatingPoint[]>;
  /**
   * A pool's leaderboard: players whose deviation is at most 110 (not provisional) and who were
   * seen since `seenSince` (ms), the highest rating first, at most `limit`.
   */
  leaderboard(pool: Pool, seenSince: number, limit: number): Promise<LeaderRow[]>;
  /** An archived game, or null (unknown ids and games not yet finished alike). */
  game(id: string): Promise<GameRecord | null>;
  /** Deletes archived games finished before `before` (ms); resolves with how many. */
  pruneGames(before: number): Promise<number>;
  /**
   * Erasure on request (`POST /api/erase`): what the store holds of the person whose seat token
   * hashes to `tokenHash`, or whose player id is `playerId`. Names become ERASED_NAME in the
   * stored actions of unfinished tables (open or parked: a replay brings no name back) and in
   * archived games (found through the seat links written with them; games archived before
   * those links existed are not found); moves stay. By player id, the player, their ratings
   * and their rating history go, and their games' seats are no longer linked to them. Other
   * people's games and ratings stay as they are. Rejects when it cannot write.
   */
  erasePerson(who: ErasedWho): Promise<Erased>;
  close(): Promise<void>;
  /** Stores a new feedback message. Rejects when it cannot write (never kept for later). */
  addFeedback(f: FeedbackRecord): Promise<void>;
  /** Feedback messages, newest first, at most `limit`. */
  feedbackList(q: FeedbackQuery): Promise<FeedbackRecord[]>;
  feedbackItem(id: string): Promise<FeedbackRecord | null>;
  /**
   * The operator changes a message's status, answer (`answered` becomes `at`, or null with no
   * answer) or publication; resolves with the message as changed, or null when there is none.
   */
  changeFeedback(id: string, change: DeskChange, at: number): Promise<FeedbackRecord | null>;
  /** Deletes feedback written before `before` (ms); resolves with how many. */
  pruneFeedback(before: number): Promise<number>;
  /**
   * Erasure: the messages written with this seat token (its hash) or by this player no longer
   * say so. Resolves with how many were changed.
   */
  detachFeedback(who: { tokenHash?: string; playerId?: string }): Promise<number>;
  /** A device (its keyed hash) recommends a game or not: one answer per device and game. */
  recommend(deviceHash: string, game: GameId, yes: boolean, at: number): Promise<void>;
  /** Answers per game. */
  recommendations(): Promise<Recommendations>;
}
