/**
 * What a person sees on the board: for every square, the pixels show the piece the position
 * says stands there, or nothing. Checked after the start, after moves, after a resize in the
 * middle of an animation, after a dropped connection, at every step of a review, and over many
 * table loads; and the frames drawn during a move show the piece between its squares.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GameId } from "../../shared/games/catalog";
import { replay, setupOf } from "../../shared/match/replay";
import type { MoveEntry } from "../../shared/match/state";
import {
  ARTIFACTS,
  type BrowserRig,
  clickSquare,
  dropConnections,
  newPage,
  playComputer,
  playLegal,
  serverMoves,
  startRig,
  tableId,
  tableOf,
  waitBoard,
  waitTable,
} from "./harness";
import { boardProblems, drawnProblems, waitStill } from "./pixels";

let rig: BrowserRig;
beforeAll(async () => {
  rig = await startRig();
}, 60_000);
afterAll(() => rig?.close());

const GAMES = [
  { which: 0, name: "four-player Teams" },
  { which: 1, name: "four-player Individual" },
  { which: 2, name: "xiangqi" },
] as const;

/** The position after `count` entries of a move list, replayed with the shared rules. */
function positionAfter(
  game: GameId,
  startFen: string,
  moves: readonly Pick<MoveEntry, "seat" | "move">[],
  count: number,
) {
  const rules = { format: "teams", moveLimit: 0, handicap: "none" } as const;
  const r = replay(game, setupOf(rules, 0, startFen), moves.slice(0, count));
  if (!r.ok) throw new Error(`replay: ${r.error.message}`);
  return r.value.game.pieces();
}

describe("the board shows every piece where the position says", () => {
  for (const g of GAMES) {
    it(`ten boards against the computer in a row (${g.name}), each resized during its first animation`, async () => {
      const failures: string[] = [];
      for (let i = 0; i < 10; i++) {
        const page = await newPage(rig, `Row${i}`, { width: 1280, height: 800 });
        await playComputer(rig, page, g.which);
        const start = await drawnProblems(page);
        if (start.length) failures.push(`load ${i}, at the start: ${start.join("; ")}`);
        const before = (await tableOf(page))!;
        await playLegal(page);
        // Resize while the move's slide is running.
        await page.waitForFunction(
          () => (window as unknown as { crossboard: { animating: boolean } }).crossboard.animating,
          null,
          { polling: "raf", timeout: 5000 },
        );
        await page.setViewportSize(
          i % 2 ? { width: 1100, height: 720 } : { width: 900, height: 800 },
        );
        await waitTable(
          page,
          (t) => t.moves > before.moves && (t.phase !== "playing" || t.mySeats.includes(t.turn)),
        );
        const after = await drawnProblems(page);
        if (after.length) failures.push(`load ${i}, after the resize: ${after.join("; ")}`);
        await page.context().close();
      }
      expect(failures).toEqual([]);
    }, 240_000);
  }

  it("after a dropped connection the board comes back with the position", async () => {
    const page = await newPage(rig, "Dropped");
    await playComputer(rig, page, 2);
    await playLegal(page, ["h2-e2"]);
    const t = await waitTable(page, (x) => x.moves >= 2 && x.mySeats.includes(x.turn));
    await waitStill(page);
    await page.screenshot({ path: path.join(ARTIFACTS, "xiangqi-table-midgame.png") });
    expect(dropConnections(tableId(page))).toBe(1);
    await page.waitForSelector(".banner:not([hidden])");
    await page.waitForSelector(".banner", { state: "hidden", timeout: 20_000 });
    await waitTable(page, (x) => x.moves === t.moves);
    expect(await drawnProblems(page)).toEqual([]);
    await playLegal(page);
    await waitTable(page, (x) => x.moves >= t.moves + 2 && x.mySeats.includes(x.turn));
    expect(await drawnProblems(page)).toEqual([]);
    await page.context().close();
  }, 60_000);

  it("a page put in the background during a move shows the position when it comes back", async () => {
    const page = await newPage(rig, "Background");
    await playComputer(rig, page, 0);
    const cdp = await page.context().newCDPSession(page);
    const before = (await tableOf(page))!;
    await playLegal(page);
    // Frozen as a hidden tab is: no frames, no scripts; the CPUs' moves wait in the socket.
    await cdp.send("Page.setWebLifecycleState", { state: "frozen" });
    await serverMoves(tableId(page), before.moves + 4);
    await cdp.send("Page.setWebLifecycleState", { state: "active" });
    await waitTable(page, (t) => t.moves >= before.moves + 4 && t.mySeats.includes(t.turn));
    expect(await drawnProblems(page)).toEqual([]);
    await page.context().close();
  }, 60_000);

  for (const g of [GAMES[0], GAMES[2]]) {
    it(`every step of the review shows that step's position (${g.name})`, async () => {
      const page = await newPage(rig, "Reviewer");
      await playComputer(rig, page, g.which);
      for (let i = 0; i < 3; i++) {
        const before = (await tableOf(page))!;
        await playLegal(page);
        await waitTable(page, (t) => t.moves > before.moves && t.mySeats.includes(t.turn));
      }
      await page.click("[data-action='table.resign']");
      await page.click(".confirm [data-action=confirm]");
      await waitTable(page, (t) => t.phase === "finished");
      await page.click(".result [data-action=review]");
      const t = (await tableOf(page))!;
      const moves = t.moveList;
      await page.click("[data-action=review-first]");
      const failures: string[] = [];
      for (let step = 0; step <= moves.length; step++) {
        await waitTable(page, (x) => x.reviewStep === step);
        await waitStill(page);
        const expected = positionAfter(t.game, t.startFen, moves, step);
        const problems = await boardProblems(
          page,
          t.game,
          expected,
          step === 3 ? `review-${t.game}` : undefined,
        );
        if (problems.length) failures.push(`step ${step}: ${problems.join("; ")}`);
        if (step < moves.length) await page.click("[data-action=review-next]");
      }
      if (g.which === 2) await page.screenshot({ path: path.join(ARTIFACTS, "review.png") });
      // Stepping back animates too, and lands on the right position.
      await page.click("[data-action=review-prev]");
      await waitTable(page, (x) => x.reviewStep === moves.length - 1);
      expect(
        await boardProblems(
          page,
          t.game,
          positionAfter(t.game, t.startFen, moves, moves.length - 1),
        ),
      ).toEqual([]);
      expect(failures).toEqual([]);
      await page.context().close();
    }, 90_000);
  }
});

