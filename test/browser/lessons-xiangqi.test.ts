/**
 * The xiangqi lessons in a browser, read in Bahasa Indonesia on a desktop and in Hindi on a
 * phone: the list names every stage, none done; a stage played by clicking its moves ends with
 * three stars, shown on the page and on the list after a reload; a move the rules refuse is
 * answered with the engine's reason and the stage goes on; a legal move that is not the way out
 * of check the stage asks for is answered and taken back; the board shows the stage's position
 * and its stars. Pages are saved to test-results/lessons-xiangqi-*.png to look at.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { STAR_COLOR } from "../../client/src/board/marks";
import { CATALOGUES } from "../../client/src/i18n/catalogues";
import { xiangqiStages } from "../../client/src/learn/lessons/xiangqi";
import { ARTIFACTS, newPage, useRig } from "./harness";
import { foreignWords, learnOf, openLearn, positionProblems, tryMove, useBoard } from "./learn";
import { boardInfo, canvasPixels, waitStill } from "./pixels";

const rig = useRig();

const READERS = [
  { lang: "id", locale: "id-ID", viewport: { width: 1280, height: 800 } },
  { lang: "hi", locale: "hi-IN", viewport: { width: 390, height: 844 } },
] as const;

const stageOf = (id: string) => {
  const stage = xiangqiStages.find((s) => s.id === id);
  if (!stage) throw new Error(`no stage ${id}`);
  return stage;
};

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(ARTIFACTS, `lessons-xiangqi-${name}.png`), fullPage: true });

/** Plays `moves` (`from-to`) by clicking, waiting for each to be drawn. */
async function play(page: Page, moves: readonly string[]): Promise<void> {
  for (const move of moves) {
    const [from = "", to = ""] = move.split("-");
    await tryMove(page, from, to);
    await waitStill(page);
  }
}

