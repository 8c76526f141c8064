/**
 * Whether players would recommend a game: asked on the result card of a game the reader played,
 * one answer per device and game that can be changed (the server's count moves, it does not
 * double), and shown in the lobby as "recommended by … % of … players" in each language once
 * ten people answered, not before.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "../../client/src/i18n/catalogues";
import type { Recommendations } from "../../shared/protocol/site";
import { ARTIFACTS, type BrowserRig, playComputer, playLegal, useRig, waitTable } from "./harness";

const rig = useRig();

const LOCALES = { en: "en-US", id: "id-ID", pt: "pt-BR", hi: "hi-IN" } as const;
type Lang = keyof typeof LOCALES;
const words = (lang: Lang) => CATALOGUES[lang] as Record<string, string>;
const fill = (template: string, params: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? `{${k}}`));

async function counts(): Promise<Recommendations> {
  const res = await fetch(`${rig().base}/api/recommendations`);
  expect(res.status).toBe(200);
  return (await res.json()) as Recommendations;
}

/** Devices that answered through the API so far. */
let seeded = 0;

/** `n` answers to xiangqi, each from a new device, through the API as the client sends them. */
async function answer(n: number, recommend: boolean): Promise<void> {
  for (let i = 0; i < n; i++) {
    const device = `seed${String(seeded++).padStart(3, "0")}`.padEnd(22, "x");
    const res = await fetch(`${rig().base}/api/recommend`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: rig().base },
      body: JSON.stringify({ game: "xiangqi", recommend, device }),
    });
    expect(res.status).toBe(200);
  }
}

async function pageIn(r: BrowserRig, lang: Lang): Promise<Page> {
  const context = await r.browser.newContext({
    viewport: { width: 1200, height: 860 },
    locale: LOCALES[lang],
  });
  await context.addInitScript(() => localStorage.setItem("crossboard.name", "Ana"));
  const page = await context.newPage();
  page.on("pageerror", (e) => console.error(`[${lang}] page error: ${e.message}`));
  return page;
}

/** The lobby in `lang` once it has the counts: xiangqi's line, or null while it is hidden. */
async function lobbyLine(lang: Lang): Promise<string | null> {
  const page = await pageIn(rig(), lang);
  await page.goto(`${rig().base}/`);
  await page.waitForSelector(".lobby[data-recommendations=read]");
  const line = page.locator("[data-section=learn] [data-recommend=xiangqi]");
  const text = (await line.count()) === 0 ? null : await line.textContent();
  if (text) await page.screenshot({ path: path.join(ARTIFACTS, `recommend-lobby-${lang}.png`) });
  await page.context().close();
  return text;
}

/** What the lobby says for `yes` of `n`, in `lang`. */
function expected(lang: Lang, yes: number, n: number): string {
  const locale = lang;
  return fill(words(lang)["lobby.recommended"]!, {
    pct: new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0 }).format(
      yes / n,
    ),
    n: new Intl.NumberFormat(locale).format(n),
  });
}

describe("recommendations", () => {
  it("are asked after a game played, sent once per device and changed in place", async () => {
    const page = await pageIn(rig(), "en");
    await playComputer(rig(), page, 2);
    await playLegal(page);
    await waitTable(page, (t) => t.phase === "playing" && t.mySeats.includes(t.turn));
    await page.click("[data-action='table.resign']");
    await page.click(".confirm [data-action=confirm]");
    await page.waitForSelector(".result .recommend");
    expect(await page.textContent(".result .recommend-question")).toBe(
      fill(words("en")["recommend.ask"]!, { game: words("en")["game.xiangqi"]! }),
    );
    expect(await counts()).toMatchObject({ xiangqi: { yes: 0, no: 0 } });

    const sent = () => page.waitForResponse((r) => r.url().endsWith("/api/recommend"));
    let posted = sent();
    await page.click("[data-action=recommend-yes]");
    await posted;
    await page.waitForSelector("[data-action=recommend-yes][aria-pressed=true]");
    expect(await counts()).toMatchObject({ xiangqi: { yes: 1, no: 0 } });
    expect(await page.textContent(".recommend-said")).toBe(words("en")["recommend.thanks"]);
    await page.screenshot({ path: path.join(ARTIFACTS, "recommend-result.png") });

    posted = sent();
    await page.click("[data-action=recommend-no]");
    await posted;
    await page.waitForSelector("[data-action=recommend-no][aria-pressed=true]");
    expect(await page.getAttribute("[data-action=recommend-yes]", "aria-pressed")).toBe("false");
    // Changed, not added: still one answer from this device.
    expect(await counts()).toMatchObject({ xiangqi: { yes: 0, no: 1 } });
    expect(await page.evaluate(() => localStorage.getItem("crossboard.recommend"))).toBe(
      JSON.stringify({ xiangqi: false }),
    );
    await page.context().close();
  }, 60_000);

  it("show in the lobby in every language from ten answers, not before", async () => {
    // One "no" from the game above, and eight "yes": nine answers, not shown yet.
    await answer(8, true);
    expect(await counts()).toMatchObject({ xiangqi: { yes: 8, no: 1 } });
    expect(await lobbyLine("en")).toBeNull();
    await answer(1, true);
    for (const lang of Object.keys(LOCALES) as Lang[])
      expect(await lobbyLine(lang)).toBe(expected(lang, 9, 10));
  }, 60_000);
});
