/**
 * The four-player chess lessons in a browser: the list of stages in Portuguese on a desktop and
 * in English on a phone, every stage at no stars and no English or catalogue key on a page in
 * Portuguese; a stage played to its end by tapping its squares (every seat in turn), its stars
 * shown and still there after a reload; a capture refused by the rules answered with the
 * engine's reason in Portuguese, the stage still open, then finished; a Teams mate that counts
 * at the mated player's turn; a stage's board drawn as its position. Pages are saved to
 * test-results/lessons-fourchess-*.png to look at.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "../../client/src/i18n/catalogues";
import { commonEn } from "../../client/src/i18n/learn/common-en";
import { lessonsFourchessEn } from "../../client/src/i18n/learn/lessons-fourchess-en";
import { lessonsFourchessPt } from "../../client/src/i18n/learn/lessons-fourchess-pt";
import type { Stage } from "../../client/src/learn/content";
import { fourchessStages } from "../../client/src/learn/lessons/fourchess";
import { positionOf } from "../../client/src/learn/positions";
import { ARTIFACTS, newPage, useRig } from "./harness";
import { foreignWords, learnOf, openLearn, positionProblems, tryMove } from "./learn";
import { boardInfo, waitStill } from "./pixels";

const rig = useRig();

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const stage = (id: string): Stage => {
  const found = fourchessStages.find((s) => s.id === id);
  if (!found) throw new Error(`no stage ${id}`);
  return found;
};

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(ARTIFACTS, `lessons-fourchess-${name}.png`), fullPage: true });

/** Plays `moves` (`from-to`) by tapping, each once the last has finished moving. */
async function play(page: Page, moves: readonly string[]): Promise<void> {
  for (const move of moves) {
    const [from = "", to = ""] = move.split("-");
    await tryMove(page, from, to);
    await waitStill(page);
  }
}

