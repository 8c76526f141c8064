import pg, { type Pool, type PoolClient } from "pg";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore } from "../../server/store/index";
import { PostgresStore } from "../../server/store/postgres";
import type { ActionRecord, TableStore } from "../../server/store/types";
import { type PgCluster, startCluster } from "../../tools/pgcluster";
import { writeThenKill } from "./crash";
import { actionRecords, tableRecord } from "./samples";
import { recordingLog, storeContract } from "./suite";

const DATABASE = "crossboard_test";
let cluster: PgCluster;
let admin: Pool;
let url: string;

beforeAll(async () => {
  cluster = await startCluster();
  await cluster.createDatabase(DATABASE);
  url = cluster.url(DATABASE);
  admin = new pg.Pool({ connectionString: url, max: 2 });
  // One test stops the server for a moment: the idle connections it breaks are replaced.
  admin.on("error", () => undefined);
}, 120_000);

afterAll(async () => {
  await admin?.end();
  await cluster?.stop();
}, 60_000);

/** Empties the database: each store test starts from nothing and creates the schema itself. */
const wipe = () => admin.query("DROP SCHEMA public CASCADE; CREATE SCHEMA public");

storeContract("postgres", {
  fresh: async (logger) => {
    await wipe();
    // A busy machine may take more than close's default 5 s to commit thousands of actions.
    return PostgresStore.open(url, { logger, backoffMs: 5, closeWaitMs: 60_000 });
  },
  reopen: async (store, logger) => {
    await store.close();
    return PostgresStore.open(url, { logger, backoffMs: 5 });
  },
});

type Hook = (text: string, values: readonly unknown[]) => Promise<void> | void;

/** A pool whose clients run `hook` before each query: to hold a write, or fail it. */
function hookedPool(hook: Hook): Pool {
  const pool = new pg.Pool({ connectionString: url });
  const connect = pool.connect.bind(pool) as () => Promise<PoolClient>;
  const wrapped = new WeakSet<PoolClient>();
  pool.connect = (async () => {
    const client = await connect();
    if (!wrapped.has(client)) {
      wrapped.add(client);
      const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
      client.query = (async (
        config: string | { text: string; values?: unknown[] },
        values?: unknown[],
      ) => {
        const text = typeof config === "string" ? config : config.text;
        await hook(text, (typeof config === "string" ? values : config.values) ?? []);
        return query(config, values);
      }) as never;
    }
    return client;
  }) as never;
  return pool;
}

/** A statement that appends `version` of `table`, alone or with other tables' appends. */
const isAppend = (text: string, values: readonly unknown[], table: string, version: number) =>
  text.startsWith("INSERT INTO actions") &&
  (Array.isArray(values[0])
    ? values[0].some((t, i) => t === table && (values[1] as unknown[])[i] === version)
    : values[0] === table && values[1] === version);

async function versions(table: string): Promise<number[]> {
  const res = await admin.query<{ version: number }>(
    "SELECT version FROM actions WHERE table_id = $1 ORDER BY version",
    [table],
  );
  return res.rows.map((r) => r.version);
}

const entry = (version: number): ActionRecord => ({
  version,
  at: version,
  action: { type: "move", player: "p1", move: { from: "e2", to: `e${version}` } },
});

