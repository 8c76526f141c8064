/**
 * The site as a person with a screen reader or a keyboard meets it: axe-core finds no serious or
 * critical violation on any page (the lobby; a table mid-game against the computer in xiangqi,
 * Teams and Individual; a finished table with its result card; its review; a game's page with
 * its analysis; the rules pages; the lessons and a stage of each; a player's page and the
 * leaderboard), in English, Indonesian, Portuguese and Hindi. A dialog opened from the keyboard
 * takes focus, keeps Tab inside and gives focus back to its opener when it closes; under
 * reduced motion nothing moves.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { Lang } from "../../client/src/i18n/index";
import { fourchessStages } from "../../client/src/learn/lessons/fourchess";
import { xiangqiStages } from "../../client/src/learn/lessons/xiangqi";
import { type AxeViolation, axeViolations } from "./axe";
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
import { openLearn } from "./learn";

const rig = useRig(20);

const LOCALES: Record<Lang, string> = { en: "en-US", id: "id-ID", pt: "pt-BR", hi: "hi-IN" };
const DESKTOP = { width: 1280, height: 800 };

/** The violations of each page walked through, by the page's name; empty when all is well. */
type Found = Record<string, AxeViolation[]>;

async function check(page: Page, found: Found, where: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  const v = await axeViolations(page);
  if (v.length > 0) found[where] = v;
}

const report = (found: Found) =>
  Object.entries(found)
    .map(
      ([where, list]) =>
        `${where}:\n${list.map((v) => `  ${v.id} (${v.impact}): ${v.targets.join(" | ")}`).join("\n")}`,
    )
    .join("\n");

/** A game against the computer, a move played and the computer's reply awaited. */
async function midGame(page: Page, which: 0 | 1 | 2): Promise<void> {
  await playComputer(rig(), page, which);
  await playLegal(page);
  await waitTable(page, (t) => t.moves >= 2 && t.mySeats.includes(t.turn), 30_000);
}

