/**
 * Feedback and recommendations in each store: memory, SQLite (a temporary folder) and
 * PostgreSQL (a throw-away cluster of its own).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import pg, { type Pool } from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { MemoryStore } from "../../server/store/memory";
import { PostgresStore } from "../../server/store/postgres";
import { SqliteStore } from "../../server/store/sqlite";
import type { StoreLog } from "../../server/store/status";
import type { FeedbackRecord, TableStore } from "../../server/store/types";
import { type PgCluster, startCluster } from "../../tools/pgcluster";
import { recordingLog } from "./suite";

const T0 = 1_800_000_000_000;
const HOUR = 3_600_000;

const message = (n: number, over: Partial<FeedbackRecord> = {}): FeedbackRecord => ({
  id: `fb${String(n).padStart(14, "0")}`,
  kind: "problem",
  game: n % 2 === 0 ? "xiangqi" : "fourchess",
  text: `Message ${n}: <b>bold</b> & "quotes"\nsecond line`,
  language: "en",
  status: "new",
  answer: null,
  answered: null,
  created: T0 + n * HOUR,
  published: false,
  tableId: n % 3 === 0 ? null : `TBL${n}`,
  gameId: n % 3 === 0 ? null : `g${String(n).padStart(21, "0")}`,
  version: "1.2.3",
  authorToken: null,
  authorPlayer: null,
  ...over,
});

interface Harness {
  fresh(logger: StoreLog): Promise<TableStore>;
  /** The same storage opened again (memory: the same store). */
  reopen(store: TableStore, logger: StoreLog): Promise<TableStore>;
}

function feedbackContract(name: string, harness: Harness): void {
  describe(`${name} store: feedback and recommendations`, () => {
    const opened: TableStore[] = [];
    const fresh = async () => {
      const store = await harness.fresh(recordingLog());
      opened.push(store);
      return store;
    };
    const reopen = async (store: TableStore) => {
      const again = await harness.reopen(store, recordingLog());
      opened.push(again);
      return again;
    };
    afterEach(async () => {
      for (const store of opened.splice(0)) await store.close();
    });

    it("lists messages newest first, published or not, per game and status", async () => {
      const store = await fresh();
      for (const n of [3, 1, 4, 2, 5]) await store.addFeedback(message(n));
      const all = await store.feedbackList({ published: "all", limit: 100 });
      expect(all.map((f) => f.created)).toEqual([5, 4, 3, 2, 1].map((n) => T0 + n * HOUR));
      expect(all[0]).toEqual(message(5));
      expect(await store.feedbackList({ published: true, limit: 100 })).toEqual([]);
      expect(await store.feedbackList({ published: false, limit: 2 })).toEqual([
        message(5),
        message(4),
      ]);
      const xiangqi = await store.feedbackList({ published: "all", game: "xiangqi", limit: 100 });
      expect(xiangqi.map((f) => f.id)).toEqual([message(4).id, message(2).id]);
      expect(await store.feedbackItem(message(3).id)).toEqual(message(3));
      expect(await store.feedbackItem("nothing-here-000")).toBeNull();
      // The same id twice is refused: ids are random and never reused.
      await expect(store.addFeedback(message(3))).rejects.toThrow();
    });

    it("changes a message's status, answer and publication", async () => {
      const store = await fresh();
      await store.addFeedback(message(1));
      await store.addFeedback(message(2));
      const at = T0 + 10 * HOUR;
      const answered = await store.changeFeedback(
        message(1).id,
        { status: "planned", answer: "Thanks — <i>soon</i>." },
        at,
      );
      expect(answered).toEqual({
        ...message(1),
        status: "planned",
        answer: "Thanks — <i>soon</i>.",
        answered: at,
      });
      // Answered but not published: not listed as published.
      expect(await store.feedbackList({ published: true, limit: 10 })).toEqual([]);
      const published = await store.changeFeedback(message(1).id, { published: true }, at + 1);
      expect(published).toMatchObject({ published: true, status: "planned", answered: at });
      expect(await store.feedbackList({ published: true, limit: 10 })).toEqual([published]);
      expect(
        (await store.feedbackList({ published: "all", status: "planned", limit: 10 })).map(
          (f) => f.id,
        ),
      ).toEqual([message(1).id]);
      // Without an answer it has no answer time either.
      expect(await store.changeFeedback(message(1).id, { answer: null }, at + 2)).toMatchObject({
        answer: null,
        answered: null,
        published: true,
      });
      expect(await store.changeFeedback("nothing-here-000", { status: "done" }, at)).toBeNull();
      expect(await store.feedbackItem(message(2).id)).toEqual(message(2));
    });

    it("deletes messages older than a time, and tells how many", async () => {
      const store = await fresh();
      for (const n of [1, 2, 3, 4]) await store.addFeedback(message(n));
      expect(await store.pruneFeedback(T0 + 3 * HOUR)).toBe(2);
      expect(
        (await store.feedbackList({ published: "all", limit: 10 })).map((f) => f.created),
      ).toEqual([T0 + 4 * HOUR, T0 + 3 * HOUR]);
      expect(await store.pruneFeedback(T0)).toBe(0);
    });

    it("detaches messages from the seat token or player that wrote them", async () => {
      const store = await fresh();
      await store.addFeedback(message(1, { authorToken: "a".repeat(64), authorPlayer: "P1" }));
      await store.addFeedback(message(2, { authorToken: "a".repeat(64) }));
      await store.addFeedback(message(3, { authorPlayer: "P1" }));
      await store.addFeedback(message(4, { authorToken: "b".repeat(64), authorPlayer: "P2" }));
      expect(await store.detachFeedback({ tokenHash: "a".repeat(64) })).toBe(2);
      expect(await store.feedbackItem(message(1).id)).toMatchObject({
        authorToken: null,
        authorPlayer: "P1",
      });
      expect(await store.detachFeedback({ playerId: "P1", tokenHash: "c".repeat(64) })).toBe(2);
      expect(await store.feedbackItem(message(1).id)).toMatchObject({
        authorToken: null,
        authorPlayer: null,
      });
      expect(await store.feedbackItem(message(3).id)).toMatchObject({ authorPlayer: null });
      expect(await store.feedbackItem(message(4).id)).toMatchObject({
        authorToken: "b".repeat(64),
        authorPlayer: "P2",
      });
      expect(await store.detachFeedback({})).toBe(0);
      // The messages themselves stay.
      expect(await store.feedbackList({ published: "all", limit: 10 })).toHaveLength(4);
    });

    it("counts one recommendation per device and game; a second answer changes it", async () => {
      const store = await fresh();
      expect(await store.recommendations()).toEqual({
        fourchess: { yes: 0, no: 0 },
        xiangqi: { yes: 0, no: 0 },
      });
      await store.recommend("d1", "xiangqi", true, T0);
      await store.recommend("d1", "xiangqi", true, T0 + 1);
      await store.recommend("d2", "xiangqi", true, T0);
      await store.recommend("d3", "xiangqi", false, T0);
      await store.recommend("d1", "fourchess", false, T0);
      expect(await store.recommendations()).toEqual({
        fourchess: { yes: 0, no: 1 },
        xiangqi: { yes: 2, no: 1 },
      });
      await store.recommend("d1", "xiangqi", false, T0 + 2);
      await store.recommend("d1", "fourchess", true, T0 + 2);
      expect(await store.recommendations()).toEqual({
        fourchess: { yes: 1, no: 0 },
        xiangqi: { yes: 1, no: 2 },
      });
    });

    it("keeps messages and recommendations across a restart", async () => {
      const store = await fresh();
      await store.addFeedback(message(1, { authorToken: "a".repeat(64), authorPlayer: "P1" }));
      await store.addFeedback(message(2));
      await store.changeFeedback(message(2).id, { published: true, answer: "Yes." }, T0 + 9);
      await store.recommend("d1", "fourchess", true, T0);
      const again = await reopen(store);
      expect(await again.feedbackList({ published: "all", limit: 10 })).toEqual([
        { ...message(2), published: true, answer: "Yes.", answered: T0 + 9 },
        message(1, { authorToken: "a".repeat(64), authorPlayer: "P1" }),
      ]);
      expect(await again.recommendations()).toEqual({
        fourchess: { yes: 1, no: 0 },
        xiangqi: { yes: 0, no: 0 },
      });
    });
  });
}