describe("The four-player chess lessons", () => {
  for (const { lang, locale, viewport, words } of [
    { lang: "pt", locale: "pt-BR", viewport: DESKTOP, words: lessonsFourchessPt },
    { lang: "en", locale: "en-US", viewport: PHONE, words: lessonsFourchessEn },
  ] as const)
    it(`list every stage, none done yet, in ${lang} at ${viewport.width}×${viewport.height}`, async () => {
      const page = await newPage(rig(), "Ana", viewport, locale);
      try {
        const list = await openLearn(page, rig().base, "/learn/fourchess");
        expect(fourchessStages.length).toBeGreaterThanOrEqual(15);
        expect(list).toEqual({
          page: "lessons",
          game: "fourchess",
          stages: fourchessStages.map((s) => ({ id: s.id, stars: 0 })),
        });
        // Each stage by its number and title in the reader's language, with no star filled.
        const rows = await page.$$eval(".stage-list li", (lis) =>
          lis.map((li) => ({
            id: li.getAttribute("data-stage"),
            text: li.querySelector(".stage-link")?.textContent,
            stars: li.querySelector(".stars")?.getAttribute("data-stars"),
          })),
        );
        expect(rows).toEqual(
          fourchessStages.map((s, i) => ({
            id: s.id,
            text: `${i + 1}. ${words[s.title as keyof typeof words]}`,
            stars: "0",
          })),
        );
        expect(await foreignWords(page, lang)).toEqual([]);
        await shot(page, `list-${lang}-${viewport.width}`);

        // A stage's page: its goal in the reader's language, nothing in English.
        const teamsMate = stage("teams-mate");
        const open = await openLearn(page, rig().base, `/learn/fourchess/${teamsMate.id}`);
        expect(open).toMatchObject({
          page: "lesson",
          game: "fourchess",
          stage: teamsMate.id,
          goal: words[teamsMate.goal as keyof typeof words],
          done: false,
          stars: 0,
        });
        expect(await foreignWords(page, lang)).toEqual([]);
        // The 14×14 board leaves each square big enough to tap, even on a phone.
        const { cell } = await boardInfo(page);
        expect(cell, "a square's size in CSS px").toBeGreaterThanOrEqual(
          viewport === PHONE ? 24 : 34,
        );
        await shot(page, `stage-${lang}-${viewport.width}`);
      } finally {
        await page.context().close();
      }
    }, 60_000);

  it("take each seat's move in turn to the end: its stars shown, and kept after a reload (phone, en)", async () => {
    const page = await newPage(rig(), "Ana", PHONE, "en-US");
    try {
      const turns = stage("turn-order");
      await openLearn(page, rig().base, `/learn/fourchess/${turns.id}`);
      // Out of turn, a seat's piece does not move: Blue's knight waits for Red.
      await tryMove(page, "a10", "c9");
      expect(await learnOf(page)).toMatchObject({ done: false, message: "" });
      // Red, Blue, Yellow, Green: each knight onto its star.
      await play(page, ["j1-i3", "a10-c9", "e14-f12", "n5-l6"]);
      const done = await learnOf(page);
      expect(done).toMatchObject({ page: "lesson", stage: turns.id, done: true, stars: 3 });
      expect(done?.message).toBe(commonEn["learn.stage.done"].replace("{moves}", "4 moves"));
      await page.waitForSelector(".stage-after:not([hidden]) .stars[data-stars='3']");
      await shot(page, "done-en-390");

      await page.reload();
      const list = await openLearn(page, rig().base, "/learn/fourchess");
      expect(list.stages?.find((s) => s.id === turns.id)?.stars).toBe(3);
      expect(list.stages?.filter((s) => s.stars > 0)).toHaveLength(1);
      expect(
        await page.getAttribute(`.stage-list li[data-stage='${turns.id}'] .stars`, "data-stars"),
      ).toBe("3");
    } finally {
      await page.context().close();
    }
  }, 60_000);

  it("answer a capture the rules refuse with the engine's reason in Portuguese, then let the stage be finished", async () => {
    const page = await newPage(rig(), "Ana", DESKTOP, "pt-BR");
    try {
      const partners = stage("partners");
      await openLearn(page, rig().base, `/learn/fourchess/${partners.id}`);
      // The queen may not take the partner's knight.
      const said = await tryMove(page, "g6", "e6");
      expect(said).toBe(CATALOGUES.pt["error.move/partner-piece"].replace("{square}", "e6"));
      expect(await learnOf(page)).toMatchObject({ done: false, stars: 0 });
      expect(await page.textContent(".stage-message")).toBe(said);
      expect(await page.textContent(".stage-moves")).toBe(
        CATALOGUES.pt["learn.stage.moves.other"].replace("{n}", "0"),
      );
      await shot(page, "refused-pt-1280");
      // The marked Blue and Green pieces, in the fewest moves.
      await play(page, ["g6-k10", "k10-d3", "d3-d5", "d5-c6"]);
      expect(await learnOf(page)).toMatchObject({ done: true, stars: 3 });
    } finally {
      await page.context().close();
    }
  }, 60_000);

  it("draw a stage's board as its position, end a Teams mate at the mated player's turn, take back a king taken while the others wait", async () => {
    const page = await newPage(rig(), "Ana", DESKTOP, "en-US");
    try {
      const points = stage("individual-points");
      await openLearn(page, rig().base, `/learn/fourchess/${points.id}`);
      expect(
        await positionProblems(
          page,
          "fourchess",
          points.fen,
          "lessons-fourchess-board-individual",
          points.format,
        ),
      ).toEqual([]);

      const mate = stage("teams-mate");
      await openLearn(page, rig().base, `/learn/fourchess/${mate.id}`);
      await play(page, ["e4-n4"]);
      // Blue and Yellow answered; Green, to move, has no way out.
      const done = await learnOf(page);
      expect(done).toMatchObject({ done: true, stars: 3 });
      expect(done?.message).toContain(
        CATALOGUES.en["reason.checkmate"].replace("{loser}", "Green"),
      );
      expect(done?.message).toContain(commonEn["learn.stage.done"].replace("{moves}", "1 move"));
      await shot(page, "mate-en-1280");

      // Where the others wait, taking a king ends the game short of the goal: taken back.
      const partners = stage("partners");
      await openLearn(page, rig().base, `/learn/fourchess/${partners.id}`);
      await play(page, ["g6-g7", "g7-a7"]);
      expect(await learnOf(page)).toMatchObject({
        done: false,
        message: commonEn["learn.stage.notLegalGoal"],
      });
      await page.waitForTimeout(800);
      const after = positionOf("fourchess", partners.fen)?.play({ from: "g6", to: "g7" });
      expect(after?.ok).toBe(true);
      if (after?.ok)
        expect(
          await positionProblems(page, "fourchess", after.value.fen(), "lessons-fourchess-back"),
        ).toEqual([]);
      // The queen still moves.
      await play(page, ["g7-k7"]);
      expect(await learnOf(page)).toMatchObject({ done: false, message: "" });
    } finally {
      await page.context().close();
    }
  }, 60_000);
});
