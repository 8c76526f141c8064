/**
 * The lobby as a person sees it, in each language: on a 1280×800 desktop the ways to play (quick
 * play, the computer, a new table) show without scrolling, with joining by code beside them; on a
 * phone one column with nothing wider than the screen; every label sits next to its control and
 * no placeholder is cut. An unknown table code is named in the message, in the page's language.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { format, type Lang } from "../../client/src/i18n";
import { CATALOGUES } from "../../client/src/i18n/catalogues";
import { ARTIFACTS, newPage, useRig } from "./harness";

const rig = useRig();

const LOCALES: Record<Lang, string> = { en: "en-US", id: "id-ID", pt: "pt-BR", hi: "hi-IN" };
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function openLobby(lang: Lang, viewport: { width: number; height: number }) {
  const page = await newPage(rig(), null, viewport, LOCALES[lang]);
  await page.goto(`${rig().base}/`);
  await page.waitForSelector("[data-section=tables] :is(p, ul)");
  // Hindi waits for its font; the others have nothing to wait for.
  await page.evaluate(() => document.fonts.ready);
  return page;
}

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** Each visible label of the lobby, its text's box and its control's. */
async function labelled(page: Page) {
  return page.$$eval(".lobby label.field", (labels) =>
    labels
      .filter((l) => (l as HTMLElement).offsetParent !== null)
      .map((l) => {
        const box = (e: Element) => {
          const r = e.getBoundingClientRect();
          return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
        };
        const control = l.querySelector("input, select")!;
        return {
          text: l.querySelector("span")!.textContent ?? "",
          checkbox: (control as HTMLInputElement).type === "checkbox",
          label: box(l.querySelector("span")!),
          control: box(control),
        };
      }),
  );
}

/** The inputs (of the lobby) whose placeholder is wider than the box it is written in. */
async function cutPlaceholders(page: Page, within = ".lobby") {
  return page.$$eval(`${within} input[placeholder]`, (inputs) => {
    const ctx = document.createElement("canvas").getContext("2d")!;
    return (inputs as HTMLInputElement[])
      .filter((input) => {
        const s = getComputedStyle(input);
        ctx.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
        const room =
          input.clientWidth - Number.parseFloat(s.paddingLeft) - Number.parseFloat(s.paddingRight);
        return ctx.measureText(input.placeholder).width > room;
      })
      .map((input) => `${input.id}: "${input.placeholder}" in ${input.clientWidth}px`);
  });
}

function expectNextTo(fields: Awaited<ReturnType<typeof labelled>>, where: string) {
  expect(fields.length, where).toBeGreaterThan(3);
  for (const f of fields) {
    // The checkbox before its text, any other control after it; close by, on the same line.
    const gap = f.checkbox ? f.label.left - f.control.right : f.control.left - f.label.right;
    const what = `${where}: "${f.text}" ${JSON.stringify(f)}`;
    expect(gap, what).toBeGreaterThanOrEqual(0);
    expect(gap, what).toBeLessThanOrEqual(24);
    const middle = (b: Box) => (b.top + b.bottom) / 2;
    expect(Math.abs(middle(f.label) - middle(f.control)), what).toBeLessThan(12);
  }
}

describe("the lobby", () => {
  for (const lang of Object.keys(LOCALES) as Lang[]) {
    it(`in ${lang} on a 1280×800 desktop: the ways to play without scrolling, labels by their controls`, async () => {
      const page = await openLobby(lang, DESKTOP);
      try {
        await page.screenshot({ path: path.join(ARTIFACTS, `lobby-desktop-${lang}.png`) });
        const boxes = await page.evaluate(() => {
          const box = (e: Element) => {
            const r = e.getBoundingClientRect();
            return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
          };
          const all = (s: string) => [...document.querySelectorAll(s)].map(box);
          return {
            actions: all(
              "[data-section=quick] .games button, [data-section=computer] .games button, [data-action=create], #code, [data-section=code] button",
            ),
            play: box(document.querySelector(".lobby-play")!),
            side: box(document.querySelector(".lobby-side")!),
            height: window.innerHeight,
            width: window.innerWidth,
          };
        });
        // Three tiles each for quick play and the computer, Create, the code and Join.
        expect(boxes.actions).toHaveLength(9);
        for (const b of boxes.actions) {
          expect(b.top).toBeGreaterThanOrEqual(0);
          expect(b.bottom).toBeLessThanOrEqual(boxes.height);
          expect(b.right).toBeLessThanOrEqual(boxes.width);
        }
        // Joining by code and the lists beside the ways to play, not under them.
        expect(boxes.side.left).toBeGreaterThan(boxes.play.right);
        expect(boxes.side.top).toBeLessThan(boxes.play.top + 10);

        expect(await cutPlaceholders(page)).toEqual([]);
        expectNextTo(await labelled(page), `${lang} desktop`);
        // The house rules of a new table, unfolded.
        await page.click("[data-section=create] summary");
        await page.waitForSelector("[data-section=create] .rules select[name=turnTimer]");
        expectNextTo(await labelled(page), `${lang} desktop, house rules`);
        await page.screenshot({
          path: path.join(ARTIFACTS, `lobby-desktop-${lang}-rules.png`),
          fullPage: true,
        });
      } finally {
        await page.context().close();
      }
    });

    it(`in ${lang} on a phone: one column, nothing wider than the screen`, async () => {
      const page = await openLobby(lang, PHONE);
      try {
        await page.screenshot({
          path: path.join(ARTIFACTS, `lobby-phone-${lang}.png`),
          fullPage: true,
        });
        const layout = await page.evaluate(() => {
          const box = (s: string) => document.querySelector(s)!.getBoundingClientRect();
          return {
            play: { left: box(".lobby-play").left, bottom: box(".lobby-play").bottom },
            side: { left: box(".lobby-side").left, top: box(".lobby-side").top },
            scrollWidth: document.documentElement.scrollWidth,
            width: window.innerWidth,
          };
        });
        expect(layout.scrollWidth).toBeLessThanOrEqual(layout.width);
        expect(layout.side.top).toBeGreaterThanOrEqual(layout.play.bottom);
        expect(layout.side.left).toBe(layout.play.left);
        expect(await cutPlaceholders(page)).toEqual([]);
        expectNextTo(await labelled(page), `${lang} phone`);
      } finally {
        await page.context().close();
      }
    });

    it(`in ${lang}: an unknown table code is named, typed in the lobby or opened from a link`, async () => {
      const page = await openLobby(lang, DESKTOP);
      const said = (code: string) => format(CATALOGUES[lang]["lobby.noSuchTable"], { code });
      try {
        await page.fill("#code", "zzz 222");
        await page.click("[data-section=code] button");
        await page.waitForSelector(".lobby-message:not(:empty)");
        expect(await page.textContent(".lobby-message")).toBe(said("ZZZ222"));

        // A link with no table behind it: a page that says so, naming the code (no name asked).
        await page.goto(`${rig().base}/t/ZZZ333`);
        await page.waitForSelector("[data-page=not-found]");
        expect(await page.textContent("[data-page=not-found] p")).toBe(
          format(CATALOGUES[lang]["notFound.table"], { code: "ZZZ333" }),
        );
      } finally {
        await page.context().close();
      }
    });
  }
});
