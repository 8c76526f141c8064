/**
 * The free-space watermark: below it no new table opens (`store/full`) and the health check
 * warns, while the games in play go on; a store whose disk is full refuses new tables the same
 * way, whichever store it is.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SqliteStore } from "../../server/store/sqlite";
import { StoreStatus } from "../../server/store/status";
import type { TableView } from "../../shared/protocol/views";
import { playFirstLegal, startTestServer, waitFor } from "../server/harness";
import { recordingLog } from "./suite";

const root = mkdtempSync(join(tmpdir(), "crossboard-space-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the store's status", () => {
  it("under the watermark refuses new tables but still writes; said once each way", () => {
    const log = recordingLog();
    const status = new StoreStatus("sqlite", log);
    expect(status.refusesTables).toBeNull();
    status.space(100, 256);
    status.space(90, 256);
    expect(status.writable).toBe(true);
    expect(status.refusesTables).toBe("store/full");
    expect(status.lowSpace).toMatchObject({ free: 90, watermark: 256 });
    status.space(300, 256);
    expect(status.refusesTables).toBeNull();
    expect(log.lines.map((l) => l.details.event)).toEqual(["store/low-space", "store/space"]);
  });

  it("a full disk, SQLite's or PostgreSQL's, refuses tables as full; any other outage as unavailable", () => {
    const cases: [string, string][] = [
      ["SQLITE_FULL", "store/full"],
      ["53100", "store/full"],
      ["ENOSPC", "store/full"],
      ["ECONNREFUSED", "store/unavailable"],
      ["SQLITE_READONLY", "store/unavailable"],
    ];
    for (const [code, refused] of cases) {
      const status = new StoreStatus("x", recordingLog());
      status.fail(Object.assign(new Error("no"), { code }));
      expect([code, status.refusesTables]).toEqual([code, refused]);
    }
  });

  it("SQLite measures its folder's volume when it opens", async () => {
    const roomy = new SqliteStore(join(root, "a"), { logger: recordingLog(), minFreeBytes: 1 });
    expect(roomy.status.lowSpace).toBeNull();
    await roomy.close();
    const short = new SqliteStore(join(root, "b"), {
      logger: recordingLog(),
      minFreeBytes: Number.MAX_SAFE_INTEGER,
    });
    expect(short.status.refusesTables).toBe("store/full");
    await short.close();
  });
});

describe("a server whose store runs short of space", () => {
  it("refuses new tables with store/full and warns in the health check; the game in play goes on", async () => {
    const store = new SqliteStore(join(root, "server"), { logger: recordingLog() });
    const t = await startTestServer({}, 0, undefined, store);
    try {
      const red = await t
        .client()
        .create<TableView>("table", { game: "xiangqi", name: "Red", seat: 0, mode: "computer" });
      await waitFor(red, (s) => s.phase === "playing");
      // The volume falls under the watermark (as the measuring would tell it).
      store.status.space(10 * 1024 * 1024, 256 * 1024 * 1024);
      await expect(
        t.client().create<TableView>("table", { game: "xiangqi", name: "Gita" }),
      ).rejects.toThrow(/store\/full/);
      const res = await fetch(`${t.http}/api/health`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        ok: true,
        warning: { code: "store/full" },
        store: "sqlite",
        free: 10 * 1024 * 1024,
        watermark: 256 * 1024 * 1024,
      });
      // The game in play takes moves.
      for (let i = 0; i < 3; i++) {
        const before = red.state.moves.length;
        await waitFor(red, (s) => s.turn === 0);
        playFirstLegal(red);
        await waitFor(red, (s) => s.moves.length > before);
      }
      store.status.space(300 * 1024 * 1024, 256 * 1024 * 1024);
      expect(await (await fetch(`${t.http}/api/health`)).json()).toEqual({ ok: true });
      const gita = await t.client().create<TableView>("table", { game: "xiangqi", name: "Gita" });
      await gita.leave();
      await red.leave();
    } finally {
      await t.close();
    }
  });
});
