import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ARTIFACTS,
  type BrowserRig,
  clickSquare,
  newPage,
  playLegal,
  playMove,
  startRig,
  tableOf,
  waitBoard,
  waitTable,
} from "./harness";
import { drawnProblems } from "./pixels";

let rig: BrowserRig;
beforeAll(async () => {
  rig = await startRig();
}, 60_000);
afterAll(() => rig?.close());

describe("playing in the browser", () => {
  it("a private table: created, joined by code, played by clicking, watched by a third browser, survives a reload", async () => {
    const ana = await newPage(rig, "Ana");
    await ana.goto(rig.base);
    await ana.waitForSelector("[data-section=create]");
    await ana.screenshot({ path: path.join(ARTIFACTS, "lobby-desktop.png") });
    await ana.click("[data-action=create]");
    await waitBoard(ana);
    await ana.waitForURL(/\/t\/[A-Z2-9]{6}$/);
    const code = ana.url().split("/t/")[1]!;
    expect(await ana.textContent("[data-code]")).toBe(code);
    // Before the start the board already shows the starting position.
    expect(await drawnProblems(ana, "fourchess-before-start")).toEqual([]);
    expect(await ana.textContent(".status")).toMatch(/you are the host/i);

    const budi = await newPage(rig, "Budi");
    await budi.goto(rig.base);
    await budi.fill("#code", code.toLowerCase());
    await budi.click("[data-section=code] button");
    await waitTable(budi, (t) => t.mySeats.length === 1 && t.phase === "waiting");
    await waitTable(ana, (t) => t.mySeats[0] === 0);

    await ana.click("[data-action='table.start']");
    await waitTable(ana, (t) => t.phase === "playing" && t.turn === 0);

    // Red (Ana) and Blue (Budi) move by clicking squares on the canvas; Yellow and Green are CPUs.
    await playMove(ana, "h2", "h4");
    await waitTable(budi, (t) => t.turn === 1 && t.moves === 1);
    await playMove(budi, "b7", "c7");
    await waitTable(ana, (t) => t.turn === 0 && t.moves === 4);
    await playLegal(ana, ["g2-g3", "i2-i3", "e2-e3"]);
    await waitTable(budi, (t) => t.turn === 1 && t.moves === 5);
    await playLegal(budi, ["b8-c8", "b5-c5", "b6-c6"]);
    const afterFour = await waitTable(ana, (t) => t.turn === 0 && t.moves === 8);

    const cai = await newPage(rig, "Cai");
    await cai.goto(`${rig.base}/t/${code}`);
    // Opening the link cold asks the name first; the device's remembered one is offered.
    await cai.click(".name-prompt [data-action=join-named]");
    await waitBoard(cai);
    const watched = await waitTable(cai, (t) => t.moves === afterFour.moves);
    expect(watched.mySeats).toEqual([]);
    expect(watched.fen).toBe(afterFour.fen);
    expect(await drawnProblems(ana, "fourchess-board-midgame")).toEqual([]);
    await ana.screenshot({ path: path.join(ARTIFACTS, "fourchess-table-midgame.png") });
    expect(await drawnProblems(cai)).toEqual([]);
    // The spectator is told so and gets a word when clicking a piece.
    expect(await cai.isVisible(".watching")).toBe(true);
    // A spectator has no move to type: the field is not shown.
    expect(await cai.isVisible(".keyboard")).toBe(false);
    await clickSquare(cai, "h1");
    await cai.waitForSelector(".message:not([hidden])");
    expect(await cai.textContent(".message")).toMatch(/you are watching/i);
    await cai.screenshot({ path: path.join(ARTIFACTS, "spectator-view.png") });

    // Budi reloads mid-game and is back in the same seat, position intact.
    await budi.reload();
    await waitBoard(budi);
    const back = await waitTable(budi, (t) => t.mySeats[0] === 1 && t.moves === afterFour.moves);
    expect(back.fen).toBe(afterFour.fen);
    expect(await drawnProblems(budi)).toEqual([]);
    await playLegal(ana, ["i2-i3", "e2-e3", "d2-d3"]);
    await waitTable(budi, (t) => t.turn === 1 && t.moves === 9);
    await playLegal(budi, ["b9-c9", "b10-c10", "b5-c5"]);
    const last = await waitTable(cai, (t) => t.moves >= 10);
    expect((await tableOf(budi))!.moves).toBeGreaterThanOrEqual(last.moves - 2);
    await Promise.all([ana.context().close(), budi.context().close(), cai.context().close()]);
  }, 90_000);

  it("a solo player against three CPUs in four-player chess: the CPUs move", async () => {
    const page = await newPage(rig, "Solo");
    await page.goto(rig.base);
    await page.click("[data-section=computer] button >> nth=0");
    await waitBoard(page);
    await waitTable(page, (t) => t.phase === "playing" && t.turn === 0);
    await playMove(page, "h2", "h4");
    const t = await waitTable(page, (x) => x.moves >= 4 && x.turn === 0);
    expect(t.mySeats).toEqual([0]);
    expect(await drawnProblems(page)).toEqual([]);
    await page.context().close();
  }, 60_000);

  it("a game against the computer in xiangqi: the CPU replies", async () => {
    const page = await newPage(rig, "Solo", { width: 390, height: 844 });
    await page.goto(rig.base);
    await page.click("[data-section=computer] button >> nth=2");
    await waitBoard(page);
    await waitTable(page, (t) => t.phase === "playing" && t.turn === 0);
    await playMove(page, "h2", "e2");
    await waitTable(page, (t) => t.moves >= 2 && t.turn === 0);
    expect(await drawnProblems(page, "xiangqi-board-phone")).toEqual([]);
    await page.screenshot({
      path: path.join(ARTIFACTS, "xiangqi-table-phone.png"),
      fullPage: true,
    });
    await page.context().close();
  }, 60_000);

  it("explains a refused move with the server's reason; a xiangqi capture sounds like one", async () => {
    const page = await newPage(rig, "Learner");
    await page.goto(rig.base);
    await page.click("[data-section=hotseat] button");
    await waitBoard(page);
    await waitTable(page, (t) => t.phase === "playing");
    // The general steps one point at a time: e0 to e2 is refused, with the reason shown.
    await playMove(page, "e0", "e2");
    await page.waitForSelector(".message:not([hidden])");
    expect(await page.textContent(".message")).toMatch(/general moves one point/i);
    // Hot-seat: the side to move is named, not "your turn".
    expect(await page.textContent(".status")).toMatch(/red to move/i);
    // The refusal sits beside the board: the next click on the board goes through.
    await playMove(page, "h2", "e2");
    await waitTable(page, (t) => t.moves === 1 && t.turn === 1);
    expect(await page.textContent(".status")).toMatch(/black to move/i);
    await playMove(page, "h9", "g7");
    await waitTable(page, (t) => t.moves === 2);
    expect(await drawnProblems(page)).toEqual([]);
    // The cannon takes the pawn on e6 over the screen on e3: WXF writes no capture (C5+4), the
    // capture sound plays all the same.
    await playMove(page, "e2", "e6");
    const taken = await waitTable(page, (t) => t.moves === 3);
    expect(taken.pieces).toHaveLength(31);
    const sounds = await page.evaluate(() =>
      (window as unknown as { crossboard: { sounds(): string[] } }).crossboard.sounds(),
    );
    expect(sounds.filter((x) => x === "move" || x === "capture")).toEqual([
      "move",
      "move",
      "capture",
    ]);
    expect(await page.textContent(".moves")).toContain("C5+4");
    await page.context().close();
  }, 60_000);
});
