/**
 * Finished games by link: a game played to its end in the browser is opened at `/g/<id>` from
 * the id the table's state gives; the review shows, by its pixels, the final position and, a
 * step back, the one before (each worked out here from the archive's own record with the shared
 * rules); the lobby lists the game under "Your recent games"; an unknown id gets a friendly page.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { GameId } from "../../shared/games/catalog";
import { replay, setupOf } from "../../shared/match/replay";
import type { ArchivedGame } from "../../shared/protocol/archive";
import { logOf } from "../../shared/protocol/archive";
import {
  ARTIFACTS,
  newPage,
  playComputer,
  playLegal,
  playMove,
  tableOf,
  useRig,
  waitBoard,
  waitTable,
} from "./harness";
import { boardProblems } from "./pixels";

const rig = useRig();

interface ArchiveSummary {
  id: string;
  game: GameId;
  step: number;
  last: number;
}

async function archiveOf(page: Page): Promise<ArchiveSummary | null> {
  return page.evaluate(
    () =>
      (
        window as unknown as { crossboard?: { archive(): ArchiveSummary | null } }
      ).crossboard?.archive() ?? null,
  );
}

async function waitArchive(page: Page, test: (a: ArchiveSummary) => boolean) {
  const end = Date.now() + 15_000;
  for (;;) {
    const a = await archiveOf(page);
    if (a && test(a)) return a;
    if (Date.now() > end) throw new Error(`archive page: ${JSON.stringify(a)}`);
    await page.waitForTimeout(50);
  }
}

/** The pieces after the first `count` entries of an archived game, by the shared rules. */
function piecesAfter(g: ArchivedGame, count: number) {
  const rules = {
    format: g.format,
    moveLimit: (g.rules.moveLimit as number | null) ?? null,
    handicap: (g.rules.handicap as string | undefined) ?? "none",
  };
  const r = replay(g.game, setupOf(rules, 0, g.startFen), logOf(g).slice(0, count));
  if (!r.ok) throw new Error(`replay: ${r.error.message}`);
  return r.value.game.pieces();
}

