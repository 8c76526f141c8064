/**
 * Names as a person reads them: an empty name at a table link's prompt is refused in the page's
 * own words and language; a recent game in the lobby never starts a line with a separator.
 */

import path from "node:path";
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "../../client/src/i18n/catalogues";
import { ARTIFACTS, newPage, useRig } from "./harness";

const rig = useRig(150);

const LANGS = [
  { lang: "en", locale: "en-US" },
  { lang: "id", locale: "id-ID" },
  { lang: "pt", locale: "pt-BR" },
  { lang: "hi", locale: "hi-IN" },
] as const;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

describe("an empty name at a table link", () => {
  for (const { lang, locale } of LANGS) {
    it(`${lang}: is refused with the page's message, in the page's language`, async () => {
      const page = await newPage(rig(), null, PHONE, locale);
      try {
        await page.goto(`${rig().base}/t/ZZZ333`);
        await page.waitForSelector("#table-name");
        await page.fill("#table-name", "   ");
        await page.click("[data-action=join-named]");
        await page.waitForSelector(".name-prompt .field-error:not(:empty)");
        const said = await page.textContent(".name-prompt .field-error");
        expect(said).toBe(CATALOGUES[lang]["name.empty"]);
        expect(await page.getAttribute("#table-name", "aria-invalid")).toBe("true");
        // The browser's own bubble is not asked for: the form is not validated by the browser.
        expect(await page.evaluate(() => document.querySelector("form")?.noValidate)).toBe(true);
        expect(await page.isVisible(".name-prompt")).toBe(true);
        await page.screenshot({ path: path.join(ARTIFACTS, `names-empty-${lang}.png`) });
        // A name typed takes the message away.
        await page.fill("#table-name", "Ana");
        await page.waitForSelector(".name-prompt .field-error:empty", { state: "attached" });
        expect(await page.getAttribute("#table-name", "aria-invalid")).toBeNull();
      } finally {
        await page.context().close();
      }
    });
  }
});

describe("recent games in the lobby", () => {
  const now = Date.UTC(2026, 11, 4, 14, 34);
  const games = [
    // Kept before results had codes, its message lost: only who played and when.
    { id: "g-old", game: "xiangqi", format: "teams", finishedAt: now, message: "", seats: [0] },
    {
      id: "g-watched",
      game: "fourchess",
      format: "individual",
      finishedAt: now,
      message: "",
      seats: [],
    },
    {
      id: "g-left",
      game: "fourchess",
      format: "teams",
      finishedAt: now,
      message: "",
      seats: [1],
      left: true,
    },
  ];
  for (const { lang, locale } of LANGS)
    for (const [where, viewport] of [
      ["desktop", DESKTOP],
      ["phone", PHONE],
    ] as const) {
      it(`${lang} ${where}: no line starts with "·"`, async () => {
        const page = await newPage(rig(), "Ana", viewport, locale);
        await page
          .context()
          .addInitScript((g) => localStorage.setItem("crossboard.games", g), JSON.stringify(games));
        try {
          await page.goto(rig().base);
          await page.waitForSelector("[data-section=recent] [data-game=g-left]");
          const lines = await page.evaluate(() =>
            [...document.querySelectorAll("[data-section=recent] li")].map((li) =>
              [...li.querySelectorAll(":scope > span")].map((s) => ({
                text: (s.textContent ?? "").trim(),
                before: getComputedStyle(s, "::before").content,
                top: s.getBoundingClientRect().top,
              })),
            ),
          );
          expect(lines).toHaveLength(3);
          for (const spans of lines)
            for (const s of spans) {
              expect(s.text).not.toBe("");
              expect(s.text.startsWith("·")).toBe(false);
              expect(["none", "normal"]).toContain(s.before);
            }
          await page
            .locator("[data-section=recent]")
            .screenshot({ path: path.join(ARTIFACTS, `names-recent-${lang}-${where}.png`) });
        } finally {
          await page.context().close();
        }
      });
    }
});