feedbackContract("memory", {
  fresh: async (logger) => new MemoryStore(logger),
  reopen: async (store) => store,
});

const root = mkdtempSync(join(tmpdir(), "crossboard-feedback-"));
let n = 0;
afterAll(() => rmSync(root, { recursive: true, force: true }));

feedbackContract("sqlite", {
  fresh: async (logger) => new SqliteStore(join(root, `run${++n}`, "data"), { logger }),
  reopen: async (store, logger) => {
    await store.close();
    return new SqliteStore(dirname((store as SqliteStore).path), { logger });
  },
});

describe("sqlite store: feedback while the file cannot be written", () => {
  it("refuses the write at once, and takes it again when the file can", async () => {
    const store = new SqliteStore(join(root, `run${++n}`, "data"), { logger: recordingLog() });
    try {
      store.status.fail(Object.assign(new Error("disk full"), { code: "SQLITE_FULL" }));
      await expect(store.addFeedback(message(1))).rejects.toThrow(/cannot write/);
      await expect(store.recommend("d1", "xiangqi", true, T0)).rejects.toThrow(/cannot write/);
      store.status.ok();
      await store.addFeedback(message(1));
      expect(await store.feedbackItem(message(1).id)).toEqual(message(1));
    } finally {
      await store.close();
    }
  });
});

const DATABASE = "crossboard_feedback";
let cluster: PgCluster;
let admin: Pool;
let url: string;

describe("postgres", () => {
  beforeAll(async () => {
    cluster = await startCluster();
    await cluster.createDatabase(DATABASE);
    url = cluster.url(DATABASE);
    admin = new pg.Pool({ connectionString: url, max: 2 });
    admin.on("error", () => undefined);
  }, 120_000);

  afterAll(async () => {
    await admin?.end();
    await cluster?.stop();
  }, 60_000);

  const wipe = () => admin.query("DROP SCHEMA public CASCADE; CREATE SCHEMA public");

  feedbackContract("postgres", {
    fresh: async (logger) => {
      await wipe();
      return PostgresStore.open(url, { logger, backoffMs: 5 });
    },
    reopen: async (store, logger) => {
      await store.close();
      return PostgresStore.open(url, { logger, backoffMs: 5 });
    },
  });
});