async function fetchGame(id: string): Promise<ArchivedGame> {
  const res = await fetch(`${rig().base}/api/games/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as ArchivedGame;
}

/** Resigns the running game with the panel's button, and waits for the result. */
async function resign(page: Page) {
  await page.click("[data-action='table.resign']");
  await page.click(".confirm [data-action=confirm]");
  return waitTable(page, (t) => t.phase === "finished");
}

/** Opens a finished game's page and checks the final position and the one before, by pixels. */
async function checkArchivePage(page: Page, id: string, shot: string) {
  const record = await fetchGame(id);
  await page.goto(`${rig().base}/g/${id}`);
  await waitBoard(page);
  // The board alone: the engine's arrow, drawn once the analysis reaches a step, is turned off.
  await page.uncheck("input[name=engine-arrow]");
  const end = await waitArchive(page, (a) => a.id === id && a.step === a.last);
  expect(end.last).toBe(record.moves.length);
  expect(
    await boardProblems(page, record.game, piecesAfter(record, end.last), `${shot}-final`),
  ).toEqual([]);
  await page.screenshot({ path: path.join(ARTIFACTS, `${shot}.png`) });
  const text = (await page.textContent(".panel")) ?? "";
  // Why it ended, in the reader's words: the colour and name of the seat that resigned.
  const loser = Number(record.result.params?.loser);
  const color = (record.game === "xiangqi" ? ["Red", "Black"] : ["Red", "Blue", "Yellow", "Green"])[
    loser
  ];
  expect(record.result.code).toBe("resignation");
  expect(text).toContain(`${color} (${record.players[loser]!.name}) resigned.`);
  for (const p of record.players) if (p.kind !== "cpu") expect(text).toContain(p.name);

  // Back, step by step, to the position before the last move on the board (a final
  // resignation moves nothing).
  const lastMove = logOf(record).findLastIndex((e) => e.move !== null);
  for (let step = end.last - 1; step >= lastMove; step--) {
    await page.click("[data-action=review-prev]");
    await waitArchive(page, (a) => a.step === step);
  }
  const before = piecesAfter(record, lastMove);
  expect(before).not.toEqual(piecesAfter(record, end.last));
  expect(await boardProblems(page, record.game, before, `${shot}-step-back`)).toEqual([]);
  // The start, by the keyboard.
  await page.keyboard.press("Home");
  await waitArchive(page, (a) => a.step === 0);
  expect(await boardProblems(page, record.game, piecesAfter(record, 0))).toEqual([]);
  return record;
}

describe("a finished game by its link", () => {
  it("xiangqi for two on one device, resigned: the review at /g/<id>, then the lobby's recent games", async () => {
    const page = await newPage(rig(), "Hotseat");
    await page.goto(rig().base);
    await page.click("[data-section=hotseat] button");
    await waitBoard(page);
    await waitTable(page, (t) => t.phase === "playing");
    await playMove(page, "h2", "e2");
    await waitTable(page, (t) => t.moves === 1);
    await playMove(page, "h9", "g7");
    await waitTable(page, (t) => t.moves === 2);
    await playMove(page, "e2", "e6");
    await waitTable(page, (t) => t.moves === 3);
    const finished = await resign(page);
    expect(finished.gameId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // The result card links to the game.
    const link = await page.getAttribute(".result [data-game]", "href");
    expect(link).toBe(`${rig().base}/g/${finished.gameId}`);
    await page.screenshot({ path: path.join(ARTIFACTS, "result-card-link.png") });

    const record = await checkArchivePage(page, finished.gameId, "archive-xiangqi");
    expect(record.moves.slice(0, 3).map((m) => `${m.from}-${m.to}`)).toEqual([
      "h2-e2",
      "h9-g7",
      "e2-e6",
    ]);

    // Back to the lobby from the review: the game is listed, and its link opens it again.
    await page.click(".archive-screen [data-action=lobby]");
    await page.waitForSelector(`[data-section=recent] [data-game="${finished.gameId}"]`);
    const item = await page.textContent(`[data-section=recent] [data-game="${finished.gameId}"]`);
    // Two players on one device: who won, and why, from the codes kept with the game.
    expect(item).toContain(record.result.message.split(". ")[0]!);
    expect(item).toMatch(/(Red|Black) wins — (Red|Black) resigned\./);
    expect(item).toMatch(/you played red \+ black/i);
    await page.screenshot({ path: path.join(ARTIFACTS, "lobby-recent-games.png"), fullPage: true });
    await page.click(`[data-section=recent] [data-game="${finished.gameId}"] a`);
    await waitArchive(page, (a) => a.id === finished.gameId && a.step === a.last);
    expect(page.url()).toBe(`${rig().base}/g/${finished.gameId}`);
    await page.context().close();

    // The link on a phone, in a browser that never saw the game.
    const phone = await newPage(rig(), "Phone", { width: 390, height: 844 });
    await phone.goto(`${rig().base}/g/${finished.gameId}`);
    await waitBoard(phone);
    await phone.uncheck("input[name=engine-arrow]");
    const shown = await waitArchive(phone, (a) => a.step === a.last);
    expect(await boardProblems(phone, "xiangqi", piecesAfter(record, shown.last))).toEqual([]);
    await phone.screenshot({ path: path.join(ARTIFACTS, "archive-phone.png"), fullPage: true });
    await phone.context().close();
  }, 90_000);

  it("four-player chess against the computer, resigned: the review shows it, turned to my seat", async () => {
    const page = await newPage(rig(), "Solo");
    await playComputer(rig(), page, 0);
    for (let i = 0; i < 2; i++) {
      const before = (await tableOf(page))!;
      await playLegal(page, ["h2-h4", "g2-g3"]);
      await waitTable(page, (t) => t.moves > before.moves && t.mySeats.includes(t.turn));
    }
    const finished = await resign(page);
    await checkArchivePage(page, finished.gameId, "archive-fourchess");
    await page.context().close();
  }, 90_000);

  it("a game the archive does not have gets a page that says so, with the way back", async () => {
    const page = await newPage(rig(), "Lost");
    for (const id of ["AAAAAAAAAAAAAAAAAAAAAA", "not-a-game"]) {
      await page.goto(`${rig().base}/g/${id}`);
      await page.waitForSelector("[data-page=missing]");
      expect(await page.textContent("h1")).toMatch(/not in the archive/i);
    }
    await page.screenshot({ path: path.join(ARTIFACTS, "archive-missing.png") });
    await page.click("[data-page=missing] [data-action=lobby]");
    await page.waitForSelector("[data-section=computer]");
    expect(page.url()).toBe(`${rig().base}/`);
    await page.context().close();
  }, 30_000);
});
