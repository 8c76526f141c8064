/**
 * The four-player chess rules page in English, Indonesian, Portuguese and Hindi, on a desktop
 * and a phone: opened at its Individual anchor it shows that section; every section is there with
 * its heading in the reader's language and no English or catalogue key left; the house-rules
 * table is the server's definitions; every diagram draws its position; the Teams mate, played by
 * clicking, ends in the engine's checkmate at the mated player's turn, the partner's rescue
 * leaves no mate, and a king left in check is captured. The whole page is saved to
 * test-results/rules-fourchess-*.png to look at.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "../../client/src/i18n/catalogues";
import type { DiagramSpec } from "../../client/src/learn/content";
import { positionOf } from "../../client/src/learn/positions";
import { fourchessRules } from "../../client/src/learn/rules/fourchess";
import type { Game } from "../../shared/games/types";
import { rulesFor } from "../../shared/match/houseRules";
import { ARTIFACTS, newPage, useRig } from "./harness";
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

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const LANGS = [
  { lang: "en", locale: "en-US", viewport: DESKTOP },
  { lang: "id", locale: "id-ID", viewport: PHONE },
  { lang: "pt", locale: "pt-BR", viewport: DESKTOP },
  { lang: "hi", locale: "hi-IN", viewport: PHONE },
] as const;

type Words = Readonly<Record<string, string>>;

const DIAGRAMS: DiagramSpec[] = fourchessRules.sections.flatMap((s) =>
  s.blocks.flatMap((b) => ("diagram" in b ? [b.diagram] : [])),
);
const diagram = (id: string): DiagramSpec => DIAGRAMS.find((d) => d.id === id)!;

const FILES = "abcdefghijklmn";
const coordinates = (square: string) => ({
  x: FILES.indexOf(square[0]!),
  y: Number(square.slice(1)),
});

/**
 * The squares a diagram's arrows and circles cover. A mark's colour over a dark square is within
 * the pixel reader's tolerance of a seat's colour, so these squares are not checked for being
 * empty (a piece on them is still checked): a circle covers its square, an arrow every square
 * whose sampled disc (0.4 of a square) its shaft or head (0.27 either side) reaches.
 */
function marked(spec: DiagramSpec): Set<string> {
  const out = new Set<string>();
  for (const m of spec.marks ?? []) {
    out.add(m.from);
    if (!m.to) continue;
    const a = coordinates(m.from);
    const b = coordinates(m.to);
    const len2 = (b.x - a.x) ** 2 + (b.y - a.y) ** 2;
    for (let x = 0; x < 14; x++)
      for (let y = 1; y <= 14; y++) {
        const t = Math.max(
          0,
          Math.min(1, ((x - a.x) * (b.x - a.x) + (y - a.y) * (b.y - a.y)) / len2),
        );
        const d = Math.hypot(x - (a.x + t * (b.x - a.x)), y - (a.y + t * (b.y - a.y)));
        if (d < 0.7) out.add(`${FILES[x]}${y}`);
      }
  }
  return out;
}

/** What the board in use draws against `fen`, leaving out the emptiness of marked squares. */
async function drawnAgainst(
  page: Page,
  spec: DiagramSpec,
  fen: string,
  artifact: string,
  marks: Set<string>,
): Promise<string[]> {
  const problems = await positionProblems(page, "fourchess", fen, artifact, spec.format);
  return problems.filter((p) => !(p.includes("expected empty") && marks.has(p.split(":")[0]!)));
}

const moveOf = (text: string) => {
  const [squares = "", promotion] = text.split("=");
  const [from = "", to = ""] = squares.split("-");
  return promotion ? { from, to, promotion } : { from, to };
};

/** The games along a diagram's line, the start first. */
function lineGames(spec: DiagramSpec): Game[] {
  const games = [positionOf("fourchess", spec.fen, spec.format)!];
  for (const move of spec.line ?? []) {
    const played = games.at(-1)!.play(moveOf(move));
    if (!played.ok) throw new Error(`${spec.id}: ${move} is refused: ${played.error.message}`);
    games.push(played.value);
  }
  return games;
}

/**
 * Plays a diagram's line by clicking the reader's moves (every other one, from the first) and
 * waiting for the diagram's answers; returns the message at the end and the last game.
 */
async function playLine(page: Page, spec: DiagramSpec): Promise<{ said: string; last: Game }> {
  const games = lineGames(spec);
  const line = spec.line ?? [];
  await useBoard(page, await boardIndexOf(page, spec.id));
  let said = "";
  for (let i = 0; i < line.length; i += 2) {
    const { from, to } = moveOf(line[i]!);
    said = await tryMove(page, from, to);
    const answer = games[i + 2]?.lastMove;
    if (i + 1 < line.length && answer) {
      await page.waitForFunction(
        (n) =>
          (window as unknown as { crossboard: { learn(): { message: string } } }).crossboard.learn()
            .message === n,
        answer.notation,
      );
      said = answer.notation;
    }
  }
  return { said: (await learnOf(page))?.message ?? said, last: games.at(-1)! };
}

