/**
 * Rated play as people see it, in English, Indonesian, Portuguese and Hindi: two people with
 * players (no accounts) at a private xiangqi table the host made rated; each name shows its
 * rating ("1500?") and links to the player's page; the table is marked rated and offers no hint
 * or takeback; after a resignation the result card shows each new rating and its change (what
 * Glicko-2 makes of it, worked out here with the server's own code), and the game's page each
 * rating before and after. At a rated four-player quick-play table, which never fills a seat
 * with a CPU, someone who has waited 30 s is offered casual play instead. axe-core finds no
 * serious or critical problem on the table mid-game or on the result card.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { matchMaker } from "@colyseus/core";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "../../client/src/i18n/catalogues";
import { rateGame, START, shown } from "../../shared/rating/glicko2";
import {
  ARTIFACTS,
  type BrowserRig,
  playMove,
  tableId,
  useRig,
  waitBoard,
  waitTable,
} from "./harness";

const rig = useRig();

const LOCALES = { en: "en-US", id: "id-ID", pt: "pt-BR", hi: "hi-IN" } as const;
type Lang = keyof typeof LOCALES;
type Strings = Record<string, string>;
const words = (lang: Lang): Strings => CATALOGUES[lang] as Strings;
const fill = (template: string, params: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? `{${k}}`));
const MINUS = "\u2212";
const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `${MINUS}${-n}` : "±0");

const AXE = fileURLToPath(new URL("../../node_modules/axe-core/axe.min.js", import.meta.url));

interface Player {
  readonly id: string;
  readonly key: string;
}

/** A new player, made as a device makes its own. */
async function newPlayer(r: BrowserRig, name: string): Promise<Player> {
  const res = await fetch(`${r.base}/api/players`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as Player;
}

/** A device of its own, in `lang`, remembering `name` and holding `player`. */
async function device(
  r: BrowserRig,
  lang: Lang,
  name: string,
  player: Player,
  viewport = { width: 1280, height: 800 },
): Promise<Page> {
  const context = await r.browser.newContext({ viewport, locale: LOCALES[lang] });
  await context.addInitScript(
    ([n, p]) => {
      localStorage.setItem("crossboard.name", n);
      localStorage.setItem("crossboard.player", p);
    },
    [name, JSON.stringify(player)] as const,
  );
  const page = await context.newPage();
  page.on("pageerror", (e) => console.error(`[${name} ${lang}] page error: ${e.message}`));
  return page;
}

/** Serious and critical axe-core findings on the page as it is now. */
async function axeProblems(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window)))
    await page.addScriptTag({ content: readFileSync(AXE, "utf8") });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(context: Document): Promise<{
            violations: { id: string; impact: string; nodes: { target: string[] }[] }[];
          }>;
        };
      }
    ).axe;
    const { violations } = await axe.run(document);
    return violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  });
}

/** The visible figures and the screen reader's words of the rating beside a seat's name. */
async function seatRating(page: Page, seat: number) {
  const box = page.locator(`.panel-seats .seat[data-seat="${seat}"] .rating`);
  return {
    shown: await box.locator("[aria-hidden=true]").textContent(),
    said: await box.locator(".sr-only").textContent(),
  };
}

/** What Glicko-2 makes of Red beating Black when both are new players. */
function expectedRatings() {
  const [red, black] = rateGame(
    { pool: "xiangqi", players: ["red", "black"], results: [1, 0] },
    [START, START],
    Date.now(),
  ).map(shown);
  return { red: red!, black: black! };
}

