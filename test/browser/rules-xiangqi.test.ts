/**
 * The xiangqi rules page, read in English and Indonesian on a desktop and in Portuguese and
 * Hindi on a phone: every section with its heading in the reader's language and no key or
 * English left; the house-rules table is the server's definitions; every diagram draws its
 * position; the horse's leg and the flying general are refused with the engine's reason in the
 * reader's words; the double-cannon mate plays out to the result the result card names, and the
 * position with no legal move ends in Black's loss. Full pages are saved to
 * test-results/rules-xiangqi-*.png to look at.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "../../client/src/i18n/catalogues";
import type { DiagramSpec } from "../../client/src/learn/content";
import { positionOf } from "../../client/src/learn/positions";
import { xiangqiRules } from "../../client/src/learn/rules/xiangqi";
import { fillTemplate } from "../../shared/core/errors";
import type { Game } from "../../shared/games/types";
import { rulesFor } from "../../shared/match/houseRules";
import { ARTIFACTS, clickSquare, newPage, useRig } from "./harness";
import {
  boardIndexOf,
  foreignWords,
  learnOf,
  openLearn,
  positionProblems,
  tryMove,
  useBoard,
} from "./learn";

const rig = useRig();

const LANGS = [
  { lang: "en", locale: "en-US", phone: false },
  { lang: "id", locale: "id-ID", phone: false },
  { lang: "pt", locale: "pt-BR", phone: true },
  { lang: "hi", locale: "hi-IN", phone: true },
] as const;

type Lang = (typeof LANGS)[number]["lang"];

const SECTIONS = [
  "intro",
  "setup",
  "pieces",
  "key-rules",
  "winning",
  "house-rules",
  "faq",
  "advice",
];

const DIAGRAMS: DiagramSpec[] = xiangqiRules.sections.flatMap((s) =>
  s.blocks.flatMap((b) => ("diagram" in b ? [b.diagram] : [])),
);

const diagram = (id: string): DiagramSpec => {
  const d = DIAGRAMS.find((x) => x.id === id);
  if (!d) throw new Error(`no diagram ${id}`);
  return d;
};

/** The position at the end of a diagram's line, and the notation of each move. */
function playLine(spec: DiagramSpec): { end: Game; notations: string[] } {
  const start = positionOf("xiangqi", spec.fen);
  if (!start) throw new Error(`not a position: ${spec.fen}`);
  let game: Game = start;
  const notations: string[] = [];
  for (const text of spec.line ?? []) {
    const [from = "", to = ""] = text.split("-");
    const played = game.play({ from, to });
    if (!played.ok) throw new Error(`${spec.id}: ${text} is refused`);
    game = played.value;
    notations.push(game.lastMove?.notation ?? "");
  }
  return { end: game, notations };
}

/** A catalogue sentence of `lang` with its placeholders filled. */
const sentence = (lang: Lang, key: string, params: Record<string, string> = {}): string =>
  fillTemplate((CATALOGUES[lang] as Readonly<Record<string, string>>)[key] ?? key, params);

const messageOf = (page: Page, id: string) =>
  page.textContent(`[data-diagram="${id}"] .diagram-message`);

/** Waits until the diagram `id` says something containing `part`. */
async function waitSaid(page: Page, id: string, part: string): Promise<void> {
  await page.waitForFunction(
    ([d, text]) =>
      document
        .querySelector(`[data-diagram="${d}"] .diagram-message`)
        ?.textContent?.includes(text) ?? false,
    [id, part] as const,
    { timeout: 5_000 },
  );
}

/** Clicks the reader's moves of a diagram's line, waiting for each answer of the diagram. */
async function playOut(page: Page, spec: DiagramSpec): Promise<void> {
  const line = spec.line ?? [];
  const { notations } = playLine(spec);
  await useBoard(page, await boardIndexOf(page, spec.id));
  for (let i = 0; i < line.length; i += 2) {
    const [from = "", to = ""] = line[i]!.split("-");
    await clickSquare(page, from);
    await clickSquare(page, to);
    const answer = notations[i + 1];
    if (answer) await waitSaid(page, spec.id, answer);
  }
}

