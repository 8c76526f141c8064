/**
 * The privacy notice and "My data", in each language, on a server whose durations are not the
 * defaults: the page tells this server's own numbers in the page's language; the footer, on the
 * lobby, a table and the notice, leads to the privacy notice, the feedback page and My data; My
 * data lists what the device keeps after a game against the computer, downloads it as JSON, and
 * erases it once confirmed: one `POST /api/erase` per seat token (and the player's key), then
 * nothing under `crossboard.*`; a server that cannot be reached leaves the device as it was.
 * axe-core finds nothing serious on the page.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { format, type Lang } from "../../client/src/i18n";
import { CATALOGUES } from "../../client/src/i18n/catalogues";
import type { PrivacyFacts } from "../../shared/protocol/site";
import { axeViolations } from "./axe";
import { ARTIFACTS, newPage, playComputer, playLegal, useRig, waitTable } from "./harness";

const DAY_MS = 24 * 3600 * 1000;
const ARCHIVE_DAYS = 45;
const TABLE_KEEP_DAYS = 3;
const FEEDBACK_DAYS = 120;
const HOLD_SECONDS = 30;

const rig = useRig(20, {
  archiveDays: ARCHIVE_DAYS,
  tableKeepMs: TABLE_KEEP_DAYS * DAY_MS,
  holdSeconds: HOLD_SECONDS,
  feedbackDays: FEEDBACK_DAYS,
  contactEmail: "privacy@example.org",
});

const LOCALES: Record<Lang, string> = { en: "en-US", id: "id-ID", pt: "pt-BR", hi: "hi-IN" };
const DESKTOP = { width: 1200, height: 860 };

/** What this server says of itself: the settings it was started with. */
async function privacyFacts(): Promise<PrivacyFacts> {
  const res = await fetch(`${rig().base}/api/privacy`);
  expect(res.status).toBe(200);
  const facts = (await res.json()) as PrivacyFacts;
  expect(facts).toMatchObject({
    contact: "privacy@example.org",
    archiveDays: ARCHIVE_DAYS,
    tableKeepDays: TABLE_KEEP_DAYS,
    seatHoldSeconds: HOLD_SECONDS,
    feedbackDays: FEEDBACK_DAYS,
  });
  return facts;
}

/** Counts the erasure requests on their way to the server (or refuses them while `fail`). */
async function countErasures(page: Page): Promise<{ bodies: unknown[]; fail: boolean }> {
  const seen = { bodies: [] as unknown[], fail: false };
  await page.route("**/api/erase", (route) => {
    if (seen.fail) return route.abort("connectionrefused");
    seen.bodies.push(route.request().postDataJSON());
    return route.continue();
  });
  return seen;
}

const stored = (page: Page) =>
  page.evaluate(() =>
    Object.fromEntries(
      Object.keys(localStorage)
        .filter((k) => k.startsWith("crossboard."))
        .map((k) => [k, localStorage.getItem(k)]),
    ),
  );

/** The footer's links: text and target, in order. */
async function footerLinks(page: Page): Promise<[string, string][]> {
  await page.waitForSelector("footer.site-footer a");
  expect(await page.getByRole("contentinfo").count()).toBe(1);
  return page.$$eval("footer.site-footer a", (links) =>
    links.map((a) => [a.textContent ?? "", a.getAttribute("href") ?? ""] as [string, string]),
  );
}

const text = async (page: Page, selector: string) =>
  ((await page.textContent(selector)) ?? "").trim();

