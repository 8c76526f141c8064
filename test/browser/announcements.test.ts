/**
 * What a screen reader is told at a table against the computer, as the page's live regions
 * say it: each CPU move once, whole (the piece, its squares, a capture, a check, and that it is
 * the reader's turn), the reader's own moves not at all, a refused move with its reason; in
 * English and Hindi. Every text written into a live region is recorded as it changes.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "../../client/src/i18n/catalogues";
import { unwrap } from "../../shared/core/result";
import { advance, type Replayed, setupOf, startGame } from "../../shared/match/replay";
import { defaultRules } from "../../shared/match/rules";
import {
  type BrowserRig,
  playComputer,
  playLegal,
  type TableSummary,
  useRig,
  waitTable,
} from "./harness";

const rig = useRig(100);

type Strings = Record<string, string>;
const LOCALES = { en: "en-US", hi: "hi-IN", id: "id-ID" } as const;
type Lang = keyof typeof LOCALES;
const fill = (template: string, params: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? `{${k}}`));

interface Said {
  /** The region: its aria-live, or its role. */
  readonly live: string;
  readonly text: string;
}

/** A page of its own device in `lang`, recording every text its live regions show. */
async function recordingPage(r: BrowserRig, lang: Lang): Promise<Page> {
  const context = await r.browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: LOCALES[lang],
  });
  await context.addInitScript(() => {
    localStorage.setItem("crossboard.name", "Ana");
    const said: { live: string; text: string }[] = [];
    (window as unknown as { said: typeof said }).said = said;
    const LIVE = "[aria-live]:not([aria-live=off]), [role=alert], [role=status], [role=log]";
    const last = new Map<Element, string>();
    new MutationObserver((records) => {
      const changed = new Set<Element>();
      for (const m of records) {
        const node = m.target instanceof Element ? m.target : m.target.parentElement;
        const region = node?.closest(LIVE);
        if (region) changed.add(region);
      }
      for (const region of changed) {
        const text = region.textContent?.trim() ?? "";
        const shown = !region.closest("[hidden]");
        // Written again (a new utterance), or newly shown.
        if (text && shown)
          said.push({
            live: region.getAttribute("aria-live") ?? region.getAttribute("role") ?? "",
            text,
          });
        last.set(region, text);
      }
    }).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ["hidden"],
    });
  });
  const page = await context.newPage();
  page.on("pageerror", (e) => console.error(`[${lang}] page error: ${e.message}`));
  return page;
}

const saidOn = (page: Page): Promise<Said[]> =>
  page.evaluate(() => (window as unknown as { said: Said[] }).said.slice());

/** How often `part` was said, over everything said. */
const times = (said: readonly Said[], part: string) =>
  said.reduce((n, s) => n + s.text.split(part).length - 1, 0);

/** A CPU move as it should be told, worked out from the shared rules. */
interface Expected {
  readonly head: string;
  readonly check: string | null;
}

