/**
 * A fresh table store for one run of the server under load, removed after it: nothing kept,
 * a new SQLite data folder, or a throw-away PostgreSQL cluster on loopback (tools/pgcluster.ts)
 * reached over TCP or its Unix socket.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startCluster } from "../tools/pgcluster";

export const STORE_KINDS = ["memory", "sqlite", "postgres", "postgres-socket"] as const;
export type StoreKind = (typeof STORE_KINDS)[number];

export interface FreshStore {
  /** The server's settings for it (DATA_DIR or DATABASE_URL). */
  readonly env: Record<string, string>;
  /** The PostgreSQL connection string, for measuring the database alone. */
  readonly databaseUrl: string | null;
  done(): Promise<void>;
}

export const isStoreKind = (name: string): name is StoreKind =>
  (STORE_KINDS as readonly string[]).includes(name);

export async function freshStore(kind: StoreKind): Promise<FreshStore> {
  if (kind === "sqlite") {
    const dir = mkdtempSync(path.join(tmpdir(), "crossboard-load-"));
    return {
      env: { DATA_DIR: dir },
      databaseUrl: null,
      done: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  if (kind === "postgres" || kind === "postgres-socket") {
    const cluster = await startCluster();
    await cluster.createDatabase("crossboard_load");
    const url =
      kind === "postgres" ? cluster.url("crossboard_load") : cluster.socketUrl("crossboard_load");
    return { env: { DATABASE_URL: url }, databaseUrl: url, done: () => cluster.stop() };
  }
  return { env: { DATA_DIR: ":memory:" }, databaseUrl: null, done: async () => undefined };
}
