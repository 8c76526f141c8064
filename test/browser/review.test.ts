/**
 * What a review and the board show of a game, checked against the shared rules: the pieces
 * each seat has taken as of the step shown (the table's review after a game and the archive
 * page), captured-piece icons big enough to read, xiangqi's last move framed at both ends, and
 * a hint written as the move list writes moves, with its arrow on the board.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { LAST_MOVE_BRACKETS } from "../../client/src/board/marks";
import type { GameId } from "../../shared/games/catalog";
import { gameDefinition } from "../../shared/games/registry";
import { advance, setupOf, startGame } from "../../shared/match/replay";
import type { ArchivedGame } from "../../shared/protocol/archive";
import { logOf } from "../../shared/protocol/archive";
import {
  ARTIFACTS,
  newPage,
  playComputer,
  playMove,
  tableOf,
  useRig,
  waitBoard,
  waitTable,
} from "./harness";
import { boardInfo, canvasPixels } from "./pixels";

const rig = useRig();

/** Each seat's captures after the first `count` entries, by the shared rules ("P1": kind, seat). */
function capturesAfter(g: ArchivedGame, count: number): string[][] {
  const rules = {
    format: g.format,
    moveLimit: (g.rules.moveLimit as number | null) ?? null,
    handicap: (g.rules.handicap as string | undefined) ?? "none",
  };
  const started = startGame(g.game, setupOf(rules, 0, g.startFen));
  if (!started.ok) throw new Error(started.error.message);
  let r = started.value;
  const out: string[][] = g.players.map(() => []);
  for (const entry of logOf(g).slice(0, count)) {
    const before = r.game.pieces();
    const next = advance(r, entry);
    if (!next.ok) throw new Error(next.error.message);
    r = next.value;
    const square = entry.move ? r.game.lastMove?.captured : null;
    const taken = square ? before.find((p) => p.square === square) : undefined;
    if (taken) out[entry.seat]!.push(`${taken.kind}${taken.seat}`);
  }
  return out.map((list) => list.sort());
}

/** The captured pieces the page shows beside each seat of `scope`. */
async function capturesShown(page: Page, scope: string, seats: number): Promise<string[][]> {
  const out: string[][] = [];
  for (let i = 0; i < seats; i++)
    out.push(
      (
        await page.$$eval(`${scope} .seat[data-seat="${i}"] .captured [data-piece]`, (icons) =>
          icons.map((x) => (x as SVGElement).dataset.piece ?? ""),
        )
      ).sort(),
    );
  return out;
}

async function reviewStep(page: Page, kind: "table" | "archive"): Promise<number> {
  if (kind === "table") return (await tableOf(page))?.reviewStep ?? -1;
  return page.evaluate(
    () =>
      (
        window as unknown as { crossboard: { archive(): { step: number } | null } }
      ).crossboard.archive()?.step ?? -1,
  );
}

async function waitStep(page: Page, kind: "table" | "archive", step: number) {
  const end = Date.now() + 10_000;
  while ((await reviewStep(page, kind)) !== step) {
    if (Date.now() > end) throw new Error(`review step ${step} not reached`);
    await page.waitForTimeout(30);
  }
}

/** Steps the review from the end to the start, checking the captures shown at every step. */
async function checkEveryStep(
  page: Page,
  kind: "table" | "archive",
  scope: string,
  record: ArchivedGame,
) {
  const last = record.moves.length;
  await waitStep(page, kind, last);
  for (let step = last; step >= 0; step--) {
    if (step < last) {
      await page.click(`[data-action=review-prev]`);
      await waitStep(page, kind, step);
    }
    expect(await capturesShown(page, scope, record.players.length), `step ${step}`).toEqual(
      capturesAfter(record, step),
    );
  }
}

/** The visible size of an icon's drawing (pixels unlike its corner), in CSS pixels. */
async function inkSize(page: Page, selector: string): Promise<{ w: number; h: number }> {
  const icon = page.locator(selector).first();
  const box = (await icon.boundingBox())!;
  const png = PNG.sync.read(await icon.screenshot());
  const scale = png.width / box.width;
  const at = (x: number, y: number) => {
    const i = (y * png.width + x) * 4;
    return [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!];
  };
  const bg = at(0, 0);
  let [x0, y0, x1, y1] = [png.width, png.height, -1, -1];
  for (let y = 0; y < png.height; y++)
    for (let x = 0; x < png.width; x++) {
      const c = at(x, y);
      if (Math.abs(c[0]! - bg[0]!) + Math.abs(c[1]! - bg[1]!) + Math.abs(c[2]! - bg[2]!) < 60)
        continue;
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
    }
  return { w: (x1 - x0 + 1) / scale, h: (y1 - y0 + 1) / scale };
}

const near = (c: readonly number[], colour: number, tol = 40) =>
  Math.hypot(
    c[0]! - ((colour >> 16) & 255),
    c[1]! - ((colour >> 8) & 255),
    c[2]! - (colour & 255),
  ) <= tol;

