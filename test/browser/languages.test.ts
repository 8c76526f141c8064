/**
 * A table read in Indonesian, Portuguese and Hindi, with the browser set to each language: a
 * refused move, a turn timer running out, a takeback request, results by resignation and by
 * mate, and an unknown table code in the lobby each show text in that language, and no
 * sentence of the English catalogue appears on the page.
 */

import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "../../client/src/i18n/catalogues";
import {
  ARTIFACTS,
  newPage,
  playLegal,
  playMove,
  tableId,
  useRig,
  waitBoard,
  waitTable,
} from "./harness";

const en = CATALOGUES.en;

// A turn timer's second lasts 300 ms: the 30-second timer runs out in 9 s.
const rig = useRig(150, { timerSecondMs: 300 });

type Strings = Readonly<Record<string, string>>;
const LANGS = [
  { lang: "id", locale: "id-ID", strings: CATALOGUES.id as Strings },
  { lang: "pt", locale: "pt-BR", strings: CATALOGUES.pt as Strings },
  { lang: "hi", locale: "hi-IN", strings: CATALOGUES.hi as Strings },
] as const;

/**
 * The English catalogue's sentences, as the pieces between their placeholders long enough to
 * be a sentence of their own; pieces a language shares with English are left out.
 */
function englishFragments(strings: Strings): string[] {
  const out = new Set<string>();
  for (const [key, text] of Object.entries(en)) {
    if (strings[key] === text) continue;
    for (const part of text.split(/\{\w+\}/)) {
      const p = part.trim();
      if (p.length >= 14 && /[a-z]{3}/.test(p)) out.add(p);
    }
  }
  return [...out];
}

/** The English sentences on the page, if any. */
async function englishOn(page: Page, fragments: readonly string[]): Promise<string[]> {
  const text = await page.evaluate(() => document.body.textContent ?? "");
  return fragments.filter((f) => text.includes(f));
}

/** Waits until `selector`'s text is not empty and returns it. */
async function textOf(page: Page, selector: string, timeout = 20_000): Promise<string> {
  const handle = await page.waitForFunction(
    (sel) => {
      const el = document.querySelector<HTMLElement>(sel);
      const text = el && !el.hidden ? (el.textContent ?? "").trim() : "";
      return text || null;
    },
    selector,
    { timeout },
  );
  return String(await handle.jsonValue());
}

