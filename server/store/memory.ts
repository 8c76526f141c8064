/**
 * A store that keeps everything in maps, for tests and runs that want nothing kept. Records are
 * copied through JSON on the way in and out, as the SQL stores copy them, so a caller's later
 * change cannot reach what was stored and anything that would not survive a database does not
 * survive here either.
 */

import type { GameId } from "../../shared/games/catalog";
import type { MyTable } from "../../shared/protocol/messages";
import {
  type DeskChange,
  noRecommendations,
  type Recommendations,
} from "../../shared/protocol/site";
import { rateGame, START } from "../../shared/rating/glicko2";
import {
  POOLS,
  type Pool,
  PROVISIONAL_RD,
  type RatedGame,
  type Rating,
} from "../../shared/rating/types";
import { log } from "../ops/log";
import {
  type Erased,
  type ErasedWho,
  erasedAction,
  erasedGame,
  erasedOptions,
  type HistoryRow,
  lockOrder,
  type PersonRow,
  peopleRows,
  ratedFitting,
  ratedRecord,
  ratedRecordFromHistory,
  seatsByGame,
  withoutTokens,
} from "./rows";
import type { StoreLog } from "./status";
import { StoreStatus } from "./status";
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

interface Entry {
  table: TableRecord;
  /**
   * Version → the action as JSON: one string a move rather than the record's objects, as a
   * database keeps it (a table's journal is most of what this store holds for it).
   */
  readonly actions: Map<number, string>;
  readonly tokens: Map<string, string>;
  host: string;
  closed: boolean;
  parked: ParkedTable | null;
}

interface PlayerEntry {
  readonly id: string;
  name: string;
  readonly keyHash: string;
  readonly createdAt: number;
  seenAt: number;
}

const copy = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

/** Newest first; the game id breaks ties, as the SQL stores order them. */
const newestFirst = (a: HistoryRow, b: HistoryRow): number =>
  b.at - a.at || (a.game < b.game ? 1 : a.game > b.game ? -1 : 0);

const storedOf = (t: Entry): StoredTable => ({
  table: copy(t.table),
  actions: [...t.actions]
    .sort(([a], [b]) => a - b)
    .map(([, json]) => JSON.parse(json) as ActionRecord),
  tokens: new Map(t.tokens),
  host: t.host,
  parked: t.parked !== null,
});

export class MemoryStore implements TableStore {
  readonly kind = "memory";
  readonly status: StoreStatus;
  private readonly tables = new Map<string, Entry>();
  private readonly games = new Map<string, GameRecord>();
  private readonly players = new Map<string, PlayerEntry>();
  /** Key hash → player id. */
  private readonly keys = new Map<string, string>();
  /** `player pool` → rating, for players and pools with a rated game. */
  private readonly ratings = new Map<string, Rating>();
  private readonly history: HistoryRow[] = [];
  /** Games whose ratings were applied. */
  private readonly ratedGames = new Set<string>();
  private readonly feedback = new Map<string, FeedbackRecord>();
  /** `deviceHash game` → the answer. */
  private readonly recommended = new Map<string, { game: GameId; yes: boolean; at: number }>();
  /** Game id → the links of its seats to their people (as the SQL stores' `game_people`). */
  private readonly people = new Map<string, PersonRow[]>();

  constructor(private readonly logger: StoreLog = log) {
    this.status = new StoreStatus(this.kind, logger);
  }

  createTable(table: TableRecord): void {
    // A code used again after its table closed starts afresh, as in the SQL stores.
    this.tables.set(table.id, {
      table: copy(table),
      actions: new Map(),
      tokens: new Map(),
      host: "",
      closed: false,
      parked: null,
    });
  }

  append(tableId: string, entry: ActionRecord): boolean {
    const t = this.known(tableId, "append");
    if (!t) return false;
    if (!t.actions.has(entry.version)) t.actions.set(entry.version, JSON.stringify(entry));
    return true;
  }

  truncate(tableId: string, version: number): void {
    const t = this.tables.get(tableId);
    if (!t) return;
    for (const v of t.actions.keys()) if (v > version) t.actions.delete(v);
  }

