/**
 * Names as people meet them: a person who gave no name goes by the catalogue's word for a
 * player in their own language, one device playing both sides of xiangqi says so once, a person
 * who declined the next game is listed among the watchers by their name, an empty name at a
 * table link's prompt is refused in the page's language, and no recent-games line starts with
 * a separator.
 */
import path from "node:path";
import { matchMaker } from "@colyseus/core";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "../../client/src/i18n/catalogues";
import {
  ARTIFACTS,
  dropConnections,
  newPage,
  tableId,
  tableOf,
  useRig,
  waitBoard,
  waitTable,
} from "./harness";

const rig = useRig(150);

type Lang = "en" | "id" | "pt" | "hi";
const LOCALES: Record<Lang, string> = { en: "en-US", id: "id-ID", pt: "pt-BR", hi: "hi-IN" };
const words = (lang: Lang) => CATALOGUES[lang] as Readonly<Record<string, string>>;

/** A phone or desktop page in `lang`, with `name` remembered (or none). */
function pageIn(lang: Lang, name: string | null, viewport = { width: 1280, height: 800 }) {
  return newPage(rig(), name, viewport, LOCALES[lang]);
}

/** Creates a hosted xiangqi table from the lobby and returns its link. */
async function hostXiangqi(page: Page): Promise<string> {
  await page.goto(rig().base);
  await page.selectOption("select[name=game]", "xiangqi");
  await page.click("[data-action=create]");
  await waitBoard(page);
  await page.waitForURL(/\/t\/[A-Z2-9]{6}$/);
  return `${rig().base}/t/${tableId(page)}`;
}

