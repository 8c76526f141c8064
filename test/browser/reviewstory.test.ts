/**
 * The archive page of a finished game, opened in Chromium, against what the shared rules say
 * of the record: in four-player chess the chart of points (Individual) or material (Teams) is
 * drawn in every seat's colour, marks the step shown and goes to the step clicked; each seat's
 * value, the pieces each seat has taken and the copied position (FEN4 / FEN) are those of a
 * replay to that step; the list of who captured whom holds every capture; the board turns to
 * any seat's side; the download link serves the export with its tags. At 1280×800 and on a
 * phone. The games are made up with the shared rules and put in the archive directly, so the
 * test knows every move. Screenshots in test-results/.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { SEAT_FILL } from "../../client/src/board/art/palette";
import { unwrap } from "../../shared/core/result";
import type { Piece } from "../../shared/games/types";
import { parseRules } from "../../shared/match/houseRules";
import { replay, setupOf } from "../../shared/match/replay";
import { defaultRules, type HouseRules } from "../../shared/match/rules";
import type { ArchivedGame } from "../../shared/protocol/archive";
import { logOf } from "../../shared/protocol/archive";
import { readHouseRules, readTags, readTimeControl } from "../../shared/protocol/exportTags";
import { recordOf } from "../server/records";
import {
  ARTIFACTS,
  newPage,
  playComputer,
  playLegal,
  tableOf,
  useRig,
  waitBoard,
  waitTable,
} from "./harness";
import { boardInfo, boardProblems, waitStill } from "./pixels";

const rig = useRig();

/** The game after its first `count` entries, by the shared rules. */
function replayTo(g: ArchivedGame, count: number) {
  const rules = { format: g.format, moveLimit: null, handicap: "none" };
  return unwrap(replay(g.game, setupOf(rules, 0, g.startFen), logOf(g).slice(0, count))).game;
}

/** Each seat's captures after `count` entries, sorted ("Q1": kind, seat of the piece taken). */
function capturesAfter(g: ArchivedGame, count: number): string[][] {
  const out: string[][] = g.players.map(() => []);
  for (let i = 1; i <= count; i++) {
    const entry = g.moves[i - 1]!;
    if (!entry.from) continue;
    const before = replayTo(g, i - 1).pieces();
    const square = replayTo(g, i).lastMove?.captured;
    const taken = square ? before.find((p) => p.square === square) : undefined;
    if (taken) out[entry.seat]!.push(`${taken.kind}${taken.seat}`);
  }
  return out.map((l) => l.sort());
}

/** The steps at which a piece was captured. */
function captureSteps(g: ArchivedGame): number[] {
  const steps: number[] = [];
  let pieces = replayTo(g, 0).pieces().length;
  for (let i = 1; i <= g.moves.length; i++) {
    const n = replayTo(g, i).pieces().length;
    if (n < pieces && g.moves[i - 1]!.from) steps.push(i);
    pieces = n;
  }
  return steps;
}

/** Material as the chart counts it (pawn 1, knight 3, bishop 5, rook 5, queen 9). */
function material(pieces: readonly Piece[]): number[] {
  const value: Record<string, number> = { P: 1, N: 3, B: 5, R: 5, Q: 9 };
  const out = [0, 0, 0, 0];
  for (const p of pieces) if (p.seat >= 0) out[p.seat]! += value[p.kind] ?? 0;
  return out;
}