  setToken(tableId: string, player: string, tokenHash: string | null): void {
    const t = this.known(tableId, "setToken");
    if (!t) return;
    if (tokenHash === null) t.tokens.delete(player);
    else t.tokens.set(player, tokenHash);
  }

  setHost(tableId: string, host: string): void {
    const t = this.tables.get(tableId);
    if (t) t.host = host;
  }

  closeTable(tableId: string, game?: GameRecord | null, rated?: RatedGame | null): void {
    const t = this.tables.get(tableId);
    if (!t) return;
    if (game) this.saveGame(game, rated);
    t.closed = true;
    t.parked = null;
    t.actions.clear();
    t.tokens.clear();
  }

  parkTable(tableId: string, parked: ParkedTable): void {
    const t = this.known(tableId, "parkTable");
    if (t && !t.closed) t.parked = copy(parked);
  }

  unparkTable(tableId: string): void {
    const t = this.tables.get(tableId);
    if (t) t.parked = null;
  }

  async storedTable(tableId: string): Promise<StoredTable | null> {
    const t = this.tables.get(tableId);
    return t && !t.closed ? storedOf(t) : null;
  }

  async holdsTable(tableId: string): Promise<boolean> {
    const t = this.tables.get(tableId);
    return t !== undefined && !t.closed;
  }

  async parkedEntry(tableId: string, tokenHash: string): Promise<MyTable | null> {
    const t = this.tables.get(tableId);
    if (!t?.parked || t.closed) return null;
    for (const [player, hash] of t.tokens)
      if (hash === tokenHash) return copy(t.parked.entries[player] ?? null);
    return null;
  }

  async parkedExpired(now: number, limit: number): Promise<string[]> {
    return [...this.tables.values()]
      .filter((t) => !t.closed && t.parked && t.parked.until < now)
      .sort((a, b) => (a.parked?.until ?? 0) - (b.parked?.until ?? 0))
      .slice(0, limit)
      .map((t) => t.table.id);
  }

  async parkedBy(by: string): Promise<number> {
    return [...this.tables.values()].filter((t) => !t.closed && t.parked?.by === by).length;
  }

  flushed(_tableId?: string): Promise<void> {
    return Promise.resolve();
  }

  async openTables(): Promise<StoredTable[]> {
    return [...this.tables.values()]
      .filter((t) => !t.closed && !t.parked)
      .sort(
        (a, b) =>
          a.table.createdAt - b.table.createdAt ||
          (a.table.id < b.table.id ? -1 : a.table.id > b.table.id ? 1 : 0),
      )
      .map(storedOf);
  }

  saveGame(game: GameRecord, ratedGame?: RatedGame | null): void {
    const rated = ratedFitting(game, ratedGame, this.logger, this.kind);
    if (!rated) {
      // A rated game's record keeps its ratings.
      if (!this.ratedGames.has(game.id)) this.keepGame(game, game);
      return;
    }
    if (this.ratedGames.has(game.id)) {
      if (!this.games.has(game.id))
        this.keepGame(game, ratedRecordFromHistory(game, rated, this.history));
      return;
    }
    this.ratedGames.add(game.id);
    const current = new Map(
      lockOrder(rated).map((id) => [id, this.ratings.get(`${id} ${rated.pool}`) ?? START]),
    );
    const before = rated.players.map((id) => current.get(id)!);
    const after = rateGame(rated, before, game.finishedAt);
    rated.players.forEach((id, i) => {
      const was = before[i]!;
      const now = after[i]!;
      this.ratings.set(`${id} ${rated.pool}`, { ...now });
      this.history.push({
        player: id,
        pool: rated.pool,
        game: game.id,
        at: game.finishedAt,
        before: was.rating,
        after: now.rating,
        rd: now.rd,
      });
    });
    this.keepGame(
      game,
      ratedRecord(
        game,
        rated,
        before.map((b, i) => ({ before: b.rating, after: after[i]!.rating })),
      ),
    );
  }

