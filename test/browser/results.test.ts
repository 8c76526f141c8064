/**
 * Results as a person reads them: the places of an Individual game (shared places, a seat that
 * resigned below those that stayed, no winner when everyone gave up or left), a Teams result
 * naming its team, a xiangqi export without four-player rules, and the date a game ended on
 * `/g/` and in the lobby's recent games, in English, Indonesian, Portuguese and Hindi.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "../../client/src/i18n/catalogues";
import { unwrap } from "../../shared/core/result";
import { advance, setupOf, startGame } from "../../shared/match/replay";
import { defaultRules, type HouseRules } from "../../shared/match/rules";
import type { ArchivedGame } from "../../shared/protocol/archive";
import { recordOf } from "../server/records";
import {
  ARTIFACTS,
  type BrowserRig,
  playComputer,
  playLegal,
  useRig,
  waitBoard,
  waitTable,
} from "./harness";

const rig = useRig();

/** When the made-up games ended: 4 December 2026, 14:34 UTC (the pages below read UTC). */
const FINISHED = Date.UTC(2026, 11, 4, 14, 34);

type Strings = Record<string, string>;
const LOCALES = { en: "en-US", id: "id-ID", pt: "pt-BR", hi: "hi-IN" } as const;
type Lang = keyof typeof LOCALES;
const words = (lang: Lang): Strings => CATALOGUES[lang] as Strings;
const fill = (template: string, params: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? `{${k}}`));

/** A page of its own device, in `lang`, on UTC, remembering `recent` as its finished games. */
async function pageIn(
  r: BrowserRig,
  lang: Lang,
  viewport = { width: 1280, height: 800 },
  recent: unknown[] = [],
): Promise<Page> {
  const context = await r.browser.newContext({
    viewport,
    locale: LOCALES[lang],
    timezoneId: "UTC",
  });
  await context.addInitScript((games) => {
    localStorage.setItem("crossboard.name", "Ana");
    localStorage.setItem("crossboard.games", games);
  }, JSON.stringify(recent));
  const page = await context.newPage();
  page.on("pageerror", (e) => console.error(`[${lang}] page error: ${e.message}`));
  return page;
}

const FOUR = ["Ana", "Budi", "Citra", "राज"].map((name) => ({ name, kind: "human" }));

/** An Individual game: Blue resigns at 0 points, then everyone left. */
function everyoneLeft(id: string): ArchivedGame {
  const rules: HouseRules = { ...defaultRules("fourchess"), format: "individual" };
  let r = unwrap(startGame("fourchess", setupOf(rules)));
  const move = r.game.legalMoves()[0]!;
  r = unwrap(advance(r, { seat: 0, move }));
  const first = r.game.lastMove!.notation;
  r = unwrap(advance(r, { seat: 1, move: null }));
  const game = unwrap(r.game.abandon([0, 1, 2, 3]));
  const o = game.outcome!;
  const at = (i: number) => FINISHED - 60_000 + i * 1000;
  return {
    id,
    tableId: "made-up",
    private: false,
    game: "fourchess",
    format: "individual",
    rules: { ...rules },
    startFen: game.startFen,
    players: FOUR,
    moves: [
      {
        seat: 0,
        from: move.from,
        to: move.to,
        promotion: null,
        notation: first,
        by: "player",
        at: at(0),
      },
      { seat: 1, from: null, to: null, promotion: null, notation: "R", by: "player", at: at(1) },
    ],
    result: {
      reason: o.reason,
      draw: o.draw,
      winners: [...o.winners],
      placing: [...o.placing],
      code: o.code,
      params: { ...o.params },
      message: o.message,
    },
    startedAt: at(0),
    finishedAt: FINISHED,
  };
}

const ids = { left: "L".repeat(22), teams: "T".repeat(22), xiangqi: "X".repeat(22) };

