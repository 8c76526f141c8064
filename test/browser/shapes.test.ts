/**
 * Arrows and circles drawn with the right button, with the real mouse, at a table and in its
 * review after the game (the canvas renderer) and on the game's archive page (WebGL), for each
 * game: read from the pixels before and after, an arrow colours the way between two squares'
 * centres (over the piece it starts from) and leaves a square off its way alone; a right-click
 * rings a square; Shift draws red; a left click takes them all away; the context menu never
 * opens; on a turned board the arrow still joins its two squares; a pen's barrel button draws
 * too.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import type { Shape } from "../../client/src/board/shapes";
import type { GameId } from "../../shared/games/catalog";
import {
  ARTIFACTS,
  newPage,
  playComputer,
  playLegal,
  shapesOf,
  tableOf,
  useRig,
  waitBoard,
  waitTable,
} from "./harness";
import { boardInfo, waitStill } from "./pixels";

const rig = useRig();

type Rgb = readonly [number, number, number];
interface Point {
  x: number;
  y: number;
}

/** The colours a person would see, written here (not read from the client's code). */
const GREEN: Rgb = [0x16, 0xa3, 0x4a];
const RED: Rgb = [0xdc, 0x26, 0x26];

const dist = (a: Rgb, b: Rgb) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
const along = (a: Point, b: Point, f: number): Point => ({
  x: a.x + (b.x - a.x) * f,
  y: a.y + (b.y - a.y) * f,
});

interface Squares {
  /** A green arrow's ends; `from` holds a piece at the start. */
  readonly arrow: readonly [string, string];
  /** A red (Shift) arrow's ends. */
  readonly red: readonly [string, string];
  readonly circle: string;
  /** Off every shape's way, empty: where the left click goes. */
  readonly off: string;
}

const SQUARES: Record<GameId, Squares> = {
  xiangqi: { arrow: ["h2", "h6"], red: ["b3", "c5"], circle: "e4", off: "d8" },
  fourchess: { arrow: ["g2", "g6"], red: ["i4", "l7"], circle: "f8", off: "e11" },
};

/** The board's pixels now, by canvas coordinates (CSS pixels), once a frame has been drawn. */
async function shot(page: Page, artifact?: string): Promise<(p: Point) => Rgb> {
  await waitStill(page);
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
  );
  const canvas = page.locator("canvas.board-canvas");
  const png = PNG.sync.read(
    await canvas.screenshot(artifact ? { path: path.join(ARTIFACTS, `${artifact}.png`) } : {}),
  );
  const box = (await canvas.boundingBox())!;
  const scale = png.width / box.width;
  return (p) => {
    const i = (Math.round(p.y * scale) * png.width + Math.round(p.x * scale)) * 4;
    return [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!];
  };
}

async function waitShapes(page: Page, test: (user: Shape[]) => boolean): Promise<Shape[]> {
  const end = Date.now() + 10_000;
  for (;;) {
    const { user } = await shapesOf(page);
    if (test(user)) return user;
    if (Date.now() > end) throw new Error(`shapes: ${JSON.stringify(user)}`);
    await page.waitForTimeout(30);
  }
}

/** A square's centre on the page, where the mouse goes. */
async function onPage(page: Page, square: string): Promise<Point> {
  const p = await page.evaluate(
    (s) =>
      (window as unknown as { crossboard: { square(s: string): Point | null } }).crossboard.square(
        s,
      ),
    square,
  );
  if (!p) throw new Error(`${square} is not on the board`);
  return p;
}

/** Presses the right button on `from`, drags to `to` and lets go, Shift held if asked. */
async function rightDrag(page: Page, from: string, to: string, shift = false): Promise<void> {
  const a = await onPage(page, from);
  const b = await onPage(page, to);
  if (shift) await page.keyboard.down("Shift");
  await page.mouse.move(a.x, a.y);
  await page.mouse.down({ button: "right" });
  await page.mouse.move(b.x, b.y, { steps: 6 });
  await page.mouse.up({ button: "right" });
  if (shift) await page.keyboard.up("Shift");
}

/** The same with a pen, its barrel button held (Chromium's own input, as a tablet sends it). */
async function penDrag(page: Page, from: string, to: string): Promise<void> {
  const a = await onPage(page, from);
  const b = await onPage(page, to);
  await page.evaluate(() => {
    const w = window as unknown as { pointers: string[] };
    w.pointers = [];
    document.addEventListener("pointerdown", (e) => w.pointers.push(e.pointerType));
  });
  const cdp = await page.context().newCDPSession(page);
  const send = (type: string, p: Point, buttons: number) =>
    cdp.send("Input.dispatchMouseEvent", {
      type: type as "mousePressed",
      x: p.x,
      y: p.y,
      button: type === "mouseMoved" ? "none" : "right",
      buttons,
      clickCount: 1,
      pointerType: "pen",
    });
  await send("mouseMoved", a, 0);
  await send("mousePressed", a, 2);
  for (const f of [0.25, 0.5, 0.75, 1]) await send("mouseMoved", along(a, b, f), 2);
  await send("mouseReleased", b, 0);
  await cdp.detach();
  // The page saw a pen, not a mouse.
  expect(await page.evaluate(() => (window as unknown as { pointers: string[] }).pointers)).toEqual(
    ["pen"],
  );
}

