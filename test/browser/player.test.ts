/**
 * The device's player as a person meets it in the lobby, in each language: the "You" section
 * says how a player is made; sitting at a table with people makes one, shown with its ratings;
 * its carry link (with a QR code and a copy button) opened in another browser makes that browser
 * the same player, as the server agrees; "Forget me" there, once confirmed, leaves it with no
 * player. The public tables show a rated table's mark and the rating beside each person's name.
 * axe-core finds nothing serious in the section.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { format, type Lang } from "../../client/src/i18n";
import { CATALOGUES } from "../../client/src/i18n/catalogues";
import { axeViolations } from "./axe";
import { ARTIFACTS, newPage, useRig, waitBoard } from "./harness";

const rig = useRig();

const LOCALES: Record<Lang, string> = { en: "en-US", id: "id-ID", pt: "pt-BR", hi: "hi-IN" };
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const storedPlayer = (page: Page) =>
  page.evaluate(() => {
    const raw = localStorage.getItem("crossboard.player");
    return raw ? (JSON.parse(raw) as { id: string; key: string }) : null;
  });

async function openLobby(page: Page): Promise<void> {
  await page.goto(`${rig().base}/`);
  await page.waitForSelector("[data-section=you] .you-body > *");
  await page.evaluate(() => document.fonts.ready);
}

/** The text of the You section's body once it shows `selector`. */
async function youText(page: Page, selector: string): Promise<string> {
  await page.waitForSelector(`[data-section=you] ${selector}`);
  return (await page.textContent(`[data-section=you] ${selector}`)) ?? "";
}

async function whoami(key: string): Promise<{ id: string; name: string }> {
  const res = await fetch(`${rig().base}/api/players/whoami`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ key }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { id: string; name: string };
}

async function ratingsOf(id: string) {
  const res = await fetch(`${rig().base}/api/players/${id}`);
  expect(res.status).toBe(200);
  return (
    (await res.json()) as {
      ratings: Record<string, { rating: number; provisional: boolean; games: number }>;
    }
  ).ratings;
}

/** Creates a table from the lobby's form (`rated`: the rated box ticked) and waits for its board. */
async function createTable(page: Page, opts: { private: boolean; rated: boolean }) {
  await page.setChecked("[data-section=create] input[name=private]", opts.private);
  await page.setChecked("[data-section=create] input[name=rated]", opts.rated);
  if (opts.rated) {
    // One Rated switch, beside the heading; the house rules unfolded offer no hints or takebacks.
    await page.click("[data-section=create] details.house-rules summary");
    await page.waitForSelector("[data-section=create] .rules select");
    expect(await page.locator("[data-section=create] input[name=rated]").count()).toBe(1);
    expect(await page.locator("[data-section=create] input[name=hints]").count()).toBe(0);
    expect(await page.locator("[data-section=create] input[name=takebackConsent]").count()).toBe(0);
  }
  await page.click("[data-action=create]");
  await waitBoard(page);
  const m = /\/t\/([A-Za-z0-9_-]+)$/.exec(page.url());
  expect(m, page.url()).not.toBeNull();
  return m![1]!;
}

