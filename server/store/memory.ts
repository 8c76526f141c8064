/**
 * A store that keeps everything in maps, for tests and runs that want nothing kept. Records are
 * copied through JSON on the way in and out, as the SQL stores copy them, so a caller's later
 * change cannot reach what was stored and anything that would not survive a database does not
 * survive here either.
 */

import type { MyTable } from "../../shared/protocol/messages";
import { log } from "../ops/log";
import type { StoreLog } from "./status";
import { StoreStatus } from "./status";
import type {
  ActionRecord,
  GameRecord,
  ParkedTable,
  StoredTable,
  TableRecord,
  TableStore,
} from "./types";

interface Entry {
  readonly table: TableRecord;
  readonly actions: Map<number, ActionRecord>;
  readonly tokens: Map<string, string>;
  host: string;
  closed: boolean;
  parked: ParkedTable | null;
}

const copy = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

const storedOf = (t: Entry): StoredTable => ({
  table: copy(t.table),
  actions: [...t.actions.values()].sort((a, b) => a.version - b.version).map(copy),
  tokens: new Map(t.tokens),
  host: t.host,
});

export class MemoryStore implements TableStore {
  readonly kind = "memory";
  readonly status: StoreStatus;
  private readonly tables = new Map<string, Entry>();
  private readonly games = new Map<string, GameRecord>();

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
    if (!t.actions.has(entry.version)) t.actions.set(entry.version, copy(entry));
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

  closeTable(tableId: string, game?: GameRecord | null): void {
    const t = this.tables.get(tableId);
    if (!t) return;
    if (game) this.saveGame(game);
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

  saveGame(game: GameRecord): void {
    this.games.set(game.id, copy(game));
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
        n++;
      }
    }
    return n;
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
