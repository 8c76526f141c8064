/**
 * The board grid a screen reader reads, in each language: one cell per square named with what
 * stands there, turned with the board; a piece picked up from the keyboard is said with where it
 * may go, a refused move with its reason; the grid is there, in step with the position, on a
 * finished game's page, on the rules pages' diagrams and in a lesson.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "../../client/src/i18n/catalogues";
import type { Lang } from "../../client/src/i18n/index";
import { goTo, gridCells, heard, listen } from "./blind";
import { ARTIFACTS, newPage, playComputer, playLegal, useRig, waitTable } from "./harness";

const rig = useRig();

const LOCALES: Readonly<Record<Lang, string>> = {
  en: "en-US",
  id: "id-ID",
  pt: "pt-BR",
  hi: "hi-IN",
};

/** A catalogue sentence of `lang` with its placeholders filled. */
function say(lang: Lang, key: string, params: Record<string, string | number> = {}): string {
  const text = (CATALOGUES[lang] as Readonly<Record<string, string>>)[key];
  if (text === undefined) throw new Error(`no ${key} in ${lang}`);
  return text.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k]));
}

/** "Red Pawn", "Peão do Vermelho": a piece as the grid names it in `lang`. */
function piece(lang: Lang, color: string, kind: string): string {
  return say(lang, "grid.piece", { color: say(lang, `color.${color}`), piece: say(lang, kind) });
}

describe("the board grid", () => {
  for (const lang of ["en", "id", "pt", "hi"] as const) {
    it(`four-player chess in ${lang}: 160 named cells, turned with the board; a piece picked up and a move refused are said`, async () => {
      const page = await newPage(rig(), "Grid", undefined, LOCALES[lang]);
      await listen(page);
      await playComputer(rig(), page, 0);
      const grid = page.getByRole("grid");
      await expect
        .poll(() => grid.getAttribute("aria-label"))
        .toBe(say(lang, "grid.label", { color: say(lang, "color.red") }));
      const cells = await gridCells(page);
      expect(cells).toHaveLength(160);
      const pawn = piece(lang, "red", "piece.P");
      expect(cells).toContain(say(lang, "grid.cell", { square: "h2", content: pawn }));
      expect(cells).toContain(
        say(lang, "grid.cell", { square: "h7", content: say(lang, "grid.empty") }),
      );
      // Red at the bottom: the last row read is Red's back rank, from d1 to k1.
      expect(cells.at(-1)).toMatch(/^k1, /);
      expect(cells.at(-8)).toMatch(/^d1, /);

      // The keyboard picks up h2: said with its two squares.
      // Focused and pressed in one step: a patch that redraws the grid in between cannot take
      // the key elsewhere.
      await page.getByRole("gridcell", { name: /^h2,/ }).press("Enter");
      await page.screenshot({ path: path.join(ARTIFACTS, `grid-picked-${lang}.png`) });
      const picked = say(lang, "grid.pickedMoves.other", {
        piece: pawn,
        square: "h2",
        n: 2,
        moves: "h3, h4",
      });
      await expect.poll(() => heard(page), { timeout: 10_000 }).toContain(picked);
      await expect(
        page.getByRole("gridcell", { name: /^h2,/ }).getAttribute("aria-selected"),
      ).resolves.toBe("true");
      // Three squares on is not a pawn's move: the server's reason is said.
      await goTo(page, "h5");
      await page.keyboard.press("Enter");
      const alert = page.getByRole("alert");
      await alert.waitFor();
      const refusal = (await alert.textContent()) ?? "";
      expect(refusal.length).toBeGreaterThan(10);
      expect(await heard(page)).toContain(refusal);

      // Turned a quarter: Blue's side at the bottom, and the grid reads it so.
      await page.click("[data-action=rotate]");
      await expect
        .poll(() => grid.getAttribute("aria-label"))
        .toBe(say(lang, "grid.label", { color: say(lang, "color.blue") }));
      const turned = await gridCells(page);
      expect(turned).toHaveLength(160);
      expect(turned.at(-1)).toMatch(/^a4, /);
      await page.context().close();
    }, 90_000);
  }

  for (const lang of ["en", "hi"] as const) {
    it(`xiangqi in ${lang}: the palaces and the river named; the game's page, a rules diagram and a lesson have the grid`, async () => {
      const page = await newPage(rig(), "Grid", undefined, LOCALES[lang]);
      await listen(page);
      await playComputer(rig(), page, 2);
      const cells = await gridCells(page);
      expect(cells).toHaveLength(90);
      const red = say(lang, "color.red");
      const black = say(lang, "color.black");
      expect(cells).toContain(
        say(lang, "grid.cellAt", {
          square: "e0",
          content: piece(lang, "red", "piece.xiangqi.K"),
          place: say(lang, "grid.palace", { color: red }),
        }),
      );
      expect(cells).toContain(
        say(lang, "grid.cellAt", {
          square: "b5",
          content: say(lang, "grid.empty"),
          place: say(lang, "grid.river", { color: black }),
        }),
      );

      // A move, then resigned: the game's page has the grid, in step with the review.
      await playLegal(page);
      await page.click("[data-action='table.resign']");
      await page.click(".confirm [data-action=confirm]");
      const done = await waitTable(page, (t) => t.phase === "finished");
      await page.goto(`${rig().base}/g/${done.gameId}`);
      const archived = await gridCells(page);
      expect(archived).toHaveLength(90);
      expect(archived).toContain(
        say(lang, "grid.cellAt", {
          square: "e0",
          content: piece(lang, "red", "piece.xiangqi.K"),
          place: say(lang, "grid.palace", { color: red }),
        }),
      );

      // A rules diagram: its grid is named after it; the horse picked up says where it goes,
      // and the move the elephant blocks is refused with the rules' reason.
      await page.goto(`${rig().base}/rules/xiangqi`);
      const leg = page.locator('[data-diagram="horse-leg"]');
      await leg.getByRole("grid").waitFor();
      await leg.getByRole("gridcell", { name: /^b0,/ }).focus();
      await page.keyboard.press("Enter");
      await expect
        .poll(() => leg.locator(".diagram-message").textContent())
        .toContain(say(lang, "grid.destinations", { moves: "a2, c2" }));
      await goTo(page, "d1", leg);
      await page.keyboard.press("Enter");
      const reason = say(lang, "error.move/horse-leg", { square: "c0" });
      await expect.poll(() => heard(page), { timeout: 10_000 }).toContain(reason);

      // A lesson's board.
      await page.goto(`${rig().base}/learn/xiangqi/horse-leg`);
      await expect.poll(async () => (await gridCells(page)).length, { timeout: 10_000 }).toBe(90);
      await page.context().close();
    }, 90_000);
  }
});
