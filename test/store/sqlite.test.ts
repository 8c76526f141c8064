import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { Session } from "node:inspector";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it, vi } from "vitest";
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

/** Many actions on one table, the way a room writes them: one statement each. */
function writeActions(store: SqliteStore, n: number): void {
  store.createTable(tableRecord("BUSY01", 1_700_000_000_000));
  for (const a of actionRecords(n)) store.append("BUSY01", a);
}

describe("sqlite store", () => {
  it("never checkpoints inside a commit: the WAL grows past SQLite's automatic threshold", async () => {
    const store = new SqliteStore(dataDir(), { logger: recordingLog(), checkpointMs: 3_600_000 });
    const before = statSync(store.path).size;
    // SQLite's automatic checkpoint runs in the commit that takes the WAL past 1000 pages.
    writeActions(store, 40_000);
    expect(statSync(`${store.path}-wal`).size).toBeGreaterThan(1000 * 4096);
    expect(statSync(store.path).size).toBe(before);
    await store.close();
  });

  it("empties a WAL that writes never let start over, so its file cannot grow as long as they go on", async () => {
    const store = new SqliteStore(dataDir(), {
      logger: recordingLog(),
      checkpointMs: 20,
      walMaxBytes: 256 * 1024,
    });
    store.createTable(tableRecord("BUSY02", 1_700_000_000_000));
    // Writes that never pause for long, as a busy server's: a few every millisecond for 1.5 s.
    let version = 0;
    let largest = 0;
    const until = Date.now() + 1500;
    while (Date.now() < until) {
      for (const a of actionRecords(20)) store.append("BUSY02", { ...a, version: ++version });
      largest = Math.max(largest, statSync(`${store.path}-wal`).size);
      await new Promise((r) => setTimeout(r, 1));
    }
    // Each commit adds at least a page to the WAL: left alone it would hold them all (tens of
    // MB here). Emptied on the way, it holds at most what is written while a checkpoint runs.
    expect(version * 4096).toBeGreaterThan(10 * 1024 * 1024);
    expect(largest).toBeLessThan((version * 4096) / 2);
    await store.close();
    const db = new Database(store.path, { readonly: true });
    expect(db.prepare("SELECT count(*) AS n FROM actions").get()).toEqual({ n: version });
    db.close();
  });

  it("never refuses a write while the WAL is emptied, even with a profiler's signals cutting SQLite's sleeps short", async () => {
    // A CPU profiler interrupts the thread every sampling tick; SQLite's busy handler sleeps in
    // steps and counts them, not the time, so a write waiting on another connection's lock
    // gave up within milliseconds and the store called itself down.
    const session = new Session();
    session.connect();
    const post = (method: string, params?: object) =>
      new Promise<void>((done, fail) =>
        session.post(method, params, (err) => (err ? fail(err) : done())),
      );
    await post("Profiler.enable");
    await post("Profiler.setSamplingInterval", { interval: 100 });
    await post("Profiler.start");
    const log = recordingLog();
    const store = new SqliteStore(dataDir(), {
      logger: log,
      checkpointMs: 5,
      walMaxBytes: 128 * 1024,
    });
    try {
      store.createTable(tableRecord("BUSY03", 1_700_000_000_000));
      let version = 0;
      let refused = 0;
      const until = Date.now() + 3000;
      while (Date.now() < until) {
        for (const a of actionRecords(50))
          if (!store.append("BUSY03", { ...a, version: ++version })) refused++;
        await new Promise((r) => setImmediate(r));
      }
      expect(refused).toBe(0);
      expect(store.status.down).toBeNull();
      // The WAL was emptied on the way (each commit adds a page; left alone it holds them all).
      expect(statSync(`${store.path}-wal`).size).toBeLessThan((version * 4096) / 4);
    } finally {
      await post("Profiler.stop");
      session.disconnect();
      await store.close();
    }
  });

  it("checkpoints in its own thread: the database file takes the actions, the WAL is reused", async () => {
    const store = new SqliteStore(dataDir(), { logger: recordingLog(), checkpointMs: 20 });
    const before = statSync(store.path).size;
    writeActions(store, 5_000);
    // Every frame copied: the WAL starts over with the next commit.
    await vi.waitFor(
      () => {
        const c = store.lastCheckpoint;
        expect(c && c.log > 0 && c.checkpointed === c.log).toBe(true);
      },
      { timeout: 10_000 },
    );
    expect(statSync(store.path).size).toBeGreaterThan(before);
    const wal = statSync(`${store.path}-wal`).size;
    for (const a of actionRecords(100))
      store.append("BUSY01", { ...a, version: a.version + 5_000 });
    expect(statSync(`${store.path}-wal`).size).toBe(wal);
    await store.close();
    const db = new Database(store.path, { readonly: true });
    expect(db.prepare("SELECT count(*) AS n FROM actions").get()).toEqual({ n: 5_100 });
    db.close();
  });

  it("creates its folder and a WAL database with the schema version set", async () => {
    const dir = dataDir();
    const store = new SqliteStore(dir, { logger: recordingLog() });
    expect(store.path).toBe(join(dir, SQLITE_FILE));
    expect(existsSync(store.path)).toBe(true);
    await store.close();
    const db = new Database(store.path, { readonly: true });
    expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(db.pragma("user_version", { simple: true })).toBe(6);
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