describe("rated play", () => {
  for (const lang of ["en", "id", "pt", "hi"] as const) {
    it(`a rated xiangqi game between two new players, in ${lang}`, async () => {
      const r = rig();
      const w = words(lang);
      const [anaPlayer, budiPlayer] = [await newPlayer(r, "Ana"), await newPlayer(r, "Budi")];
      const ana = await device(r, lang, "Ana", anaPlayer);
      // The other person on a phone.
      const budi = await device(r, lang, "Budi", budiPlayer, { width: 390, height: 844 });

      // Ana makes a private xiangqi table and, as its host, makes it rated.
      await ana.goto(r.base);
      await ana.selectOption("[data-section=create] select[name=game]", "xiangqi");
      await ana.check("[data-section=create] input[name=private]");
      await ana.click("[data-action=create]");
      await waitBoard(ana);
      await ana.waitForURL(/\/t\/[A-Z2-9]{6}$/);
      expect(await ana.isVisible(".rules-box input[name=hints]")).toBe(true);
      await ana.check(".rules-box input[name=rated]");
      // Rated: no hints, no takebacks, so neither is there to set.
      await ana.waitForSelector(".rules-box input[name=hints]", { state: "detached" });
      expect(await ana.$$(".rules-box input[name=takebackConsent]")).toHaveLength(0);
      expect(await ana.isChecked(".rules-box input[name=rated]")).toBe(true);
      expect(await ana.textContent(".panel .rated-mark .rated-badge")).toBe(w["rated.mark"]);

      // Budi joins by the link.
      await budi.goto(`${r.base}/t/${tableId(ana)}`);
      await budi.click(".name-prompt [data-action=join-named]");
      await waitBoard(budi);
      await waitTable(budi, (t) => t.mySeats.length === 1 && t.phase === "waiting");
      await ana.waitForSelector('.panel-seats .seat[data-seat="1"] .rating');

      // Each name with its rating, provisional for new players, and a link to the player's page.
      for (const page of [ana, budi]) {
        for (const [seat, player] of [anaPlayer, budiPlayer].entries()) {
          expect(await seatRating(page, seat)).toEqual({
            shown: "1500?",
            said: fill(w["rating.provisional"]!, { rating: 1500 }),
          });
          const link = page.locator(`.panel-seats .seat[data-seat="${seat}"] a.name`);
          expect(await link.getAttribute("href")).toBe(`/p/${player.id}`);
          expect(await link.getAttribute("target")).toBe("_blank");
          expect(await link.textContent()).toBe(seat === 0 ? "Ana" : "Budi");
        }
      }

      await ana.click("[data-action='table.start']");
      await waitTable(ana, (t) => t.phase === "playing" && t.turn === 0);
      await playMove(ana, "h2", "e2");
      await waitTable(budi, (t) => t.turn === 1 && t.moves === 1);
      await playMove(budi, "h7", "e7");
      await waitTable(ana, (t) => t.turn === 0 && t.moves === 2);

      // Mid-game: marked rated; resign and a draw offered, but no hint and no takeback.
      for (const page of [ana, budi]) {
        expect(await page.textContent(".panel .rated-mark .rated-badge")).toBe(w["rated.mark"]);
        expect(await page.isVisible("[data-action='table.resign']")).toBe(true);
        expect(await page.$$("[data-action='table.hint'], [data-action='table.takeback']")).toEqual(
          [],
        );
        expect((await seatRating(page, 1)).shown).toBe("1500?");
      }
      await ana.screenshot({ path: path.join(ARTIFACTS, `rated-table-${lang}.png`) });
      await budi.screenshot({
        path: path.join(ARTIFACTS, `rated-table-${lang}-phone.png`),
        fullPage: true,
      });
      if (existsSync(AXE)) expect(await axeProblems(ana)).toEqual([]);

      // Budi resigns: Ana wins.
      await budi.click("[data-action='table.resign']");
      await budi.click(".confirm [data-action=confirm]");
      const expected = expectedRatings();
      const change = { red: expected.red.rating - 1500, black: expected.black.rating - 1500 };
      // Two new players: equal and opposite (about ±162).
      expect(change.red).toBe(-change.black);
      expect(change.red).toBeGreaterThan(100);
      for (const page of [ana, budi]) {
        await page.waitForSelector(".result .result-ratings li");
        const lines = await page.$$eval(".result .result-ratings li", (items) =>
          items.map((li) => ({
            seat: li.getAttribute("data-seat"),
            name: li.querySelector(".name")?.textContent,
            href: li.querySelector("a.name")?.getAttribute("href"),
            change: li.querySelector(".rating-change")?.textContent,
          })),
        );
        expect(lines).toEqual([
          {
            seat: "0",
            name: "Ana",
            href: `/p/${anaPlayer.id}`,
            change: fill(w["result.rating"]!, {
              rating: `${expected.red.rating}${expected.red.provisional ? "?" : ""}`,
              change: signed(change.red),
            }),
          },
          {
            seat: "1",
            name: "Budi",
            href: `/p/${budiPlayer.id}`,
            change: fill(w["result.rating"]!, {
              rating: `${expected.black.rating}${expected.black.provisional ? "?" : ""}`,
              change: signed(change.black),
            }),
          },
        ]);
        expect(await page.textContent(".result .result-ratings h3")).toBe(w["result.ratings"]);
        // And read out: each person's new rating and change.
        const spoken = fill(w["result.ratingSpoken"]!, {
          name: "Budi",
          rating: expected.black.rating,
          change: signed(change.black),
        });
        await page.waitForFunction(
          (text) =>
            [...document.querySelectorAll("[aria-live=polite][role=status]")].some((e) =>
              e.textContent?.includes(text),
            ),
          spoken,
        );
      }
      expect(await ana.textContent(".result h2")).toBe(w["result.youWon"]);
      await ana.screenshot({ path: path.join(ARTIFACTS, `rated-result-${lang}.png`) });
      await budi.screenshot({ path: path.join(ARTIFACTS, `rated-result-${lang}-phone.png`) });
      if (existsSync(AXE)) expect(await axeProblems(ana)).toEqual([]);
      // The names beside the board show the new ratings too.
      expect((await seatRating(ana, 0)).shown).toBe(
        `${expected.red.rating}${expected.red.provisional ? "?" : ""}`,
      );

      // The game's page: each rating before and after, and the change.
      const { gameId } = await waitTable(ana, (t) => t.gameId !== "");
      await ana.goto(`${r.base}/g/${gameId}`);
      await waitBoard(ana);
      await ana.waitForSelector(".archive-screen .panel-seats .rating-line");
      expect(await ana.textContent(".archive-screen .rated-mark")).toBe(w["archive.rated"]);
      expect(await ana.isChecked(".archive-screen .rules-box input[name=rated]")).toBe(true);
      expect(await ana.$$(".archive-screen .rules-box input[name=hints]")).toEqual([]);
      for (const [seat, after, player] of [
        [0, expected.red.rating, anaPlayer],
        [1, expected.black.rating, budiPlayer],
      ] as const) {
        const item = ana.locator(`.archive-screen .panel-seats li[data-seat="${seat}"]`);
        const line = item.locator(".rating-line");
        const params = { before: 1500, after, change: signed(after - 1500) };
        expect(await line.locator("[aria-hidden=true]").textContent()).toBe(
          fill(w["archive.ratingChange"]!, params),
        );
        expect(await line.locator(".sr-only").textContent()).toBe(
          fill(w["archive.ratingSpoken"]!, params),
        );
        expect(await item.locator("a.name").getAttribute("href")).toBe(`/p/${player.id}`);
      }
      await ana
        .locator(".archive-screen .panel")
        .screenshot({ path: path.join(ARTIFACTS, `rated-game-page-${lang}.png`) });
      if (existsSync(AXE)) expect(await axeProblems(ana)).toEqual([]);
      await Promise.all([ana.context().close(), budi.context().close()]);
    }, 120_000);
  }

  it("four people at a rated four-player quick-play table: it starts with no CPU, and on a phone each corner shows its rating", async () => {
    const r = rig();
    const names = ["Ana", "Budi", "Citra", "Dewi"];
    const pages: Page[] = [];
    let roomId = "";
    for (const name of names) {
      const player = await newPlayer(r, name);
      const page = await device(r, "en", name, player, { width: 390, height: 844 });
      await page.goto(r.base);
      const id = await page.evaluate(async (key) => {
        const res = await fetch("/api/quickplay", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            game: "fourchess",
            format: "teams",
            clock: null,
            rated: true,
            playerKey: key,
          }),
        });
        return ((await res.json()) as { roomId: string }).roomId;
      }, player.key);
      // Four new players, all 1500: one table takes them all.
      roomId ||= id;
      expect(id).toBe(roomId);
      await page.goto(`${r.base}/t/${id}`);
      await page.click(".name-prompt [data-action=join-named]");
      await waitBoard(page);
      await waitTable(page, (t) => t.mySeats.length === 1);
      pages.push(page);
    }
    const first = pages[0]!;
    await waitTable(first, (t) => t.phase === "playing");
    await first.waitForSelector(".corner-seats:not([hidden]) .corner-rating");
    const corners = await first.$$eval(".corner-seat", (items) =>
      items.map((c) => ({
        name: c.querySelector(".corner-name")?.textContent,
        rating: c.querySelector(".corner-rating")?.textContent,
      })),
    );
    expect(corners.map((c) => c.rating)).toEqual(["1500?", "1500?", "1500?", "1500?"]);
    expect(corners.map((c) => c.name).sort()).toEqual(names);
    // Each name whole in its corner: the rating takes a line of its own.
    const spill = await first.$$eval(
      ".corner-seat .corner-name",
      (items) => items.filter((n) => n.scrollWidth > n.clientWidth + 1).length,
    );
    expect(spill).toBe(0);
    await first.screenshot({ path: path.join(ARTIFACTS, "rated-fourchess-corners-phone.png") });
    await Promise.all(pages.map((p) => p.context().close()));
  }, 120_000);

  it("waiting at a rated four-player quick-play table: casual play offered after 30 s", async () => {
    const r = rig();
    const w = words("en");
    const player = await newPlayer(r, "Ana");
    const page = await device(r, "en", "Ana", player);
    // The page's own clock, moved on by the test: no 30 s spent waiting.
    await page.clock.install();
    await page.goto(r.base);
    const roomId = await page.evaluate(async (key) => {
      const res = await fetch("/api/quickplay", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          game: "fourchess",
          format: "teams",
          clock: null,
          rated: true,
          playerKey: key,
        }),
      });
      return ((await res.json()) as { roomId: string }).roomId;
    }, player.key);
    await page.goto(`${r.base}/t/${roomId}`);
    await page.click(".name-prompt [data-action=join-named]");
    await waitBoard(page);
    await waitTable(page, (t) => t.mySeats.length === 1 && t.phase === "waiting");
    await page.waitForSelector(".countdown:not([hidden])");
    // A rated table waits for people: no CPUs, so no "play now against CPUs".
    expect(await page.textContent(".countdown")).toBe(w["quick.ratedWaiting"]);
    expect(await page.$$("[data-action='quick.playNow']")).toEqual([]);
    expect(await page.isVisible(".casual-offer")).toBe(false);
    // The panel's clock tick runs as the page's clock moves on (fastForward fires it).
    await page.clock.fastForward(25_000);
    expect(await page.isVisible(".casual-offer")).toBe(false);
    await page.clock.fastForward(6_000);
    await page.waitForSelector(".casual-offer:not([hidden])");
    expect(await page.textContent(".casual-offer p")).toBe(w["quick.casualOffer"]);
    expect(await page.textContent(".casual-offer button")).toBe(w["quick.casual"]);
    await page.screenshot({ path: path.join(ARTIFACTS, "rated-quick-casual-offer.png") });

    // Casual quick play of the same game and format: a table of its own, not rated.
    await page.click("[data-action=casual]");
    await page.waitForURL((url) => !url.pathname.endsWith(`/t/${roomId}`));
    await waitBoard(page);
    await waitTable(page, (t) => t.mySeats.length === 1 && t.phase === "waiting");
    await page.waitForSelector("[data-action='quick.playNow']");
    expect(await page.isVisible(".panel .rated-mark")).toBe(false);
    expect(await page.isVisible(".casual-offer")).toBe(false);
    const casual = matchMaker.getLocalRoomById(tableId(page))?.state as
      | { mode: string; rules: { rated: boolean } }
      | undefined;
    expect([casual?.mode, casual?.rules.rated]).toEqual(["quick", false]);
    await page.context().close();
  }, 90_000);
});
