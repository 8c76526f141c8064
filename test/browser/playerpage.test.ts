/**
 * A player's page and the leaderboards, in each language, from ratings made by rated games the
 * store takes as a table hands them over: the page shows the player's name, each pool's rating as
 * the API gives it ("?" while provisional) with its games, a graph with one point per rated game
 * of the pool, and the recent games linked to their reviews with the rating before and after;
 * a leaderboard lists the settled ratings, the highest first, and leaves provisional ones out;
 * a pool nobody is settled in says so. axe-core finds nothing serious on either page.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { format, type Lang } from "../../client/src/i18n";
import { CATALOGUES } from "../../client/src/i18n/catalogues";
import type { RatedGame } from "../../shared/rating/types";
import { gameRecord } from "../store/samples";
import { axeViolations } from "./axe";
import { ARTIFACTS, newPage, useRig } from "./harness";

const rig = useRig();

const LOCALES: Record<Lang, string> = { en: "en-US", id: "id-ID", pt: "pt-BR", hi: "hi-IN" };
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const POOLS = ["xiangqi", "teams", "individual"] as const;

interface Made {
  id: string;
  name: string;
}

interface PlayerJson {
  name: string;
  ratings: Record<string, { rating: number; rd: number; games: number; provisional: boolean }>;
  history: { pool: string; game: string }[];
  recent: { pool: string; game: string; before: number; after: number }[];
}

async function newPlayer(name: string): Promise<Made> {
  const res = await fetch(`${rig().base}/api/players`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name }),
  });
  expect(res.status).toBe(201);
  return { ...((await res.json()) as { id: string }), name };
}

async function playerJson(id: string): Promise<PlayerJson> {
  const res = await fetch(`${rig().base}/api/players/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as PlayerJson;
}

const label = (r: { rating: number; provisional: boolean }) =>
  `${Math.round(r.rating)}${r.provisional ? "?" : ""}`;

/** "12 games" in `lang`, by the plural rules the client uses. */
function games(lang: Lang, n: number): string {
  const words = CATALOGUES[lang] as Record<string, string>;
  const category = new Intl.PluralRules(lang === "pt" ? "pt-PT" : lang).select(n);
  return format(words[`player.games.${category}`] ?? words["player.games.other"]!, { n });
}

let mei: Made;
let ravi: Made;
let zoe: Made;
let dan: Made;

/**
 * Rated games handed to the store as a table does when one ends: Mei and Ravi play enough xiangqi
 * for both ratings to settle, Zoë two games only; the four of them one Teams game.
 */
beforeAll(async () => {
  mei = await newPlayer("Mei");
  ravi = await newPlayer("रवि");
  zoe = await newPlayer("Zoë");
  dan = await newPlayer("Dan");
  const store = rig().server.store;
  const start = Date.now() - 30 * 60_000;
  let n = 0;
  const play = (players: Made[], results: number[], pool: RatedGame["pool"]) => {
    n++;
    const id = `ratedgame${String(n).padStart(13, "0")}`;
    const record =
      pool === "xiangqi"
        ? gameRecord(id, start + n * 60_000, {
            players: players.map((p) => ({ name: p.name, kind: "human" as const })),
          })
        : gameRecord(id, start + n * 60_000, {
            game: "fourchess",
            format: pool,
            players: players.map((p) => ({ name: p.name, kind: "human" as const })),
          });
    store.saveGame(record, { pool, players: players.map((p) => p.id), results });
  };
  for (let i = 1; i <= 20; i++) play([mei, ravi], i % 3 ? [1, 0] : [0, 1], "xiangqi");
  play([zoe, ravi], [1, 0], "xiangqi");
  play([ravi, zoe], [0.5, 0.5], "xiangqi");
  play([mei, zoe, ravi, dan], [1, 0, 1, 0], "teams");
  await store.flushed();
});

async function open(page: Page, address: string, ready: string): Promise<void> {
  await page.goto(`${rig().base}${address}`);
  await page.waitForSelector(ready);
  await page.evaluate(() => document.fonts.ready);
}

