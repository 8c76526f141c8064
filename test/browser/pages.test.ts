/**
 * Addresses with nothing at them, opened in a browser in English, Indonesian, Portuguese and
 * Hindi: a page that says so in the reader's language (status 404) with a link that leads back
 * to the lobby; the API still answers such an address with JSON. A seat named in Devanagari at
 * a table read in Indonesian or Portuguese, on a desktop and a phone, whether the name is this
 * device's own or someone else's who joins: the page fetches the Devanagari font and draws the
 * name's letters, not boxes. Pages are saved to test-results/pages-*.png to look at.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "../../client/src/i18n/catalogues";
import { ARTIFACTS, drawnTexts, newPage, useRig, waitBoard } from "./harness";

const rig = useRig();

const LANGS = [
  { lang: "en", locale: "en-US" },
  { lang: "id", locale: "id-ID" },
  { lang: "pt", locale: "pt-BR" },
  { lang: "hi", locale: "hi-IN" },
] as const;

type Lang = (typeof LANGS)[number]["lang"];

/** The address, and the heading and text the page shows for it in `lang`. */
function expected(lang: Lang): { path: string; title: string; text: string }[] {
  const c = CATALOGUES[lang];
  return [
    { path: "/rules", title: c["notFound.title"], text: c["notFound.page"] },
    { path: "/help", title: c["notFound.title"], text: c["notFound.page"] },
    {
      path: "/t/ZZZZZZ",
      title: c["notFound.title"],
      text: c["notFound.table"].replace("{code}", "ZZZZZZ"),
    },
    { path: "/g/nonexistent", title: c["archive.missing"], text: c["archive.missingText"] },
  ];
}

describe("Addresses with nothing at them", () => {
  for (const { lang, locale } of LANGS)
    it(`show a page saying so in ${lang}, with a link back to the lobby`, async () => {
      const phone = lang === "hi" || lang === "pt";
      const viewport = phone ? { width: 390, height: 844 } : { width: 1280, height: 800 };
      const page = await newPage(rig(), "Ana", viewport, locale);
      try {
        for (const want of expected(lang)) {
          const res = await page.goto(`${rig().base}${want.path}`);
          expect(res?.status(), want.path).toBe(404);
          await page.waitForSelector(".archive-problem h1");
          expect(await page.textContent(".archive-problem h1"), want.path).toBe(want.title);
          expect(await page.textContent(".archive-problem p"), want.path).toBe(want.text);
          expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
          await page.evaluate(() => document.fonts.ready);
          const shot = want.path.split("/")[1];
          await page.screenshot({
            path: path.join(ARTIFACTS, `pages-missing-${lang}-${shot}.png`),
          });
          // The way back: the lobby, at its own address.
          const link = page.locator(".archive-problem [data-action=lobby]");
          expect(await link.textContent()).toBe(CATALOGUES[lang]["nav.lobby"]);
          await link.click();
          await page.waitForSelector("[data-section=quick] h2");
          expect(new URL(page.url()).pathname).toBe("/");
          expect(await page.textContent("[data-section=quick] h2")).toBe(
            CATALOGUES[lang]["lobby.quick"],
          );
        }
        // The API answers as before: JSON, not a page.
        const api = await page.goto(`${rig().base}/api/whatever`);
        expect(api?.status()).toBe(404);
        expect(await api?.json()).toMatchObject({
          code: "api/not-found",
        });
      } finally {
        await page.context().close();
      }
    }, 60_000);
});

/** A private-use code point: no font has it, so it is drawn as the missing-glyph box. */
const NO_GLYPH = "\uE000";
const RAJ = "राज";

/** The alpha of each pixel of each text drawn at 32 px in the page's own font. */
async function inkOf(page: Page, texts: string[]): Promise<Record<string, number[]>> {
  const drawn = await drawnTexts(page, texts);
  return Object.fromEntries(Object.entries(drawn).map(([text, d]) => [text, d.ink]));
}