async function store(g: ArchivedGame) {
  const s = rig().server.store;
  s.saveGame(g);
  const end = Date.now() + 10_000;
  while (!(await s.game(g.id))) {
    if (Date.now() > end) throw new Error("the game was not stored");
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function archiveStep(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      (
        window as unknown as { crossboard: { archive(): { step: number } | null } }
      ).crossboard.archive()?.step ?? -1,
  );
}

async function waitStep(page: Page, step: number) {
  await expect.poll(() => archiveStep(page), { timeout: 10_000 }).toBe(step);
}

async function open(page: Page, g: ArchivedGame) {
  await page.goto(`${rig().base}/g/${g.id}`);
  await waitBoard(page);
  await waitStep(page, g.moves.length);
}

async function legendValues(page: Page): Promise<number[]> {
  return page.$$eval(".story-legend [data-seat] .value", (vs) =>
    vs.map((v) => Number(v.textContent)),
  );
}

async function capturesShown(page: Page): Promise<string[][]> {
  const out: string[][] = [];
  for (let i = 0; i < 4; i++)
    out.push(
      (
        await page.$$eval(`.panel-seats .seat[data-seat="${i}"] .captured [data-piece]`, (icons) =>
          icons.map((x) => (x as SVGElement).dataset.piece ?? ""),
        )
      ).sort(),
    );
  return out;
}

const near = (rgb: readonly number[], colour: number, tol = 45) =>
  Math.hypot(
    rgb[0]! - ((colour >> 16) & 255),
    rgb[1]! - ((colour >> 8) & 255),
    rgb[2]! - (colour & 255),
  ) <= tol;

/** The chart's pixels, from a screenshot of it. */
async function chartPixels(page: Page, shot: string) {
  const chart = page.locator(".story-box .seat-chart");
  const png = PNG.sync.read(await chart.screenshot({ path: path.join(ARTIFACTS, `${shot}.png`) }));
  const at = (x: number, y: number) => {
    const i = (y * png.width + x) * 4;
    return [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!];
  };
  return { png, at };
}

/** Every seat's colour is drawn on the chart: pixels of it, counted. */
async function seatPixels(page: Page, shot: string): Promise<number[]> {
  const { png, at } = await chartPixels(page, shot);
  const counts = [0, 0, 0, 0];
  for (let y = 0; y < png.height; y++)
    for (let x = 0; x < png.width; x++)
      SEAT_FILL.fourchess.forEach((c, seat) => {
        if (near(at(x, y), c)) counts[seat]!++;
      });
  return counts;
}

/** Whether the column at `fraction` of the chart's width is marked near its top. */
async function markedAt(page: Page, fraction: number, shot: string): Promise<boolean> {
  const { png, at } = await chartPixels(page, shot);
  const x0 = Math.round(fraction * (png.width - 1));
  // The background, from a column far from the one looked at.
  const bg = at(x0 > png.width / 2 ? 1 : png.width - 2, 2);
  for (let x = Math.max(0, x0 - 3); x <= Math.min(png.width - 1, x0 + 3); x++) {
    const c = at(x, 2);
    if (Math.abs(c[0]! - bg[0]!) + Math.abs(c[1]! - bg[1]!) + Math.abs(c[2]! - bg[2]!) > 60)
      return true;
  }
  return false;
}

async function clickChartAt(page: Page, step: number, last: number) {
  const box = (await page.locator(".story-box .seat-chart").boundingBox())!;
  await page.mouse.click(box.x + (step / last) * box.width, box.y + box.height / 2);
}

const individualRules: HouseRules = {
  ...defaultRules("fourchess"),
  format: "individual",
  clock: { base: 300, increment: 3, delay: 0 },
};

describe("the review of a four-player game", () => {
  it("Individual at 1280×800: the points chart, captures and copied position as of each step, the board turned, the PGN4 download", async () => {
    const g = recordOf({
      game: "fourchess",
      rules: individualRules,
      plies: 90,
      seed: 11,
      id: "IndividualReviewGame01",
      players: [
        { name: "Ana", kind: "human" },
        { name: "CPU", kind: "cpu" },
        { name: "Citra", kind: "human" },
        { name: "CPU", kind: "cpu" },
      ],
      resign: [1, 2, 3],
    });
    const last = g.moves.length;
    const steps = captureSteps(g);
    expect(steps.length).toBeGreaterThan(8);
    await store(g);
    const page = await newPage(rig(), "Viewer", { width: 1280, height: 800 });
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], {
      origin: rig().base,
    });
    await open(page, g);
    expect(await page.getAttribute(".story-box", "data-story")).toBe("points");

    // The chart: every seat's colour, the end marked; each seat's points at the end.
    const counts = await seatPixels(page, "archive-fourchess-chart");
    for (const [seat, n] of counts.entries()) expect(n, `seat ${seat}'s line`).toBeGreaterThan(40);
    expect(await markedAt(page, 1, "archive-fourchess-chart-end")).toBe(true);
    expect(await legendValues(page)).toEqual([...replayTo(g, last).scores!]);
    await page.screenshot({ path: path.join(ARTIFACTS, "archive-fourchess-review.png") });

    // A click on the chart goes to the step under it; the points, the captures beside the seats
    // and the position to copy are those of a replay to that step.
    const k = steps[Math.floor(steps.length / 2)]!;
    await clickChartAt(page, k, last);
    await waitStep(page, k);
    expect(await legendValues(page)).toEqual([...replayTo(g, k).scores!]);
    expect(await capturesShown(page)).toEqual(capturesAfter(g, k));
    expect(await markedAt(page, k / last, "archive-fourchess-chart-step")).toBe(true);
    expect(await markedAt(page, 1, "archive-fourchess-chart-step")).toBe(false);
    expect(
      await boardProblems(page, "fourchess", replayTo(g, k).pieces(), "archive-chart-step"),
    ).toEqual([]);
    await page.click("[data-action=copy-position]");
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()), { timeout: 10_000 })
      .toBe(replayTo(g, k).fen());
    expect(await page.textContent(".panel .message")).toBe("Position copied");
    expect(await page.inputValue(".export-box .fen-field")).toBe(replayTo(g, k).fen());

    // Who captured whom: a line per capture; each goes to its step.
    const rows = page.locator(".capture-list .capture-row");
    expect(await rows.count()).toBe(steps.length);
    expect(
      await rows.evaluateAll((rs) => rs.map((r) => Number((r as HTMLElement).dataset.step))),
    ).toEqual(steps);
    const first = steps[0]!;
    const taker = ["Red", "Blue", "Yellow", "Green"][g.moves[first - 1]!.seat]!;
    expect(await rows.first().textContent()).toContain(`${taker} (`);
    expect(await rows.first().textContent()).toMatch(/ took /);
    await rows.first().click();
    await waitStep(page, first);
    expect(await capturesShown(page)).toEqual(capturesAfter(g, first));
    // And step by step, the captures as of each step (forward from the first capture).
    for (let step = first + 1; step <= first + 6; step++) {
      await page.click("[data-action=review-next]");
      await waitStep(page, step);
      expect(await capturesShown(page), `step ${step}`).toEqual(capturesAfter(g, step));
    }

    // Seen from Blue's side: Blue's back rank (the a-file) at the bottom, every piece drawn.
    await page.click(".view-from [data-view='1']");
    await waitStill(page);
    const info = await boardInfo(page);
    expect(info.squares.a7!.y).toBeGreaterThan(info.squares.n7!.y + info.cell * 10);
    expect(Math.abs(info.squares.g1!.y - info.squares.g14!.y)).toBeLessThan(2);
    expect(await page.getAttribute(".view-from [data-view='1']", "aria-pressed")).toBe("true");
    const shown = await archiveStep(page);
    expect(
      await boardProblems(page, "fourchess", replayTo(g, shown).pieces(), "archive-turned"),
    ).toEqual([]);
    await page.screenshot({ path: path.join(ARTIFACTS, "archive-fourchess-turned.png") });
    // The top bar's button turns it on to the next seat: Yellow's side (rank 14) at the bottom.
    await page.click("[data-action=rotate]");
    await waitStill(page);
    const turned = await boardInfo(page);
    expect(turned.squares.g14!.y).toBeGreaterThan(turned.squares.g1!.y + turned.cell * 10);
    expect(await page.getAttribute(".view-from [data-view='2']", "aria-pressed")).toBe("true");

    // The PGN4 file, with its tags.
    const link = page.locator(".export-box a[data-format=pgn4]");
    expect(await link.getAttribute("download")).toMatch(/^crossboard-fourchess-.*\.pgn4$/);
    const res = await fetch(new URL((await link.getAttribute("href"))!, rig().base));
    expect(res.status).toBe(200);
    const tags = readTags(await res.text());
    expect(tags).toMatchObject({
      Variant: "FFA",
      Red: "Ana",
      Blue: "CPU",
      BlueType: "program",
      TimeControl: "300+3",
      Reason: g.result.code,
    });
    expect(unwrap(readTimeControl(tags.TimeControl!))).toEqual(individualRules.clock);
    expect(
      unwrap(
        parseRules(
          "fourchess",
          unwrap(readHouseRules(tags.HouseRules!)),
          defaultRules("fourchess"),
        ),
      ),
    ).toEqual(individualRules);

    // The layout still fits: the board keeps most of the width, nothing runs off the page.
    const board = (await page.locator(".board-wrap").boundingBox())!;
    expect(board.width).toBeGreaterThan(700);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      1280,
    );
    const chart = (await page.locator(".story-box .seat-chart").boundingBox())!;
    expect(chart.x + chart.width).toBeLessThanOrEqual(1280);
    await page.context().close();
  }, 120_000);

  it("Teams on a phone: the material chart fits the width, each seat's material as of the step", async () => {
    const g = recordOf({
      game: "fourchess",
      rules: defaultRules("fourchess"),
      plies: 60,
      seed: 5,
      id: "TeamsReviewGameOnPhone",
      players: ["Ana", "Budi", "Citra", "Dewi"].map((name) => ({ name, kind: "human" })),
      resign: [1],
    });
    const last = g.moves.length;
    await store(g);
    const page = await newPage(rig(), "Phone", { width: 390, height: 844 });
    await open(page, g);
    expect(await page.getAttribute(".story-box", "data-story")).toBe("material");
    expect(await legendValues(page)).toEqual(material(replayTo(g, last).pieces()));
    await page.locator(".story-box").scrollIntoViewIfNeeded();
    // Looked at until drawn: on a busy machine the chart may still be painting as it scrolls in.
    await expect
      .poll(async () => Math.min(...(await seatPixels(page, "archive-fourchess-chart-phone"))), {
        timeout: 10_000,
      })
      .toBeGreaterThan(20);
    const k = Math.round(last / 3);
    await clickChartAt(page, k, last);
    await waitStep(page, k);
    expect(await legendValues(page)).toEqual(material(replayTo(g, k).pieces()));
    const chart = (await page.locator(".story-box .seat-chart").boundingBox())!;
    expect(chart.x).toBeGreaterThanOrEqual(0);
    expect(chart.x + chart.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    const canvas = (await page.locator("canvas.board-canvas").boundingBox())!;
    expect(canvas.width).toBeGreaterThanOrEqual(370);
    await page.screenshot({
      path: path.join(ARTIFACTS, "archive-fourchess-phone.png"),
      fullPage: true,
    });
    await page.context().close();
  }, 90_000);
});