  /** The record as kept (no seat-token hashes), and the links of its seats to their people. */
  private keepGame(game: GameRecord, saved: GameRecord): void {
    this.games.set(game.id, copy(withoutTokens(saved)));
    if (!this.people.has(game.id)) this.people.set(game.id, peopleRows(game, saved));
  }

  async createPlayer(p: { id: string; name: string; keyHash: string; at: number }): Promise<void> {
    // The same player again (a retry) is taken as created.
    if (this.players.get(p.id)?.keyHash === p.keyHash) return;
    if (this.players.has(p.id) || this.keys.has(p.keyHash))
      throw new Error("store: a player with this id or key exists");
    this.players.set(p.id, {
      id: p.id,
      name: p.name,
      keyHash: p.keyHash,
      createdAt: p.at,
      seenAt: p.at,
    });
    this.keys.set(p.keyHash, p.id);
  }

  async playerByKey(keyHash: string): Promise<PlayerRecord | null> {
    const id = this.keys.get(keyHash);
    return id === undefined ? null : this.player(id);
  }

  async player(id: string): Promise<PlayerRecord | null> {
    const p = this.players.get(id);
    if (!p) return null;
    return {
      id: p.id,
      name: p.name,
      createdAt: p.createdAt,
      seenAt: p.seenAt,
      ratings: Object.fromEntries(
        POOLS.map((pool) => [pool, { ...(this.ratings.get(`${id} ${pool}`) ?? START) }]),
      ) as Record<Pool, Rating>,
    };
  }

  seePlayer(id: string, name: string, at: number): void {
    const p = this.players.get(id);
    if (!p) return;
    p.name = name;
    p.seenAt = at;
  }

  async ratingHistory(id: string, limit: number): Promise<RatingPoint[]> {
    return this.history
      .filter((h) => h.player === id)
      .sort(newestFirst)
      .slice(0, Math.max(0, limit))
      .map(({ pool, game, at, before, after, rd }) => ({
        pool: pool as Pool,
        game,
        at,
        before,
        after,
        rd,
      }));
  }

