/**
 * What a person sees on the board, read from the pixels: for every square, whether a piece of
 * the expected colour is drawn there, or nothing. The expectation comes from the position the
 * state holds (or a replay of the moves), never from the client's own drawing code.
 */
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { PNG } from "pngjs";
import { GREY_FILL, SEAT_FILL, XIANGQI_FACE } from "../../client/src/board/art/palette";
import type { GameId } from "../../shared/games/catalog";
import type { Piece } from "../../shared/games/types";
import { ARTIFACTS, tableOf } from "./harness";

interface BoardInfo {
  cell: number;
  squares: Record<string, { x: number; y: number }>;
}

/** Share of a square's sampled pixels in each colour class. */
export interface SquareReading {
  readonly square: string;
  /** The owner's colour (chess body, xiangqi ink). */
  readonly own: number;
  /** Any piece colour at all (every seat's, grey, the xiangqi face). */
  readonly any: number;
  /** Xiangqi: the face of a piece. */
  readonly face: number;
}

const rgb = (c: number) => [(c >> 16) & 255, (c >> 8) & 255, c & 255] as const;
const near = (r: number, g: number, b: number, c: number, tol: number) => {
  const [cr, cg, cb] = rgb(c);
  return (r - cr) ** 2 + (g - cg) ** 2 + (b - cb) ** 2 <= tol * tol;
};
const TOL = 38;

/**
 * Thresholds, as shares of the sampled disc of a square. Measured on both renderers at
 * 1280×800 and 390×844: the smallest piece (a pawn on a phone) covers 9 % of the disc in its
 * colour, a xiangqi piece 42 % face and 9 % ink; an empty square at most 1.5 % (anti-aliased
 * coordinates on a phone's small squares).
 */
export const PIECE_MIN = { chess: 0.045, xiangqiFace: 0.2, xiangqiInk: 0.04 };
export const EMPTY_MAX = 0.03;

/**
 * The board read: the page's one board, or on a rules page or a lesson the one
 * `window.crossboard.useBoard(i)` chose (its canvas is marked), the first by default.
 */
export async function boardCanvas(page: Page): Promise<Locator> {
  const chosen = page.locator("canvas.board-canvas[data-in-use]");
  return (await chosen.count()) > 0 ? chosen.first() : page.locator("canvas.board-canvas").first();
}

export async function boardInfo(page: Page): Promise<BoardInfo> {
  return page.evaluate(() =>
    (window as unknown as { crossboard: { board(): BoardInfo } }).crossboard.board(),
  );
}

export async function waitStill(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !(window as unknown as { crossboard: { animating: boolean } }).crossboard.animating,
    null,
    { timeout: 10_000 },
  );
}

/** The board canvas's pixels (by CSS px from its corner), from one screenshot kept as `artifact`. */
export async function canvasPixels(
  page: Page,
  artifact: string,
): Promise<(x: number, y: number) => [number, number, number]> {
  await waitStill(page);
  const canvas = await boardCanvas(page);
  const png = PNG.sync.read(
    await canvas.screenshot({ path: path.join(ARTIFACTS, `${artifact}.png`) }),
  );
  const box = await canvas.boundingBox();
  if (!box) throw new Error("the board's canvas is not shown");
  const scale = png.width / box.width;
  return (x, y) => {
    const i = (Math.round(y * scale) * png.width + Math.round(x * scale)) * 4;
    return [png.data[i] ?? 0, png.data[i + 1] ?? 0, png.data[i + 2] ?? 0];
  };
}

/** Reads every square of the board from a screenshot of the canvas. */
export async function readSquares(
  page: Page,
  game: GameId,
  expected: readonly Piece[],
  artifact?: string,
): Promise<SquareReading[]> {
  const info = await boardInfo(page);
  const canvas = await boardCanvas(page);
  const buffer = await canvas.screenshot(
    artifact ? { path: path.join(ARTIFACTS, `${artifact}.png`) } : {},
  );
  const png = PNG.sync.read(buffer);
  const box = await canvas.boundingBox();
  const scale = box ? png.width / box.width : 1;
  const owners = new Map(expected.map((p) => [p.square, p.seat] as const));
  const fills = SEAT_FILL[game];
  const anyColours = game === "xiangqi" ? [XIANGQI_FACE] : [...fills, GREY_FILL];
  // A disc around each centre: it leaves out the corners, where coordinates and the seat
  // shapes are drawn.
  const radius = info.cell * 0.4 * scale;
  const out: SquareReading[] = [];
  for (const [square, centre] of Object.entries(info.squares)) {
    const owner = owners.get(square);
    const ownColour = owner === undefined ? null : owner < 0 ? GREY_FILL : (fills[owner] ?? null);
    let total = 0;
    let own = 0;
    let any = 0;
    let face = 0;
    const cx = centre.x * scale;
    const cy = centre.y * scale;
    for (let y = Math.ceil(cy - radius); y <= cy + radius; y++) {
      for (let x = Math.ceil(cx - radius); x <= cx + radius; x++) {
        if (x < 0 || y < 0 || x >= png.width || y >= png.height) continue;
        if ((x - cx) ** 2 + (y - cy) ** 2 > radius * radius) continue;
        const i = (y * png.width + x) * 4;
        const r = png.data[i]!;
        const g = png.data[i + 1]!;
        const b = png.data[i + 2]!;
        total++;
        if (ownColour !== null && near(r, g, b, ownColour, TOL)) own++;
        if (anyColours.some((c) => near(r, g, b, c, TOL))) any++;
        if (game === "xiangqi" && near(r, g, b, XIANGQI_FACE, 24)) face++;
      }
    }
    out.push({ square, own: own / total, any: any / total, face: face / total });
  }
  return out;
}

/**
 * Problems between what the board shows and the position: a square that should show a piece
 * of some colour and does not, or a square that should be empty and shows a piece. Empty when
 * the board shows exactly the position.
 */
export async function boardProblems(
  page: Page,
  game: GameId,
  expected: readonly Piece[],
  artifact?: string,
): Promise<string[]> {
  await waitStill(page);
  const readings = await readSquares(page, game, expected, artifact);
  const at = new Map(expected.map((p) => [p.square, p] as const));
  const problems: string[] = [];
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  for (const r of readings) {
    const p = at.get(r.square);
    if (p) {
      const shown =
        game === "xiangqi"
          ? r.face >= PIECE_MIN.xiangqiFace && r.own >= PIECE_MIN.xiangqiInk
          : r.own >= PIECE_MIN.chess;
      if (!shown)
        problems.push(
          `${r.square}: expected ${p.kind} of seat ${p.seat}, own colour ${pct(r.own)}, face ${pct(r.face)}`,
        );
    } else if (r.any > EMPTY_MAX) {
      problems.push(`${r.square}: expected empty, piece colours ${pct(r.any)}`);
    }
  }
  if (readings.length === 0) problems.push("no squares on the board");
  return problems;
}

/**
 * What the board shows against the position the page's table state holds, read while nothing
 * moves (a CPU move that lands mid-read is read again).
 */
export async function drawnProblems(page: Page, artifact?: string): Promise<string[]> {
  for (let attempt = 0; attempt < 8; attempt++) {
    await waitStill(page);
    const before = await tableOf(page);
    if (!before) throw new Error("no table on the page");
    const problems = await boardProblems(page, before.game, before.pieces, artifact);
    const after = await tableOf(page);
    const still = await page.evaluate(
      () => !(window as unknown as { crossboard: { animating: boolean } }).crossboard.animating,
    );
    if (still && after?.moves === before.moves && after.fen === before.fen) return problems;
  }
  throw new Error("the position kept changing while the board was read");
}