async function rightClick(page: Page, square: string): Promise<void> {
  const p = await onPage(page, square);
  await page.mouse.click(p.x, p.y, { button: "right" });
}

/** Counts the context menus asked for on the page, and whether the page kept each shut. */
async function watchMenus(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { menus: boolean[] };
    w.menus = [];
    document.addEventListener("contextmenu", (e) => w.menus.push(e.defaultPrevented));
  });
}

async function menus(page: Page): Promise<boolean[]> {
  return page.evaluate(() => (window as unknown as { menus: boolean[] }).menus);
}

/** Points on the way of an arrow between two centres, short of its head. */
const wayOf = (a: Point, b: Point) => [0.3, 0.45, 0.6].map((f) => along(a, b, f));

/** Where a pixel moved towards a colour: closer by half at least, from somewhere not already it. */
function towards(before: Rgb, after: Rgb, colour: Rgb): string | null {
  const d0 = dist(before, colour);
  const d1 = dist(after, colour);
  return d0 > 40 && d1 <= d0 * 0.5
    ? null
    : `${before} → ${after}, ${d0.toFixed(0)} → ${d1.toFixed(0)}`;
}

/**
 * Draws and clears shapes on the board shown, checking each by its pixels; `overPiece` checks
 * the arrow covers the piece it starts from (the start position's).
 */
async function drawAndClear(page: Page, game: GameId, where: string, overPiece: boolean) {
  const sq = SQUARES[game];
  await watchMenus(page);
  const info = await boardInfo(page);
  const c = (s: string) => info.squares[s]!;
  const base = await shot(page);

  // A right-drag: a green arrow, over the piece it starts from; a square off its way unchanged.
  await rightDrag(page, sq.arrow[0], sq.arrow[1]);
  expect(await waitShapes(page, (u) => u.length === 1)).toEqual([
    { from: sq.arrow[0], to: sq.arrow[1], color: "green" },
  ]);
  let now = await shot(page);
  const [a, b] = [c(sq.arrow[0]), c(sq.arrow[1])];
  const way = wayOf(a, b);
  if (overPiece) way.push(along(a, b, 0.2 * (info.cell / Math.hypot(b.x - a.x, b.y - a.y))));
  for (const p of way) expect(towards(base(p), now(p), GREEN), `${where} ${p.x},${p.y}`).toBeNull();
  expect(dist(base(c(sq.off)), now(c(sq.off)))).toBeLessThan(8);

  // A right-click: a green ring just inside the square.
  await rightClick(page, sq.circle);
  await waitShapes(page, (u) => u.length === 2 && u[1]!.to === undefined);
  now = await shot(page);
  const ring = c(sq.circle);
  const r = info.cell * 0.46 - 1;
  const rim = [
    { x: ring.x + r, y: ring.y },
    { x: ring.x - r, y: ring.y },
    { x: ring.x, y: ring.y + r },
    { x: ring.x, y: ring.y - r },
  ];
  const ringed = rim.filter((p) => towards(base(p), now(p), GREEN) === null);
  expect(ringed.length, `${where}: ring`).toBeGreaterThanOrEqual(3);
  // Not filled: the middle of the square stays as it was.
  expect(dist(base(ring), now(ring))).toBeLessThan(8);

  // Shift: red.
  await rightDrag(page, sq.red[0], sq.red[1], true);
  const all = await waitShapes(page, (u) => u.length === 3);
  expect(all[2]).toEqual({ from: sq.red[0], to: sq.red[1], color: "red" });
  now = await shot(page);
  for (const p of wayOf(c(sq.red[0]), c(sq.red[1])))
    expect(towards(base(p), now(p), RED), `${where} red ${p.x},${p.y}`).toBeNull();
  expect(dist(base(c(sq.off)), now(c(sq.off)))).toBeLessThan(8);

  // No context menu opened for any of these right-clicks.
  const asked = await menus(page);
  expect(asked.length).toBeGreaterThan(0);
  expect(asked.every((shut) => shut)).toBe(true);
  const name = where === "table" ? `shapes-${game}` : `shapes-${game}-${where}`;
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });

  // A left click takes every shape away: the board is as it was.
  const off = await onPage(page, sq.off);
  await page.mouse.click(off.x, off.y);
  await waitShapes(page, (u) => u.length === 0);
  now = await shot(page);
  for (const p of [...way, ...rim]) expect(dist(base(p), now(p)), where).toBeLessThan(8);
}