describe("moves are animated", () => {
  // Watched in 8× slow motion (the same drawing, stretched in time): a busy machine may skip
  // a tenth of a second now and then, and WebGL on a headless machine's software renderer
  // draws a few frames a second, either of which would leave a 0.22 s slide with one frame.
  const slow = 8;
  for (const [renderer, which, from, to] of [
    ["canvas", 0, "h2", "h4"],
    ["webgl", 2, "h2", "e2"],
  ] as const) {
    it(`frames drawn during a move show the piece between its squares (${renderer}, ${slow}× time)`, async () => {
      const page = await newPage(rig, "Animator");
      await playComputer(rig, page, which, `?renderer=${renderer}`);
      await page.evaluate(
        (f) =>
          (
            window as unknown as { crossboard: { slowMotion(f: number): void } }
          ).crossboard.slowMotion(f),
        slow,
      );
      await waitStill(page);
      const info = await page.evaluate(() =>
        (
          window as unknown as {
            crossboard: {
              board(): { cell: number; squares: Record<string, { x: number; y: number }> };
            };
          }
        ).crossboard.board(),
      );
      // Points along the path every tenth of a cell, from half a cell before the start square
      // to half a cell past the destination.
      const a = info.squares[from]!;
      const b = info.squares[to]!;
      const len = Math.hypot(b.x - a.x, b.y - a.y);
      const ux = (b.x - a.x) / len;
      const uy = (b.y - a.y) / len;
      const span = len + info.cell;
      const n = Math.round((span / info.cell) * 10);
      const points = Array.from({ length: n + 1 }, (_, i) => {
        const d = (span * i) / n - info.cell / 2;
        return { x: a.x + ux * d, y: a.y + uy * d };
      });
      const sampling = page.evaluate(
        ([pts, ms]) =>
          (
            window as unknown as {
              crossboard: {
                sampleFrames(
                  p: { x: number; y: number }[],
                  ms: number,
                ): Promise<{ t: number; rgb: [number, number, number][] }[]>;
              };
            }
          ).crossboard.sampleFrames(pts, ms),
        [points, 1200 * slow] as const,
      );
      await clickSquare(page, from);
      await clickSquare(page, to);
      const frames = await sampling;
      // The moving piece is Red's: a red body (chess), or a cream face with red ink (xiangqi).
      const near = ([r, g, bl]: [number, number, number], c: number, tol: number) =>
        (r - (c >> 16)) ** 2 + (g - ((c >> 8) & 255)) ** 2 + (bl - (c & 255)) ** 2 < tol * tol;
      const piece = (c: [number, number, number]) =>
        which === 2 ? near(c, 0xc0392b, 45) || near(c, 0xf7ecd4, 20) : near(c, 0xd13f3f, 45);
      // Where the piece is drawn in each frame, 0 at the start square and 1 at the destination:
      // the middle of the stretch of the path it covers.
      const positions = frames.flatMap((f) => {
        const at = f.rgb.flatMap((c, i) => (piece(c) ? [(span * i) / n - info.cell / 2] : []));
        return at.length ? [(at[0]! + at.at(-1)!) / 2 / len] : [];
      });
      const shown = positions.map((p) => p.toFixed(2)).join(" ");
      const between = positions.filter((p) => p > 0.15 && p < 0.85);
      expect(between.length, `where the piece was in each frame: ${shown}`).toBeGreaterThanOrEqual(
        2,
      );
      expect(positions[0]!, shown).toBeLessThan(0.15);
      expect(positions.at(-1)!, shown).toBeGreaterThan(0.85);
      for (let i = 1; i < positions.length; i++)
        expect(positions[i]!, shown).toBeGreaterThanOrEqual(positions[i - 1]! - 0.08);
      await page.context().close();
    }, 60_000);
  }
});

