/**
 * Game clocks and premoves as two people see them in Chromium: a xiangqi table created with a
 * common clock from the lobby's house rules, joined by a friend. Only the clock of the seat to
 * move counts down; a player whose connection is down sees the clocks stand still and why; a
 * premove made on the board shows on the player's board alone and is played the moment the
 * opponent moves; a right-click or Escape cancels one (a right-drag draws an arrow and keeps
 * it), and one that is not legal when the turn comes is dropped with the reason.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { PREMOVE_COLOR } from "../../client/src/board/marks";
import {
  ARTIFACTS,
  clickSquare,
  dropConnections,
  newPage,
  playMove,
  shapesOf,
  tableId,
  tableOf,
  useRig,
  waitBoard,
  waitTable,
} from "./harness";
import { boardInfo, waitStill } from "./pixels";

// A dropped player's stand-in waits long enough for the connection to come back first.
const rig = useRig(150, { graceMs: 60_000 });

interface ClockShown {
  readonly text: string;
  /** The time shown, ms. */
  readonly ms: number;
  readonly running: boolean;
  readonly stopped: boolean;
}

/** Each seat's game clock as the page shows it. */
async function clocks(page: Page): Promise<ClockShown[]> {
  const shown = await page.$$eval(".seat", (cards) =>
    cards.map((card) => ({
      text: card.querySelector(".clock")?.textContent ?? "",
      running: card.querySelector(".clock")?.classList.contains("running") ?? false,
      stopped: !card.querySelector<HTMLElement>(".stopped")?.hidden,
    })),
  );
  return shown.map((c) => {
    const [m, s] = c.text.split(":").map(Number);
    return { ...c, ms: Math.round(((m ?? 0) * 60 + (s ?? 0)) * 1000) };
  });
}

/** Share of the disc around a point drawn in the premove's colour. */
async function premoveShare(page: Page, square: string, artifact?: string): Promise<number> {
  const info = await boardInfo(page);
  const canvas = page.locator("canvas.board-canvas");
  const png = PNG.sync.read(
    await canvas.screenshot(artifact ? { path: path.join(ARTIFACTS, `${artifact}.png`) } : {}),
  );
  const box = await canvas.boundingBox();
  const scale = box ? png.width / box.width : 1;
  const centre = info.squares[square]!;
  const [cr, cg, cb] = [
    (PREMOVE_COLOR >> 16) & 255,
    (PREMOVE_COLOR >> 8) & 255,
    PREMOVE_COLOR & 255,
  ];
  const radius = info.cell * 0.5 * scale;
  let total = 0;
  let hits = 0;
  for (let y = Math.ceil(centre.y * scale - radius); y <= centre.y * scale + radius; y++)
    for (let x = Math.ceil(centre.x * scale - radius); x <= centre.x * scale + radius; x++) {
      if ((x - centre.x * scale) ** 2 + (y - centre.y * scale) ** 2 > radius * radius) continue;
      const i = (y * png.width + x) * 4;
      total++;
      const d =
        (png.data[i]! - cr) ** 2 + (png.data[i + 1]! - cg) ** 2 + (png.data[i + 2]! - cb) ** 2;
      if (d <= 50 * 50) hits++;
    }
  return hits / total;
}

const sounds = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { crossboard: { sounds(): string[] } }).crossboard.sounds(),
  );

/** Waits `ms` on the page, as a person watching it would. */
const watch = (page: Page, ms: number) => page.waitForTimeout(ms);

