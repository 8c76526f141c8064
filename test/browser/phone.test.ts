/**
 * Four-player chess on a phone (390×844): the cross board takes the whole width, and every
 * seat's badge (name, points, clock) sits in one of the board's empty 3×3 corners, all visible
 * without scrolling, rather than listed below the board. Screenshots in test-results/.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ARTIFACTS, newPage, playComputer, playLegal, tableOf, useRig, waitTable } from "./harness";
import { boardInfo, drawnProblems } from "./pixels";

const rig = useRig();
const PHONE = { width: 390, height: 844 };

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The board's grid of squares in page coordinates. */
async function gridOf(page: Page): Promise<Box & { cell: number }> {
  const info = await boardInfo(page);
  const canvas = (await page.locator("canvas.board-canvas").boundingBox())!;
  // Centres of the squares give the grid: the leftmost, rightmost, top and bottom ones.
  const xs = Object.values(info.squares).map((p) => p.x);
  const ys = Object.values(info.squares).map((p) => p.y);
  const half = info.cell / 2;
  return {
    x: canvas.x + Math.min(...xs) - half,
    y: canvas.y + Math.min(...ys) - half,
    width: Math.max(...xs) - Math.min(...xs) + info.cell,
    height: Math.max(...ys) - Math.min(...ys) + info.cell,
    cell: info.cell,
  };
}

/** Which 3×3 corner of the grid a box lies in entirely, or null. */
function cornerOf(b: Box, g: Box & { cell: number }): string | null {
  const size = g.cell * 3 + 1;
  const within = (x: number, y: number) =>
    b.x >= x - 1 && b.y >= y - 1 && b.x + b.width <= x + size && b.y + b.height <= y + size;
  const right = g.x + g.width - g.cell * 3;
  const bottom = g.y + g.height - g.cell * 3;
  if (within(g.x, g.y)) return "tl";
  if (within(right, g.y)) return "tr";
  if (within(g.x, bottom)) return "bl";
  if (within(right, bottom)) return "br";
  return null;
}

async function checkCorners(page: Page, shot: string) {
  const grid = await gridOf(page);
  // The board uses the whole width: 14 squares of 27 px on a 390 px screen.
  expect(grid.width).toBeGreaterThanOrEqual(PHONE.width * 0.95);
  expect(grid.cell).toBeGreaterThanOrEqual(27);
  const corners = new Set<string>();
  const s = (await tableOf(page))!;
  for (let seat = 0; seat < 4; seat++) {
    const badge = page.locator(`.corner-seat[data-seat="${seat}"]`);
    expect(await badge.isVisible()).toBe(true);
    // The badges follow the board's layout, which a busy machine may still be settling.
    await expect
      .poll(async () => cornerOf((await badge.boundingBox())!, await gridOf(page)), {
        timeout: 10_000,
      })
      .not.toBeNull();
    const box = (await badge.boundingBox())!;
    const corner = cornerOf(box, await gridOf(page));
    expect(corner, `seat ${seat} at ${JSON.stringify(box)}`).not.toBeNull();
    corners.add(corner!);
    // Visible without scrolling.
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    const text = (await badge.textContent()) ?? "";
    expect(text).toMatch(/\d+ pts?/);
    expect(text).toMatch(/\d+:\d\d|\d+ ?s/);
    expect(text).toContain(s.mySeats.includes(seat) ? "Phone" : "CPU");
  }
  expect(corners.size).toBe(4);
  // The pieces each seat has taken, the most valuable as many as a corner holds: those of the
  // (hidden) list of seats.
  for (let seat = 0; seat < 4; seat++) {
    const all = await page.$$eval(
      `.panel-seats .seat[data-seat="${seat}"] .captured [data-piece]`,
      (icons) => icons.map((x) => (x as SVGElement).dataset.piece ?? ""),
    );
    const shown = await page.$$eval(`.corner-seat[data-seat="${seat}"] [data-piece]`, (icons) =>
      icons.map((x) => (x as SVGElement).dataset.piece ?? ""),
    );
    expect(shown).toEqual(all.slice(0, 3));
  }
  // Nothing lists the seats below the board any more.
  expect(await page.locator(".panel-seats").isVisible()).toBe(false);
  await page.screenshot({ path: path.join(ARTIFACTS, `${shot}.png`) });
}

describe("four-player chess on a phone", () => {
  it("the board fills the width and the seats sit in its corners", async () => {
    const page = await newPage(rig(), "Phone", PHONE);
    await playComputer(rig(), page, 1);
    await checkCorners(page, "phone-fourchess");
    // My seat (Red, at the bottom) has its badge in the bottom-right corner.
    expect(await page.getAttribute(`.corner-seat[data-seat="0"]`, "data-corner")).toBe("br");
    expect(await drawnProblems(page)).toEqual([]);
    // A move or two on: the badges follow the game, still in their corners.
    for (let i = 0; i < 3; i++) {
      const before = (await tableOf(page))!;
      await playLegal(page, ["h2-h4", "g2-g3", "i2-i3"]);
      await waitTable(page, (t) => t.moves > before.moves && t.mySeats.includes(t.turn));
    }
    await checkCorners(page, "phone-fourchess-later");
    // Turned a quarter: each badge moves with its side.
    await page.click("[data-action=rotate]");
    await expect
      .poll(() => page.getAttribute(`.corner-seat[data-seat="0"]`, "data-corner"))
      .not.toBe("br");
    await checkCorners(page, "phone-fourchess-turned");
    await page.context().close();
  }, 90_000);
});