describe("the device's player in the lobby", () => {
  for (const lang of Object.keys(LOCALES) as Lang[]) {
    const words = CATALOGUES[lang];
    it(`in ${lang}: made at a table with people, carried to another browser, forgotten there`, async () => {
      const name = `Ana ${lang}`;
      const page = await newPage(rig(), name, DESKTOP, LOCALES[lang]);
      const other = await newPage(rig(), null, DESKTOP, LOCALES[lang]);
      try {
        // No player yet: the section says how one is made, in the page's language.
        await openLobby(page);
        expect(await youText(page, "h2")).toBe(words["you.heading"]);
        expect(await youText(page, ".you-none p")).toBe(words["you.none"]);
        expect(await storedPlayer(page)).toBeNull();
        expect(await axeViolations(page, "[data-section=you]")).toEqual([]);

        // Sitting at a private table with people makes the player.
        await createTable(page, { private: true, rated: false });
        const made = await storedPlayer(page);
        expect(made?.id).toMatch(/^[A-Za-z0-9_-]{12}$/);
        expect((await whoami(made!.key)).id).toBe(made!.id);

        // Back in the lobby: the player, their ratings and a link to their page.
        await openLobby(page);
        await page.waitForSelector(`[data-section=you] .you-name[data-player="${made!.id}"]`);
        expect(await youText(page, ".you-name")).toBe(name);
        const ratings = await ratingsOf(made!.id);
        for (const pool of ["xiangqi", "teams", "individual"] as const) {
          const r = ratings[pool]!;
          const shown = await youText(page, `.you-ratings [data-pool=${pool}] [data-rating]`);
          expect(shown).toBe(`${Math.round(r.rating)}${r.provisional ? "?" : ""}`);
          expect(await youText(page, `.you-ratings [data-pool=${pool}] dt`)).toBe(
            words[`pool.${pool}`],
          );
        }
        expect(
          await page.getAttribute("[data-section=you] [data-action=player-page]", "href"),
        ).toBe(`/p/${made!.id}`);

        // Use on another device: the link, its QR code and a copy button.
        await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
        await page.click("[data-section=you] .carry-fold summary");
        await page.waitForSelector("[data-section=you] img.carry-qr");
        const link = await page.inputValue("#carry-link");
        expect(link).toBe(`${rig().base}/#player=${made!.key}`);
        expect(await page.getAttribute("img.carry-qr", "alt")).toBe(words["you.qr"]);
        await page.click("[data-action=copy-link]");
        await page.waitForFunction(
          (text) => document.querySelector(".carry [role=status]")?.textContent === text,
          words["you.copied"],
        );
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
        expect(await axeViolations(page, "[data-section=you]")).toEqual([]);
        await page.locator("[data-section=you]").scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(ARTIFACTS, `player-you-${lang}.png`) });

        // The link in a second browser: the same player there, and the link leaves the address.
        await other.goto(link);
        const carried = format(words["you.carried"], { name });
        await other.waitForFunction(
          (text) => document.querySelector(".lobby-message")?.textContent === text,
          carried,
        );
        expect(new URL(other.url()).hash).toBe("");
        await other.waitForSelector(`[data-section=you] .you-name[data-player="${made!.id}"]`);
        const there = await storedPlayer(other);
        expect(there).toEqual(made);
        expect((await whoami(there!.key)).id).toBe(made!.id);

        // Forget me, once confirmed: no player in that browser any more.
        await other.click("[data-section=you] .forget-fold summary");
        expect(await youText(other, ".forget p")).toBe(format(words["you.forgetText"], { name }));
        await other.click("[data-action=forget-confirm]");
        expect(await youText(other, ".you-none p")).toBe(words["you.none"]);
        expect(await other.evaluate(() => localStorage.getItem("crossboard.player"))).toBeNull();
        // The first browser is still the player.
        expect(await storedPlayer(page)).toEqual(made);
      } finally {
        await page.context().close();
        await other.context().close();
      }
    });

    it(`in ${lang}: a link the server does not know changes nothing`, async () => {
      const page = await newPage(rig(), null, PHONE, LOCALES[lang]);
      try {
        await page.goto(`${rig().base}/#player=${"Q".repeat(32)}`);
        await page.waitForFunction(
          (text) => document.querySelector(".lobby-message")?.textContent === text,
          words["you.carriedUnknown"],
        );
        expect(new URL(page.url()).hash).toBe("");
        expect(await storedPlayer(page)).toBeNull();
        expect(await youText(page, ".you-none p")).toBe(words["you.none"]);
      } finally {
        await page.context().close();
      }
    });

    it(`in ${lang}: the public tables show a rated table's mark and people's ratings`, async () => {
      const name = `Budi ${lang}`;
      const host = await newPage(rig(), name, DESKTOP, LOCALES[lang]);
      const viewer = await newPage(rig(), null, PHONE, LOCALES[lang]);
      try {
        await openLobby(host);
        const tableId = await createTable(host, { private: false, rated: true });
        const made = (await storedPlayer(host))!;
        const teams = (await ratingsOf(made.id)).teams!;

        await openLobby(viewer);
        const row = `[data-section=tables] li[data-table="${tableId}"]`;
        await viewer.waitForSelector(`${row} .rated-mark`, { timeout: 10_000 });
        expect(await viewer.textContent(`${row} .rated-mark`)).toBe(words["lobby.ratedMark"]);
        expect(await viewer.textContent(`${row} .people`)).toBe(
          `${name} ${Math.round(teams.rating)}${teams.provisional ? "?" : ""}`,
        );
        expect(await viewer.isChecked("[data-section=quick] input[name=quickRated]")).toBe(false);
        await viewer.locator(row).scrollIntoViewIfNeeded();
        await viewer.screenshot({ path: path.join(ARTIFACTS, `player-tables-${lang}.png`) });
        expect(await axeViolations(viewer, "[data-section=tables]")).toEqual([]);
      } finally {
        await host.context().close();
        await viewer.context().close();
      }
    });
  }

  it("remembers the rated choice of quick play", async () => {
    const page = await newPage(rig(), "Cyd", PHONE);
    try {
      await openLobby(page);
      await page.check("[data-section=quick] input[name=quickRated]");
      await openLobby(page);
      expect(await page.isChecked("[data-section=quick] input[name=quickRated]")).toBe(true);
      // Against the computer there is no such choice.
      expect(await page.locator("[data-section=computer] input[name*=ated]").count()).toBe(0);
    } finally {
      await page.context().close();
    }
  });
});
