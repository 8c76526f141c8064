/**
 * The way to each game's rules and lessons: from the lobby (opened in place, with the browser's
 * Back leading back; a click with a modifier key left to the browser), with a line for a device
 * that has not yet seen a game to its end; and from a table and a finished game's page, where
 * the rules open in a new tab at the part about the table's format. Pages are saved to
 * test-results/learnlinks-*.png to look at.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "../../client/src/i18n/catalogues";
import { format, type Lang } from "../../client/src/i18n/index";
import type { GameId } from "../../shared/games/catalog";
import {
  ARTIFACTS,
  newPage,
  playComputer,
  playLegal,
  tableOf,
  useRig,
  waitBoard,
  waitTable,
} from "./harness";
import { learnOf } from "./learn";

const rig = useRig();

const LOCALES: Record<Lang, string> = { en: "en-US", id: "id-ID", pt: "pt-BR", hi: "hi-IN" };
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const GAMES_: readonly GameId[] = ["fourchess", "xiangqi"];

/** A finished game as the lobby's list keeps it (client/src/device/games.ts). */
const FINISHED = {
  id: "learnlinks-1",
  game: "xiangqi",
  format: "teams",
  finishedAt: Date.UTC(2025, 0, 2, 10),
  message: "Black resigned.",
  result: { code: "resignation", params: {}, draw: false, winners: [0], placing: [] },
  seats: [0],
};

/** A device in `lang` remembering `games` as its finished (or left) games, at the lobby. */
async function openLobby(
  lang: Lang,
  viewport: { width: number; height: number },
  games: unknown[] = [],
): Promise<Page> {
  const page = await newPage(rig(), "Ana", viewport, LOCALES[lang]);
  await page
    .context()
    .addInitScript((list) => localStorage.setItem("crossboard.games", list), JSON.stringify(games));
  await page.goto(`${rig().base}/`);
  await page.waitForSelector("[data-section=learn] a");
  await page.evaluate(() => document.fonts.ready);
  return page;
}

/** Each game's links in the lobby's list: the game's name, and each link's address and words. */
async function learnLinks(page: Page) {
  return page.$$eval("[data-section=learn] li", (items) =>
    items.map((li) => ({
      game: li.querySelector(".game")?.textContent ?? "",
      links: [...li.querySelectorAll("a")].map((a) => ({
        href: a.getAttribute("href"),
        text: a.textContent,
        target: a.getAttribute("target"),
      })),
    })),
  );
}

function expectLinks(lang: Lang, got: Awaited<ReturnType<typeof learnLinks>>) {
  const c = CATALOGUES[lang];
  expect(got).toEqual(
    GAMES_.map((game) => ({
      game: c[`game.${game}`],
      links: [
        { href: `/rules/${game}`, text: c["lobby.rules"], target: null },
        { href: `/learn/${game}`, text: c["lobby.learn"], target: null },
      ],
    })),
  );
}

/** The "New to this game?" line, or null when the lobby does not show it. */
const newcomerLine = (page: Page) =>
  page.evaluate(() => document.querySelector("[data-section=learn] h2")?.textContent ?? null);

/** A rules link in a new tab: its address, target and rel. */
async function newTabLink(page: Page, selector: string) {
  return page.$eval(selector, (a) => ({
    path:
      new URL((a as HTMLAnchorElement).href).pathname + new URL((a as HTMLAnchorElement).href).hash,
    target: a.getAttribute("target"),
    rel: a.getAttribute("rel"),
    text: a.textContent,
    visible: (a as HTMLElement).offsetParent !== null,
  }));
}

