/**
 * A game in the browser rides through a server restart: the real server runs as its own process
 * with a data folder; a person plays xiangqi against the computer while someone watches by the
 * link, the server is stopped with SIGTERM (the pages say at once that it is restarting) and
 * started again on the same port. The player's page, never reloaded, tells them their seat is
 * kept, comes back to the same seat by itself, and the game goes on: the board shows the
 * position and the next move is played; the watcher is back as a watcher.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../../tools/chromium";
import { type ChildServer, startChildServer } from "../security/child";
import { ARTIFACTS, childServerEnv, newPage, playComputer, playLegal, waitTable } from "./harness";
import { drawnProblems } from "./pixels";

let browser: Browser;
let dataDir: string;
let server: ChildServer | null = null;

beforeAll(async () => {
  browser = await launchChromium(["--autoplay-policy=no-user-gesture-required"]);
  dataDir = mkdtempSync(path.join(tmpdir(), "crossboard-restart-"));
}, 60_000);

afterAll(async () => {
  await server?.close();
  await browser?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("a server restart in the middle of a game", () => {
  it("the page shows the restart notice and continues in the same seat without a reload", async () => {
    const env = await childServerEnv(dataDir);
    server = await startChildServer(env);
    const base = server.http;
    const page = await newPage({ browser }, "Restart");
    const start = await playComputer({ base }, page, 2);
    const seat = start.mySeats[0]!;
    const url = page.url();
    expect(url).toMatch(/\/t\/[A-Za-z0-9_-]+$/);
    // Anything set on the page now is gone if it reloads.
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    await playLegal(page, ["h2-e2"]);
    const before = await waitTable(page, (t) => t.moves >= 2 && t.mySeats.includes(t.turn));
    // Someone watching by the table's link.
    const watcher = await newPage({ browser }, "Watcher");
    await watcher.goto(url);
    await watcher.click(".name-prompt [data-action=join-named]");
    await waitTable(watcher, (t) => t.moves === before.moves && t.mySeats.length === 0);

    // A graceful stop: every page is told before its connection closes.
    const exited = server.kill("SIGTERM");
    await page.waitForSelector(".banner[data-notice=restarting]:not([hidden])", {
      timeout: 10_000,
    });
    expect(await page.textContent(".banner")).toMatch(
      /server is restarting — you keep your seat; the game continues when it is back/i,
    );
    await watcher.waitForSelector(".banner[data-notice=restarting]:not([hidden])");
    expect(await watcher.textContent(".banner")).toMatch(
      /server is restarting — the game continues when it is back/i,
    );
    expect(await exited).toBe(0);
    server = null;
    await page.screenshot({ path: path.join(ARTIFACTS, "restart-notice.png") });
    // While the server is away the notice stays and the page keeps trying.
    await page.waitForTimeout(1500);
    expect(await page.isVisible(".banner[data-notice=restarting]")).toBe(true);

    server = await startChildServer(env);
    const listening = server.lines.find((l) => l.includes('"event":"listening"')) ?? "";
    expect(JSON.parse(listening)).toMatchObject({ restored: 1 });
    // Back by itself: the notice goes away, the same seat, the same game.
    await page.waitForSelector(".banner", { state: "hidden", timeout: 20_000 });
    const back = await waitTable(
      page,
      (t) => t.moves === before.moves && t.mySeats.includes(t.turn),
      15_000,
    );
    expect(back.mySeats).toEqual([seat]);
    expect(back.fen).toBe(before.fen);
    expect(page.url()).toBe(url);
    expect(
      await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
    ).toBe(true);
    expect(await drawnProblems(page, "restart-back")).toEqual([]);

    // The game goes on: another move, answered by the computer.
    await playLegal(page, ["b2-e2", "h0-g2", "b0-c2"]);
    const after = await waitTable(
      page,
      (t) => t.moves >= before.moves + 2 && t.mySeats.includes(t.turn),
    );
    expect(after.mySeats).toEqual([seat]);
    expect(await drawnProblems(page, "restart-after-move")).toEqual([]);
    // The watcher came back as a watcher and follows the game.
    await watcher.waitForSelector(".banner", { state: "hidden" });
    const watched = await waitTable(watcher, (t) => t.moves === after.moves);
    expect(watched.mySeats).toEqual([]);
    expect(watched.fen).toBe(after.fen);
    await watcher.context().close();
    await page.screenshot({ path: path.join(ARTIFACTS, "restart-continued.png") });
    await page.context().close();
  }, 120_000);
});