describe("the table's review after a four-player game", () => {
  it("shows the material chart and who captured whom, as of the step shown", async () => {
    const page = await newPage(rig(), "Solo", { width: 1280, height: 800 });
    await playComputer(rig(), page, 0);
    for (let i = 0; i < 3; i++) {
      const before = (await tableOf(page))!;
      await playLegal(page, ["h2-h4", "g2-g3", "i2-i3"]);
      await waitTable(page, (t) => t.moves > before.moves && t.mySeats.includes(t.turn));
    }
    await page.click("[data-action='table.resign']");
    await page.click(".confirm [data-action=confirm]");
    const finished = await waitTable(page, (t) => t.phase === "finished");
    const res = await fetch(`${rig().base}/api/games/${finished.gameId}`);
    const g = (await res.json()) as ArchivedGame;
    expect(await page.locator(".panel .story-box").count()).toBe(0);
    await page.click("[data-action=review], [data-action='table.review'] >> nth=0");
    await waitTable(page, (t) => t.reviewStep === g.moves.length);
    expect(await page.getAttribute(".panel .story-box", "data-story")).toBe("material");
    expect(await legendValues(page)).toEqual(material(replayTo(g, g.moves.length).pieces()));
    expect(await page.locator(".panel .view-from").count()).toBe(0);
    // Every capture of the game, in order, each a step to go to.
    expect(
      await page
        .locator(".panel .capture-row")
        .evaluateAll((rs) => rs.map((r) => Number((r as HTMLElement).dataset.step))),
    ).toEqual(captureSteps(g));
    const counts = await seatPixels(page, "table-review-chart");
    for (const [seat, n] of counts.entries()) expect(n, `seat ${seat}'s line`).toBeGreaterThan(40);
    await clickChartAt(page, 2, g.moves.length);
    await waitTable(page, (t) => t.reviewStep === 2);
    expect(await legendValues(page)).toEqual(material(replayTo(g, 2).pieces()));
    await page.screenshot({ path: path.join(ARTIFACTS, "table-review-story.png") });
    await page.context().close();
  }, 90_000);
});

