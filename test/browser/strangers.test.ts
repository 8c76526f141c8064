/**
 * Playing with strangers in the browser: quick play pairs two people at xiangqi and starts by
 * itself; the next game starts by consent; a table opened cold from its link asks the name to
 * sit under; phrases reach the others in their own language, as a bubble by the speaker's seat;
 * a four-player quick table counts down to its start with CPUs in the empty seats.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  ARTIFACTS,
  newPage,
  playLegal,
  tableId,
  tableOf,
  useRig,
  waitBoard,
  waitTable,
} from "./harness";

// Four-player quick tables start this long after their second person sat.
const QUICK_WAIT_SECONDS = 12;
const rig = useRig(150, { quickWaitSeconds: QUICK_WAIT_SECONDS });

/** Presses a Quick play button in the lobby: 0 Teams, 1 Individual, 2 xiangqi. */
async function quickPlay(page: Page, which: 0 | 1 | 2): Promise<string> {
  await page.goto(rig().base);
  await page.click(`[data-section=quick] .row button >> nth=${which}`);
  await waitBoard(page);
  await page.waitForURL(/\/t\/[A-Z2-9]{6}$/);
  return tableId(page);
}

/** Waits until the text of `selector` matches `pattern`. */
async function waitText(page: Page, selector: string, pattern: RegExp, timeout = 15_000) {
  await page.waitForFunction(
    ([sel, source, flags]) =>
      new RegExp(source!, flags).test(document.querySelector(sel!)?.textContent ?? ""),
    [selector, pattern.source, pattern.flags],
    { timeout },
  );
  return (await page.textContent(selector)) ?? "";
}

/** Two pages at one quick xiangqi table, playing; the one to move first comes first. */
async function quickXiangqi(a: Page, b: Page): Promise<[Page, Page, string]> {
  const code = await quickPlay(a, 2);
  expect(await quickPlay(b, 2)).toBe(code);
  const ta = await waitTable(a, (t) => t.phase === "playing" && t.mySeats.length === 1);
  const tb = await waitTable(b, (t) => t.phase === "playing" && t.mySeats.length === 1);
  expect([...ta.mySeats, ...tb.mySeats].sort()).toEqual([0, 1]);
  return ta.mySeats[0] === ta.turn ? [a, b, code] : [b, a, code];
}