async function headingInView(page: Page, id: string): Promise<boolean> {
  return page.evaluate((section) => {
    const h = document.querySelector(`section#${section} > h2`);
    if (!h) return false;
    const r = h.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight;
  }, id);
}

describe("The four-player chess rules page", () => {
  for (const { lang, locale, viewport } of LANGS)
    it(`reads, draws and plays in ${lang} at ${viewport.width}×${viewport.height}`, async () => {
      const c = CATALOGUES[lang] as Words;
      const page = await newPage(rig(), "Ana", viewport, locale);
      try {
        // Opened at a format's anchor, the page shows that section.
        const opened = await openLearn(page, rig().base, "/rules/fourchess#individual");
        expect(opened).toMatchObject({ page: "rules", game: "fourchess" });
        await page.evaluate(() => new Promise(requestAnimationFrame));
        expect(await headingInView(page, "individual"), "the Individual heading in view").toBe(
          true,
        );
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);

        // Every section, its heading in the reader's language; no English, no keys.
        const headings = await page.$$eval("section.learn-section", (sections) =>
          sections.map((s) => [s.id, s.querySelector("h2")?.textContent ?? ""]),
        );
        expect(headings).toEqual(fourchessRules.sections.map((s) => [s.id, c[s.title]]));
        expect.soft(await foreignWords(page, lang)).toEqual([]);

        // The house rules as the server defines them.
        const rows = await page.$$eval("tr[data-rule]", (trs) =>
          trs.map((tr) => ({
            key: tr.getAttribute("data-rule"),
            byDefault: tr.querySelector("[data-default]")?.getAttribute("data-default"),
            name: tr.querySelector("th")?.textContent,
          })),
        );
        expect(rows).toEqual(
          rulesFor("fourchess").map((r) => ({
            key: r.key,
            byDefault: JSON.stringify(r.byDefault("fourchess")),
            name: c[`rules.${r.key}`],
          })),
        );

        // Each diagram draws its position.
        for (const spec of DIAGRAMS) {
          await useBoard(page, await boardIndexOf(page, spec.id));
          const artifact = `rules-fourchess-${lang}-${spec.id}`;
          expect(await drawnAgainst(page, spec, spec.fen, artifact, marked(spec)), spec.id).toEqual(
            [],
          );
        }

        // The Teams mate, played out: confirmed at Green's turn, named as a result is.
        const mate = diagram("teams-mate");
        const mated = await playLine(page, mate);
        expect(mated.last.outcome?.reason).toBe("checkmate");
        const team = c["result.teamWins"]!.replace("{a}", c["color.red"]!).replace(
          "{b}",
          c["color.yellow"]!,
        );
        const reason = c["reason.checkmate"]!.replace("{loser}", c["color.green"]!);
        expect(mated.said).toBe(`${team}. ${reason} ${c[mate.lineDone!]}`);
        expect(
          await drawnAgainst(
            page,
            mate,
            mated.last.fen(),
            `rules-fourchess-${lang}-mate-end`,
            new Set(),
          ),
        ).toEqual([]);

        // The partner's rescue: Green's turn comes without check, and the game goes on.
        const rescue = diagram("teams-rescue");
        const rescued = await playLine(page, rescue);
        expect(rescued.last.outcome).toBeNull();
        expect(rescued.last.turn).toBe(3);
        expect(rescued.last.checks()).toEqual([]);
        expect(rescued.said).toBe(c[rescue.lineDone!]);
        expect(rescued.said).not.toContain(reason);
        expect(
          await drawnAgainst(
            page,
            rescue,
            rescued.last.fen(),
            `rules-fourchess-${lang}-rescue-end`,
            new Set(),
          ),
        ).toEqual([]);

        // A king left in check, taken by the opponent who moves before its owner.
        const taken = await playLine(page, diagram("king-capture"));
        expect(taken.last.outcome?.reason).toBe("king-captured");
        expect(taken.said).toContain(
          c["reason.king-captured"]!.replace("{winner}", c["color.yellow"]!).replace(
            "{loser}",
            c["color.green"]!,
          ),
        );

        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({
          path: path.join(ARTIFACTS, `rules-fourchess-${lang}-${viewport.width}.png`),
          fullPage: true,
        });
      } finally {
        await page.context().close();
      }
    }, 120_000);
});