/**
 * On a turned board an arrow drawn before the turn joins the same two squares where they are
 * now; one drawn on the turned board names the squares under the mouse.
 */
async function checkTurned(page: Page, game: GameId) {
  const sq = SQUARES[game];
  const before = await boardInfo(page);
  await rightDrag(page, sq.arrow[0], sq.arrow[1]);
  await waitShapes(page, (u) => u.length === 1);
  await page.click("[data-action=rotate]");
  await page.waitForFunction(
    ({ s, x }) =>
      (
        window as unknown as { crossboard: { board(): { squares: Record<string, Point> } } }
      ).crossboard.board().squares[s]!.x !== x,
    { s: sq.arrow[0], x: before.squares[sq.arrow[0]]!.x },
  );
  const info = await boardInfo(page);
  const turned = await shot(page, `shapes-${game}-turned`);
  // Cleared, for the same board without the arrow.
  const off = await onPage(page, sq.off);
  await page.mouse.click(off.x, off.y);
  await waitShapes(page, (u) => u.length === 0);
  const bare = await shot(page);
  const [a, b] = [info.squares[sq.arrow[0]]!, info.squares[sq.arrow[1]]!];
  for (const p of wayOf(a, b))
    expect(towards(bare(p), turned(p), GREEN), `turned ${p.x},${p.y}`).toBeNull();
  // Where the arrow was before the turn, away from its new way: nothing.
  const old = along(before.squares[sq.arrow[0]]!, before.squares[sq.arrow[1]]!, 0.45);
  const fromWay = Math.min(...wayOf(a, b).map((p) => Math.hypot(p.x - old.x, p.y - old.y)));
  expect(fromWay).toBeGreaterThan(info.cell);
  expect(dist(bare(old), turned(old))).toBeLessThan(8);

  // Drawn on the turned board: the squares under the mouse.
  await rightDrag(page, sq.red[0], sq.red[1]);
  expect(await waitShapes(page, (u) => u.length === 1)).toEqual([
    { from: sq.red[0], to: sq.red[1], color: "green" },
  ]);
  // A pen draws as the mouse does.
  await penDrag(page, sq.arrow[0], sq.arrow[1]);
  expect(await waitShapes(page, (u) => u.length === 2)).toEqual([
    { from: sq.red[0], to: sq.red[1], color: "green" },
    { from: sq.arrow[0], to: sq.arrow[1], color: "green" },
  ]);
}

describe("arrows and circles", () => {
  for (const [game, which] of [
    ["xiangqi", 2],
    ["fourchess", 0],
  ] as const) {
    it(`${game}: drawn at the table, in its review and on the archive page, by their pixels`, async () => {
      const page = await newPage(rig(), "Painter");
      await playComputer(rig(), page, which);
      await drawAndClear(page, game, "table", true);
      // Nothing was sent: the game goes on where it was.
      expect((await tableOf(page))!.moves).toBe(0);

      // A move (the archive keeps games that were played), then resign.
      await playLegal(page, [game === "xiangqi" ? "h2-e2" : "h2-h3"]);
      await waitTable(page, (t) => t.moves > 0 && t.mySeats.includes(t.turn), 30_000);
      await page.click("[data-action='table.resign']");
      await page.click(".confirm [data-action=confirm]");
      const finished = await waitTable(page, (t) => t.phase === "finished");

      // The table's review: drawn there as well; back at the table they are gone.
      await page.click("[data-action=review], [data-action='table.review'] >> nth=0");
      await waitTable(page, (t) => t.reviewStep >= 0);
      await drawAndClear(page, game, "review", false);
      await rightDrag(page, SQUARES[game].arrow[0], SQUARES[game].arrow[1]);
      await waitShapes(page, (u) => u.length === 1);
      await page.click("[data-action=review-exit]");
      await waitTable(page, (t) => t.reviewStep === -1);
      expect((await shapesOf(page)).user).toEqual([]);

      // The archive page, drawn by WebGL.
      await page.goto(`${rig().base}/g/${finished.gameId}?renderer=webgl`);
      await waitBoard(page);
      await page.waitForFunction(() => {
        const a = (
          window as unknown as { crossboard: { archive(): { step: number; last: number } | null } }
        ).crossboard.archive();
        return a !== null && a.step === a.last;
      });
      await drawAndClear(page, game, "archive", false);
      await checkTurned(page, game);
      await page.context().close();
    }, 120_000);
  }
});
