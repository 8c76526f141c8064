/**
 * Addresses with nothing at them, opened in a browser in English, Indonesian, Portuguese and
 * Hindi: a page that says so in the reader's language (status 404) with a link that leads back
 * to the lobby; the API still answers such an address with JSON. Pages are saved to
 * test-results/pages-*.png to look at.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "../../client/src/i18n/catalogues";
import { ARTIFACTS, newPage, useRig } from "./harness";

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