function store(r: BrowserRig) {
  r.server.store.saveGame(everyoneLeft(ids.left));
  const teams = recordOf({
    game: "fourchess",
    rules: defaultRules("fourchess"),
    plies: 8,
    players: FOUR,
    resign: [0],
    id: ids.teams,
  });
  r.server.store.saveGame({ ...teams, finishedAt: FINISHED });
  const xiangqi = recordOf({
    game: "xiangqi",
    rules: defaultRules("xiangqi"),
    plies: 10,
    players: FOUR.slice(0, 2),
    resign: [1],
    id: ids.xiangqi,
  });
  r.server.store.saveGame({ ...xiangqi, finishedAt: FINISHED });
}

async function openGame(page: Page, id: string) {
  await page.goto(`${rig().base}/g/${id}`);
  await waitBoard(page);
  await page.waitForSelector(".panel .result-title");
}

const texts = (page: Page, selector: string) =>
  page.$$eval(selector, (els) => els.map((e) => (e.textContent ?? "").trim()));

describe("results as a person reads them", () => {
  it("a game everyone left: no winner, shared places, the one who resigned last, in four languages", async () => {
    store(rig());
    for (const lang of ["en", "id", "pt", "hi"] as const) {
      const w = words(lang);
      const page = await pageIn(rig(), lang);
      await openGame(page, ids.left);
      expect(await page.textContent(".panel .result-title")).toBe(w["result.nobody"]);
      const red = `${w["color.red"]} (Ana)`;
      const blue = `${w["color.blue"]} (Budi)`;
      const places = await texts(page, ".panel .placing li");
      expect(places).toHaveLength(4);
      // Red, Yellow and Green left together at 0 points and share first; Blue resigned before.
      expect(places[0]).toBe(fill(w["result.placeShared"]!, { place: 1, name: red }));
      expect(places[3]).toBe(fill(w["result.place"]!, { place: 4, name: blue }));
      await page
        .locator(".panel .now")
        .screenshot({ path: path.join(ARTIFACTS, `results-left-${lang}.png`) });
      await page.context().close();
    }
  }, 120_000);

  it("a Teams game on /g/ names the winning team, not places", async () => {
    for (const lang of ["en", "id"] as const) {
      const w = words(lang);
      const page = await pageIn(rig(), lang);
      await openGame(page, ids.teams);
      // Red resigned: Blue and Green win.
      const team = fill(w["result.teamWins"]!, { a: w["color.blue"]!, b: w["color.green"]! });
      expect(await page.textContent(".panel .result-title")).toBe(team);
      expect(await page.$$(".panel .placing li")).toHaveLength(0);
      await page
        .locator(".panel .now")
        .screenshot({ path: path.join(ARTIFACTS, `results-teams-archive-${lang}.png`) });
      await page.context().close();
    }
  }, 60_000);

  it("the Teams result card: 'You lost', then the winning team", async () => {
    for (const lang of ["en", "pt"] as const) {
      const w = words(lang);
      const page = await pageIn(rig(), lang);
      await playComputer(rig(), page, 0);
      // A move each first: a game resigned before everyone moved is aborted.
      await playLegal(page);
      const me = (await waitTable(page, (t) => t.moves >= 4 && t.mySeats.includes(t.turn)))
        .mySeats[0]!;
      await page.click("[data-action='table.resign']");
      await page.click(".confirm [data-action=confirm]");
      await page.waitForSelector(".result");
      const colors = ["red", "blue", "yellow", "green"].map((c) => w[`color.${c}`]!);
      const team = fill(w["result.teamWins"]!, {
        a: colors[(me + 1) % 4]!,
        b: colors[(me + 3) % 4]!,
      });
      expect(await page.textContent(".result h2")).toBe(w["result.youLost"]);
      expect(await page.textContent(".result .result-team")).toBe(team);
      expect(await page.$$(".result .placing li")).toHaveLength(0);
      await page.screenshot({ path: path.join(ARTIFACTS, `results-teams-card-${lang}.png`) });
      await page.context().close();
    }
  }, 90_000);

  it("resigning an Individual game at 0 points: last of 4, not first", async () => {
    for (const lang of ["en", "id"] as const) {
      const w = words(lang);
      const page = await pageIn(rig(), lang);
      await playComputer(rig(), page, 1);
      await page.click("[data-action='table.resign']");
      await page.click(".confirm [data-action=confirm]");
      await page.waitForSelector(".out .standing-text");
      expect(await page.textContent(".out .standing-text")).toBe(
        fill(w["out.standing.other"]!, { place: 4, seats: 4, n: 0 }),
      );
      await page.screenshot({ path: path.join(ARTIFACTS, `results-out-${lang}.png`) });
      await page.context().close();
    }
  }, 90_000);

  it("a xiangqi export names no four-player rule", async () => {
    const page = await pageIn(rig(), "en");
    await openGame(page, ids.xiangqi);
    const href = await page.getAttribute("a[href*='format=wxf']", "href");
    expect(href).toBeTruthy();
    await page.goto(new URL(href!, rig().base).href);
    const text = (await page.textContent("body")) ?? "";
    const rules = /\[HouseRules "([^"]*)"\]/.exec(text)?.[1] ?? "";
    expect(rules).toContain("handicap=none");
    expect(rules).toContain("cpuLevel=");
    expect(rules).not.toMatch(/format=|rotateFirst=|moveLimit=/);
    await page.screenshot({ path: path.join(ARTIFACTS, "results-export-xiangqi.png") });
    await page.context().close();
  }, 60_000);

  it("the date a game ended, on /g/ and in the lobby, each in the reader's form (Hindi: one 'को', no 'pm')", async () => {
    const recent = [
      {
        id: ids.xiangqi,
        game: "xiangqi",
        format: "teams",
        finishedAt: FINISHED,
        message: "Black resigned. Red wins.",
        result: {
          code: "resignation",
          params: { loser: 1 },
          draw: false,
          winners: [0],
          placing: [1, 2],
        },
        seats: [0],
      },
    ];
    for (const lang of ["en", "hi"] as const) {
      const w = words(lang);
      const page = await pageIn(rig(), lang, { width: 1280, height: 800 }, recent);
      await openGame(page, ids.xiangqi);
      const finished = (await texts(page, ".panel .now p.muted"))[0] ?? "";
      const date = new Intl.DateTimeFormat(lang, { dateStyle: "long", timeZone: "UTC" }).format(
        FINISHED,
      );
      expect(finished).toContain(date);
      // A game of two lists no places: who won says it.
      expect(await page.$$(".panel .placing li")).toHaveLength(0);
      if (lang === "en") expect(finished).toBe("Finished on December 4, 2026 at 2:34 PM");
      else {
        expect(finished).not.toMatch(/\b[ap]\.?m\.?\b/i);
        expect(finished.split("को").length - 1).toBe(1);
        expect(finished).toContain("2:34");
        expect(finished.endsWith(w["archive.finished"]!.split("{time}")[1]!)).toBe(true);
      }
      await page
        .locator(".panel .now")
        .screenshot({ path: path.join(ARTIFACTS, `results-date-${lang}.png`) });

      await page.goto(rig().base);
      const line = await page.textContent(
        `[data-section=recent] li[data-game='${ids.xiangqi}'] .muted`,
      );
      expect(line).toContain("2:34");
      if (lang === "hi") expect(line).not.toMatch(/\b[ap]m\b/i);
      // Hindi months in full: the short ones end in "॰", which the shipped font does not draw.
      const dateStyle = lang === "hi" ? "long" : "medium";
      const short = new Intl.DateTimeFormat(lang, { dateStyle, timeZone: "UTC" }).format(FINISHED);
      expect(line).not.toContain("॰");
      expect(line).toContain(short);
      await page
        .locator("[data-section=recent]")
        .screenshot({ path: path.join(ARTIFACTS, `results-recent-${lang}.png`) });
      await page.context().close();
    }
  }, 90_000);

  it("on a phone, the Hindi /g/ page's date and places fit", async () => {
    const page = await pageIn(rig(), "hi", { width: 390, height: 844 });
    await openGame(page, ids.left);
    const panel = await page.$eval(".panel", (e) => e.scrollWidth <= e.clientWidth + 1);
    expect(panel).toBe(true);
    await page.screenshot({
      path: path.join(ARTIFACTS, "results-left-hi-phone.png"),
      fullPage: true,
    });
    await page.context().close();
  }, 60_000);
});
