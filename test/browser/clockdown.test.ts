/**
 * The clocks while the server is down: a person plays xiangqi against the computer with a turn
 * timer, on their turn, and the server (its own process, with a data folder) stops and starts
 * again. While it is away the seat's clocks stand still and say so; once it is back they go on
 * from the server's figures, and the time used never goes back.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../../tools/chromium";
import { type ChildServer, startChildServer } from "../security/child";
import { ARTIFACTS, childServerEnv, newPage, playLegal, waitBoard, waitTable } from "./harness";

/** The clocks of the seat to move as shown: time used (s) and the turn timer's text. */
async function clocks(page: Page): Promise<{ used: number; left: string; stopped: boolean }> {
  return page.$eval(".seat.to-move", (card) => {
    const text = card.querySelector(".used")?.textContent ?? "";
    const [m, s] = text.split(":").map(Number);
    return {
      used: (m ?? 0) * 60 + (s ?? 0),
      left: card.querySelector(".left")?.textContent ?? "",
      stopped: !card.querySelector<HTMLElement>(".stopped")?.hidden,
    };
  });
}

let browser: Browser;
let dataDir: string;
let server: ChildServer | null = null;

beforeAll(async () => {
  browser = await launchChromium(["--autoplay-policy=no-user-gesture-required"]);
  dataDir = mkdtempSync(path.join(tmpdir(), "crossboard-clockdown-"));
}, 60_000);

afterAll(async () => {
  await server?.close();
  await browser?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the clocks while the server is down", () => {
  it("stand still and say so, then go on from the server's figures without going back", async () => {
    const env = await childServerEnv(dataDir);
    server = await startChildServer(env);
    const page = await newPage({ browser }, "Clock");
    await page.goto(server.http);
    await page.selectOption("[data-section=computer] select[name=cpuTimer]", "60");
    await page.click("[data-section=computer] .row button >> nth=2");
    await waitBoard(page);
    await waitTable(page, (t) => t.phase === "playing" && t.mySeats.includes(t.turn));
    await playLegal(page, ["h2-e2"]);
    await waitTable(page, (t) => t.moves >= 2 && t.mySeats.includes(t.turn));
    // Two seconds into the turn, on both clocks.
    await page.waitForFunction(
      () => (document.querySelector(".seat.to-move .used")?.textContent ?? "") >= "0:02",
      null,
      { timeout: 10_000 },
    );
    expect((await clocks(page)).left).toMatch(/^\d+ s left$/);

    const exited = server.kill("SIGTERM");
    await page.waitForSelector(".banner[data-notice]:not([hidden])", { timeout: 10_000 });
    expect(await exited).toBe(0);
    server = null;
    const stopped = await clocks(page);
    expect(stopped.stopped).toBe(true);
    await page.screenshot({ path: path.join(ARTIFACTS, "clock-server-down.png") });
    // While the server is away nothing on the clocks changes.
    for (let i = 0; i < 10; i++) {
      await page.waitForTimeout(250);
      expect(await clocks(page)).toEqual(stopped);
    }

    server = await startChildServer(env);
    await page.waitForSelector(".banner", { state: "hidden", timeout: 20_000 });
    // Back: the clocks run again from the server's figures, and the time used never goes back.
    let last = stopped.used;
    const seen: number[] = [];
    for (let i = 0; i < 16; i++) {
      const now = await clocks(page);
      seen.push(now.used);
      expect(now.used, `time used went back: ${seen.join(", ")}`).toBeGreaterThanOrEqual(last);
      last = now.used;
      await page.waitForTimeout(250);
    }
    const running = await clocks(page);
    expect(running.stopped).toBe(false);
    expect(running.left).toMatch(/^\d+ s left$/);
    await page.waitForFunction(
      (was) => {
        const text = document.querySelector(".seat.to-move .used")?.textContent ?? "";
        const [m, s] = text.split(":").map(Number);
        return (m ?? 0) * 60 + (s ?? 0) > was;
      },
      stopped.used,
      { timeout: 15_000 },
    );
    await page.screenshot({ path: path.join(ARTIFACTS, "clock-server-back.png") });
    await page.context().close();
  }, 120_000);
});