describe("The xiangqi rules page", () => {
  for (const { lang, locale, phone } of LANGS)
    it(`teaches the game in ${lang} with live boards that answer as the engine does`, async () => {
      const viewport = phone ? { width: 390, height: 844 } : { width: 1280, height: 800 };
      const page = await newPage(rig(), "Ana", viewport, locale);
      const c = CATALOGUES[lang] as Readonly<Record<string, string>>;
      try {
        const opened = await openLearn(page, rig().base, "/rules/xiangqi");
        expect(opened).toMatchObject({ page: "rules", game: "xiangqi" });
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);

        // Every section, headed in the reader's language; no key and no English on the page.
        const headings = await page.$$eval("section.learn-section", (all) =>
          all.map((s) => [s.id, s.querySelector("h2")?.textContent ?? ""]),
        );
        expect(headings.map(([id]) => id)).toEqual(SECTIONS);
        for (const [id, heading] of headings) {
          const title = xiangqiRules.sections.find((s) => s.id === id)!.title;
          expect(heading, id).toBe(c[title]);
        }
        expect(await foreignWords(page, lang)).toEqual([]);
        await page.screenshot({
          path: path.join(ARTIFACTS, `rules-xiangqi-${lang}.png`),
          fullPage: true,
        });

        // The house rules: the server's definitions, in their order, with their defaults.
        const rows = await page.$$eval("#house-rules tr[data-rule]", (trs) =>
          trs.map((tr) => ({
            key: tr.getAttribute("data-rule"),
            name: tr.querySelector("th")?.textContent,
            byDefault: tr.querySelector("[data-default]")?.getAttribute("data-default"),
          })),
        );
        expect(rows).toEqual(
          rulesFor("xiangqi").map((r) => ({
            key: r.key,
            name: c[`rules.${r.key}`],
            byDefault: JSON.stringify(r.byDefault("xiangqi")),
          })),
        );

        // Every diagram draws its own position.
        expect(DIAGRAMS.length).toBeGreaterThanOrEqual(10);
        for (const d of DIAGRAMS) {
          await useBoard(page, await boardIndexOf(page, d.id));
          expect(
            await positionProblems(page, "xiangqi", d.fen, `rules-xiangqi-${lang}-${d.id}`),
            d.id,
          ).toEqual([]);
        }

        // The horse's leg: b0 to d1 is refused, the elephant on c0 blocking it.
        await useBoard(page, await boardIndexOf(page, "horse-leg"));
        const leg = sentence(lang, "error.move/horse-leg", { square: "c0" });
        expect(await tryMove(page, "b0", "d1")).toBe(leg);
        expect(await messageOf(page, "horse-leg")).toBe(leg);

        // The flying general: the soldier between the generals may not step aside.
        await useBoard(page, await boardIndexOf(page, "flying-general"));
        const flying = sentence(lang, "error.move/flying-general");
        expect(await tryMove(page, "e5", "d5")).toBe(flying);
        expect(await messageOf(page, "flying-general")).toBe(flying);
        expect(await tryMove(page, "e5", "f5")).toBe(flying);

        // The double-cannon mate, played to its end: the result card's reason, and the mate drawn.
        const cannons = diagram("double-cannon");
        const mated = playLine(cannons).end;
        expect(mated.outcome).toMatchObject({ code: "mate", params: { mate: "double-cannon" } });
        await playOut(page, cannons);
        await waitSaid(page, "double-cannon", c["rules-xiangqi.key.doubleCannonDone"]!);
        const reason = sentence(lang, "reason.mate", { mate: c["mate.double-cannon"]! });
        const said = (await learnOf(page))?.message ?? "";
        expect(said).toContain(reason);
        expect(said).toContain(c["rules-xiangqi.key.doubleCannonDone"]);
        expect(await messageOf(page, "double-cannon")).toBe(said);
        expect(
          await positionProblems(page, "xiangqi", mated.fen(), `rules-xiangqi-${lang}-mated`),
        ).toEqual([]);

        // No legal move, not in check: Black loses.
        const stuck = diagram("no-move");
        const ended = playLine(stuck).end;
        expect(ended.outcome).toMatchObject({ code: "no-move", winners: [0] });
        await playOut(page, stuck);
        await waitSaid(page, "no-move", c["rules-xiangqi.winning.noMoveDone"]!);
        expect(await messageOf(page, "no-move")).toContain(c["rules-xiangqi.winning.noMoveDone"]);
        expect(
          await positionProblems(page, "xiangqi", ended.fen(), `rules-xiangqi-${lang}-no-move-end`),
        ).toEqual([]);
      } finally {
        await page.context().close();
      }
    }, 120_000);
});