/** Waits for a condition on the server's side, checked every 20 ms. */
async function until(test: () => boolean, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  while (!test()) {
    if (Date.now() > end) throw new Error(`not met: ${test.toString()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("names", () => {
  it("an empty name at a table link's prompt is refused in the page's language, then a name joins", async () => {
    const hana = await pageIn("en", "Hana");
    const link = await hostXiangqi(hana);
    for (const lang of ["id", "pt", "hi"] as const) {
      const w = words(lang);
      const guest = await pageIn(lang, null);
      await guest.goto(link);
      await guest.waitForSelector("#table-name");
      // Spaces only are no name either; the page says so itself, in its language.
      await guest.fill("#table-name", "   ");
      await guest.click("[data-action=join-named]");
      await guest.waitForFunction(() => document.querySelector("#name-error")?.textContent);
      expect(await guest.textContent("#name-error")).toBe(w["name.empty"]);
      expect(await guest.getAttribute("#table-name", "aria-invalid")).toBe("true");
      expect(await guest.getAttribute("#table-name", "aria-describedby")).toBe("name-error");
      // No native bubble in the browser's language: the form does not validate by itself.
      expect(await guest.$eval("form.name-prompt", (f) => (f as HTMLFormElement).noValidate)).toBe(
        true,
      );
      expect(await guest.isVisible(".board")).toBe(false);
      await guest.screenshot({ path: path.join(ARTIFACTS, `names-empty-${lang}.png`) });
      // Typing a name clears the message; joining works.
      await guest.fill("#table-name", "Dewi");
      expect(await guest.textContent("#name-error")).toBe("");
      await guest.context().close();
    }
    await hana.context().close();
  }, 90_000);

  it("a person who gave no name goes by the word for a player in their own language", async () => {
    for (const lang of ["en", "pt", "hi"] as const) {
      const w = words(lang);
      const page = await pageIn(lang, null);
      await page.goto(rig().base);
      await page.click("[data-section=computer] .row button >> nth=0");
      await waitBoard(page);
      const t = await waitTable(page, (x) => x.mySeats.length === 1);
      const mine = page.locator(`.seat[data-seat='${t.mySeats[0]}'] .name`);
      expect(await mine.textContent()).toBe(w["name.default"]);
      if (lang !== "en") expect(await mine.textContent()).not.toBe("Player");
      await page.screenshot({ path: path.join(ARTIFACTS, `names-default-${lang}.png`) });
      await page.context().close();
    }
  }, 90_000);

  it("hot-seat xiangqi says once that both sides are played on this device", async () => {
    for (const lang of ["en", "pt"] as const) {
      const w = words(lang);
      const page = await pageIn(lang, "Ana");
      await page.goto(rig().base);
      await page.click("[data-section=hotseat] button");
      await waitBoard(page);
      await waitTable(page, (x) => x.phase === "playing");
      expect(await page.locator(".hotseat-note").count()).toBe(1);
      expect(await page.textContent(".hotseat-note")).toBe(w["seat.hotseat"]);
      const seats = await page.$$eval(".seat", (list) => list.map((s) => s.textContent ?? ""));
      expect(seats).toHaveLength(2);
      for (const text of seats) {
        expect(text).not.toContain(`${w["seat.you"]} · ${w["seat.host"]}`);
        expect(text.split(/\s|·/)).not.toContain(w["seat.you"]);
      }
      await page.screenshot({ path: path.join(ARTIFACTS, `names-hotseat-${lang}.png`) });
      await page.context().close();
    }
  }, 90_000);

  it("a person who declined the next game is listed among the watchers by name", async () => {
    const w = words("id");
    const hana = await pageIn("id", "Hana");
    const link = await hostXiangqi(hana);
    const gita = await pageIn("id", "Gita");
    await gita.goto(link);
    await gita.click("[data-action=join-named]");
    await waitTable(gita, (t) => t.mySeats.length === 1);
    await hana.click("[data-action='table.start']");
    await waitTable(hana, (t) => t.phase === "playing");
    // Gita's connection drops (a train tunnel) and comes back by itself before the result.
    const room = matchMaker.getLocalRoomById(tableId(hana))!;
    expect(dropConnections(room.roomId)).toBe(2);
    await until(() => room.clients.length === 2, 20_000);
    // Both pages have the table back (the banner of the dropped connection gone).
    for (const page of [hana, gita])
      await page.waitForSelector(".banner", { state: "hidden", timeout: 20_000 });
    await waitTable(gita, (t) => t.mySeats.length === 1 && t.phase === "playing");
    await hana.click("[data-action='table.resign']");
    await hana.click(".confirm [data-action=confirm]");
    await hana.click(".result [data-action=playAgain]");
    await gita.click(".result [data-action=rematch-decline]");
    await waitTable(gita, (t) => t.mySeats.length === 0);
    expect((await tableOf(hana))!.phase).toBe("finished");
    await hana.click(".result [data-action=close]");
    const watchers = w["table.watchers"]!.replace("{names}", "Gita");
    await hana.waitForFunction(
      (text) => document.querySelector(".watchers:not([hidden])")?.textContent === text,
      watchers,
    );
    expect(await hana.textContent(".watchers")).not.toContain(w["name.default"]);
    await hana.screenshot({ path: path.join(ARTIFACTS, "names-declined-id.png") });
    await Promise.all([hana.context().close(), gita.context().close()]);
  }, 90_000);

  it("no recent-games line starts with a separator, on a phone and a desktop", async () => {
    const recent = [
      {
        id: "g-names-1",
        game: "xiangqi",
        format: "teams",
        finishedAt: Date.UTC(2026, 11, 4, 14, 34),
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
    for (const [lang, viewport] of [
      ["id", { width: 390, height: 844 }],
      ["pt", { width: 1280, height: 800 }],
    ] as const) {
      const page = await pageIn(lang, "Ana", viewport);
      await page.context().addInitScript((games) => {
        localStorage.setItem("crossboard.games", games);
      }, JSON.stringify(recent));
      await page.goto(rig().base);
      const item = "[data-section=recent] li[data-game='g-names-1']";
      await page.waitForSelector(item);
      // Each line as drawn: the text of the spans with what CSS puts before them.
      const lines = await page.$$eval(`${item} > span`, (spans) =>
        spans.map((s) => {
          const before = getComputedStyle(s, "::before").content;
          const shown = before && before !== "none" && before !== "normal" ? before : "";
          return `${shown.replace(/^"|"$/g, "")}${s.textContent ?? ""}`;
        }),
      );
      expect(lines.length).toBeGreaterThanOrEqual(3);
      for (const line of lines) expect(line.trimStart().startsWith("·")).toBe(false);
      await page
        .locator("[data-section=recent]")
        .screenshot({ path: path.join(ARTIFACTS, `names-recent-${lang}.png`) });
      await page.context().close();
    }
  }, 60_000);
});
