import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { matchMaker } from "@colyseus/core";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import type { Shape } from "../../client/src/board/shapes";
import { SimpleBots } from "../../server/bots/driver";
import { readConfig, type ServerConfig } from "../../server/config";
import { type RunningServer, startGameServer } from "../../server/gameServer";
import type { GameId } from "../../shared/games/catalog";
import type { Piece } from "../../shared/games/types";
import type { MoveEntry } from "../../shared/match/state";
import { launchChromium } from "../../tools/chromium";
import { freePort } from "../../tools/ports";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const ARTIFACTS = path.join(ROOT, "test-results");

export interface BrowserRig {
  readonly server: RunningServer;
  readonly base: string;
  readonly browser: Browser;
  close(): Promise<void>;
}

/** The rig of a test file: started before its first test, closed after its last. */
export function useRig(
  cpuDelayMs?: number,
  settings: Partial<ServerConfig> = {},
): () => BrowserRig {
  let rig: BrowserRig | undefined;
  beforeAll(async () => {
    rig = await startRig(cpuDelayMs, settings);
  }, 60_000);
  afterAll(() => rig?.close());
  return () => {
    if (!rig) throw new Error("the rig is not started");
    return rig;
  };
}

/**
 * The real server with the built client on a free loopback port, and Debian's Chromium;
 * `settings` change the server's own for one test file.
 */
