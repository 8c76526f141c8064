/**
 * Hindi on a machine with no Devanagari font (this one, and CI): the page's font draws Devanagari
 * letters as glyphs, not as the box of a code point no font has, and joins conjuncts; a page in
 * English never fetches the font, and switching to Hindi fetches it and draws with it. The Hindi
 * lobby and a Hindi table are saved to test-results/ to look at.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "../../client/src/i18n/catalogues";
import { ARTIFACTS, type DrawnText, drawnTexts, newPage, useRig, waitBoard } from "./harness";

const rig = useRig();

/** A private-use code point: no font has it, so it is drawn as the missing-glyph box. */
const NO_GLYPH = "\uE000";
const KA = "क";
const SHA = "श";
const LETTERS = [KA, SHA, "ज"];
/** क्ष: क, the virama that joins it to the next consonant, and ष. */
const KSSA = "\u0915\u094D\u0937";
const KA_VIRAMA = "\u0915\u094D";
const SSA = "\u0937";

type Drawn = DrawnText;
const drawn = drawnTexts;

const same = (a: Drawn, b: Drawn) => a.ink.every((v, i) => v === b.ink[i]);

/** The requests for the Devanagari font files the page makes. */
function fontRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (r) => {
    if (/\/fonts\/devanagari-\d+\.woff2$/.test(r.url())) urls.push(new URL(r.url()).pathname);
  });
  return urls;
}

async function expectGlyphs(page: Page) {
  const d = await drawn(page, [...LETTERS, NO_GLYPH, KSSA, KA_VIRAMA, SSA]);
  for (const letter of LETTERS) {
    expect(same(d[letter]!, d[NO_GLYPH]!), `${letter} is drawn as a box`).toBe(false);
    expect(
      d[letter]!.ink.some((v) => v > 0),
      `${letter} is drawn`,
    ).toBe(true);
  }
  expect(same(d[KA]!, d[SHA]!)).toBe(false);
  // क्ष is one conjunct, narrower than क with its virama beside ष.
  expect(d[KSSA]!.width).toBeLessThan(d[KA_VIRAMA]!.width + d[SSA]!.width - 4);
}

describe("Devanagari", () => {
  it("is not fetched by a page in English; choosing Hindi fetches it and draws glyphs", async () => {
    const page = await newPage(rig(), "Ana", { width: 1280, height: 800 }, "en-US");
    try {
      const requests = fontRequests(page);
      await page.goto(`${rig().base}/`);
      await page.waitForSelector("[data-section=tables] :is(p, ul)");
      await page.waitForLoadState("networkidle");
      expect(requests).toEqual([]);
      // Without the font this machine draws Devanagari as boxes, as a code point no font has.
      const before = await drawn(page, [KA, NO_GLYPH]);
      if (!same(before[KA]!, before[NO_GLYPH]!))
        console.warn("This machine has a Devanagari font: the check below proves less here.");

      await page.selectOption("nav.top select", "hi");
      await page.waitForFunction(
        (text) => document.querySelector("[data-section=quick] h2")?.textContent === text,
        CATALOGUES.hi["lobby.quick"],
      );
      expect([...requests].sort()).toEqual([
        "/fonts/devanagari-400.woff2",
        "/fonts/devanagari-700.woff2",
      ]);
      await expectGlyphs(page);
    } finally {
      await page.context().close();
    }
  });

  it("draws the Hindi lobby and a Hindi table with glyphs, in the page's font", async () => {
    const page = await newPage(rig(), "अनु", { width: 1280, height: 800 }, "hi-IN");
    try {
      await page.goto(`${rig().base}/`);
      await page.waitForSelector("[data-section=tables] :is(p, ul)");
      expect(await page.textContent("[data-section=computer] h2")).toBe(
        CATALOGUES.hi["lobby.computer"],
      );
      // The picker shows the native name, drawn by the font, with the Latin one.
      expect(await page.$eval("nav.top select", (s: HTMLSelectElement) => s.value)).toBe("hi");
      await expectGlyphs(page);
      await page.screenshot({ path: path.join(ARTIFACTS, "hindi-lobby.png") });

      await page.click("[data-section=computer] .row button >> nth=0");
      await waitBoard(page);
      await page.waitForSelector(".panel");
      await page.evaluate(() => document.fonts.ready);
      await expectGlyphs(page);
      await page.screenshot({ path: path.join(ARTIFACTS, "hindi-table.png") });
    } finally {
      await page.context().close();
    }
  });
});