describe("what a screen reader is told", () => {
  for (const lang of ["en", "hi"] as const) {
    it(`at a xiangqi table against the computer, in ${lang}`, { timeout: 90_000 }, async () => {
      const w = CATALOGUES[lang] as Strings;
      const page = await recordingPage(rig(), lang);
      let t: TableSummary = await playComputer(rig(), page, 2);
      const me = t.mySeats[0]!;
      const cpu = 1 - me;
      const color = (seat: number) => w[`color.${["red", "black"][seat]}`]!;
      const piece = (kind: string) =>
        (w[`piece.xiangqi.${kind}`] ?? w[`piece.${kind}`] ?? kind).toLocaleLowerCase(lang);

      // A move typed that the rules refuse: told with its reason (the line beside the board).
      const field = page.getByRole("textbox", { name: w["table.keyboard"] });
      await field.fill(me === 0 ? "a0a5" : "a9a4");
      await field.press("Enter");
      await page.waitForSelector(".message:not([hidden])");
      const refusal = (await page.textContent(".message"))!.trim();
      expect(refusal.length).toBeGreaterThan(0);
      if (lang === "hi") expect(refusal).toMatch(/\p{Script=Devanagari}/u);
      await page.waitForFunction(
        (text) => (window as unknown as { said: Said[] }).said.some((s) => s.text === text),
        refusal,
      );

      // The moves, replayed here to know what each CPU move took and whether it checked.
      let game: Replayed = unwrap(
        startGame("xiangqi", setupOf(defaultRules("xiangqi"), 0, t.startFen), true),
      );
      const expected: Expected[] = [];
      let played = 0;
      const mine: string[] = [];
      while (expected.length < 12 && !(expected.length >= 3 && expected.some((e) => e.check))) {
        const before = t.moves;
        mine.push(await playLegal(page, []));
        t = await waitTable(
          page,
          (x) => x.phase !== "playing" || (x.moves >= before + 2 && x.mySeats.includes(x.turn)),
        );
        for (const entry of t.moveList.slice(played)) {
          const pieces = game.pieces!;
          const move = entry.move!;
          const moved = pieces.find((p) => p.square === move.from)!;
          const taken = pieces.find((p) => p.square === move.to);
          game = unwrap(advance(game, entry));
          if (entry.seat !== cpu) continue;
          const who = `${color(cpu)} (${w["seat.cpu"]})`;
          let head = fill(w["news.move"]!, {
            who,
            piece: piece(moved.kind),
            from: move.from,
            to: move.to,
          });
          if (taken)
            head += `, ${fill(w["news.takes"]!, { color: color(taken.seat), piece: piece(taken.kind) })}`;
          const checks = game.game.checks();
          const check =
            checks.length > 0 ? fill(w["news.check"]!, { names: color(checks[0]!) }) : null;
          expected.push({ head, check });
        }
        played = t.moveList.length;
        if (t.phase !== "playing") break;
        // Each CPU move is told: waited for, never slept for.
        await page.waitForFunction(
          (head) => (window as unknown as { said: Said[] }).said.some((s) => s.text.includes(head)),
          expected.at(-1)!.head,
        );
      }

      const said = await saidOn(page);
      const yourTurn = w["news.yourMove"]!;
      for (const e of expected) {
        // Once, whole: what it took, the check within the same sentence, and whose turn it is.
        expect(times(said, e.head), e.head).toBe(1);
        const sentence = said.find((s) => s.text.includes(e.head))!.text;
        const tail = sentence.slice(sentence.indexOf(e.head) + e.head.length);
        if (e.check) expect(tail.startsWith(`, ${e.check}`), sentence).toBe(true);
        expect(tail, sentence).toContain(yourTurn);
        expect(sentence.split(yourTurn).length, sentence).toBe(2);
      }
      // A check was told within its move's sentence.
      expect(expected.some((e) => e.check)).toBe(true);
      // The reader's own moves are not read back, and the turn is not said again on its own.
      expect(said.filter((s) => s.text.includes(`${color(me)} (Ana)`))).toEqual([]);
      const firstTold = said.findIndex((s) => s.text.includes(expected[0]!.head));
      expect(said.slice(firstTold).filter((s) => s.text === w["table.yourTurn"])).toEqual([]);
      // Nothing said twice in a row in the same region.
      const doubled = said.filter(
        (s, i) => i > 0 && said[i - 1]!.text === s.text && said[i - 1]!.live === s.live,
      );
      expect(doubled).toEqual([]);
      await page.context().close();
    });
  }

  it("at a four-player Teams table against the computer, in id: each CPU move once, with who is next", {
    timeout: 90_000,
  }, async () => {
    const lang = "id";
    const w = CATALOGUES[lang] as Strings;
    const page = await recordingPage(rig(), lang);
    let t: TableSummary = await playComputer(rig(), page, 0);
    const me = t.mySeats[0]!;
    const color = (seat: number) => w[`color.${["red", "blue", "yellow", "green"][seat]}`]!;
    const piece = (kind: string) => (w[`piece.${kind}`] ?? kind).toLocaleLowerCase(lang);
    const list = (seats: readonly number[]) =>
      new Intl.ListFormat(lang, { type: "conjunction" }).format(seats.map(color));
    let game: Replayed = unwrap(
      startGame("fourchess", setupOf(defaultRules("fourchess"), 0, t.startFen), true),
    );
    const told: string[] = [];
    let played = 0;
    for (let round = 0; round < 3; round++) {
      const before = t.moves;
      await playLegal(page, ["h2-h3", "g2-g3", "i2-i3"]);
      t = await waitTable(
        page,
        (x) => x.phase !== "playing" || (x.moves >= before + 4 && x.mySeats.includes(x.turn)),
      );
      const entries = t.moveList.slice(played);
      entries.forEach((entry, i) => {
        const pieces = game.pieces!;
        const move = entry.move;
        const moved = move ? pieces.find((p) => p.square === move.from) : undefined;
        const taken = move ? pieces.find((p) => p.square === move.to) : undefined;
        game = unwrap(advance(game, entry));
        if (entry.seat === me || !move || !moved) return;
        let text = fill(w["news.move"]!, {
          who: `${color(entry.seat)} (${w["seat.cpu"]})`,
          piece: piece(moved.kind),
          from: move.from,
          to: move.to,
        });
        if (taken)
          text += `, ${
            taken.seat >= 0
              ? fill(w["news.takes"]!, { color: color(taken.seat), piece: piece(taken.kind) })
              : fill(w["news.takesPiece"]!, { piece: piece(taken.kind) })
          }`;
        const checks = game.game.checks();
        // Each CPU move comes in a state of its own (100 ms apart), its check known with it.
        if (checks.length > 0) text += `, ${fill(w["news.check"]!, { names: list(checks) })}`;
        const next = entries[i + 1]?.seat ?? t.turn;
        text = `${fill(w["news.sentence"]!, { text })} ${
          next === me ? w["news.yourMove"] : fill(w["news.next"]!, { name: color(next) })
        }`;
        told.push(text);
      });
      played = t.moveList.length;
      if (t.phase !== "playing") break;
      await page.waitForFunction(
        (text) => (window as unknown as { said: Said[] }).said.some((s) => s.text.includes(text)),
        told.at(-1)!,
      );
    }
    const said = await saidOn(page);
    expect(told.length).toBeGreaterThanOrEqual(9);
    // Each CPU move told once, whole, with who moves next.
    for (const text of told)
      expect(times(said, text), `${text}\n${said.map((s) => s.text).join("\n")}`).toBe(1);
    // The reader's own moves are not.
    expect(said.filter((s) => s.text.includes(`${color(me)} (Ana)`))).toEqual([]);
    await page.context().close();
  });
});