describe("the privacy notice and My data", () => {
  for (const lang of Object.keys(LOCALES) as Lang[]) {
    const words = CATALOGUES[lang];
    const footer: [string, string][] = [
      [words["footer.privacy"], "/privacy"],
      [words["footer.feedback"], "/feedback"],
      [words["footer.mine"], "/privacy#my-data"],
    ];

    it(`in ${lang}: this server's durations, the footer, and the device's data shown, downloaded and erased`, async () => {
      const name = `Ana ${lang}`;
      const page = await newPage(rig(), name, DESKTOP, LOCALES[lang]);
      try {
        const facts = await privacyFacts();
        const erasures = await countErasures(page);

        // A game against the computer, played a little and resigned: the footer is on the table.
        await playComputer(rig(), page, 2);
        expect(await footerLinks(page)).toEqual(footer);
        await playLegal(page);
        await waitTable(page, (t) => t.moves >= 1);
        await page.click("[data-action='table.resign']");
        await page.click(".confirm [data-action=confirm]");
        await waitTable(page, (t) => t.phase === "finished");

        // The lobby has it too (opened afresh: the device still holds the table's seat token);
        // its first link opens the notice in the page.
        await page.goto(`${rig().base}/`);
        await page.waitForSelector("[data-section=quick]");
        expect(await footerLinks(page)).toEqual(footer);
        await page.click("footer.site-footer [data-action=footer-privacy]");
        await page.waitForSelector("[data-page=privacy] [data-section=my-data] dl");
        expect(new URL(page.url()).pathname).toBe("/privacy");
        expect(await footerLinks(page)).toEqual(footer);
        expect(await page.getAttribute("html", "lang")).toBe(lang);
        expect(await text(page, "[data-page=privacy] h1")).toBe(words["privacy.title"]);

        // This server's own durations, in the page's language.
        const howLong = (id: string) => text(page, `[data-kept=${id}] [data-how-long]`);
        const n = (key: keyof typeof words, value: number) => format(words[key], { n: value });
        expect(await howLong("games")).toBe(
          facts.archiveDays > 0
            ? n("privacy.archive.other", facts.archiveDays)
            : words["privacy.untilErased"],
        );
        expect(await howLong("tables")).toBe(
          `${n("privacy.tableKeep.other", facts.tableKeepDays)} ${n("privacy.seatHold.other", facts.seatHoldSeconds)}`,
        );
        expect(await howLong("feedback")).toBe(n("privacy.feedbackDays.other", facts.feedbackDays));
        expect(await howLong("addresses")).toBe(
          n(
            facts.addressKeyHours === 1 ? "privacy.addressKey.one" : "privacy.addressKey.other",
            facts.addressKeyHours,
          ),
        );
        const shown = await text(page, "[data-page=privacy] [data-section=server]");
        for (const value of [ARCHIVE_DAYS, TABLE_KEEP_DAYS, FEEDBACK_DAYS])
          expect(shown).toContain(String(value));
        if (facts.contact)
          expect(await page.getAttribute("[data-contact] a", "href")).toBe(
            `mailto:${facts.contact}`,
          );
        else expect(await page.getAttribute("[data-contact=none] a", "href")).toBe("/feedback");
        expect(await axeViolations(page)).toEqual([]);
        if (lang === "en" || lang === "hi") {
          await page.evaluate(() => document.fonts.ready);
          await page.screenshot({
            path: path.join(ARTIFACTS, `privacy-${lang}.png`),
            fullPage: true,
          });
        }

        // My data: the footer's link goes to it; it lists what the device keeps.
        await page.click("footer.site-footer [data-action=footer-mine]");
        await page.waitForFunction(() => document.activeElement?.id === "my-data");
        expect(new URL(page.url()).hash).toBe("#my-data");
        const kept = await stored(page);
        const tokens = Object.values(
          JSON.parse(kept["crossboard.tables"] ?? "{}") as Record<string, { seatToken?: string }>,
        ).filter((t) => t.seatToken).length;
        expect(tokens).toBeGreaterThanOrEqual(1);
        const mine = (id: string) => text(page, `[data-mine=${id}] dd`);
        expect(await mine("name")).toBe(name);
        expect(await mine("tables")).toBe(String(tokens));
        expect(await mine("games")).toBe("1");
        expect(await mine("lessons")).toBe("0");

        // Downloaded: every key the device keeps, in a file named for the day.
        const [download] = await Promise.all([
          page.waitForEvent("download"),
          page.click("[data-action=download-data]"),
        ]);
        expect(download.suggestedFilename()).toMatch(
          /^crossboard-my-data-\d{4}-\d{2}-\d{2}\.json$/,
        );
        const file = JSON.parse(await readFile((await download.path())!, "utf8")) as Record<
          string,
          unknown
        >;
        expect(Object.keys(file).sort()).toEqual(Object.keys(kept).sort());
        expect(file["crossboard.name"]).toBe(name);
        expect(Array.isArray(file["crossboard.games"])).toBe(true);

        // The server out of reach: nothing on the device is removed.
        if (lang === "en") {
          erasures.fail = true;
          await page.click("[data-action=erase-data]");
          await page.waitForSelector("[role=dialog] [data-action=erase-cancel]:focus");
          await page.click("[role=dialog] [data-action=erase-confirm]");
          await page.waitForSelector(
            `[data-erase-result]:has-text("${words["mine.unreachable"]}")`,
          );
          expect(await stored(page)).toEqual(kept);
          erasures.fail = false;
        }

        // Asked, then confirmed: the server first, once per seat token and for the player, then
        // the device.
        const player = kept["crossboard.player"]
          ? (JSON.parse(kept["crossboard.player"]) as { key: string })
          : null;
        await page.click("[data-action=erase-data]");
        await page.waitForSelector("[role=dialog]");
        expect(await text(page, "[role=dialog] h2")).toBe(words["mine.confirmTitle"]);
        expect(await axeViolations(page)).toEqual([]);
        await page.click("[role=dialog] [data-action=erase-confirm]");
        await page.waitForSelector(`[data-erase-result]:has-text("${words["mine.erased"]}")`);
        expect(await page.locator("[role=dialog]").count()).toBe(0);
        expect(await stored(page)).toEqual({});
        const seatAsks = erasures.bodies.filter(
          (b) => typeof (b as { seatToken?: unknown }).seatToken === "string",
        );
        expect(seatAsks).toHaveLength(tokens);
        expect(erasures.bodies).toHaveLength(tokens + (player ? 1 : 0));
        if (player) expect(erasures.bodies).toContainEqual({ playerKey: player.key });
        expect(await mine("tables")).toBe("0");
        expect(await mine("name")).toBe(words["mine.none"]);
      } finally {
        await page.context().close();
      }
    }, 120_000);
  }

  it("the lobby with its footer, as a picture", async () => {
    const page = await newPage(rig(), "Ana", DESKTOP);
    try {
      await page.goto(`${rig().base}/`);
      await page.waitForSelector("footer.site-footer a");
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: path.join(ARTIFACTS, "lobby-footer.png"), fullPage: true });
      expect(await axeViolations(page, "footer")).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});
