/**
 * Each language is a chunk of its own, fetched only by a page in that language: a page in
 * English never fetches the Indonesian, Portuguese or Hindi catalogue; a page in Portuguese
 * fetches only its own (not even English's) and draws its first screen in it; picking
 * a language in the top bar, in the lobby or at a table, fetches it and shows it. The table's
 * words are a part of their own in every language, English too: the lobby never fetches them,
 * a table fetches those of its language.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "../../client/src/i18n/catalogues";
import { ARTIFACTS, newPage, useRig, waitBoard } from "./harness";

const rig = useRig();

const ASSETS = fileURLToPath(new URL("../../dist/client/assets/", import.meta.url));
const OTHERS = ["id", "pt", "hi"] as const;

/** The built catalogue chunks (the lobby's words), by language (Vite names a chunk after its module). */
function catalogueChunks(): Record<"en" | (typeof OTHERS)[number], string[]> {
  const files = readdirSync(ASSETS);
  const out = { en: [] as string[], id: [] as string[], pt: [] as string[], hi: [] as string[] };
  for (const lang of ["en", ...OTHERS] as const)
    out[lang] = files.filter((f) => new RegExp(`^${lang}-[\\w-]+\\.js$`).test(f));
  return out;
}

/** The built chunk of a language's table words. */
function tableChunk(lang: "en" | (typeof OTHERS)[number]): string {
  const found = readdirSync(ASSETS).filter((f) =>
    new RegExp(`^table-${lang}-[\\w-]+\\.js$`).test(f),
  );
  expect(found, `table-${lang}`).toHaveLength(1);
  return found[0]!;
}

/** The names of the script files under /assets/ the page requests. */
function scriptRequests(page: Page): string[] {
  const names: string[] = [];
  page.on("request", (r) => {
    const p = new URL(r.url()).pathname;
    if (/^\/assets\/.+\.js$/.test(p)) names.push(path.basename(p));
  });
  return names;
}

/** Records, from before the page's first script, the first text the quick-play heading had. */
async function watchFirstHeading(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { firstHeading?: string };
    new MutationObserver((_, observer) => {
      const h = document.querySelector("[data-section=quick] h2");
      if (!h) return;
      w.firstHeading = h.textContent ?? "";
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
}

const firstHeading = (page: Page) =>
  page.evaluate(() => (window as unknown as { firstHeading?: string }).firstHeading);

async function waitText(page: Page, selector: string, text: string): Promise<void> {
  await page.waitForFunction(
    ([sel, want]) => document.querySelector(sel!)?.textContent === want,
    [selector, text],
    { timeout: 20_000 },
  );
}

describe("catalogues as chunks of their own", () => {
  it("are built one per language", () => {
    const chunks = catalogueChunks();
    for (const lang of ["en", ...OTHERS] as const) expect(chunks[lang], lang).toHaveLength(1);
  });

  it("are not fetched by a page in English; picking a language fetches it and shows it", async () => {
    const chunks = catalogueChunks();
    const page = await newPage(rig(), "Ana", { width: 1280, height: 800 }, "en-US");
    try {
      const scripts = scriptRequests(page);
      await page.goto(`${rig().base}/`);
      await page.waitForSelector("[data-section=tables] :is(p, ul)");
      await page.waitForLoadState("networkidle");
      expect(await page.textContent("[data-section=quick] h2")).toBe(CATALOGUES.en["lobby.quick"]);
      expect(scripts, "English fetched by an English page").toContain(chunks.en[0]);
      for (const lang of OTHERS)
        expect(scripts, `${lang} fetched by an English page`).not.toContain(chunks[lang][0]);
      for (const lang of ["en", ...OTHERS] as const)
        expect(scripts, `the table's words fetched by the lobby`).not.toContain(tableChunk(lang));

      await page.selectOption("nav.top select", "pt");
      await waitText(page, "[data-section=quick] h2", CATALOGUES.pt["lobby.quick"]);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe("pt");
      expect(scripts).toContain(chunks.pt[0]);
      expect(scripts).not.toContain(chunks.id[0]);
      expect(scripts).not.toContain(chunks.hi[0]);

      // At a table: the screen is drawn again in the language picked.
      await page.click("[data-section=computer] .row button >> nth=0");
      await waitBoard(page);
      await waitText(page, "[data-action=leave] span", CATALOGUES.pt["table.back"]);
      expect(scripts).toContain(tableChunk("pt"));
      expect(scripts, "English table words at a Portuguese table").not.toContain(tableChunk("en"));
      await page.selectOption("nav.top select", "id");
      await waitText(page, "[data-action=leave] span", CATALOGUES.id["table.back"]);
      await waitBoard(page);
      expect(scripts).toContain(chunks.id[0]);
      expect(scripts).toContain(tableChunk("id"));
      expect(scripts).not.toContain(chunks.hi[0]);
      expect(scripts).not.toContain(tableChunk("hi"));
      await page.screenshot({ path: path.join(ARTIFACTS, "catalogues-switched-table-id.png") });
    } finally {
      await page.context().close();
    }
  });

  it("is fetched before a page in Portuguese draws its first screen, which is never English", async () => {
    const chunks = catalogueChunks();
    const page = await newPage(rig(), "Bia", { width: 1280, height: 800 }, "pt-BR");
    try {
      const scripts = scriptRequests(page);
      await watchFirstHeading(page);
      await page.goto(`${rig().base}/`);
      await page.waitForSelector("[data-section=tables] :is(p, ul)");
      await page.waitForLoadState("networkidle");
      expect(await firstHeading(page)).toBe(CATALOGUES.pt["lobby.quick"]);
      expect(scripts).toContain(chunks.pt[0]);
      expect(scripts, "English fetched by a Portuguese page").not.toContain(chunks.en[0]);
      expect(scripts).not.toContain(chunks.id[0]);
      expect(scripts).not.toContain(chunks.hi[0]);
      await page.screenshot({ path: path.join(ARTIFACTS, "catalogues-lobby-pt.png") });

      // The choice is remembered: Indonesian, picked once, is the first screen of the next visit.
      await page.selectOption("nav.top select", "id");
      await waitText(page, "[data-section=quick] h2", CATALOGUES.id["lobby.quick"]);
      await page.reload();
      await page.waitForSelector("[data-section=tables] :is(p, ul)");
      expect(await firstHeading(page)).toBe(CATALOGUES.id["lobby.quick"]);
    } finally {
      await page.context().close();
    }
  });
});
