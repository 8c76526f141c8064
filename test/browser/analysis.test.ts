/**
 * The engine's analysis of a finished game at /g/<id>: a xiangqi game and a four-player Teams
 * game, each with a known blunder (a chariot or a queen left to a cheaper piece), stored in the
 * archive and opened by their links. Within a minute every step has an evaluation; the graph is
 * drawn in the seats' colours and a click on it goes to that move; the blunder is marked in the
 * move list and counted for its player; the engine's move is drawn as an arrow where the
 * analysis says; the graph fits a phone's width. In the review after a game at the table, a
 * button starts the same analysis.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { css, pieceFill } from "../../client/src/board/art/palette";
import { SHAPE_COLORS } from "../../client/src/board/shapes";
import type { GameId } from "../../shared/games/catalog";
import { archived, type BlunderGame, blunderGame, selfPlayed } from "../client/blunders";
import { ARTIFACTS, newPage, playMove, useRig, waitBoard, waitTable } from "./harness";
import { boardInfo, canvasPixels, waitStill } from "./pixels";

const rig = useRig();

interface Analysed {
  id: string;
  step: number;
  last: number;
  evaluations: (number | null)[];
  bestMoves: ({ from: string; to: string; notation: string } | null)[];
  marks: (string | null)[];
  analysis: { state: string; ms: number; kept: boolean };
}

async function archiveOf(page: Page): Promise<Analysed | null> {
  return page.evaluate(
    () =>
      (
        window as unknown as { crossboard?: { archive(): Analysed | null } }
      ).crossboard?.archive() ?? null,
  );
}

async function waitArchive(page: Page, test: (a: Analysed) => boolean, ms = 15_000) {
  const end = Date.now() + ms;
  for (;;) {
    const a = await archiveOf(page);
    if (a && test(a)) return a;
    if (Date.now() > end) throw new Error(`archive page: ${JSON.stringify(a)}`);
    await page.waitForTimeout(100);
  }
}

/** Pixels of the evaluation graph near each colour, counted in the page. */
async function graphPixels(page: Page, colours: string[]): Promise<number[]> {
  return page.$eval(
    "canvas.eval-graph",
    (c, list) => {
      const canvas = c as HTMLCanvasElement;
      const data = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height).data;
      return list.map((hex) => {
        const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
        let n = 0;
        for (let i = 0; i < data.length; i += 4)
          if (Math.hypot(data[i]! - r!, data[i + 1]! - g!, data[i + 2]! - b!) < 40) n++;
        return n;
      });
    },
    colours,
  );
}

/** The shapes of the board's engine layer. */
async function engineShapes(page: Page): Promise<unknown[]> {
  return page.evaluate(
    () =>
      (window as unknown as { crossboard: { shapes(): { engine: unknown[] } } }).crossboard.shapes()
        .engine,
  );
}

const distance = (c: readonly number[], colour: number) =>
  Math.hypot(c[0]! - ((colour >> 16) & 255), c[1]! - ((colour >> 8) & 255), c[2]! - (colour & 255));