describe("postgres store", () => {
  it("records its schema version, and refuses a newer one", async () => {
    await wipe();
    const store = await PostgresStore.open(url, { logger: recordingLog() });
    await store.close();
    expect((await admin.query("SELECT version FROM schema_version")).rows).toEqual([
      { version: 5 },
    ]);
    await admin.query("UPDATE schema_version SET version = 99");
    await expect(PostgresStore.open(url, { logger: recordingLog() })).rejects.toThrow(
      /schema version 99/,
    );
  });

  it("is what openStore picks for a database URL, over a data folder", async () => {
    await wipe();
    const store = await openStore({ dataDir: "/nonexistent", databaseUrl: url });
    expect(store.kind).toBe("postgres");
    await store.close();
  });

  it("never lets a table's later write overtake a slow one, while other tables go on", async () => {
    await wipe();
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = false;
    const store = await PostgresStore.open(
      hookedPool(async (text, values) => {
        if (isAppend(text, values, "SLOW01", 2)) {
          held = true;
          await gate;
        }
      }),
      { logger: recordingLog() },
    );
    try {
      store.createTable(tableRecord("SLOW01", 1));
      store.createTable(tableRecord("FAST01", 2));
      store.append("SLOW01", entry(1));
      await store.flushed("SLOW01");
      store.append("SLOW01", entry(2));
      await expect.poll(() => held).toBe(true);
      store.append("SLOW01", entry(3));
      store.append("SLOW01", entry(4));
      for (let v = 1; v <= 3; v++) store.append("FAST01", entry(v));

      await store.flushed("FAST01");
      expect(await versions("FAST01")).toEqual([1, 2, 3]);
      // Time for a later write to overtake, if it could.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await versions("SLOW01")).toEqual([1]);

      release();
      await store.flushed("SLOW01");
      expect(await versions("SLOW01")).toEqual([1, 2, 3, 4]);
    } finally {
      release();
      await store.close();
    }
  });

  it("stores many tables' moves in a few statements, and one table's refused row loses nobody else's", async () => {
    await wipe();
    const inserts: (readonly unknown[])[] = [];
    const logger = recordingLog();
    const store = await PostgresStore.open(
      hookedPool((text, values) => {
        if (text.startsWith("INSERT INTO actions")) inserts.push(values);
      }),
      { logger, backoffMs: 5 },
    );
    try {
      const tables = Array.from({ length: 40 }, (_, i) => `GROUP${String(i).padStart(2, "0")}`);
      for (const [i, id] of tables.entries()) store.createTable(tableRecord(id, i + 1));
      await store.flushed();
      for (const id of tables) store.append(id, entry(1));
      await store.flushed();
      // Far fewer statements than tables: most rode together.
      expect(inserts.length).toBeLessThanOrEqual(3);
      for (const id of tables) expect(await versions(id)).toEqual([1]);

      // A table the database does not know (its row breaks a constraint) goes with good ones.
      inserts.length = 0;
      for (const id of tables) store.append(id, entry(2));
      store.append("NOSUCH", entry(1));
      await store.flushed();
      expect(inserts.some((v) => Array.isArray(v[0]) && v[0].includes("NOSUCH"))).toBe(true);
      for (const id of tables) expect(await versions(id)).toEqual([1, 2]);
      const lost = logger.lines.filter((l) => l.details.event === "store/write-failed");
      expect(lost.map((l) => l.details.lane)).toEqual(["NOSUCH"]);
      expect(store.status.writable).toBe(true);
    } finally {
      await store.close();
    }
  });

  it("retries a failed write and keeps it once; a blip does not pause the store", async () => {
    await wipe();
    let failures = 1;
    const logger = recordingLog();
    const store = await PostgresStore.open(
      hookedPool((text, values) => {
        if (isAppend(text, values, "RETRY1", 1) && failures > 0) {
          failures--;
          throw new Error("connection reset (test)");
        }
      }),
      { logger, backoffMs: 5 },
    );
    store.createTable(tableRecord("RETRY1", 1));
    expect(store.append("RETRY1", entry(1))).toBe(true);
    expect(store.append("RETRY1", entry(2))).toBe(true);
    await store.flushed();
    expect(await versions("RETRY1")).toEqual([1, 2]);
    expect(logger.lines.filter((l) => l.details.event === "store/write-retry").length).toBe(1);
    expect(logger.lines.some((l) => l.level === "error")).toBe(false);
    expect(store.status.writable).toBe(true);
    await store.close();
  });

  it("never gives a write up: while the database fails the store is down and takes no new action, then goes on", async () => {
    await wipe();
    let away = true;
    const logger = recordingLog();
    const store = await PostgresStore.open(
      hookedPool((text) => {
        if (away && text.startsWith("INSERT INTO actions"))
          throw Object.assign(new Error("database unreachable (test)"), { code: "57P01" });
      }),
      { logger, backoffMs: 5, maxBackoffMs: 20 },
    );
    const changes: (string | null)[] = [];
    store.status.watch((down) => changes.push(down ? down.reason : null));
    store.createTable(tableRecord("LOST01", 1));
    await store.flushed();
    expect(store.append("LOST01", entry(1))).toBe(true);
    const down = new Promise<void>((resolve) => {
      const stop = store.status.watch((d) => {
        if (d) {
          stop();
          resolve();
        }
      });
    });
    await down;
    expect(store.status.writable).toBe(false);
    // Refused, not queued: the room does not apply it.
    expect(store.append("LOST01", entry(2))).toBe(false);
    // Other writes wait behind the held action.
    store.setHost("LOST01", "p1");
    away = false;
    await store.flushed("LOST01");
    expect(store.status.writable).toBe(true);
    expect(store.append("LOST01", entry(2))).toBe(true);
    await store.flushed("LOST01");
    expect(await versions("LOST01")).toEqual([1, 2]);
    const [back] = await store.openTables();
    expect(back?.host).toBe("p1");
    expect(changes).toEqual(["57P01: database unreachable (test)", null]);
    // Said once each way, not per retry.
    expect(logger.lines.filter((l) => l.details.event === "store/unavailable").length).toBe(1);
    expect(logger.lines.filter((l) => l.details.event === "store/write-failed").length).toBe(0);
    await store.close();
  });

  it("finds a database gone while nothing is written, and finds it back", async () => {
    await wipe();
    const logger = recordingLog();
    const store = await PostgresStore.open(url, { logger, probeMs: 50 });
    const changes: boolean[] = [];
    const next = () =>
      new Promise<void>((resolve) => {
        const stop = store.status.watch((down) => {
          changes.push(down === null);
          stop();
          resolve();
        });
      });
    try {
      const gone = next();
      await cluster.halt();
      await gone;
      expect(store.status.writable).toBe(false);
      expect(store.append("IDLE01", entry(1))).toBe(false);
      const back = next();
      await cluster.resume();
      await back;
      expect(changes).toEqual([false, true]);
    } finally {
      await cluster.resume().catch(() => undefined);
      await store.close();
    }
  });

  it("logs a database outage as one line without a stack, and its end as one more", async () => {
    await wipe();
    const lines: Record<string, unknown>[] = [];
    // The server's own logger, written to memory: pino is what would print a stack.
    const logger = pino(
      { level: "debug", base: undefined },
      { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    );
    const store = await PostgresStore.open(url, { logger, probeMs: 50, backoffMs: 5 });
    const next = (up: boolean) =>
      new Promise<void>((resolve) => {
        const stop = store.status.watch((down) => {
          if ((down === null) !== up) return;
          stop();
          resolve();
        });
      });
    try {
      // Several tables written at once: the pool holds several connections, each broken by
      // the stop.
      for (let i = 0; i < 6; i++) store.createTable(tableRecord(`OUTAG${i}`, i));
      for (let v = 1; v <= 5; v++) for (let i = 0; i < 6; i++) store.append(`OUTAG${i}`, entry(v));
      await store.flushed();
      const before = lines.length;
      const gone = next(false);
      await cluster.halt();
      // A write in flight meets the outage too.
      store.setHost("OUTAG0", "p2");
      await gone;
      const back = next(true);
      await cluster.resume();
      await back;
      await store.flushed();
      const told = lines.slice(before).filter((l) => l.level !== 20);
      expect(told.map((l) => l.event)).toEqual(["store/unavailable", "store/available"]);
      expect(told[0]).toMatchObject({ level: 50, store: "postgres" });
      for (const line of lines.slice(before)) {
        expect(JSON.stringify(line)).not.toMatch(/stack|\n\s+at /);
        expect(line.err).toBeUndefined();
      }
    } finally {
      await cluster.resume().catch(() => undefined);
      await store.close();
    }
  });

  it("stops waiting for a database that does not answer when closed, saying what it did not keep", async () => {
    await wipe();
    const logger = recordingLog();
    const store = await PostgresStore.open(
      hookedPool((text) => {
        if (text.startsWith("INSERT INTO actions")) throw new Error("database unreachable (test)");
      }),
      { logger, backoffMs: 5, maxBackoffMs: 20, closeWaitMs: 200 },
    );
    store.createTable(tableRecord("GONE01", 1));
    await store.flushed();
    store.append("GONE01", entry(1));
    await store.close();
    expect(await versions("GONE01")).toEqual([]);
    const unsaved = logger.lines.find((l) => l.details.event === "store/unsaved");
    expect(unsaved?.details.writes).toBe(1);
  });

  it("commits everything queued before close, then refuses later actions and logs later writes", async () => {
    await wipe();
    const logger = recordingLog();
    const store: TableStore = await PostgresStore.open(url, { logger });
    store.createTable(tableRecord("CLOSE1", 1));
    for (const a of actionRecords(50)) store.append("CLOSE1", a);
    await store.close();
    expect(store.append("CLOSE1", { ...actionRecords(51)[50]! })).toBe(false);
    store.setHost("CLOSE1", "p1");
    expect((await versions("CLOSE1")).length).toBe(50);
    expect(logger.lines.some((l) => l.message.includes("after close"))).toBe(true);
  });

  it("keeps every flushed action when the process is killed with SIGKILL", async () => {
    await wipe();
    await writeThenKill({ dataDir: null, databaseUrl: url }, 500);
    const store = await PostgresStore.open(url, { logger: recordingLog() });
    const tables = await store.openTables();
    await store.close();
    expect(tables.map((t) => t.table)).toStrictEqual([tableRecord("CRASH1", 1)]);
    expect(tables[0]?.actions).toStrictEqual(actionRecords(500));
  });
});