describe("A name in Devanagari on a page in another language", () => {
  // The name is first drawn in the lobby's name field, before the font is here; then in the
  // seat list (desktop) or the corner badges (phone).
  for (const { lang, locale, viewport } of [
    { lang: "id", locale: "id-ID", viewport: { width: 1280, height: 800 } },
    { lang: "pt", locale: "pt-BR", viewport: { width: 390, height: 844 } },
    { lang: "pt", locale: "pt-BR", viewport: { width: 1280, height: 800 } },
    { lang: "id", locale: "id-ID", viewport: { width: 390, height: 844 } },
  ])
    it(`is drawn with the Devanagari font at a table read in ${lang}, ${viewport.width}×${viewport.height}`, async () => {
      const page = await newPage(rig(), RAJ, viewport, locale);
      try {
        const requests: string[] = [];
        page.on("request", (r) => {
          if (/\/fonts\/devanagari-\d+\.woff2$/.test(r.url())) requests.push(r.url());
        });
        await page.goto(`${rig().base}/`);
        await page.waitForSelector("[data-section=computer] .row button");
        expect(await page.textContent("[data-section=computer] h2")).toBe(
          CATALOGUES[lang as Lang]["lobby.computer"],
        );
        await page.click("[data-section=computer] .row button >> nth=0");
        await waitBoard(page);
        // The seat's name is on the page, as the person wrote it.
        await page.waitForFunction((name) => document.body.textContent?.includes(name), RAJ);
        // Both weights fetched (names are bold in places), and the page drawn again with them.
        await page.waitForFunction(() =>
          [...document.fonts]
            .filter((f) => f.family.includes("Crossboard Devanagari"))
            .every((f) => f.status === "loaded"),
        );
        expect(requests.length, "the Devanagari font is fetched").toBe(2);
        await page.waitForSelector("html[data-drawn-fonts=Devanagari]", { state: "attached" });
        await page.evaluate(() => new Promise(requestAnimationFrame));
        // The name as the page draws it is not what a name no font has looks like.
        const name = (await page
          .locator(":is(.name, .corner-name):visible", { hasText: RAJ })
          .first()
          .elementHandle())!;
        const clip = (await name.boundingBox())!;
        const drawn = await page.screenshot({ clip });
        // The same place with the name written in a character no font has: boxes.
        await name.evaluate((e, boxes) => {
          e.textContent = boxes;
        }, NO_GLYPH.repeat(3));
        const boxed = await page.screenshot({ clip });
        expect(drawn.equals(boxed), `${RAJ} on the page is drawn as boxes`).toBe(false);
        await name.evaluate((e, raj) => {
          e.textContent = raj;
        }, RAJ);
        // Letters, not the boxes of characters no font has.
        const ink = await inkOf(page, [RAJ, NO_GLYPH.repeat(3), "र", "ज"]);
        const same = (a: number[], b: number[]) => a.every((v, i) => v === b[i]);
        expect(same(ink[RAJ]!, ink[NO_GLYPH.repeat(3)]!), `${RAJ} is drawn as boxes`).toBe(false);
        expect(same(ink["र"]!, ink["ज"]!), "र and ज are drawn alike").toBe(false);
        await page.screenshot({
          path: path.join(ARTIFACTS, `pages-devanagari-name-${lang}-${viewport.width}.png`),
        });
      } finally {
        await page.context().close();
      }
    }, 60_000);

  it("someone else's name in Devanagari, joining a table read in Indonesian, is drawn with the font", async () => {
    const host = await newPage(rig(), "Budi", { width: 1280, height: 800 }, "id-ID");
    const guest = await newPage(rig(), RAJ, { width: 1280, height: 800 }, "hi-IN");
    try {
      const requests: string[] = [];
      host.on("request", (r) => {
        if (/\/fonts\/devanagari-\d+\.woff2$/.test(r.url())) requests.push(r.url());
      });
      await host.goto(`${rig().base}/`);
      await host.selectOption("select[name=game]", "xiangqi");
      await host.click("[data-action=create]");
      await waitBoard(host);
      await host.waitForURL(/\/t\/[A-Z2-9]{6}$/);
      expect(requests, "nothing in Devanagari yet: no font fetched").toEqual([]);
      await guest.goto(host.url());
      await guest.click("[data-action=join-named]");
      await waitBoard(guest);
      await host.locator(".seat .name", { hasText: RAJ }).waitFor();
      await host.waitForSelector("html[data-drawn-fonts=Devanagari]", { state: "attached" });
      await host.evaluate(() => new Promise(requestAnimationFrame));
      const name = (await host.locator(".seat .name", { hasText: RAJ }).elementHandle())!;
      const clip = (await name.boundingBox())!;
      const drawn = await host.screenshot({ clip });
      await name.evaluate((e, boxes) => {
        e.textContent = boxes;
      }, NO_GLYPH.repeat(3));
      const boxed = await host.screenshot({ clip });
      expect(drawn.equals(boxed), `${RAJ} at the host's table is drawn as boxes`).toBe(false);
      await name.evaluate((e, raj) => {
        e.textContent = raj;
      }, RAJ);
      await host.screenshot({ path: path.join(ARTIFACTS, "pages-devanagari-guest-id.png") });
    } finally {
      await Promise.all([host.context().close(), guest.context().close()]);
    }
  }, 60_000);
});