describe("the lobby's way to the rules and lessons", () => {
  it("in en on a 1280×800 desktop: each game's links, opened in place; Back returns", async () => {
    const page = await openLobby("en", DESKTOP);
    try {
      await page.screenshot({ path: path.join(ARTIFACTS, "learnlinks-lobby-desktop-en.png") });
      expectLinks("en", await learnLinks(page));
      expect(await newcomerLine(page)).toBe(CATALOGUES.en["lobby.new"]);
      // Beside the ways to play, on the first screen.
      const box = await page.$eval("[data-section=learn]", (e) => e.getBoundingClientRect().bottom);
      expect(box).toBeLessThanOrEqual(DESKTOP.height);

      // A plain click: the rules page in this tab, without a reload.
      await page.evaluate(() => {
        (window as unknown as { stayed: boolean }).stayed = true;
      });
      await page.click("[data-section=learn] a[href='/rules/xiangqi']");
      await page.waitForFunction(
        () =>
          (
            window as unknown as { crossboard?: { learn?: () => { page: string } | null } }
          ).crossboard?.learn?.()?.page === "rules",
        null,
        { timeout: 30_000 },
      );
      expect(new URL(page.url()).pathname).toBe("/rules/xiangqi");
      expect(await learnOf(page)).toMatchObject({ page: "rules", game: "xiangqi" });
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(
        true,
      );

      // Back: the lobby again.
      await page.goBack();
      await page.waitForSelector("[data-section=learn] a");
      expect(new URL(page.url()).pathname).toBe("/");
      expectLinks("en", await learnLinks(page));

      // The lessons the same way.
      await page.click("[data-section=learn] a[href='/learn/fourchess']");
      await page.waitForFunction(
        () =>
          (
            window as unknown as { crossboard?: { learn?: () => { page: string } | null } }
          ).crossboard?.learn?.()?.page === "lessons",
        null,
        { timeout: 30_000 },
      );
      expect(await learnOf(page)).toMatchObject({ page: "lessons", game: "fourchess" });
      await page.goBack();
      await page.waitForSelector("[data-section=learn] a");

      // A click with a modifier key is the browser's: a new tab, and this one stays.
      const [tab] = await Promise.all([
        page.context().waitForEvent("page"),
        page.click("[data-section=learn] a[href='/rules/fourchess']", { modifiers: ["Control"] }),
      ]);
      await tab.waitForLoadState();
      expect(new URL(tab.url()).pathname).toBe("/rules/fourchess");
      expect(new URL(page.url()).pathname).toBe("/");
    } finally {
      await page.context().close();
    }
  }, 90_000);

  it("in hi on a phone: each game's links in Hindi, the newcomer's line, nothing wider than the screen", async () => {
    const page = await openLobby("hi", PHONE);
    try {
      await page.screenshot({
        path: path.join(ARTIFACTS, "learnlinks-lobby-phone-hi.png"),
        fullPage: true,
      });
      expectLinks("hi", await learnLinks(page));
      expect(await newcomerLine(page)).toBe(CATALOGUES.hi["lobby.new"]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      await page.click("[data-section=learn] a[href='/rules/xiangqi']");
      await page.waitForURL(/\/rules\/xiangqi$/);
      await page.waitForFunction(
        () =>
          (
            window as unknown as { crossboard?: { learn?: () => { page: string } | null } }
          ).crossboard?.learn?.()?.page === "rules",
        null,
        { timeout: 30_000 },
      );
      await page.goBack();
      await page.waitForSelector("[data-section=learn] a");
      expect(new URL(page.url()).pathname).toBe("/");
    } finally {
      await page.context().close();
    }
  }, 60_000);

  for (const lang of ["id", "pt"] as const)
    it(`in ${lang}: the links and the newcomer's line in the page's language`, async () => {
      const page = await openLobby(lang, DESKTOP);
      try {
        await page.screenshot({
          path: path.join(ARTIFACTS, `learnlinks-lobby-desktop-${lang}.png`),
        });
        expectLinks(lang, await learnLinks(page));
        expect(await newcomerLine(page)).toBe(CATALOGUES[lang]["lobby.new"]);
      } finally {
        await page.context().close();
      }
    });

  it("a device that saw a game to its end has the links without the newcomer's line", async () => {
    const page = await openLobby("en", DESKTOP, [FINISHED]);
    try {
      await page.screenshot({ path: path.join(ARTIFACTS, "learnlinks-lobby-desktop-en-seen.png") });
      expectLinks("en", await learnLinks(page));
      expect(await newcomerLine(page)).toBeNull();
    } finally {
      await page.context().close();
    }
    // A game left while it was being played is not one seen to its end.
    const left = { ...FINISHED, id: "learnlinks-2", message: "", left: true };
    delete (left as { result?: unknown }).result;
    const other = await openLobby("en", DESKTOP, [left]);
    try {
      expect(await newcomerLine(other)).toBe(CATALOGUES.en["lobby.new"]);
    } finally {
      await other.context().close();
    }
  });
});

describe("a table's and a finished game's way to the rules", () => {
  it("xiangqi against the computer: Rules in the top bar opens the rules in a new tab; after a resignation the lobby drops the newcomer's line and the game's page links to the rules", async () => {
    const page = await newPage(rig(), "Ana", DESKTOP, "en-US");
    try {
      await playComputer(rig(), page, 2);
      const rules = await newTabLink(page, "nav.top .tools [data-action=rules]");
      expect(rules).toMatchObject({
        path: "/rules/xiangqi",
        target: "_blank",
        text: CATALOGUES.en["table.rules"],
        visible: true,
      });
      expect(rules.rel).toContain("noopener");
      // The table's panel has no link once the game has started.
      expect(await page.isVisible(".panel [data-action=rules]")).toBe(false);
      await page.screenshot({ path: path.join(ARTIFACTS, "learnlinks-table-xiangqi.png") });

      const [tab] = await Promise.all([
        page.context().waitForEvent("page"),
        page.click("nav.top .tools [data-action=rules]"),
      ]);
      await tab.waitForFunction(
        () =>
          (
            window as unknown as { crossboard?: { learn?: () => { page: string } | null } }
          ).crossboard?.learn?.()?.page === "rules",
        null,
        { timeout: 30_000 },
      );
      expect(await learnOf(tab)).toMatchObject({ page: "rules", game: "xiangqi" });
      await tab.close();
      // The table stays in this tab.
      expect((await tableOf(page))?.phase).toBe("playing");

      // A move each first: a game ended before everyone moved is not kept.
      await playLegal(page);
      await waitTable(page, (t) => t.moves >= 2 && t.mySeats.includes(t.turn));
      await page.click("[data-action='table.resign']");
      await page.click(".confirm [data-action=confirm]");
      const done = await waitTable(page, (t) => t.phase === "finished" && t.gameId !== "");

      // The game's page: the same link in its top bar.
      await page.goto(`${rig().base}/g/${done.gameId}`);
      await page.waitForSelector(`[data-game="${done.gameId}"] .panel`);
      const archived = await newTabLink(page, "nav.top .tools [data-action=rules]");
      expect(archived).toMatchObject({
        path: "/rules/xiangqi",
        target: "_blank",
        text: CATALOGUES.en["table.rules"],
      });
      await page.screenshot({ path: path.join(ARTIFACTS, "learnlinks-archive-xiangqi.png") });

      // This device has now seen a game to its end.
      await page.goto(`${rig().base}/`);
      await page.waitForSelector("[data-section=learn] a");
      expect(await newcomerLine(page)).toBeNull();
    } finally {
      await page.context().close();
    }
  }, 90_000);

  it("on a phone in pt and hi, the top bar's Rules button stays on the screen, in the page's language", async () => {
    for (const lang of ["pt", "hi"] as const) {
      const page = await newPage(rig(), "Ana", PHONE, LOCALES[lang]);
      try {
        await playComputer(rig(), page, 1);
        await page.evaluate(() => document.fonts.ready);
        await page.locator("nav.top").screenshot({
          path: path.join(ARTIFACTS, `learnlinks-table-bar-phone-${lang}.png`),
        });
        const rules = await newTabLink(page, "nav.top .tools [data-action=rules]");
        expect(rules).toMatchObject({
          path: "/rules/fourchess#individual",
          target: "_blank",
          text: CATALOGUES[lang]["table.rules"],
          visible: true,
        });
        const right = await page.$eval(
          "nav.top .tools [data-action=rules]",
          (a) => a.getBoundingClientRect().right,
        );
        expect(right).toBeLessThanOrEqual(PHONE.width);
      } finally {
        await page.context().close();
      }
    }
  }, 90_000);

  it("a four-player table before the start links to its format's rules, Individual then Teams", async () => {
    const page = await newPage(rig(), "Ana", DESKTOP, "en-US");
    const en = CATALOGUES.en;
    try {
      await page.goto(`${rig().base}/`);
      await page.click("[data-section=create] summary");
      await page.selectOption("[data-section=create] select[name=format]", "individual");
      await page.click("[data-action=create]");
      await waitBoard(page);
      await waitTable(page, (t) => t.phase === "waiting" && t.game === "fourchess");
      const want = (fmt: "teams" | "individual") => ({
        path: `/rules/fourchess#${fmt}`,
        target: "_blank",
        text: format(en["table.readRules"], {
          game: `${en["game.fourchess"]} · ${en[`format.${fmt}`]}`,
        }),
        visible: true,
      });
      await page.waitForSelector(".panel .rules-link");
      expect(await newTabLink(page, ".panel .rules-link")).toMatchObject(want("individual"));
      expect(await newTabLink(page, "nav.top .tools [data-action=rules]")).toMatchObject({
        path: "/rules/fourchess#individual",
        target: "_blank",
      });
      await page.screenshot({ path: path.join(ARTIFACTS, "learnlinks-table-waiting.png") });

      const [tab] = await Promise.all([
        page.context().waitForEvent("page"),
        page.click(".panel .rules-link"),
      ]);
      await tab.waitForFunction(
        () =>
          (
            window as unknown as { crossboard?: { learn?: () => { page: string } | null } }
          ).crossboard?.learn?.()?.page === "rules",
        null,
        { timeout: 30_000 },
      );
      expect(await learnOf(tab)).toMatchObject({ page: "rules", game: "fourchess" });
      expect(new URL(tab.url()).hash).toBe("#individual");
      await tab.close();

      // The host changes the format: the links follow.
      await page.selectOption(".rules-box select[name=format]", "teams");
      await page.waitForFunction(() =>
        document.querySelector(".panel .rules-link")?.getAttribute("href")?.endsWith("#teams"),
      );
      expect(await newTabLink(page, ".panel .rules-link")).toMatchObject(want("teams"));
      expect((await newTabLink(page, "nav.top .tools [data-action=rules]")).path).toBe(
        "/rules/fourchess#teams",
      );

      // Once the game starts the panel's link goes; the top bar's stays.
      await page.click("[data-action='table.start']");
      await waitTable(page, (t) => t.phase === "playing");
      await page.waitForSelector(".panel .rules-link", { state: "detached" });
      expect((await newTabLink(page, "nav.top .tools [data-action=rules]")).visible).toBe(true);
    } finally {
      await page.context().close();
    }
  }, 90_000);
});