/** Whether the bracket colour is drawn within a few pixels of each corner of a point's frame. */
async function framed(page: Page, square: string, artifact: string): Promise<boolean[]> {
  const info = await boardInfo(page);
  const c = info.squares[square]!;
  const pixel = await canvasPixels(page, artifact);
  const h = info.cell * 0.48;
  return [
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 1],
  ].map(([sx, sy]) => {
    for (let dy = -3; dy <= 3; dy++)
      for (let dx = -3; dx <= 3; dx++)
        if (near(pixel(c.x + sx! * h + dx, c.y + sy! * h + dy), LAST_MOVE_BRACKETS)) return true;
    return false;
  });
}

async function fetchGame(id: string): Promise<ArchivedGame> {
  const res = await fetch(`${rig().base}/api/games/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as ArchivedGame;
}

describe("reviewing a game", () => {
  it("xiangqi: captures as of each step, in the table's review and on the archive page; legible icons; the last move framed", async () => {
    const page = await newPage(rig(), "Hotseat");
    await page.goto(rig().base);
    await page.click("[data-section=hotseat] button");
    await waitBoard(page);
    await waitTable(page, (t) => t.phase === "playing");
    const moves = [
      ["h2", "e2"],
      ["h9", "g7"],
      ["e2", "e6"], // the cannon takes a pawn
      ["g7", "e6"], // the horse takes the cannon
      ["b2", "b9"], // the other cannon takes a horse
      ["a9", "b9"], // the chariot takes the cannon
    ] as const;
    for (const [i, [from, to]] of moves.entries()) {
      await playMove(page, from, to);
      await waitTable(page, (t) => t.moves === i + 1);
    }
    // The last move, framed at its origin and its destination (where a piece now stands).
    expect(await framed(page, "a9", "review-lastmove")).toEqual([true, true, true, true]);
    expect(await framed(page, "b9", "review-lastmove")).toEqual([true, true, true, true]);
    expect(await framed(page, "e6", "review-lastmove")).toContain(false);

    await page.click("[data-action='table.resign']");
    await page.click(".confirm [data-action=confirm]");
    const finished = await waitTable(page, (t) => t.phase === "finished");
    const record = await fetchGame(finished.gameId);
    expect(capturesAfter(record, record.moves.length)).toEqual([
      ["H1", "P1"],
      ["C0", "C0"],
    ]);

    // Captured pieces are drawn big enough to read: about 20 px, as chess.com draws them.
    const icon = ".panel .seat .captured [data-piece]";
    const size = await inkSize(page, icon);
    expect(size.w).toBeGreaterThanOrEqual(18);
    expect(size.h).toBeGreaterThanOrEqual(18);
    await page
      .locator(".panel .seats")
      .first()
      .screenshot({
        path: path.join(ARTIFACTS, "captured-icons.png"),
      });

    // The table's review after the game.
    await page.click("[data-action=review], [data-action='table.review'] >> nth=0");
    await checkEveryStep(page, "table", ".panel", record);

    // The archive page.
    await page.goto(`${rig().base}/g/${record.id}`);
    await waitBoard(page);
    await page.keyboard.press("End");
    await checkEveryStep(page, "archive", ".panel", record);
    await page.click("[data-action=review-last]");
    await waitStep(page, "archive", record.moves.length);
    await page.screenshot({ path: path.join(ARTIFACTS, "review-captures-archive.png") });
    await page.context().close();
  }, 120_000);

  it("a hint is written as the move list writes moves (WXF), and drawn on the board", async () => {
    const page = await newPage(rig(), "Hinted");
    await playComputer(rig(), page, 2);
    await page.click("[data-action='table.hint']");
    const message = page.locator(".panel .message");
    await expect.poll(() => message.textContent(), { timeout: 15_000 }).toMatch(/^Hint: /);
    const text = ((await message.textContent()) ?? "").replace(/^Hint: /, "");
    // WXF: piece letter, file or position, a direction and a number ("C2=5", "H8+7").
    expect(text).toMatch(/^[KAEHRCP][1-9+-][=+-][1-9]$/);
    const t = (await tableOf(page))!;
    const game = gameDefinition("xiangqi" as GameId).start({
      format: "teams",
      moveLimit: null,
      handicap: "none",
      firstSeat: 0,
      fen: t.fen,
    });
    if (!game.ok) throw new Error(game.error.message);
    const move = game.value.readMove(text);
    if (!move.ok) throw new Error(`${text}: ${move.error.message}`);
    expect(t.legalMoves).toContain(`${move.value.from}-${move.value.to}`);
    // The arrow: green along the way from the origin to the destination.
    const info = await boardInfo(page);
    const a = info.squares[move.value.from]!;
    const b = info.squares[move.value.to]!;
    const pixel = await canvasPixels(page, "hint-arrow");
    const mid = pixel((a.x * 3 + b.x * 2) / 5, (a.y * 3 + b.y * 2) / 5);
    expect(mid[1]).toBeGreaterThan(mid[0]! + 30);
    expect(mid[1]).toBeGreaterThan(mid[2]!);
    await page.context().close();
  }, 60_000);
});