describe("the table around the board", () => {
  it("fits a 1280×800 window without scrolling, and a phone shows board, turn and actions at once", async () => {
    for (const [which, name] of [
      [0, "fourchess"],
      [2, "xiangqi"],
    ] as const) {
      const page = await newPage(rig, "Fit", { width: 1280, height: 800 });
      await playComputer(rig, page, which);
      const size = await page.evaluate(() => ({
        h: document.documentElement.scrollHeight,
        w: document.documentElement.scrollWidth,
      }));
      expect(size.h).toBeLessThanOrEqual(800);
      expect(size.w).toBeLessThanOrEqual(1280);
      await page.screenshot({ path: path.join(ARTIFACTS, `${name}-table-desktop.png`) });
      await page.setViewportSize({ width: 390, height: 844 });
      // The board follows the window at its next layout (a resize observer), then draws again.
      await page.waitForFunction(
        () =>
          (document.querySelector("canvas.board-canvas")?.getBoundingClientRect().right ?? 0) <=
          390,
        null,
        { timeout: 10_000 },
      );
      await waitStill(page);
      for (const selector of ["canvas.board-canvas", ".status", "[data-action='table.resign']"]) {
        const box = await page.locator(selector).boundingBox();
        expect(box, selector).not.toBeNull();
        expect(box!.y + box!.height, selector).toBeLessThanOrEqual(844);
        expect(box!.x + box!.width, selector).toBeLessThanOrEqual(390);
      }
      expect(await drawnProblems(page, `${name}-board-phone`)).toEqual([]);
      await page.screenshot({ path: path.join(ARTIFACTS, `${name}-table-phone.png`) });
      await page.context().close();
    }
  }, 60_000);

  it("leaving a game against the computer asks first and says it ends the game", async () => {
    const page = await newPage(rig, "Leaver");
    await playComputer(rig, page, 2);
    await page.click("[data-action=leave]");
    await page.waitForSelector(".confirm");
    // Nobody else plays: leaving ends the game (with people still there, a CPU takes the seat:
    // test/browser/left.test.ts).
    expect(await page.textContent(".confirm")).toMatch(/the game ends when you leave/i);
    await page.click(".confirm [data-action=cancel]");
    expect(page.url()).toMatch(/\/t\//);
    await page.click("[data-action=leave]");
    await page.click(".confirm [data-action=confirm]");
    await page.waitForSelector("[data-section=computer]");
    await page.context().close();
  }, 60_000);

  it("the board takes keyboard focus: arrows move a cursor, Enter picks up and puts down", async () => {
    const page = await newPage(rig, "Keys");
    await playComputer(rig, page, 2);
    await page.focus(".board [role=gridcell][tabindex='0']");
    // The cursor starts at the bottom middle (e0 for Red); h2 is three right, two up.
    for (const key of ["ArrowUp", "ArrowUp", "ArrowRight", "ArrowRight", "ArrowRight", "Enter"])
      await page.keyboard.press(key);
    for (const key of ["ArrowLeft", "ArrowLeft", "ArrowLeft", "Enter"])
      await page.keyboard.press(key);
    const t = await waitTable(page, (x) => x.moves >= 1);
    expect(t.moveList[0]).toMatchObject({ seat: 0, move: { from: "h2", to: "e2" } });
    await page.context().close();
  }, 60_000);

  it("the lobby lists this device's tables still in play, to go back to", async () => {
    const page = await newPage(rig, "Returner", { width: 390, height: 844 });
    await playComputer(rig, page, 2);
    await playLegal(page);
    const code = tableId(page);
    await page.goto(rig.base);
    await page.waitForSelector(`[data-section=mine] [data-table='${code}']`);
    await page.screenshot({ path: path.join(ARTIFACTS, "lobby-phone.png") });
    await page.click(`[data-table='${code}'] [data-action=resume]`);
    await waitBoard(page);
    const t = await waitTable(page, (x) => x.mySeats.includes(0) && x.moves >= 1);
    expect(t.phase).toBe("playing");
    expect(await drawnProblems(page)).toEqual([]);
    await page.context().close();
  }, 60_000);
});
