/**
 * Picks the store the server runs with: PostgreSQL when a database URL is given, else SQLite in
 * the data folder, else memory. The SQL stores are loaded only when chosen, so a server that
 * runs on one never loads the other's driver (better-sqlite3 is a native module).
 */
import { MemoryStore } from "./memory";
import type { TableStore } from "./types";

export interface StoreChoice {
  /** Folder of the SQLite file (`DATA_DIR`). */
  readonly dataDir: string | null;
  /** PostgreSQL connection string (`DATABASE_URL`); wins over `dataDir`. */
  readonly databaseUrl: string | null;
  /** Keep nothing, whatever else is set. */
  readonly memory?: boolean;
  /** Free bytes SQLite's volume keeps before new tables are refused (`STORE_MIN_FREE_MB`). */
  readonly minFreeBytes?: number;
}

export async function openStore(opts: StoreChoice): Promise<TableStore> {
  if (opts.memory) return new MemoryStore();
  if (opts.databaseUrl) {
    const { PostgresStore } = await import("./postgres");
    return PostgresStore.open(opts.databaseUrl);
  }
  if (opts.dataDir) {
    const { SqliteStore } = await import("./sqlite");
    return new SqliteStore(opts.dataDir, { minFreeBytes: opts.minFreeBytes ?? 0 });
  }
  return new MemoryStore();
}