  async leaderboard(pool: Pool, seenSince: number, limit: number): Promise<LeaderRow[]> {
    const rows: LeaderRow[] = [];
    for (const p of this.players.values()) {
      const r = this.ratings.get(`${p.id} ${pool}`);
      if (r && r.rd <= PROVISIONAL_RD && p.seenAt >= seenSince)
        rows.push({ id: p.id, name: p.name, rating: r.rating, rd: r.rd, games: r.games });
    }
    return rows
      .sort((a, b) => b.rating - a.rating || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .slice(0, Math.max(0, limit));
  }

  async game(id: string): Promise<GameRecord | null> {
    const g = this.games.get(id);
    return g ? copy(g) : null;
  }

  async pruneGames(before: number): Promise<number> {
    let n = 0;
    for (const [id, g] of this.games) {
      if (g.finishedAt < before) {
        this.games.delete(id);
        this.people.delete(id);
        n++;
      }
    }
    return n;
  }

  async addFeedback(f: FeedbackRecord): Promise<void> {
    if (this.feedback.has(f.id)) throw new Error("store: a feedback message with this id exists");
    this.feedback.set(f.id, copy(f));
  }

  async feedbackList(q: FeedbackQuery): Promise<FeedbackRecord[]> {
    return [...this.feedback.values()]
      .filter(
        (f) =>
          (q.published === "all" || f.published === q.published) &&
          (q.game === undefined || f.game === q.game) &&
          (q.status === undefined || f.status === q.status),
      )
      .sort((a, b) => b.created - a.created || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
      .slice(0, Math.max(0, q.limit))
      .map(copy);
  }

  async feedbackItem(id: string): Promise<FeedbackRecord | null> {
    const f = this.feedback.get(id);
    return f ? copy(f) : null;
  }

  async changeFeedback(id: string, change: DeskChange, at: number): Promise<FeedbackRecord | null> {
    const f = this.feedback.get(id);
    if (!f) return null;
    const changed: FeedbackRecord = {
      ...f,
      ...(change.status !== undefined ? { status: change.status } : {}),
      ...(change.published !== undefined ? { published: change.published } : {}),
      ...(change.answer !== undefined
        ? { answer: change.answer, answered: change.answer === null ? null : at }
        : {}),
    };
    this.feedback.set(id, changed);
    return copy(changed);
  }

  async pruneFeedback(before: number): Promise<number> {
    let n = 0;
    for (const [id, f] of this.feedback) {
      if (f.created < before) {
        this.feedback.delete(id);
        n++;
      }
    }
    return n;
  }

  async detachFeedback(who: { tokenHash?: string; playerId?: string }): Promise<number> {
    let n = 0;
    for (const [id, f] of this.feedback) {
      const token = who.tokenHash !== undefined && f.authorToken === who.tokenHash;
      const player = who.playerId !== undefined && f.authorPlayer === who.playerId;
      if (!token && !player) continue;
      this.feedback.set(id, {
        ...f,
        authorToken: token ? null : f.authorToken,
        authorPlayer: player ? null : f.authorPlayer,
      });
      n++;
    }
    return n;
  }

  async recommend(deviceHash: string, game: GameId, yes: boolean, at: number): Promise<void> {
    this.recommended.set(`${deviceHash} ${game}`, { game, yes, at });
  }

  async recommendations(): Promise<Recommendations> {
    const counts = noRecommendations() as Record<GameId, { yes: number; no: number }>;
    for (const r of this.recommended.values()) {
      const c = counts[r.game];
      if (!c) continue;
      if (r.yes) c.yes++;
      else c.no++;
    }
    return counts;
  }

  async erasePerson(who: ErasedWho): Promise<Erased> {
    const tables: string[] = [];
    for (const t of this.tables.values()) {
      if (t.closed) continue;
      const players = new Set(
        [...t.tokens].flatMap(([player, hash]) =>
          hash === who.tokenHash || player === who.playerId ? [player] : [],
        ),
      );
      if (players.size === 0) continue;
      tables.push(t.table.id);
      const names = new Set<string>();
      for (const [version, json] of t.actions) {
        const a = JSON.parse(json) as ActionRecord;
        const action = erasedAction(a.action, players, names);
        if (action) t.actions.set(version, JSON.stringify({ ...a, action }));
      }
      const options = erasedOptions(t.table.options, names);
      if (options) t.table = { ...t.table, options };
    }
    const found = [...this.people.values()]
      .flat()
      .filter(
        (r) =>
          (who.tokenHash !== undefined && r.token_hash === who.tokenHash) ||
          (who.playerId !== undefined && r.player_id === who.playerId),
      );
    let games = 0;
    for (const [id, seats] of seatsByGame(found, who)) {
      const g = this.games.get(id);
      if (g) {
        this.games.set(id, erasedGame(g, seats));
        games++;
      }
      this.people.set(
        id,
        (this.people.get(id) ?? []).map((r) => ({
          ...r,
          token_hash: r.token_hash === who.tokenHash ? null : r.token_hash,
          player_id: r.player_id === who.playerId ? null : r.player_id,
        })),
      );
    }
    return { tables, games, player: who.playerId !== undefined && this.forget(who.playerId) };
  }

  /** Removes a player, their ratings and their history; whether there was one. */
  private forget(id: string): boolean {
    const p = this.players.get(id);
    for (const pool of POOLS) this.ratings.delete(`${id} ${pool}`);
    for (let i = this.history.length - 1; i >= 0; i--)
      if (this.history[i]!.player === id) this.history.splice(i, 1);
    if (!p) return false;
    this.players.delete(id);
    this.keys.delete(p.keyHash);
    return true;
  }

  async close(): Promise<void> {}

  /** The table, or null with an error logged: a write for a table never created is a bug. */
  private known(tableId: string, op: string): Entry | null {
    const t = this.tables.get(tableId);
    if (!t) {
      this.logger.error(
        { event: "store/write-failed", store: this.kind, tableId, op },
        "store: write for an unknown table dropped",
      );
    }
    return t ?? null;
  }
}