describe("game clocks and premoves in the browser", () => {
  it("count down for the seat to move only, stand still while offline, and play a premove at once", async () => {
    const ana = await newPage(rig(), "Ana");
    await ana.goto(rig().base);
    // The host's house rules offer the game's common clocks; with a clock, no turn timer.
    await ana.selectOption("[data-section=create] select[name=game]", "xiangqi");
    await ana.click("[data-section=create] summary");
    // The house rules' form loads when first unfolded.
    await ana.waitForSelector("[data-section=create] select[name=clock]");
    const offered = await ana.$$eval("[data-section=create] select[name=clock] option", (os) =>
      os.map((o) => o.textContent),
    );
    expect(offered).toEqual([
      "No clock",
      "3 min + 2 s a move",
      "5 min + 3 s a move",
      "10 min + 5 s a move",
      "15 min + 10 s a move",
      "Your own…",
    ]);
    await ana.selectOption("[data-section=create] select[name=clock]", "5+3");
    expect(await ana.$("[data-section=create] select[name=turnTimer]")).toBeNull();
    await ana.click("[data-action=create]");
    await waitBoard(ana);
    await ana.waitForURL(/\/t\/[A-Z2-9]{6}$/);
    const code = tableId(ana);

    const budi = await newPage(rig(), "Budi");
    await budi.goto(rig().base);
    await budi.fill("#code", code);
    await budi.click("[data-section=code] button");
    await waitTable(budi, (t) => t.mySeats.length === 1 && t.phase === "waiting");
    await waitTable(ana, (t) => t.mySeats[0] === 0);
    // Before the start both clocks show the base.
    expect((await clocks(budi)).map((c) => c.text)).toEqual(["5:00", "5:00"]);
    await ana.click("[data-action='table.start']");
    await waitTable(budi, (t) => t.phase === "playing" && t.turn === 0);
    await waitTable(ana, (t) => t.phase === "playing" && t.turn === 0);

    // Red (Ana) to move: her clock runs on both pages, Budi's stands at the base.
    for (const page of [ana, budi]) {
      const before = await clocks(page);
      await watch(page, 1300);
      const after = await clocks(page);
      expect(after[0]!.running).toBe(true);
      expect(after[0]!.ms).toBeLessThan(before[0]!.ms);
      expect(after[1]).toEqual({ text: "5:00", ms: 300_000, running: false, stopped: false });
    }
    await ana.screenshot({ path: path.join(ARTIFACTS, "clock-red-to-move.png") });

    await playMove(ana, "h2", "e2");
    await waitTable(ana, (t) => t.turn === 1 && t.moves === 1);
    await waitTable(budi, (t) => t.turn === 1 && t.moves === 1);
    // Black to move: Red's clock stands (with its increment), Black's runs.
    const redStood = (await clocks(ana))[0]!;
    expect(redStood.running).toBe(false);
    const blackFrom = (await clocks(ana))[1]!.ms;
    await watch(ana, 1300);
    const now = await clocks(ana);
    expect(now[0]).toEqual(redStood);
    expect(now[1]!.running).toBe(true);
    expect(now[1]!.ms).toBeLessThan(blackFrom);

    // A premove on the board, while Black thinks: the horse b0 to c2.
    await clickSquare(ana, "b0");
    await clickSquare(ana, "c2");
    await waitTable(ana, (t) => t.premove === "b0-c2");
    expect(await ana.textContent(".panel .message")).toContain("Premove b0–c2");
    await waitStill(ana);
    await watch(ana, 100);
    expect(await premoveShare(ana, "c2", "premove-queued")).toBeGreaterThan(0.05);
    expect(await premoveShare(ana, "d2")).toBe(0);
    // Nobody else sees it.
    expect((await tableOf(budi))!.premove).toBeNull();
    expect(await premoveShare(budi, "c2")).toBe(0);

    // Black moves: the premove is played at once, using none of Red's time (only the increment
    // is added), and it is Black's turn again.
    await playMove(budi, "h9", "g7");
    const played = await waitTable(ana, (t) => t.moves === 3);
    expect(played.moveList[2]).toMatchObject({ seat: 0, move: { from: "b0", to: "c2" } });
    expect(played.turn).toBe(1);
    expect(played.premove).toBeNull();
    await waitTable(budi, (t) => t.moves === 3 && t.turn === 1);
    await waitStill(ana);
    await watch(ana, 100);
    expect(await premoveShare(ana, "c2", "premove-played")).toBe(0);
    const redAfter = (await clocks(ana))[0]!;
    expect(redAfter.ms - redStood.ms).toBeGreaterThanOrEqual(2000);
    expect(redAfter.ms - redStood.ms).toBeLessThanOrEqual(3000);

    // Black's connection goes down: his page stops the clocks and says so; at Ana's page,
    // where the server's time is known, Black's clock runs on.
    await budi.context().setOffline(true);
    dropConnections(code);
    await budi.waitForSelector(".banner[data-notice]:not([hidden])", { timeout: 10_000 });
    const stopped = await clocks(budi);
    expect(stopped[1]!.stopped).toBe(true);
    await budi.screenshot({ path: path.join(ARTIFACTS, "clock-connection-down.png") });
    await waitTable(ana, (t) => t.turn === 1);
    const anaSaw = (await clocks(ana))[1]!.ms;
    for (let i = 0; i < 6; i++) {
      await watch(budi, 250);
      expect(await clocks(budi)).toEqual(stopped);
    }
    expect((await clocks(ana))[1]!.ms).toBeLessThan(anaSaw);
    await budi.context().setOffline(false);
    await budi.waitForSelector(".banner", { state: "hidden", timeout: 20_000 });
    // Back: the clock runs again from the server's figures, the time it was away included.
    await watch(budi, 300);
    const back = await clocks(budi);
    expect(back[1]!.stopped).toBe(false);
    expect(back[1]!.running).toBe(true);
    expect(back[1]!.ms).toBeLessThan(stopped[1]!.ms);
    expect(back[0]).toEqual({ ...stopped[0]!, stopped: false });

    // A right-click cancels a premove; one that is not legal when the turn comes is dropped,
    // and the player is told why.
    await clickSquare(ana, "g3");
    await clickSquare(ana, "g4");
    await waitTable(ana, (t) => t.premove === "g3-g4");
    const spot = (await ana.evaluate(() =>
      (
        window as unknown as { crossboard: { square(s: string): { x: number; y: number } } }
      ).crossboard.square("e5"),
    ))!;
    // A right-drag draws an arrow and leaves the premove queued.
    const far = (await ana.evaluate(() =>
      (
        window as unknown as { crossboard: { square(s: string): { x: number; y: number } } }
      ).crossboard.square("e7"),
    ))!;
    await ana.mouse.move(spot.x, spot.y);
    await ana.mouse.down({ button: "right" });
    await ana.mouse.move(far.x, far.y, { steps: 4 });
    await ana.mouse.up({ button: "right" });
    await expect
      .poll(async () => (await shapesOf(ana)).user)
      .toEqual([{ from: "e5", to: "e7", color: "green" }]);
    expect((await tableOf(ana))!.premove).toBe("g3-g4");
    // A right-click cancels it, and draws no circle.
    await ana.mouse.click(spot.x, spot.y, { button: "right" });
    await waitTable(ana, (t) => t.premove === null);
    expect(await ana.textContent(".panel .message")).toBe("Premove cancelled.");
    expect((await shapesOf(ana)).user).toEqual([{ from: "e5", to: "e7", color: "green" }]);
    await clickSquare(ana, "c2");
    await clickSquare(ana, "c4");
    await waitTable(ana, (t) => t.premove === "c2-c4");
    const heard = (await sounds(ana)).filter((s) => s === "turn").length;
    await waitTable(budi, (t) => t.turn === 1);
    await playMove(budi, "b9", "c7");
    const dropped = await waitTable(ana, (t) => t.moves === 4 && t.turn === 0);
    expect(dropped.premove).toBeNull();
    await ana.waitForFunction(() =>
      document.querySelector(".panel .message")?.textContent?.includes("was not played"),
    );
    const told = (await ana.textContent(".panel .message"))!;
    expect(told).toMatch(/^Your premove c2–c4 was not played: \S/);
    // Its reason is the catalogue's sentence, not the server's code.
    expect(told).not.toMatch(/move\//);
    // The turn came: a chime, and the board framed.
    await ana.waitForFunction(
      (n) =>
        (window as unknown as { crossboard: { sounds(): string[] } }).crossboard
          .sounds()
          .filter((s) => s === "turn").length > n,
      heard,
    );
    expect(await ana.$(".board-wrap[data-my-turn]")).not.toBeNull();
    await ana.screenshot({ path: path.join(ARTIFACTS, "premove-dropped.png") });

    // Escape cancels too: after Red's move and a premove, Black's reply leaves Red to move.
    await playMove(ana, "i3", "i4");
    await waitTable(ana, (t) => t.moves === 5 && t.turn === 1);
    await clickSquare(ana, "g3");
    await clickSquare(ana, "g4");
    await waitTable(ana, (t) => t.premove === "g3-g4");
    await ana.keyboard.press("Escape");
    await waitTable(ana, (t) => t.premove === null);
    await waitTable(budi, (t) => t.moves === 5);
    await playMove(budi, "a9", "a8");
    const mine = await waitTable(ana, (t) => t.moves === 6 && t.turn === 0);
    expect(mine.moveList).toHaveLength(6);
    await Promise.all([ana.context().close(), budi.context().close()]);
  }, 120_000);

  it("a clock of one's own against the computer turns red under ten seconds, with a warning", async () => {
    const page = await newPage(rig(), "Citra");
    await page.goto(rig().base);
    // Fifteen seconds, the shortest clock there is, set in the lobby's own fields.
    await page.selectOption("[data-section=computer] select[name=cpuClock-xiangqi]", "custom");
    await page.fill("[data-section=computer] input[name=cpuClock-xiangqi-minutes]", "0");
    await page.press("[data-section=computer] input[name=cpuClock-xiangqi-minutes]", "Tab");
    await page.fill("[data-section=computer] input[name=cpuClock-xiangqi-seconds]", "10");
    await page.press("[data-section=computer] input[name=cpuClock-xiangqi-seconds]", "Tab");
    // Under the rule's fifteen seconds: said, and not taken.
    expect(
      await page.isVisible("[data-section=computer] .clock-custom:not([hidden]) .clock-problem"),
    ).toBe(true);
    await page.fill("[data-section=computer] input[name=cpuClock-xiangqi-seconds]", "15");
    await page.press("[data-section=computer] input[name=cpuClock-xiangqi-seconds]", "Tab");
    expect(
      await page.isVisible("[data-section=computer] .clock-custom:not([hidden]) .clock-problem"),
    ).toBe(false);
    await page.click("[data-section=computer] .row button >> nth=2");
    await waitBoard(page);
    await waitTable(page, (t) => t.phase === "playing" && t.mySeats.includes(t.turn));
    const start = (await clocks(page))[0]!;
    expect(start.ms).toBeLessThanOrEqual(15_000);
    expect(start.ms).toBeGreaterThan(10_000);
    expect(await page.$(".seat .clock.low")).toBeNull();
    // Five seconds later the player's own clock is red, and a warning was heard, once.
    await page.waitForSelector(".seat.to-move .clock.running.low", { timeout: 10_000 });
    const low = (await clocks(page))[0]!;
    expect(low.text).toMatch(/^0:0\d\.\d$/);
    await page.waitForFunction(() =>
      (window as unknown as { crossboard: { sounds(): string[] } }).crossboard
        .sounds()
        .includes("low"),
    );
    await page.screenshot({ path: path.join(ARTIFACTS, "clock-low.png") });
    expect((await sounds(page)).filter((s) => s === "low")).toHaveLength(1);
    await page.context().close();
  }, 60_000);
});