describe("a player's page", () => {
  for (const lang of Object.keys(LOCALES) as Lang[]) {
    const words = CATALOGUES[lang];
    it(`in ${lang}: name, ratings, a graph per pool played and recent games`, async () => {
      const json = await playerJson(mei.id);
      expect(json.history.length).toBe(21);
      const page = await newPage(rig(), null, DESKTOP, LOCALES[lang]);
      try {
        await open(page, `/p/${mei.id}`, ".player-page[data-ready]");
        expect(await page.textContent(".player-page h1")).toBe("Mei");
        for (const pool of POOLS) {
          const card = `.pool[data-pool=${pool}]`;
          const r = json.ratings[pool]!;
          expect(await page.textContent(`${card} h3`)).toBe(words[`pool.${pool}`]);
          expect(await page.textContent(`${card} [data-rating]`)).toBe(label(r));
          const details = (await page.textContent(`${card} .muted`)) ?? "";
          expect(details).toContain(games(lang, r.games));
          expect(details.includes(words["player.provisional"])).toBe(r.provisional);
          // One point of the graph per rated game in the pool; its table has a row each.
          const played = json.history.filter((h) => h.pool === pool).length;
          if (played === 0) {
            expect(await page.locator(`${card} svg`).count()).toBe(0);
            continue;
          }
          const d = (await page.getAttribute(`${card} svg path.line`, "d")) ?? "";
          expect(d.match(/[ML]/g)).toHaveLength(played);
          expect(await page.locator(`${card} svg circle`).count()).toBe(played);
          expect(await page.locator(`${card} .rating-table tbody tr`).count()).toBe(played);
          expect(await page.getAttribute(`${card} svg`, "role")).toBe("img");
          expect(await page.getAttribute(`${card} svg`, "aria-label")).toContain(
            words[`pool.${pool}`],
          );
        }
        // Recent games, newest first, each linked to its review.
        const items = await page.$$eval(".recent-games li", (lis) =>
          lis.map((li) => ({
            game: li.getAttribute("data-game"),
            href: li.querySelector("a")?.getAttribute("href"),
            text: li.querySelector(".change")?.textContent ?? "",
          })),
        );
        expect(items.map((i) => i.game)).toEqual(json.recent.map((r) => r.game));
        for (const [i, r] of json.recent.entries()) {
          expect(items[i]!.href).toBe(`/g/${r.game}`);
          const before = Math.round(r.before);
          const after = Math.round(r.after);
          expect(items[i]!.text).toContain(`${before} → ${after}`);
        }
        expect(await axeViolations(page)).toEqual([]);
        await page.screenshot({
          path: path.join(ARTIFACTS, `playerpage-${lang}.png`),
          fullPage: true,
        });
        await page.setViewportSize(PHONE);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({ path: path.join(ARTIFACTS, `playerpage-phone-${lang}.png`) });
        // A recent game opens its review.
        await page.click(".recent-games li:first-child a");
        await page.waitForURL(`**/g/${json.recent[0]!.game}`);
      } finally {
        await page.context().close();
      }
    });

    it(`in ${lang}: the leaderboard lists settled ratings in order, provisional ones left out`, async () => {
      const players = await Promise.all(
        [mei, ravi, zoe, dan].map(async (p) => ({
          ...p,
          json: await playerJson(p.id),
        })),
      );
      const settled = players
        .filter((p) => !p.json.ratings.xiangqi!.provisional)
        .sort((a, b) => b.json.ratings.xiangqi!.rating - a.json.ratings.xiangqi!.rating);
      // The games above settle two ratings and leave Zoë's provisional.
      expect(settled.map((p) => p.id).sort()).toEqual([mei.id, ravi.id].sort());
      expect(players.find((p) => p.id === zoe.id)!.json.ratings.xiangqi!.provisional).toBe(true);

      const page = await newPage(rig(), null, PHONE, LOCALES[lang]);
      try {
        // From the lobby's link.
        await open(page, "/", "[data-section=you] [data-action=leaderboard]");
        await page.click("[data-section=you] [data-action=leaderboard]");
        await page.waitForSelector(".leaders[data-ready]");
        expect(new URL(page.url()).pathname).toBe("/leaderboard");
        expect(await page.textContent(".leaderboard h1")).toBe(words["player.leaderboard"]);
        const tabs = await page.$$eval(".pool-tabs a", (as) =>
          as.map((a) => ({ text: a.textContent, current: a.getAttribute("aria-current") })),
        );
        expect(tabs).toEqual(
          POOLS.map((p) => ({
            text: words[`pool.${p}`],
            current: p === "xiangqi" ? "page" : null,
          })),
        );
        const rows = await page.$$eval(".leader-table tbody tr", (trs) =>
          trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent)),
        );
        expect(rows).toEqual(
          settled.map((p, i) => [
            String(i + 1),
            p.name,
            String(Math.round(p.json.ratings.xiangqi!.rating)),
            String(p.json.ratings.xiangqi!.games),
          ]),
        );
        expect(await axeViolations(page)).toEqual([]);
        await page.screenshot({ path: path.join(ARTIFACTS, `leaderboard-phone-${lang}.png`) });

        // A pool nobody is settled in.
        await page.click(".pool-tabs a[href='/leaderboard/individual']");
        await page.waitForSelector(".leaderboard[data-pool=individual] .leaders[data-ready]");
        expect(await page.textContent(".leaders .empty")).toBe(words["leaderboard.empty"]);
        expect(await axeViolations(page)).toEqual([]);

        // A name leads to the player's page.
        await page.setViewportSize(DESKTOP);
        await open(page, "/leaderboard/xiangqi", ".leaders[data-ready]");
        await page.screenshot({ path: path.join(ARTIFACTS, `leaderboard-${lang}.png`) });
        await page.click(`.leader-table tr[data-player="${settled[0]!.id}"] a`);
        await page.waitForSelector(".player-page[data-ready] h1");
        expect(await page.textContent(".player-page h1")).toBe(settled[0]!.name);
      } finally {
        await page.context().close();
      }
    });
  }
});
