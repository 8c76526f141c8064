import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "../../server/config";
import { startTestServer, type TestServer } from "./harness";

describe("HTTP server", () => {
  let t: TestServer;
  beforeAll(async () => {
    const clientDir = mkdtempSync(path.join(tmpdir(), "client-"));
    writeFileSync(path.join(clientDir, "index.html"), "<title>Crossboard</title>");
    t = await startTestServer({ clientDir });
  });
  afterAll(() => t.close());

  it("answers the health check", async () => {
    const res = await fetch(`${t.http}/api/health`);
    expect(await res.json()).toEqual({ ok: true });
  });

  it("serves the built client, also for table links", async () => {
    const room = await t.client().create("table", { game: "xiangqi", name: "A" });
    try {
      for (const p of ["/", `/t/${room.roomId}`, `/t/${room.roomId.toLowerCase()}`]) {
        const res = await fetch(`${t.http}${p}`, { headers: { accept: "text/html" } });
        expect(res.status, p).toBe(200);
        const text = await res.text();
        expect(text).toContain("Crossboard");
        expect(text).not.toContain('name="status"');
      }
    } finally {
      await room.leave();
    }
  });

  it("serves the client for each game's rules and lessons", async () => {
    for (const p of [
      "/rules/xiangqi",
      "/rules/fourchess",
      "/learn/xiangqi",
      "/learn/fourchess/turn-order",
    ]) {
      const res = await fetch(`${t.http}${p}`, { headers: { accept: "text/html" } });
      expect(res.status, p).toBe(200);
      expect(await res.text()).not.toContain('name="status"');
    }
  });

  it("answers a browser asking for an address with nothing at it with the client, status 404", async () => {
    const html = { accept: "text/html,application/xhtml+xml,*/*;q=0.8" };
    const learning = ["/rules/chess", "/learn/go", "/learn/xiangqi/Horse_1", "/rules/xiangqi/x"];
    for (const p of [
      "/rules",
      "/help/",
      "/t/ZZZZZZ",
      "/t/no",
      "/g/nonexistent",
      "/t/a/b",
      ...learning,
    ]) {
      const res = await fetch(`${t.http}${p}`, { headers: html });
      expect(res.status, p).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      expect(await res.text()).toContain('<meta name="status" content="404">');
      // Not asked for as a page: the JSON refusal.
      const plain = await fetch(`${t.http}${p}`);
      expect(plain.status, p).toBe(404);
      expect(await plain.json()).toMatchObject({ code: "http/not-found" });
    }
    const api = await fetch(`${t.http}/api/whatever`, { headers: html });
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ code: "api/not-found" });
  });

  it("answers unknown API routes with a coded 404", async () => {
    const res = await fetch(`${t.http}/api/nope`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: "api/not-found" });
  });

  it("refuses settings that are out of range", () => {
    expect(() => readConfig({ PORT: "http" }, { clientDir: "x" })).toThrow(/PORT/);
    expect(() => readConfig({ SEAT_HOLD_SECONDS: "0" }, { clientDir: "x" })).toThrow(
      /SEAT_HOLD_SECONDS/,
    );
  });

  it("leaves the heap's growth to V8 unless told, and refuses a growth out of range", () => {
    expect(readConfig({}, { clientDir: "x" }).heapGrowthPercent).toBe(0);
    expect(readConfig({ HEAP_GROWTH_PERCENT: "100" }, { clientDir: "x" }).heapGrowthPercent).toBe(
      100,
    );
    expect(() => readConfig({ HEAP_GROWTH_PERCENT: "-5" }, { clientDir: "x" })).toThrow(
      /HEAP_GROWTH_PERCENT/,
    );
  });

  it("reads the CPU settings under their names, and an operator's older BOT_ names", () => {
    const dir = { clientDir: "x" };
    const current = readConfig({ CPU_WORKERS: "2", CPU_MOVE_MS: "900", CPU_SEED: "7" }, dir);
    expect([current.cpuWorkers, current.cpuMoveMs, current.cpuSeed]).toEqual([2, 900, 7]);
    const former = readConfig({ BOT_WORKERS: "0", BOT_MOVE_MS: "700", BOT_SEED: "3" }, dir);
    expect([former.cpuWorkers, former.cpuMoveMs, former.cpuSeed]).toEqual([0, 700, 3]);
    const both = readConfig({ CPU_WORKERS: "1", BOT_WORKERS: "4" }, dir);
    expect(both.cpuWorkers).toBe(1);
    expect(() => readConfig({ BOT_MOVE_MS: "fast" }, dir)).toThrow(/CPU_MOVE_MS/);
  });
});
