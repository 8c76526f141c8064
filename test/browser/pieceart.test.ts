/**
 * How xiangqi pieces look, as a person sets it in the top bar's menu, read from the board's
 * pixels at the start of a game against the computer, on a desktop, a phone and a narrow phone
 * (27 px between the lines): the move list's letter in each piece's corner (white on the
 * side's ink, gone when turned off, never over the character), the picture set drawn where the
 * position has pieces and unlike the characters, and the choice kept after a reload.
 * Screenshots in test-results/pieceart-*.png.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ARTIFACTS, newPage, playComputer, tableOf, useRig, waitBoard } from "./harness";
import { boardInfo, canvasPixels, drawnProblems } from "./pixels";

const rig = useRig();

const SIZES = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
  // A narrow phone: 27 px between the lines, the size of four-player chess's squares on a phone.
  narrow: { width: 262, height: 640 },
} as const;

/** Where the letter's badge is drawn, from the piece's centre, in cells (draw.ts). */
const BADGE = { x: 0.315, y: -0.315, half: 0.15 };
/** The middle of a piece, where its character or picture is, in cells. */
const MIDDLE = 0.27;

type Pixels = (x: number, y: number) => [number, number, number];

interface Reading {
  /** Per piece's square: white pixels (the letter's colour) around the badge. */
  readonly white: Map<string, number>;
  readonly pixels: Pixels;
}

/** Waits for the board to draw a frame after a change, then reads it. */
async function read(page: Page, shot: string): Promise<Reading> {
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
  );
  const pixels = await canvasPixels(page, shot);
  await page.screenshot({ path: path.join(ARTIFACTS, `${shot}-page.png`) });
  const info = await boardInfo(page);
  const t = (await tableOf(page))!;
  const white = new Map<string, number>();
  for (const p of t.pieces) {
    const c = info.squares[p.square]!;
    const bx = c.x + BADGE.x * info.cell;
    const by = c.y + BADGE.y * info.cell;
    const h = BADGE.half * info.cell;
    let n = 0;
    for (let y = Math.ceil(by - h); y <= by + h; y++)
      for (let x = Math.ceil(bx - h); x <= bx + h; x++) {
        const [r, g, b] = pixels(x, y);
        // White, not the cream of a piece's face (its blue is 212).
        if (Math.min(r, g, b) >= 228) n++;
      }
    white.set(p.square, n);
  }
  return { white, pixels };
}

/**
 * The share of each piece's middle whose pixels differ between two readings. At 27 px squares the
 * middle is some 80 pixels, so one pixel of anti-aliasing is over 1 %: `slack` pixels are forgiven.
 */
async function middleDifference(
  page: Page,
  a: Pixels,
  b: Pixels,
  slack = 0,
): Promise<Map<string, number>> {
  const info = await boardInfo(page);
  const t = (await tableOf(page))!;
  const out = new Map<string, number>();
  for (const p of t.pieces) {
    const c = info.squares[p.square]!;
    const r = MIDDLE * info.cell;
    let total = 0;
    let differ = 0;
    for (let y = Math.ceil(c.y - r); y <= c.y + r; y++)
      for (let x = Math.ceil(c.x - r); x <= c.x + r; x++) {
        if ((x - c.x) ** 2 + (y - c.y) ** 2 > r * r) continue;
        const p1 = a(x, y);
        const p2 = b(x, y);
        total++;
        if (p1.some((v, i) => Math.abs(v - p2[i]!) > 48)) differ++;
      }
    out.set(p.square, Math.max(0, differ - slack) / total);
  }
  return out;
}

/** Opens the top bar's menu of how pieces look, as a person would. */
async function openMenu(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Piece settings" }).click();
  await page.waitForSelector(".piece-menu:popover-open");
}

async function closeMenu(page: Page): Promise<void> {
  await page.keyboard.press("Escape");
  await page.waitForSelector(".piece-menu:not(:popover-open)", { state: "attached" });
}

const values = (m: Map<string, number>) => [...m.values()];

describe("how xiangqi pieces look", () => {
  for (const [device, viewport] of Object.entries(SIZES)) {
    it(`letters in the corners, pictures instead of characters, kept after a reload (${device})`, async () => {
      const page = await newPage(rig(), "Mei", viewport);
      const start = await playComputer(rig(), page, 2);
      expect(start.game).toBe("xiangqi");
      expect(start.pieces).toHaveLength(32);
      const shot = (name: string) => `pieceart-${device}-${name}`;

      // (a) By default each piece has its letter in its corner, and every piece is drawn.
      const lettered = await read(page, shot("characters"));
      expect(await drawnProblems(page)).toEqual([]);
      for (const [square, n] of lettered.white) expect(n, square).toBeGreaterThanOrEqual(3);

      // Turned off in the menu: no letter anywhere, and the middle of each piece is unchanged.
      await openMenu(page);
      const letters = page.getByRole("checkbox", { name: "Letters on pieces" });
      expect(await letters.isChecked()).toBe(true);
      await page.screenshot({ path: path.join(ARTIFACTS, `${shot("menu")}.png`) });
      await letters.uncheck();
      await closeMenu(page);
      const plain = await read(page, shot("characters-no-letters"));
      expect(values(plain.white).every((n) => n === 0)).toBe(true);
      const middles = await middleDifference(page, lettered.pixels, plain.pixels, 1);
      for (const [square, d] of middles) expect(d, square).toBeLessThan(0.01);

      // (b) The pictures: drawn on both sides' discs where the position has pieces, and unlike
      // the characters at every square.
      await openMenu(page);
      await page.getByRole("radio", { name: "Pictures" }).check();
      await closeMenu(page);
      const pictures = await read(page, shot("pictures-no-letters"));
      expect(await drawnProblems(page, shot("pictures-board"))).toEqual([]);
      const changed = await middleDifference(page, plain.pixels, pictures.pixels);
      for (const [square, d] of changed) expect(d, square).toBeGreaterThan(0.08);

      // The letters on again: on the pictures too.
      await openMenu(page);
      await page.getByRole("checkbox", { name: "Letters on pieces" }).check();
      await closeMenu(page);
      const both = await read(page, shot("pictures"));
      for (const [square, n] of both.white) expect(n, square).toBeGreaterThanOrEqual(3);

      // (c) A reload keeps both choices: the same pixels, the menu saying so.
      await page.reload();
      await waitBoard(page);
      const again = await read(page, shot("pictures-reloaded"));
      const same = await middleDifference(page, both.pixels, again.pixels);
      for (const [square, d] of same) expect(d, square).toBeLessThan(0.01);
      for (const [square, n] of again.white) expect(n, square).toBeGreaterThanOrEqual(3);
      await openMenu(page);
      expect(await page.getByRole("radio", { name: "Pictures" }).isChecked()).toBe(true);
      expect(await page.getByRole("checkbox", { name: "Letters on pieces" }).isChecked()).toBe(
        true,
      );
      await page.context().close();
    }, 90_000);
  }
});