async function newPlayer(name: string): Promise<string> {
  const res = await fetch(`${rig().base}/api/players`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

describe("axe-core over every page", () => {
  const runs: [Lang, "light" | "dark"][] = [
    ["en", "light"],
    ["id", "light"],
    ["pt", "light"],
    ["hi", "light"],
    // The dark colours once, in the language whose words are longest.
    ["pt", "dark"],
  ];
  for (const [lang, scheme] of runs) {
    const locale = LOCALES[lang];
    it(`in ${lang}, ${scheme}: no serious or critical violation`, async () => {
      const found: Found = {};
      const page = await newPage(rig(), "Ana", DESKTOP, locale);
      await page.emulateMedia({ colorScheme: scheme });
      try {
        await page.goto(rig().base);
        await page.waitForSelector("[data-section=computer] .row button");
        await check(page, found, "lobby");
        await page.click("[data-section=create] summary");
        await page.waitForSelector("[data-section=create] .rules select[name=turnTimer]");
        await check(page, found, "lobby with house rules");
        await page.click("[data-action=pieces]");
        await page.waitForSelector(".piece-menu:popover-open");
        await check(page, found, "piece menu");
        await page.keyboard.press("Escape");
        await page.waitForSelector(".piece-menu:popover-open", { state: "detached" });

        // A table of one's own waiting for players (its invitation), and its link's name prompt.
        await page.selectOption("select[name=game]", "xiangqi");
        await page.click("[data-action=create]");
        await waitBoard(page);
        await page.waitForSelector(".share [data-code]");
        await check(page, found, "hosted table");
        const guest = await newPage(rig(), null, DESKTOP, locale);
        await guest.emulateMedia({ colorScheme: scheme });
        try {
          await guest.goto(page.url());
          await guest.waitForSelector("#table-name");
          await check(guest, found, "name prompt");
        } finally {
          await guest.context().close();
        }

        await midGame(page, 0);
        await check(page, found, "teams table");
        await midGame(page, 1);
        await check(page, found, "individual table");
        await midGame(page, 2);
        await check(page, found, "xiangqi table");

        // The game ends: the result card, then the table's review.
        await page.click("[data-action='table.resign']");
        await page.waitForSelector(".confirm");
        await check(page, found, "resign question");
        await page.click(".confirm [data-action=confirm]");
        await page.waitForSelector(".result");
        await check(page, found, "result card");
        await page.click(".result [data-action=review]");
        await waitTable(page, (t) => t.reviewStep >= 0);
        await check(page, found, "table review");

        // The game's page, analysed.
        const { gameId } = await waitTable(page, (t) => t.gameId !== "");
        await page.goto(`${rig().base}/g/${gameId}`);
        await waitBoard(page);
        await page.waitForSelector("canvas.eval-graph:visible", { timeout: 60_000 });
        await page.waitForFunction(
          () =>
            (
              window as unknown as {
                crossboard: { archive(): { analysis: { state: string } } | null };
              }
            ).crossboard.archive()?.analysis.state === "done",
          null,
          { timeout: 60_000 },
        );
        // The graph's table alternative: a row per move, each with its side and evaluation.
        await page.click(".eval-table summary");
        await page.waitForSelector(".eval-table tbody tr");
        const rows = await page.$$eval(".eval-table tbody tr", (trs) =>
          trs.map((tr) => Array.from(tr.children, (c) => c.textContent ?? "")),
        );
        // A move, the computer's reply and the resignation.
        expect(rows.length).toBeGreaterThanOrEqual(3);
        for (const [i, row] of rows.entries()) {
          expect(row[0]).toBe(String(i + 1));
          expect(row[1]!.length).toBeGreaterThan(0);
          expect(row[3]).toMatch(/\d|#/);
        }
        await check(page, found, "game page with analysis");

        for (const address of [
          "/rules/xiangqi",
          "/rules/fourchess",
          "/learn/xiangqi",
          `/learn/xiangqi/${xiangqiStages[0]!.id}`,
          "/learn/fourchess",
          `/learn/fourchess/${fourchessStages[0]!.id}`,
        ]) {
          await openLearn(page, rig().base, address);
          await check(page, found, address);
        }

        const player = await newPlayer(`Dewi ${lang}`);
        await page.goto(`${rig().base}/p/${player}`);
        await page.waitForSelector(".player-page[data-ready]");
        await check(page, found, "player page");
        await page.goto(`${rig().base}/leaderboard`);
        await page.waitForSelector(".leaders[data-ready]");
        await check(page, found, "leaderboard");
      } finally {
        await page.context().close();
      }
      expect(report(found)).toBe("");
    }, 240_000);
  }
});

/** What has focus: its data-action, or its tag and class. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const a = document.activeElement;
    if (!a || a === document.body) return "body";
    return a.getAttribute("data-action") ?? `${a.tagName.toLowerCase()}.${a.className}`;
  });

/** Whether focus is inside the element `selector` matches. */
const focusIn = (page: Page, selector: string) =>
  page.evaluate(
    (s) => document.querySelector(s)?.contains(document.activeElement) ?? false,
    selector,
  );

/** Presses Tab (or Shift+Tab) `n` times, checking after each that focus stayed in `selector`. */
async function tabsStayIn(page: Page, selector: string, n: number, back = false): Promise<void> {
  for (let i = 0; i < n; i++) {
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    expect(await focusIn(page, selector), `${back ? "Shift+Tab" : "Tab"} ${i + 1}`).toBe(true);
  }
}

/** Moves focus by Tab until the control `selector` matches has it. */
async function tabTo(page: Page, selector: string): Promise<void> {
  for (let i = 0; i < 80; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${selector}`);
}

describe("keyboard and motion", () => {
  it("a dialog opened from the keyboard takes focus, keeps Tab inside, and Escape gives focus back", async () => {
    const page = await newPage(rig(), "Ana", DESKTOP);
    try {
      await playComputer(rig(), page, 2);
      // The leave-table question, opened with the keyboard.
      await page.focus("[data-action=leave]");
      await page.keyboard.press("Enter");
      await page.waitForSelector(".confirm");
      expect(await focusIn(page, ".confirm")).toBe(true);
      await tabsStayIn(page, ".confirm", 5);
      await tabsStayIn(page, ".confirm", 5, true);
      await page.screenshot({ path: path.join(ARTIFACTS, "a11y-confirm-focus.png") });
      await page.keyboard.press("Escape");
      await page.waitForSelector(".confirm", { state: "detached" });
      expect(await focused(page)).toBe("leave");
      // Still at the table: Escape is "stay".
      expect((await tableOf(page))?.phase).toBe("playing");

      // The resign question, closed with its own button.
      await page.focus("[data-action='table.resign']");
      await page.keyboard.press("Enter");
      await page.waitForSelector(".confirm");
      expect(await focused(page)).toBe("cancel");
      await page.keyboard.press("Enter");
      await page.waitForSelector(".confirm", { state: "detached" });
      expect(await focused(page)).toBe("table.resign");

      // The look of the pieces, a menu from the top bar.
      await page.focus("[data-action=pieces]");
      await page.keyboard.press("Enter");
      await page.waitForSelector(".piece-menu:popover-open");
      expect(await focusIn(page, ".piece-menu")).toBe(true);
      await tabsStayIn(page, ".piece-menu", 4);
      await page.keyboard.press("Escape");
      await page.waitForSelector(".piece-menu:popover-open", { state: "detached" });
      expect(await focused(page)).toBe("pieces");

      // The result card: focus on it when the game ends, and back on the board's side after.
      await page.focus("[data-action='table.resign']");
      await page.keyboard.press("Enter");
      await page.waitForSelector(".confirm");
      await tabTo(page, ".confirm [data-action=confirm]");
      await page.keyboard.press("Enter");
      await page.waitForSelector(".result");
      await page.waitForFunction(() =>
        document.querySelector(".result")?.contains(document.activeElement),
      );
      await tabsStayIn(page, ".result", 8);
      await page.screenshot({ path: path.join(ARTIFACTS, "a11y-result-focus.png") });
      await page.keyboard.press("Escape");
      await page.waitForSelector(".result", { state: "detached" });
      expect(await focused(page)).not.toBe("body");
    } finally {
      await page.context().close();
    }
  }, 60_000);

  it("a table link's name prompt holds focus: in the name field at once, Tab stays in the form", async () => {
    const host = await newPage(rig(), "Hana", DESKTOP);
    const guest = await newPage(rig(), null, DESKTOP);
    try {
      await host.goto(rig().base);
      await host.selectOption("select[name=game]", "xiangqi");
      await host.click("[data-action=create]");
      await waitBoard(host);
      await host.waitForURL(/\/t\/[A-Z2-9]{6}$/);
      await guest.goto(host.url());
      await guest.waitForSelector("#table-name");
      await guest.waitForFunction(() => document.activeElement?.id === "table-name");
      await tabsStayIn(guest, "form.name-prompt", 4);
      await tabsStayIn(guest, "form.name-prompt", 4, true);
      await guest.screenshot({ path: path.join(ARTIFACTS, "a11y-name-prompt-focus.png") });
    } finally {
      await guest.context().close();
      await host.context().close();
    }
  }, 30_000);

  it("every focusable control of the lobby shows a visible outline", async () => {
    const page = await newPage(rig(), "Ana", DESKTOP);
    try {
      await page.goto(rig().base);
      await page.waitForSelector("[data-section=computer] .row button");
      await page.keyboard.press("Tab");
      for (let i = 0; i < 12; i++) {
        const outline = await page.evaluate(() => {
          const a = document.activeElement as HTMLElement;
          const s = getComputedStyle(a);
          return {
            style: s.outlineStyle,
            width: Number.parseFloat(s.outlineWidth),
            tag: a.tagName,
          };
        });
        expect(outline.style, outline.tag).not.toBe("none");
        expect(outline.width, outline.tag).toBeGreaterThanOrEqual(2);
        if (i === 3) await page.screenshot({ path: path.join(ARTIFACTS, "a11y-lobby-focus.png") });
        if (i === 6) {
          await page.emulateMedia({ colorScheme: "dark" });
          await page.screenshot({ path: path.join(ARTIFACTS, "a11y-lobby-focus-dark.png") });
          await page.emulateMedia({ colorScheme: "light" });
        }
        await page.keyboard.press("Tab");
      }
    } finally {
      await page.context().close();
    }
  }, 30_000);

  it("under reduced motion, transitions and animations take no time and pieces do not slide", async () => {
    const page = await newPage(rig(), "Ana", DESKTOP);
    /** Every element's transition and animation durations, in seconds. */
    const durations = () =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLElement>("body *")).flatMap((n) => {
          const s = getComputedStyle(n);
          return `${s.transitionDuration},${s.animationDuration}`
            .split(",")
            .map((x) => Number.parseFloat(x));
        }),
      );
    const animating = () =>
      page.evaluate(
        () => (window as unknown as { crossboard: { animating: boolean } }).crossboard.animating,
      );
    try {
      await page.emulateMedia({ reducedMotion: "reduce" });
      await page.goto(rig().base);
      await page.waitForSelector("[data-section=computer] .row button");
      const lobby = await durations();
      expect(lobby.length).toBeGreaterThan(100);
      expect(lobby.filter((d) => d !== 0)).toEqual([]);

      // A hot-seat xiangqi game, the pieces' slides forty times as long as usual.
      await page.click("[data-section=hotseat] button");
      await waitBoard(page);
      await waitTable(page, (t) => t.phase === "playing");
      await page.evaluate(() =>
        (
          window as unknown as { crossboard: { slowMotion(f: number): void } }
        ).crossboard.slowMotion(40),
      );
      await playLegal(page, ["h2-e2"]);
      await waitTable(page, (t) => t.moves === 1);
      // The piece is on its square at once.
      expect(await animating()).toBe(false);
      expect((await durations()).filter((d) => d !== 0)).toEqual([]);
      await page.screenshot({ path: path.join(ARTIFACTS, "a11y-reduced-motion.png") });

      // Without the preference the same move slides.
      await page.emulateMedia({ reducedMotion: "no-preference" });
      await playLegal(page, ["h9-g7"]);
      await waitTable(page, (t) => t.moves === 2);
      expect(await animating()).toBe(true);
    } finally {
      await page.context().close();
    }
  }, 30_000);
});
