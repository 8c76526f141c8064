/**
 * Helpers for the rules pages and lessons in a browser: open one, read what it shows through
 * `window.crossboard.learn()`, pick a board, click its squares, compare its pixels with its
 * position, and check that a page in another language shows no catalogue key and no English
 * sentence of the catalogue.
 */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { CATALOGUES } from "../../client/src/i18n/catalogues";
import type { Lang } from "../../client/src/i18n/index";
import { positionOf } from "../../client/src/learn/positions";
import type { Format, GameId } from "../../shared/games/catalog";
import { clickSquare } from "./harness";
import { boardProblems } from "./pixels";

export interface LearnSnapshot {
  page: "rules" | "lesson" | "lessons";
  game: GameId;
  stage?: string;
  goal?: string;
  done?: boolean;
  stars?: number;
  message?: string;
  stages?: { id: string; stars: number }[];
}

export const learnOf = (page: Page): Promise<LearnSnapshot | null> =>
  page.evaluate(
    () =>
      (
        window as unknown as { crossboard?: { learn?: () => LearnSnapshot | null } }
      ).crossboard?.learn?.() ?? null,
  );

/** Opens `path` (`/rules/xiangqi`, `/learn/fourchess/…`) and waits until its page and boards show. */
export async function openLearn(page: Page, base: string, path: string): Promise<LearnSnapshot> {
  const res = await page.goto(`${base}${path}`);
  expect(res?.status(), path).toBe(200);
  await page.waitForFunction(
    () => {
      const c = (window as unknown as { crossboard?: { learn?: () => unknown } }).crossboard;
      return (
        c?.learn?.() != null &&
        document.querySelectorAll(".live-board:not(:has(canvas))").length === 0
      );
    },
    null,
    { timeout: 30_000 },
  );
  await page.evaluate(() => document.fonts.ready);
  return (await learnOf(page))!;
}

/** Makes the `i`-th board of the page the one `square`, clicks and pixel reads use, in view. */
export async function useBoard(page: Page, i: number): Promise<void> {
  const ok = await page.evaluate(
    (n) =>
      (window as unknown as { crossboard: { useBoard(i: number): boolean } }).crossboard.useBoard(
        n,
      ),
    i,
  );
  if (!ok) throw new Error(`there is no board ${i} on the page`);
}

/** The index of the board of the diagram `id` (its `data-diagram`), among the page's boards. */
export async function boardIndexOf(page: Page, diagramId: string): Promise<number> {
  const i = await page.evaluate((id) => {
    const boards = [...document.querySelectorAll(".live-board")];
    const mine = document.querySelector(`[data-diagram="${id}"] .live-board`);
    return mine ? boards.indexOf(mine) : -1;
  }, diagramId);
  if (i < 0) throw new Error(`no diagram ${diagramId} on the page`);
  return i;
}

/** Clicks `from` then `to` on the board in use, and returns the message the page then shows. */
export async function tryMove(page: Page, from: string, to: string): Promise<string> {
  await clickSquare(page, from);
  await clickSquare(page, to);
  return (await learnOf(page))?.message ?? "";
}

/** What the board in use draws against the position `fen` (empty when they agree). */
export async function positionProblems(
  page: Page,
  game: GameId,
  fen: string,
  artifact: string,
  format: Format = "teams",
): Promise<string[]> {
  const position = positionOf(game, fen, format);
  if (!position) throw new Error(`not a position: ${fen}`);
  return boardProblems(page, game, position.pieces(), artifact);
}

/**
 * Catalogue keys and English sentences shown on a page in `lang`: a sentence of the English
 * catalogue that the language words otherwise (and that is long enough to be a sentence, not a
 * name) must not show. Empty when the page is all in its language.
 */
export async function foreignWords(page: Page, lang: Lang): Promise<string[]> {
  const text = await page.evaluate(() => document.querySelector("#app")?.textContent ?? "");
  const en = CATALOGUES.en as Readonly<Record<string, string>>;
  const mine = CATALOGUES[lang] as Readonly<Record<string, string>>;
  const found: string[] = [];
  for (const key of Object.keys(en))
    if (/^[a-z-]+\.[\w.-]+$/.test(key) && text.includes(key)) found.push(`key ${key}`);
  if (lang === "en") return found;
  for (const [key, english] of Object.entries(en)) {
    if (mine[key] === english) continue;
    // Fixed text around placeholders: each piece of twelve characters or more must not show.
    for (const piece of english.split(/\{\w+\}/))
      if (piece.trim().length >= 12 && /[a-z]{3}/.test(piece) && text.includes(piece.trim()))
        found.push(`English of ${key}: "${piece.trim()}"`);
  }
  return found;
}