describe("a table in the reader's language", () => {
  for (const { lang, locale, strings } of LANGS) {
    it(`${lang}: refusal, timer, takeback, resignation, mate, abort, timeout and an unknown code`, async () => {
      const fragments = englishFragments(strings);
      const english: string[] = [];
      const note = async (page: Page, where: string) => {
        for (const f of await englishOn(page, fragments)) english.push(`${where}: ${f}`);
      };

      // The lobby, asked for a table that does not exist.
      const ana = await newPage(rig(), "Ana", { width: 1280, height: 860 }, locale);
      await ana.goto(rig().base);
      expect(await ana.evaluate(() => document.documentElement.lang)).toBe(lang);
      await ana.fill("#code", "ZZZ999");
      await ana.click("[data-section=code] button");
      const unknown = await textOf(ana, ".lobby-message");
      expect(unknown).not.toMatch(/There is no table|Could not reach/);
      await note(ana, "lobby");

      // A table of two people with a turn timer.
      await ana.selectOption("[data-section=create] select[name=game]", "xiangqi");
      await ana.click("[data-section=create] summary");
      await ana.selectOption("[data-section=create] .rules select[name=turnTimer]", "30");
      await ana.click("[data-action=create]");
      await waitBoard(ana);
      await ana.waitForURL(/\/t\/[A-Z2-9]{6}$/);
      const budi = await newPage(rig(), "Budi", { width: 1280, height: 860 }, locale);
      await budi.goto(`${rig().base}/t/${tableId(ana)}`);
      await budi.click("[data-action=join-named]");
      await waitTable(budi, (t) => t.mySeats.length === 1);
      await ana.click("[data-action='table.start']");
      const started = await waitTable(ana, (t) => t.phase === "playing");
      expect(started.mySeats).toEqual([0]);

      // A refused move: the horse's leg at c0 is blocked.
      await playMove(ana, "b0", "d1");
      const refused = await textOf(ana, ".panel .message");
      expect(refused).toBe(strings["error.move/horse-leg"]!.replace("{square}", "c0"));
      await note(ana, "refusal");

      // Budi lets his time run out: the CPU moves for him, and both are told.
      await playMove(ana, "h2", "e2");
      await waitTable(ana, (t) => t.moves >= 2, 30_000);
      const mine = await textOf(budi, ".notices [data-notice='timer/ran-out']");
      expect(mine).toBe(strings["notice.timer/ran-out.you"]);
      const theirs = await textOf(ana, ".notices [data-notice='timer/ran-out']");
      expect(theirs).toBe(
        strings["notice.timer/ran-out"]!.replace("{seat}", `${strings["color.black"]} (Budi)`),
      );
      await note(ana, "timer");
      await note(budi, "timer");
      await ana.screenshot({ path: path.join(ARTIFACTS, `languages-${lang}-table.png`) });

      // Ana asks to take back her move; Budi is asked in his language.
      await playMove(ana, "i0", "i1");
      await waitTable(ana, (t) => t.moves >= 3 && t.turn === 1);
      await ana.click("[data-action='table.takeback']");
      const asked = await textOf(budi, ".offer p");
      // The plies taken back, and the plural form the language uses for that many.
      const n = Number(/\d+/.exec(asked)?.[0] ?? 1);
      const form = new Intl.PluralRules(lang === "pt" ? "pt-PT" : lang).select(n);
      const template =
        strings[`table.takebackAsked.${form}`] ?? strings["table.takebackAsked.other"]!;
      expect(asked).toBe(template.replace("{name}", "Ana").replace("{n}", String(n)));
      await note(budi, "takeback");
      await budi.screenshot({ path: path.join(ARTIFACTS, `languages-${lang}-takeback.png`) });

      // Budi resigns: Ana won, Budi lost, and the reason names him.
      await budi.click("[data-action='table.resign']");
      await budi.click(".confirm [data-action=confirm]");
      await waitTable(ana, (t) => t.phase === "finished");
      expect(await textOf(ana, ".result h2")).toBe(strings["result.youWon"]);
      expect(await textOf(budi, ".result h2")).toBe(strings["result.youLost"]);
      const reason = await textOf(ana, ".result .result-reason");
      expect(reason).toBe(
        strings["reason.resignation"]!.replace("{loser}", `${strings["color.black"]} (Budi)`),
      );
      await note(ana, "resignation");
      await note(budi, "resignation");
      await ana.screenshot({ path: path.join(ARTIFACTS, `languages-${lang}-result.png`) });
      await Promise.all([ana.context().close(), budi.context().close()]);

      // A mate, at a table for two on one device: the cannon mates, screened by an advisor.
      const page = await newPage(rig(), "Citra", { width: 1280, height: 860 }, locale);
      await page.goto(rig().base);
      await page.click("[data-section=hotseat] button");
      await waitBoard(page);
      await waitTable(page, (t) => t.phase === "playing");
      const line = ["b2-b4", "a6-a5", "b4-c4", "f9-e8", "c4-c9"];
      for (const [i, move] of line.entries()) {
        const [from, to] = move.split("-") as [string, string];
        await playMove(page, from, to);
        await waitTable(page, (t) => t.moves === i + 1);
      }
      await waitTable(page, (t) => t.phase === "finished");
      const mate = await textOf(page, ".result .result-reason");
      expect(mate).toBe(strings["reason.mate"]!.replace("{mate}", strings["mate.cannon"]!));
      expect(await textOf(page, ".result h2")).toContain(strings["color.red"]!);
      await note(page, "mate");
      await page.screenshot({ path: path.join(ARTIFACTS, `languages-${lang}-mate.png`) });
      await page.context().close();

      // A flag that falls: against the computer with a clock of fifteen seconds. Before Dewi
      // ever moved, the game is aborted (as on lichess), not lost.
      const dewi = await newPage(rig(), "Dewi", { width: 1280, height: 860 }, locale);
      await dewi.goto(rig().base);
      const clock = "[data-section=computer] select[name=cpuClock-xiangqi]";
      await dewi.selectOption(clock, "custom");
      for (const [field, value] of [
        ["minutes", "0"],
        ["seconds", "15"],
        ["extra-seconds", "0"],
      ] as const) {
        const input = `[data-section=computer] input[name=cpuClock-xiangqi-${field}]`;
        await dewi.fill(input, value);
        await dewi.press(input, "Tab");
      }
      await note(dewi, "custom clock");
      await dewi.click("[data-section=computer] .row button >> nth=2");
      await waitBoard(dewi);
      await waitTable(dewi, (t) => t.phase === "finished", 30_000);
      expect(await textOf(dewi, ".result h2")).toBe(strings["result.aborted"]);
      expect(await textOf(dewi, ".result .result-reason")).toBe(strings["reason.aborted"]);
      await note(dewi, "aborted");
      await dewi.screenshot({ path: path.join(ARTIFACTS, `languages-${lang}-aborted.png`) });
      // Once she has moved, the flag that falls loses the game (colours swap for the next one).
      await dewi.click(".result [data-action=playAgain]");
      const next = await waitTable(
        dewi,
        (t) => t.phase === "playing" && t.mySeats.includes(t.turn),
        30_000,
      );
      await playLegal(dewi);
      await waitTable(dewi, (t) => t.phase === "finished", 40_000);
      const color = next.mySeats[0] === 0 ? "color.red" : "color.black";
      expect(await textOf(dewi, ".result h2")).toBe(strings["result.youLost"]);
      expect(await textOf(dewi, ".result .result-reason")).toBe(
        strings["reason.timeout"]!.replace("{loser}", `${strings[color]} (Dewi)`),
      );
      // The move list says the flag fell, not that Dewi resigned.
      const cells = await dewi.$$eval(".moves tbody td", (tds) =>
        tds.map((td) => td.textContent?.trim() ?? ""),
      );
      expect(cells).toContain(strings["table.timeoutEntry"]);
      await note(dewi, "timeout");
      await dewi.screenshot({ path: path.join(ARTIFACTS, `languages-${lang}-timeout.png`) });
      await dewi.context().close();

      expect(english).toEqual([]);
    }, 180_000);
  }
});
