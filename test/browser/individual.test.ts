/**
 * A player out of an Individual game that goes on: what they see and what they may do. Its
 * own file, for a server whose CPUs take their time, so the board is still now and then while
 * they play on (a test file has its own server: Colyseus' matchmaker is one per process).
 */
import path from "node:path";
import { matchMaker } from "@colyseus/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ARTIFACTS,
  type BrowserRig,
  newPage,
  playComputer,
  playLegal,
  startRig,
  tableId,
  tableOf,
  waitTable,
} from "./harness";
import { drawnProblems } from "./pixels";

let rig: BrowserRig;
beforeAll(async () => {
  rig = await startRig(700);
}, 60_000);
afterAll(() => rig?.close());

describe("out of an Individual game", () => {
  it("resigning in Individual shows your place and score and lets you watch, play again or leave", async () => {
    const page = await newPage(rig, "Quitter");
    await playComputer(rig, page, 1);
    await playLegal(page);
    await waitTable(page, (t) => t.moves >= 4 && t.mySeats.includes(t.turn));
    await page.click("[data-action='table.resign']");
    await page.click(".confirm [data-action=confirm]");
    await page.waitForSelector(".out");
    const text = await page.textContent(".out");
    expect(text).toMatch(/you are out \(resigned\)/i);
    expect(text).toMatch(/you stand \d of 4 with \d+ points?/i);
    for (const action of ["watch", "newGame", "exit"])
      expect(await page.isVisible(`.out [data-action=${action}]`)).toBe(true);
    await page.screenshot({ path: path.join(ARTIFACTS, "individual-after-resign.png") });
    // Keep watching: the CPUs play on and the board follows them.
    await page.click(".out [data-action=watch]");
    expect(await page.isVisible(".out")).toBe(false);
    const t = (await tableOf(page))!;
    await waitTable(page, (x) => x.moves >= t.moves + 3 || x.phase === "finished");
    expect(await drawnProblems(page)).toEqual([]);
    await page.context().close();
  }, 60_000);

  it("the out card's standing follows the game while it shows; a resignation stays below every seat still playing", async () => {
    const page = await newPage(rig, "Standing");
    await playComputer(rig, page, 1);
    await page.click("[data-action='table.resign']");
    await page.click(".confirm [data-action=confirm]");
    await page.waitForSelector(".out .standing-text");
    const room = matchMaker.getLocalRoomById(tableId(page))!;
    const scores = () =>
      Array.from((room.state as { seats: { score: number }[] }).seats, (x) => x.score);
    const me = (await tableOf(page))!.mySeats[0]!;
    const placeNow = () => 1 + scores().filter((x) => x > scores()[me]!).length;
    const before = placeNow();
    // The CPUs play on until one of them scores more than the player who is out.
    const end = Date.now() + 90_000;
    while (placeNow() === before && Date.now() < end) await page.waitForTimeout(100);
    expect(placeNow()).toBeGreaterThan(before);
    // By points alone the player would stand higher; having resigned, they stand last.
    const expected = new RegExp(`you stand 4 of 4 with ${scores()[me]} points?`, "i");
    await page.waitForFunction(
      (re) =>
        new RegExp(re, "i").test(document.querySelector(".out .standing-text")?.textContent ?? ""),
      expected.source,
      { timeout: 10_000 },
    );
    await page.screenshot({ path: path.join(ARTIFACTS, "individual-out-standing.png") });
    await page.context().close();
  }, 120_000);

  it("play again from there starts a new game against the computer with the same settings", async () => {
    const page = await newPage(rig, "Again");
    await playComputer(rig, page, 1);
    const first = tableId(page);
    await page.click("[data-action='table.resign']");
    await page.click(".confirm [data-action=confirm]");
    await page.click(".out [data-action=newGame]");
    await page.waitForURL((url) => !url.pathname.endsWith(first));
    const t = await waitTable(page, (x) => x.phase === "playing" && x.mySeats.length === 1);
    expect(t.moves).toBe(0);
    expect(await page.textContent(".seat[data-seat='1']")).toMatch(/CPU/);
    expect(await drawnProblems(page)).toEqual([]);
    await page.context().close();
  }, 60_000);
});