async function checkAnalysis(page: Page, b: BlunderGame, id: string, shot: string) {
  await page.goto(`${rig().base}/g/${id}`);
  await waitBoard(page);
  // Every step valued within a minute, each a finite number.
  const done = await waitArchive(page, (a) => a.analysis.state === "done", 60_000);
  expect(done.last).toBe(b.log.length);
  expect(done.evaluations).toHaveLength(done.last + 1);
  for (const v of done.evaluations) expect(Number.isFinite(v)).toBe(true);
  // From Red's (the first seat's) view: the blunder leaves Red's side far behind.
  expect(done.evaluations[b.blunder + 1]!).toBeLessThan(-300);
  expect(done.marks[b.blunder]).toBe("??");
  await page.screenshot({ path: path.join(ARTIFACTS, `${shot}.png`), fullPage: true });

  // The graph: a line in each series' colour (Red; Teams: Red's team and Blue's).
  const seats = b.game === "xiangqi" ? [0] : [0, 1];
  const colours = seats.map((seat) => css(pieceFill(b.game as GameId, seat)));
  const counts = await graphPixels(page, colours);
  const width = await page.$eval("canvas.eval-graph", (c) => (c as HTMLCanvasElement).width);
  for (const n of counts) expect(n).toBeGreaterThan(width / 2);
  expect(await page.getAttribute("canvas.eval-graph", "aria-label")).toMatch(/evaluation/i);

  // The blunder in the move list, and counted for its player.
  const blunderer = b.log[b.blunder]!.seat;
  const notation = b.games[b.blunder + 1]!.lastMove!.notation;
  const cell = page.locator(".moves td", { has: page.locator('.move-mark[data-mark="??"]') });
  expect(await cell.allTextContents()).toContain(`${notation}??`);
  const row = page.locator(`.analysis .counts tr[data-seat="${blunderer}"] td`);
  expect(Number(await row.nth(2).textContent())).toBeGreaterThanOrEqual(1);

  // A click on the graph goes to the step under it: the position before the blunder.
  await page.locator("canvas.eval-graph").scrollIntoViewIfNeeded();
  const box = (await page.locator("canvas.eval-graph").boundingBox())!;
  await page.mouse.click(box.x + 1 + (b.blunder / done.last) * (box.width - 2), box.y + 10);
  const there = await waitArchive(page, (a) => a.step === b.blunder);
  const best = there.bestMoves[b.blunder]!;
  expect(`${best.from}-${best.to}`).not.toBe(
    `${b.log[b.blunder]!.move!.from}-${b.log[b.blunder]!.move!.to}`,
  );
  expect(await page.textContent(".analysis-best")).toContain(best.notation);
  // The engine's move in the board's engine layer, and drawn: along the way from origin to
  // destination the pixels take the engine's colour, and lose it once the arrow is turned off.
  expect(await engineShapes(page)).toEqual([{ from: best.from, to: best.to, color: "engine" }]);
  const info = await boardInfo(page);
  const from = info.squares[best.from]!;
  const to = info.squares[best.to]!;
  const along = [0.35, 0.5, 0.65].map(
    (f) => [from.x + (to.x - from.x) * f, from.y + (to.y - from.y) * f] as const,
  );
  const withArrow = await canvasPixels(page, `${shot}-arrow`);
  await page.uncheck("input[name=engine-arrow]");
  expect(await engineShapes(page)).toEqual([]);
  const without = await canvasPixels(page, `${shot}-no-arrow`);
  for (const [x, y] of along) {
    const drawn = distance(withArrow(x, y), SHAPE_COLORS.engine);
    expect(drawn, `arrow at ${x},${y}`).toBeLessThan(80);
    expect(drawn).toBeLessThan(distance(without(x, y), SHAPE_COLORS.engine) - 20);
  }
  await page.check("input[name=engine-arrow]");
  // The move that was played there is judged beside the graph.
  await page.click("[data-action=review-next]");
  await waitArchive(page, (a) => a.step === b.blunder + 1);
  expect(await page.getAttribute(".analysis-played", "data-mark")).toBe("??");
  // Stepping keeps the graph drawn.
  for (const n of await graphPixels(page, colours)) expect(n).toBeGreaterThan(width / 2);
  // With the focus on the graph, the keys step as the review's do: End, back one, Home, and
  // back from the start stays there.
  await page.focus("canvas.eval-graph");
  await page.keyboard.press("End");
  await waitArchive(page, (a) => a.step === done.last);
  await page.keyboard.press("ArrowLeft");
  await waitArchive(page, (a) => a.step === done.last - 1);
  await page.keyboard.press("Home");
  await waitArchive(page, (a) => a.step === 0);
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowRight");
  await waitArchive(page, (a) => a.step === 1);
}

