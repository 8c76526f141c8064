import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { SQLITE_FILE, SqliteStore } from "../../server/store/sqlite";
import { writeThenKill } from "./crash";
import { actionRecords, tableRecord } from "./samples";
import { recordingLog, storeContract } from "./suite";

const root = mkdtempSync(join(tmpdir(), "crossboard-sqlite-"));
let n = 0;
/** A data folder that does not exist yet. */
const dataDir = () => join(root, `run${++n}`, "data");
afterAll(() => rmSync(root, { recursive: true, force: true }));

storeContract("sqlite", {
  fresh: async (logger) => new SqliteStore(dataDir(), { logger }),
  reopen: async (store, logger) => {
    await store.close();
    return new SqliteStore(dirname((store as SqliteStore).path), { logger });
  },
});

describe("sqlite store", () => {
  it("creates its folder and a WAL database with the schema version set", async () => {
    const dir = dataDir();
    const store = new SqliteStore(dir, { logger: recordingLog() });
    expect(store.path).toBe(join(dir, SQLITE_FILE));
    expect(existsSync(store.path)).toBe(true);
    await store.close();
    const db = new Database(store.path, { readonly: true });
    expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(db.pragma("user_version", { simple: true })).toBe(1);
    db.close();
  });

  it("refuses a database written by a newer schema", () => {
    const dir = dataDir();
    new SqliteStore(dir, { logger: recordingLog() }).close();
    const db = new Database(join(dir, SQLITE_FILE));
    db.pragma("user_version = 99");
    db.close();
    expect(() => new SqliteStore(dir, { logger: recordingLog() })).toThrow(/schema version 99/);
  });

  it("keeps every action written before the process is killed with SIGKILL", async () => {
    const dir = dataDir();
    await writeThenKill({ dataDir: dir, databaseUrl: null }, 500);
    const store = new SqliteStore(dir, { logger: recordingLog() });
    const tables = await store.openTables();
    await store.close();
    expect(tables.map((t) => t.table)).toStrictEqual([tableRecord("CRASH1", 1)]);
    expect(tables[0]?.actions).toStrictEqual(actionRecords(500));
    expect(tables[0]?.tokens.get("p1")).toBe("f".repeat(64));
  });
});