export async function startRig(
  cpuDelayMs = 150,
  settings: Partial<ServerConfig> = {},
): Promise<BrowserRig> {
  const clientDir = path.join(ROOT, "dist/client");
  if (!existsSync(path.join(clientDir, "index.html")))
    throw new Error("Build the client first: npm run build");
  const config = {
    ...readConfig({}, { clientDir }),
    port: 0,
    host: "127.0.0.1",
    graceMs: 2000,
    holdSeconds: 30,
    cpuDelayMs,
    matchmakePerMinute: 10_000,
    playersPerMinute: 10_000,
    botSeed: 7,
    logLevel: "error" as const,
    dataDir: null,
    ...settings,
  };
  const server = await startGameServer({ config, bots: new SimpleBots(cpuDelayMs) });
  const browser = await launchChromium(["--autoplay-policy=no-user-gesture-required"]);
  mkdirSync(ARTIFACTS, { recursive: true });
  return {
    server,
    base: `http://127.0.0.1:${server.port}`,
    browser,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

/**
 * A page in a browser context of its own (a device of its own), which remembers `name` as its
 * display name (none when null) and speaks `locale`'s language.
 */
export async function newPage(
  rig: Pick<BrowserRig, "browser">,
  name: string | null,
  viewport = { width: 1200, height: 860 },
  locale = "en-US",
): Promise<Page> {
  const context = await rig.browser.newContext({ viewport, locale });
  if (name !== null)
    await context.addInitScript((n) => localStorage.setItem("crossboard.name", n), name);
  const page = await context.newPage();
  const who = name ?? "nameless";
  page.on("pageerror", (e) => console.error(`[${who}] page error: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error") console.error(`[${who}] console: ${m.text()}`);
  });
  return page;
}

/** What `window.crossboard.table()` gives (client/src/screens/table/table.ts `TableSnapshot`). */
export interface TableSummary {
  /** The position, worked out by the client from the start position and the moves. */
  fen: string;
  startFen: string;
  moves: number;
  phase: string;
  /** Games begun at the table. */
  gameNumber: number;
  turn: number;
  game: GameId;
  mySeats: number[];
  /** The legal moves of the player to move while a game is played: "from-to" or "from-to=P". */
  legalMoves: string[];
  pieces: Piece[];
  reviewStep: number;
  moveList: Pick<MoveEntry, "seat" | "move">[];
  /** The current game's archive id. */
  gameId: string;
  /** This player's queued premove shown on the board, "from-to", or null. */
  premove: string | null;
}

export async function tableOf(page: Page): Promise<TableSummary | null> {
  return page.evaluate(
    () =>
      // The hooks arrive with the board's code: none while the lobby shows.
      (
        window as unknown as { crossboard?: { table(): TableSummary | null } }
      ).crossboard?.table() ?? null,
  );
}

/** Waits until the page's table satisfies a condition (checked in the test process). */
export async function waitTable(
  page: Page,
  test: (t: TableSummary) => boolean,
  timeoutMs = 15_000,
): Promise<TableSummary> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const t = await tableOf(page);
    if (t && test(t)) return t;
    if (Date.now() > end)
      throw new Error(`table condition not met: ${test.toString()} (last: ${JSON.stringify(t)})`);
    await page.waitForTimeout(50);
  }
}

export async function waitBoard(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      ((window as unknown as { crossboard?: { firstBoardAt: number } }).crossboard?.firstBoardAt ??
        0) > 0,
    null,
    { timeout: 30_000 },
  );
}

/** The arrows and circles on the page's board: the person's and the engine's. */
export async function shapesOf(page: Page): Promise<{ user: Shape[]; engine: Shape[] }> {
  return page.evaluate(() =>
    (
      window as unknown as { crossboard: { shapes(): { user: Shape[]; engine: Shape[] } } }
    ).crossboard.shapes(),
  );
}

/** Clicks the centre of a square on the canvas, as a person would. */
export async function clickSquare(page: Page, square: string): Promise<void> {
  const p = await page.evaluate(
    (s) =>
      (
        window as unknown as { crossboard: { square(s: string): { x: number; y: number } | null } }
      ).crossboard.square(s),
    square,
  );
  if (!p) throw new Error(`square ${square} is not on the board`);
  await page.mouse.click(p.x, p.y);
}

export async function playMove(page: Page, from: string, to: string): Promise<void> {
  await clickSquare(page, from);
  await clickSquare(page, to);
}

/**
 * Plays a legal move by clicking, preferring `wanted` when it is legal: the CPUs' replies vary,
 * so a scripted move may have become illegal. Returns the move played.
 */
export async function playLegal(page: Page, wanted: string[] = []): Promise<string> {
  const t = await tableOf(page);
  const legal = (t?.legalMoves ?? []).filter((m) => !m.includes("="));
  const move = wanted.find((w) => legal.includes(w)) ?? legal[0];
  if (!move) throw new Error("no legal move to play");
  const [from, to] = move.split("-") as [string, string];
  await playMove(page, from, to);
  return move;
}

/** Cuts every connection of a table's clients, as a network drop would. */
export function dropConnections(roomId: string): number {
  const room = matchMaker.getLocalRoomById(roomId);
  if (!room) throw new Error(`no room ${roomId}`);
  let n = 0;
  for (const client of room.clients) {
    (client as unknown as { ref: { terminate(): void } }).ref.terminate();
    n++;
  }
  return n;
}

/** Waits until the server's table has at least `count` entries in its move list. */
export async function serverMoves(roomId: string, count: number, timeoutMs = 15_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const room = matchMaker.getLocalRoomById(roomId);
    const moves = (room?.state as { moves?: { length: number } } | undefined)?.moves?.length ?? 0;
    if (moves >= count) return;
    if (Date.now() > end) throw new Error(`table ${roomId} has ${moves} moves, not ${count}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The table id in the page's address. */
export function tableId(page: Page): string {
  const m = /\/t\/([A-Za-z0-9_-]+)$/.exec(page.url());
  if (!m) throw new Error(`not at a table: ${page.url()}`);
  return m[1]!;
}

/** Starts a game against the computer from the lobby: 0 Teams, 1 Individual, 2 xiangqi. */
export async function playComputer(
  rig: Pick<BrowserRig, "base">,
  page: Page,
  which: 0 | 1 | 2,
  query = "",
) {
  await page.goto(`${rig.base}/${query}`);
  await page.click(`[data-section=computer] .row button >> nth=${which}`);
  await waitBoard(page);
  return waitTable(page, (t) => t.phase === "playing" && t.mySeats.includes(t.turn));
}

/**
 * The settings of a real server run as its own process (test/security/child.ts): a free
 * loopback port, the built client, tables kept in `dataDir` so that it can be stopped and
 * started again on the same port.
 */
export async function childServerEnv(dataDir: string): Promise<Record<string, string>> {
  return {
    PORT: String(await freePort()),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    CLIENT_DIR: path.join(ROOT, "dist/client"),
    MATCHMAKE_PER_MINUTE: "10000",
    PLAYERS_PER_MINUTE: "10000",
    CPU_DELAY_MS: "100",
  };
}

/** A text as the page's own font draws it: the alpha of each pixel at 32 px, and its width. */
export interface DrawnText {
  readonly ink: number[];
  readonly width: number;
}

/** Draws each text on a canvas in the page's own font (the body's font family). */
export async function drawnTexts(page: Page, texts: string[]): Promise<Record<string, DrawnText>> {
  return page.evaluate((texts) => {
    const out: Record<string, { ink: number[]; width: number }> = {};
    for (const text of texts) {
      const canvas = document.createElement("canvas");
      canvas.width = 128;
      canvas.height = 64;
      const ctx = canvas.getContext("2d")!;
      ctx.font = `32px ${getComputedStyle(document.body).fontFamily}`;
      ctx.textBaseline = "middle";
      ctx.fillText(text, 8, 32);
      const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
      out[text] = {
        ink: Array.from(data.filter((_, i) => i % 4 === 3)),
        width: ctx.measureText(text).width,
      };
    }
    return out;
  }, texts);
}