describe("engine analysis of a finished game", () => {
  it("xiangqi: every step valued, the graph drawn, the hung chariot marked ??, the engine's move drawn", async () => {
    const b = blunderGame("xiangqi", "teams");
    const id = "analysisXiangqi0000000";
    rig().server.store.saveGame(archived(b, id, ["Ana", "Budi"]));
    const page = await newPage(rig(), "Reader", { width: 1280, height: 800 });
    await checkAnalysis(page, b, id, "analysis-xiangqi");
    await page.context().close();

    // On a phone the graph takes the panel's width and stays on the screen.
    const phone = await newPage(rig(), "Phone", { width: 390, height: 844 });
    await phone.goto(`${rig().base}/g/${id}`);
    await waitBoard(phone);
    await waitArchive(phone, (a) => a.evaluations.length > 0 && a.evaluations[0] !== null, 60_000);
    const graph = (await phone.locator("canvas.eval-graph").boundingBox())!;
    expect(graph.x).toBeGreaterThanOrEqual(0);
    expect(graph.x + graph.width).toBeLessThanOrEqual(390);
    expect(graph.width).toBeGreaterThan(200);
    await phone.screenshot({ path: path.join(ARTIFACTS, "analysis-phone.png"), fullPage: true });
    await phone.context().close();
  }, 150_000);

  it("four-player Teams: a line per team, the hung queen marked ??, the engine's move drawn", async () => {
    const b = blunderGame("fourchess", "teams");
    const id = "analysisFourchess00000";
    rig().server.store.saveGame(archived(b, id, ["Ana", "Budi", "Caca", "Dewi"]));
    const page = await newPage(rig(), "Reader", { width: 1280, height: 800 });
    await checkAnalysis(page, b, id, "analysis-fourchess");
    await page.context().close();
  }, 150_000);

  it("four-player Individual: a line per seat in its colour, every step valued", async () => {
    const b = selfPlayed("fourchess", "individual", 16, 5);
    const id = "analysisIndividual0000";
    rig().server.store.saveGame(archived(b, id, ["Ana", "Budi", "Caca", "Dewi"]));
    const page = await newPage(rig(), "Reader", { width: 1280, height: 800 });
    await page.goto(`${rig().base}/g/${id}`);
    await waitBoard(page);
    const done = await waitArchive(page, (a) => a.analysis.state === "done", 60_000);
    expect(done.evaluations).toHaveLength(b.log.length + 1);
    for (const v of done.evaluations) expect(Number.isFinite(v)).toBe(true);
    const colours = [0, 1, 2, 3].map((seat) => css(pieceFill("fourchess", seat)));
    const width = await page.$eval("canvas.eval-graph", (c) => (c as HTMLCanvasElement).width);
    for (const n of await graphPixels(page, colours)) expect(n).toBeGreaterThan(width / 4);
    expect(await page.locator(".analysis .counts tbody tr").count()).toBe(4);
    await page.screenshot({
      path: path.join(ARTIFACTS, "analysis-individual.png"),
      fullPage: true,
    });
    await page.context().close();
  }, 120_000);

  it("leaving the page stops the analysis: its worker ends", async () => {
    const b = selfPlayed("xiangqi", "teams", 60, 3);
    const id = "analysisLeftEarly00000";
    rig().server.store.saveGame(archived(b, id, ["Ana", "Budi"]));
    const page = await newPage(rig(), "Reader", { width: 1280, height: 800 });
    const started = page.waitForEvent("worker");
    await page.goto(`${rig().base}/g/${id}`);
    await waitBoard(page);
    const worker = await started;
    const ended = new Promise<void>((resolve) => worker.once("close", () => resolve()));
    const running = await waitArchive(
      page,
      (a) => a.evaluations.filter((v) => v !== null).length >= 2,
      30_000,
    );
    expect(running.analysis.state).toBe("running");
    await page.click(".archive-screen [data-action=lobby] >> nth=0");
    await page.waitForSelector("[data-section=computer]");
    await Promise.race([
      ended,
      page.waitForTimeout(10_000).then(() => {
        throw new Error("the analysis worker still runs after leaving the page");
      }),
    ]);
    expect(page.workers()).toHaveLength(0);
    await page.context().close();
  }, 90_000);

  it("at the table, the review's button analyses the game just played", async () => {
    const page = await newPage(rig(), "Hotseat", { width: 1280, height: 800 });
    await page.goto(rig().base);
    await page.click("[data-section=hotseat] button");
    await waitBoard(page);
    await waitTable(page, (t) => t.phase === "playing");
    for (const [i, [from, to]] of [
      ["h2", "e2"],
      ["h9", "g7"],
      ["e2", "e6"],
    ].entries()) {
      await playMove(page, from!, to!);
      await waitTable(page, (t) => t.moves === i + 1);
    }
    await page.click("[data-action='table.resign']");
    await page.click(".confirm [data-action=confirm]");
    await waitTable(page, (t) => t.phase === "finished");
    await page.click("[data-action=review], [data-action='table.review'] >> nth=0");
    // Nothing runs until asked.
    expect(await page.locator("canvas.eval-graph").isHidden()).toBe(true);
    await page.click("[data-action=analysis-start]");
    await page.waitForSelector(".analysis-status:has-text('Analysis complete')", {
      timeout: 60_000,
    });
    const counts = await graphPixels(page, [css(pieceFill("xiangqi", 0))]);
    expect(counts[0]).toBeGreaterThan(50);
    // Four entries (three moves and the resignation), five positions: each has an evaluation
    // beside the graph once stepped to.
    await page.click("[data-action=review-first]");
    expect(await page.textContent(".analysis-eval")).toMatch(/Evaluation for Red: [+−]?\d+\.\d/);
    expect(await page.textContent(".analysis-best")).toMatch(/The engine's move here: \S+/);
    // The pieces back at the start before the picture is taken.
    await waitStill(page);
    await page.screenshot({
      path: path.join(ARTIFACTS, "analysis-table-review.png"),
      fullPage: true,
    });

    // Once both passes are over the analysis is kept on this device: the game's page shows it
    // at once, and no search runs.
    await page.waitForSelector(".analysis-status:text-is('Analysis complete')", {
      timeout: 60_000,
    });
    const { gameId } = await waitTable(page, (t) => t.gameId !== "");
    const workers: unknown[] = [];
    page.on("worker", (w) => workers.push(w));
    await page.goto(`${rig().base}/g/${gameId}`);
    await waitBoard(page);
    const kept = await waitArchive(page, (a) => a.analysis.state === "done", 5_000);
    expect(kept.analysis.kept).toBe(true);
    expect(kept.evaluations).toHaveLength(5);
    expect(kept.evaluations.every((v) => v !== null && Number.isFinite(v))).toBe(true);
    expect(await page.textContent(".analysis-status")).toBe("Analysis complete");
    expect(workers).toHaveLength(0);
    await page.context().close();
  }, 120_000);
});