describe("Xiangqi lessons", () => {
  for (const { lang, locale, viewport } of READERS) {
    const words = CATALOGUES[lang] as Readonly<Record<string, string>>;
    const size = `${lang}-${viewport.width}`;

    it(`are listed, and a stage done by clicking keeps its stars, in ${lang} at ${viewport.width}×${viewport.height}`, async () => {
      const page = await newPage(rig(), "Ana", viewport, locale);
      try {
        const base = rig().base;
        const list = await openLearn(page, base, "/learn/xiangqi");
        expect(list).toEqual({
          page: "lessons",
          game: "xiangqi",
          stages: xiangqiStages.map((s) => ({ id: s.id, stars: 0 })),
        });
        expect(await page.locator(".stage-list li").count()).toBe(xiangqiStages.length);
        expect(await foreignWords(page, lang)).toEqual([]);
        await shot(page, `list-${size}`);

        // The chariot collects its three stars in three moves: par.
        const stage = stageOf("chariot-lines");
        const opened = await openLearn(page, base, `/learn/xiangqi/${stage.id}`);
        expect(opened).toMatchObject({ page: "lesson", stage: stage.id, done: false, stars: 0 });
        expect(opened.goal).toBe(words[stage.goal]);
        expect(await foreignWords(page, lang)).toEqual([]);
        await useBoard(page, 0);
        await shot(page, `stage-${size}`);
        await play(page, ["a0-a7", "a7-h7"]);
        expect(await learnOf(page)).toMatchObject({
          done: false,
          message: words["learn.stage.star"],
        });
        await play(page, ["h7-h3"]);
        expect(await learnOf(page)).toMatchObject({ done: true, stars: 3 });
        await page.locator('.stage-stars [data-stars="3"]').waitFor();
        expect(await foreignWords(page, lang)).toEqual([]);
        await shot(page, `done-${size}`);

        // The list, loaded again, remembers them.
        const again = await openLearn(page, base, "/learn/xiangqi");
        expect(again.stages?.find((s) => s.id === stage.id)?.stars).toBe(3);
        expect(again.stages?.filter((s) => s.stars > 0).map((s) => s.id)).toEqual([stage.id]);
        expect(
          await page
            .locator(`.stage-list li[data-stage="${stage.id}"] [data-stars]`)
            .getAttribute("data-stars"),
        ).toBe("3");
        await shot(page, `list-after-${size}`);
      } finally {
        await page.context().close();
      }
    }, 90_000);

    it(`answer a refused move with the rules' reason and a missed goal with its word, in ${lang}`, async () => {
      const page = await newPage(rig(), "Ana", viewport, locale);
      try {
        const base = rig().base;
        // The horse's leg is blocked on e4: the jump is refused, and the stage goes on.
        await openLearn(page, base, "/learn/xiangqi/horse-leg");
        await useBoard(page, 0);
        const refused = await tryMove(page, "e3", "f5");
        expect(refused).toBe(words["error.move/horse-leg"]!.replace("{square}", "e4"));
        expect((await learnOf(page))?.done).toBe(false);
        await shot(page, `refused-${size}`);
        await play(page, ["e3-c4", "c4-d6", "d6-f5"]);
        // The refused jump was not counted: three moves, three stars.
        expect(await learnOf(page)).toMatchObject({ done: true, stars: 3 });

        // The other side waits, so a move that checks its general is taken back.
        const cannon = stageOf("cannon-moves");
        await openLearn(page, base, `/learn/xiangqi/${cannon.id}`);
        await useBoard(page, 0);
        expect(await tryMove(page, "b2", "e2")).toBe(words["learn.stage.noCheck"]);
        await page.waitForTimeout(900);
        expect(
          await positionProblems(page, "xiangqi", cannon.fen, `lessons-xiangqi-nocheck-${size}`),
        ).toEqual([]);
        await play(page, ["b2-g2", "g2-g7"]);
        expect(await learnOf(page)).toMatchObject({
          done: false,
          message: words["learn.stage.star"],
        });

        // Out of check by stepping aside, when the stage asks for a capture: answered, taken back.
        const stage = stageOf("check-capture");
        await openLearn(page, base, `/learn/xiangqi/${stage.id}`);
        await useBoard(page, 0);
        const missed = await tryMove(page, "e0", "f0");
        expect(missed).toBe(words["lessons-xiangqi.wrong.capture"]);
        expect((await learnOf(page))?.done).toBe(false);
        await page.waitForTimeout(900);
        expect(
          await positionProblems(page, "xiangqi", stage.fen, `lessons-xiangqi-back-${size}`),
        ).toEqual([]);
        await play(page, ["c4-e5"]);
        expect((await learnOf(page))?.done).toBe(true);
      } finally {
        await page.context().close();
      }
    }, 90_000);
  }

  it("draws a stage's position and its stars", async () => {
    const page = await newPage(rig(), "Ana", { width: 1280, height: 800 }, "en-US");
    try {
      const stage = stageOf("chariot-lines");
      await openLearn(page, rig().base, `/learn/xiangqi/${stage.id}`);
      await useBoard(page, 0);
      expect(await positionProblems(page, "xiangqi", stage.fen, "lessons-xiangqi-board")).toEqual(
        [],
      );
      const stars = stage.check.kind === "stars" ? stage.check.stars : [];
      expect(stars.length).toBeGreaterThan(0);
      const info = await boardInfo(page);
      const pixel = await canvasPixels(page, "lessons-xiangqi-stars");
      const gold = [(STAR_COLOR >> 16) & 255, (STAR_COLOR >> 8) & 255, STAR_COLOR & 255];
      for (const square of stars) {
        const centre = info.squares[square]!;
        const [r, g, b] = pixel(centre.x, centre.y);
        const distance = Math.hypot(r - gold[0]!, g - gold[1]!, b - gold[2]!);
        expect(distance, `${square} shows a star (${r}, ${g}, ${b})`).toBeLessThan(40);
      }
    } finally {
      await page.context().close();
    }
  }, 60_000);
});