describe("the review of a xiangqi game", () => {
  it("downloads WXF and ICCS with their tags; copies the FEN of the step shown", async () => {
    const rules: HouseRules = {
      ...defaultRules("xiangqi"),
      clock: { base: 60, increment: 0, delay: 15 },
    };
    const g = recordOf({
      game: "xiangqi",
      rules,
      plies: 30,
      seed: 3,
      id: "XiangqiReviewGameDownl",
      players: [
        { name: "Ana", kind: "human" },
        { name: "CPU", kind: "cpu" },
      ],
      resign: [1],
    });
    await store(g);
    const page = await newPage(rig(), "Reader", { width: 1280, height: 800 });
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], {
      origin: rig().base,
    });
    await open(page, g);
    expect(await page.locator(".story-box").count()).toBe(0);
    for (const [format, ext] of [
      ["wxf", "wxf"],
      ["iccs", "pgn"],
    ] as const) {
      const link = page.locator(`.export-box a[data-format=${format}]`);
      expect(await link.getAttribute("download")).toMatch(
        new RegExp(`^crossboard-xiangqi-.*\\.${ext}$`),
      );
      const res = await fetch(new URL((await link.getAttribute("href"))!, rig().base));
      const tags = readTags(await res.text());
      expect(tags).toMatchObject({
        Format: format.toUpperCase(),
        Red: "Ana",
        Black: "CPU",
        BlackType: "program",
        TimeControl: "60d15",
        FEN: g.startFen,
      });
      expect(
        unwrap(
          parseRules("xiangqi", unwrap(readHouseRules(tags.HouseRules!)), defaultRules("xiangqi")),
        ),
      ).toEqual(rules);
    }
    await page.keyboard.press("Home");
    await waitStep(page, 0);
    for (let step = 1; step <= 7; step++) {
      await page.keyboard.press("ArrowRight");
      await waitStep(page, step);
    }
    await page.click("[data-action=copy-position]");
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()), { timeout: 10_000 })
      .toBe(replayTo(g, 7).fen());
    await page
      .locator(".export-box")
      .screenshot({ path: path.join(ARTIFACTS, "archive-export.png") });
    await page.context().close();
  }, 60_000);
});