describe("playing with strangers", () => {
  it("two people press Quick play · Xiangqi and play at once; the next game starts when both agree", async () => {
    const ana = await newPage(rig(), "Ana");
    const budi = await newPage(rig(), "Budi");
    // Alone at the table: told so, with the choice to play now against CPUs.
    await quickPlay(ana, 2);
    expect(await ana.textContent(".status")).toMatch(/waiting for players/i);
    expect(await waitText(ana, ".countdown", /waiting for other players/i)).toBeTruthy();
    expect(await ana.isVisible("[data-action='quick.playNow']")).toBe(true);

    const [first, second] = await quickXiangqi(ana, budi);
    // Nobody pressed Start: there is no such button at a quick-play table.
    expect(await ana.locator("[data-action='table.start']").count()).toBe(0);
    expect(await first.textContent(".status")).toMatch(/your turn/i);
    await playLegal(first, ["h2-e2", "b2-e2"]);
    await waitTable(second, (t) => t.moves === 1);
    await waitText(second, ".status", /your turn/i);

    // A result, then Budi asks for the next game: it waits for Ana, whose result card stays.
    await ana.click("[data-action='table.resign']");
    await ana.click(".confirm [data-action=confirm]");
    await budi.waitForSelector(".result");
    await ana.waitForSelector(".result");
    expect(await budi.textContent(".result [data-action=playAgain]")).toMatch(/ask to play again/i);
    await budi.click(".result [data-action=playAgain]");
    await ana.waitForSelector(".result [data-rematch=asked]");
    expect(await ana.textContent(".result .rematch")).toMatch(/Budi wants to play again/);
    expect(await waitText(budi, ".result .rematch", /waiting for Ana/i)).toBeTruthy();
    expect((await tableOf(budi))!.phase).toBe("finished");
    await ana.screenshot({ path: path.join(ARTIFACTS, "rematch-asked.png") });
    await ana.click(".result [data-action=rematch-accept]");
    for (const page of [ana, budi])
      await waitTable(page, (t) => t.phase === "playing" && t.gameNumber === 2 && t.moves === 0);
    expect(await ana.isVisible(".result")).toBe(false);
    await Promise.all([ana.context().close(), budi.context().close()]);
  }, 90_000);

  it("declining the next game at a quick table gives the seat to a CPU, and the asker plays on", async () => {
    const ana = await newPage(rig(), "Ana");
    const budi = await newPage(rig(), "Budi");
    await quickXiangqi(ana, budi);
    await budi.click("[data-action='table.resign']");
    await budi.click(".confirm [data-action=confirm]");
    await ana.click(".result [data-action=playAgain]");
    await budi.click(".result [data-action=rematch-decline]");
    // Budi watches from now on; a CPU takes his seat and the next game starts for Ana.
    await waitTable(budi, (t) => t.mySeats.length === 0);
    await budi.waitForSelector(".watching:not([hidden])");
    await waitTable(ana, (t) => t.phase === "playing" && t.gameNumber === 2);
    expect(await ana.locator(".seat .name", { hasText: /^CPU$/ }).count()).toBe(1);
    await Promise.all([ana.context().close(), budi.context().close()]);
  }, 60_000);

  it("at a hosted table a declined seat stays free until someone sits in it", async () => {
    const hana = await newPage(rig(), "Hana");
    await hana.goto(rig().base);
    await hana.selectOption("select[name=game]", "xiangqi");
    await hana.click("[data-action=create]");
    await waitBoard(hana);
    await hana.waitForURL(/\/t\/[A-Z2-9]{6}$/);
    const link = `${rig().base}/t/${tableId(hana)}`;
    const guest = await newPage(rig(), "Gita");
    await guest.goto(link);
    await guest.click("[data-action=join-named]");
    await waitTable(guest, (t) => t.mySeats.length === 1);
    await hana.click("[data-action='table.start']");
    await waitTable(hana, (t) => t.phase === "playing");
    const cai = await newPage(rig(), "Cai");
    await cai.goto(link);
    await cai.click("[data-action=join-named]");
    await waitTable(cai, (t) => t.phase === "playing" && t.mySeats.length === 0);

    await hana.click("[data-action='table.resign']");
    await hana.click(".confirm [data-action=confirm]");
    await hana.click(".result [data-action=playAgain]");
    await guest.click(".result [data-action=rematch-decline]");
    await waitTable(guest, (t) => t.mySeats.length === 0);
    // Everyone left agreed, but the seat is free: Hana may play on with a CPU, Cai may sit.
    await hana.waitForSelector(".result [data-action=rematch-cpu]");
    expect(await hana.textContent(".result .rematch")).toMatch(/a seat is free/i);
    expect((await tableOf(hana))!.phase).toBe("finished");
    await cai.click(".result [data-action=close]");
    await cai.click(".seat [data-action=sit]");
    for (const page of [hana, cai])
      await waitTable(page, (t) => t.phase === "playing" && t.gameNumber === 2);
    expect((await tableOf(cai))!.mySeats).toHaveLength(1);
    await Promise.all([hana.context().close(), guest.context().close(), cai.context().close()]);
  }, 90_000);

  it("a table's link opened cold asks the name to sit under, and the table shows it", async () => {
    const hana = await newPage(rig(), "Hana");
    await hana.goto(rig().base);
    await hana.click("[data-action=create]");
    await waitBoard(hana);
    await hana.waitForURL(/\/t\/[A-Z2-9]{6}$/);
    const code = tableId(hana);

    // This device remembers "Budi"; the person types another name.
    const guest = await newPage(rig(), "Budi");
    await guest.goto(`${rig().base}/t/${code}`);
    await guest.waitForSelector(".name-prompt");
    expect(await guest.textContent(".name-prompt h2")).toMatch(/your name at this table/i);
    expect(await guest.inputValue("#table-name")).toBe("Budi");
    await guest.screenshot({ path: path.join(ARTIFACTS, "name-prompt.png") });
    await guest.fill("#table-name", "Dewi");
    await guest.click("[data-action=join-named]");
    await waitBoard(guest);
    const seated = await waitTable(guest, (t) => t.mySeats.length === 1);
    const seat = seated.mySeats[0]!;
    expect(await waitText(hana, `.seat[data-seat='${seat}'] .name`, /^Dewi$/)).toBe("Dewi");
    expect(await guest.evaluate(() => localStorage.getItem("crossboard.name"))).toBe("Dewi");

    // Another "Dewi" answers with the name offered: the table tells the two apart.
    const twin = await newPage(rig(), "Dewi");
    await twin.goto(`${rig().base}/t/${code}`);
    await twin.waitForSelector(".name-prompt");
    await twin.press("#table-name", "Enter");
    await waitBoard(twin);
    const other = (await waitTable(twin, (t) => t.mySeats.length === 1)).mySeats[0]!;
    expect(await waitText(hana, `.seat[data-seat='${other}'] .name`, /^Dewi 2$/)).toBe("Dewi 2");
    await Promise.all([hana.context().close(), guest.context().close(), twin.context().close()]);
  }, 60_000);

  it("a phrase reaches the other player in their own language, as a bubble by the seat", async () => {
    const ana = await newPage(rig(), "Ana");
    const bia = await newPage(rig(), "Bia", undefined, "pt-BR");
    const [, , code] = await quickXiangqi(ana, bia);
    expect(await bia.getAttribute("html", "lang")).toBe("pt");
    const anaSeat = (await tableOf(ana))!.mySeats[0]!;

    await ana.click("[data-action=talk]");
    await ana.click("[data-phrase=good-luck]");
    const bubble = bia.locator(`.seat[data-seat='${anaSeat}'] .bubble`);
    await bubble.waitFor();
    expect(await bubble.textContent()).toBe("Boa sorte!");
    expect(await bia.textContent(".talk-lines")).toContain("Ana: Boa sorte!");
    expect(await waitText(ana, `.seat[data-seat='${anaSeat}'] .bubble`, /Good luck!/)).toBe(
      "Good luck!",
    );
    // The bubble is beside the board, never over it.
    const box = (await bubble.boundingBox())!;
    const board = (await bia.locator("canvas.board-canvas").boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(board.x + board.width);
    await bia.screenshot({ path: path.join(ARTIFACTS, "talk-bubble-pt.png") });

    // Someone opening the link to watch is named beside the count; their phrase is a line only.
    const cai = await newPage(rig(), "Cai");
    await cai.goto(`${rig().base}/t/${code}`);
    await cai.click("[data-action=join-named]");
    await waitBoard(cai);
    await waitTable(cai, (t) => t.phase === "playing" && t.mySeats.length === 0);
    expect(await waitText(bia, ".watchers", /Cai/)).toBe("Assistindo: Cai");
    await cai.click("[data-action=talk]");
    await cai.click("[data-phrase=well-played]");
    await waitText(bia, ".talk-lines", /Cai \(assistindo\): Bem jogado!/);
    expect(await bia.locator(".bubble", { hasText: "Bem jogado!" }).count()).toBe(0);

    // Bia hides the others' phrases: Ana's next one does not show, Bia's own still does.
    await bia.click("[data-action=talk-mute]");
    await ana.click("[data-action=talk]");
    await ana.click("[data-phrase=thanks]");
    await waitText(ana, ".talk-lines", /Ana: Thanks!/);
    await bia.click("[data-action=talk]");
    await bia.click("[data-phrase=hello]");
    // Phrases reach each page in the order they were said: Ana's came before Bia's own.
    await waitText(bia, ".talk-lines", /Bia: Olá!/);
    expect(await bia.textContent(".talk-lines")).not.toContain("Valeu!");
    expect(await bia.locator(".bubble", { hasText: "Valeu!" }).count()).toBe(0);
    expect(await bia.evaluate(() => localStorage.getItem("crossboard.talk.muted"))).toBe("1");
    // Phrases travel as codes: Ana's page in another language says them in that language.
    await ana.selectOption("nav.top select", "id");
    await waitText(ana, ".talk-lines", /Ana: Terima kasih!/);
    await Promise.all([ana.context().close(), bia.context().close(), cai.context().close()]);
  }, 90_000);

  it("a four-player quick table: alone you may play now; with two it counts down and starts with CPUs", async () => {
    const dewi = await newPage(rig(), "Dewi");
    const code = await quickPlay(dewi, 0);
    await dewi.waitForSelector("[data-action='quick.playNow']");
    expect(await dewi.textContent(".countdown")).toMatch(/waiting for other players/i);
    // Nobody edits a quick-play table's house rules.
    expect(await dewi.locator(".rules-box select:not([disabled])").count()).toBe(0);

    // The lobby lists the table under the code its link has.
    const eko = await newPage(rig(), "Eko");
    await eko.goto(rig().base);
    await eko.waitForSelector(`[data-table='${code}'] [data-code='${code}']`);
    expect(await quickPlay(eko, 0)).toBe(code);

    const startsIn = /Starts in (\d+) seconds? — CPUs take the empty seats/;
    const shown = await waitText(dewi, ".countdown", startsIn);
    await waitText(eko, ".countdown", startsIn);
    expect(await dewi.isVisible("[data-action='quick.playNow']")).toBe(false);
    await dewi.screenshot({ path: path.join(ARTIFACTS, "quick-countdown.png") });
    const seconds = Number(startsIn.exec(shown)![1]);
    expect(seconds).toBeLessThanOrEqual(QUICK_WAIT_SECONDS);
    // It ticks down, then the game starts with CPUs in the two empty seats.
    await dewi.waitForFunction(
      (n) => Number(/(\d+)/.exec(document.querySelector(".countdown")?.textContent ?? "")?.[1]) < n,
      seconds,
    );
    for (const page of [dewi, eko])
      await waitTable(page, (t) => t.phase === "playing", (QUICK_WAIT_SECONDS + 15) * 1000);
    expect(await dewi.locator(".seat .name", { hasText: /^CPU$/ }).count()).toBe(2);
    expect(await dewi.isVisible(".countdown")).toBe(false);
    await Promise.all([dewi.context().close(), eko.context().close()]);
  }, 90_000);

  it("alone at a quick table, a person may start at once against CPUs", async () => {
    const page = await newPage(rig(), "Fajar");
    await quickPlay(page, 1);
    await page.click("[data-action='quick.playNow']");
    const t = await waitTable(page, (x) => x.phase === "playing" && x.mySeats.length === 1);
    expect(t.game).toBe("fourchess");
    await page.context().close();
  }, 60_000);
});
