/**
 * Finished games are kept `ARCHIVE_DAYS` and no longer: the server's periodic sweep deletes
 * older ones, in SQLite and in PostgreSQL, on start and as time passes. The sweep is run as of
 * a given time (`RunningServer.prune`), as its timer would run it then.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServerConfig } from "../../server/config";
import { type PgCluster, startCluster } from "../../tools/pgcluster";
import { gameRecord } from "../store/samples";
import { startTestServer, type TestServer } from "./harness";

const DAY_MS = 24 * 60 * 60 * 1000;
const ARCHIVE_DAYS = 30;

let cluster: PgCluster;
const folders: string[] = [];

beforeAll(async () => {
  cluster = await startCluster();
  await cluster.createDatabase("crossboard_retention");
}, 120_000);

afterAll(async () => {
  await cluster?.stop();
  for (const f of folders) rmSync(f, { recursive: true, force: true });
}, 60_000);

const stores: readonly [string, () => Partial<ServerConfig>][] = [
  [
    "SQLite",
    () => {
      const dir = mkdtempSync(join(tmpdir(), "crossboard-retention-"));
      folders.push(dir);
      return { dataDir: dir };
    },
  ],
  ["PostgreSQL", () => ({ databaseUrl: cluster.url("crossboard_retention") })],
];

/** Whether the archive serves the game. */
async function served(t: TestServer, id: string): Promise<boolean> {
  const res = await fetch(`${t.http}/api/games/${id}`);
  await res.arrayBuffer();
  return res.status === 200;
}

describe.each(stores)("finished games in %s are kept ARCHIVE_DAYS", (_name, storage) => {
  it("the periodic sweep deletes a game older than ARCHIVE_DAYS and keeps the others until their time", async () => {
    const where = storage();
    const now = Date.now();
    // Ids of 22 characters, unique per store (the PostgreSQL database is shared by the runs).
    const suffix = where.dataDir ? "sq" : "pg";
    const old = `old-game-finished-40d${suffix.at(0)}`;
    const recent = `recent-game-yesterday${suffix.at(0)}`;
    const edge = `game-29-days-old-fine${suffix.at(0)}`;
    let t = await startTestServer({ ...where, archiveDays: ARCHIVE_DAYS });
    try {
      t.server.store.saveGame(gameRecord(old, now - 40 * DAY_MS));
      t.server.store.saveGame(gameRecord(recent, now - DAY_MS));
      t.server.store.saveGame(gameRecord(edge, now - 29 * DAY_MS));
      await t.server.store.flushed();
      expect([await served(t, old), await served(t, recent), await served(t, edge)]).toEqual([
        true,
        true,
        true,
      ]);
      await t.server.prune(now);
      expect([await served(t, old), await served(t, recent), await served(t, edge)]).toEqual([
        false,
        true,
        true,
      ]);
      // Two days on, the 29-day-old game is past its time; yesterday's is not.
      await t.server.prune(now + 2 * DAY_MS);
      expect(await served(t, edge)).toBe(false);
      expect(await served(t, recent)).toBe(true);
    } finally {
      await t.close();
    }
    // A server started over a store holding a game past its time deletes it on start.
    const stale = `stale-at-the-restart${suffix}`;
    t = await startTestServer({ ...where, archiveDays: ARCHIVE_DAYS });
    try {
      t.server.store.saveGame(gameRecord(stale, now - 31 * DAY_MS));
      await t.server.store.flushed();
    } finally {
      await t.close();
    }
    t = await startTestServer({ ...where, archiveDays: ARCHIVE_DAYS });
    try {
      expect(await served(t, stale)).toBe(false);
      expect(await served(t, recent)).toBe(true);
    } finally {
      await t.close();
    }
  }, 60_000);

  it("ARCHIVE_DAYS=0 keeps every game", async () => {
    const where = storage();
    const now = Date.now();
    const ancient = `kept-forever-${where.dataDir ? "sqlite" : "postgr"}-ok`;
    const t = await startTestServer({ ...where, archiveDays: 0 });
    try {
      t.server.store.saveGame(gameRecord(ancient, now - 4000 * DAY_MS));
      await t.server.store.flushed();
      await t.server.prune(now);
      expect(await served(t, ancient)).toBe(true);
    } finally {
      await t.close();
    }
  }, 60_000);
});
