/**
 * The commands field in the browser: at a table against the computer, typed into the field
 * found by its accessible name and answered in the live region found by its role, in English
 * and Hindi; after the game ends, and on the game's page at /g/<id>, reading the position its
 * review shows. Screenshots of the field on a desktop and a phone.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "../../client/src/i18n/catalogues";
import { axeViolations } from "./axe";
import {
  ARTIFACTS,
  newPage,
  playComputer,
  playMove,
  tableId,
  useRig,
  waitBoard,
  waitTable,
} from "./harness";

const rig = useRig();

type Words = (typeof CATALOGUES)["en"];

/** Types a command and waits for its answer (a new paragraph in the live region). */
async function ask(page: Page, words: Words, command: string): Promise<string> {
  const box = page.getByRole("textbox", { name: words["cmd.label"] });
  await page.locator(".command-answer p").evaluateAll((ps) => {
    for (const p of ps) p.setAttribute("data-old", "");
  });
  await box.fill(command);
  await box.press("Enter");
  const answer = page.getByRole("log", { name: words["cmd.answers"] }).locator("p:not([data-old])");
  await answer.waitFor();
  // The field keeps the focus, emptied for the next command.
  expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
  expect(await box.inputValue()).toBe("");
  return (await answer.textContent()) ?? "";
}

describe("the commands field", () => {
  it("xiangqi against the computer in English: at the table, after the end, on the game's page", async () => {
    const en = CATALOGUES.en;
    const page = await newPage(rig(), "Ana");
    const start = await playComputer(rig(), page, 2);
    expect(start.game).toBe("xiangqi");
    const me = start.mySeats[0]!;
    expect(me).toBe(0);
    expect(await ask(page, en, "t")).toBe("Red (Ana, you) to move; next: Black (CPU).");
    expect(await ask(page, en, "p h")).toBe("Horse. Red: b0, h0. Black: b9, h9.");
    expect(await ask(page, en, "help")).toContain("m (moves) and a square");
    await page.screenshot({ path: path.join(ARTIFACTS, "commands-desktop.png") });
    expect(await axeViolations(page, ".command-box")).toEqual([]);
    expect(await ask(page, en, "m h2")).toBe(
      "h2 Red Cannon, 12 moves: h1, c2, d2, e2, f2, g2, i2, h3, h4, h5, h6, h9 takes Black Horse.",
    );
    expect(await ask(page, en, "clock")).toBe("This game has no clock.");
    expect(await ask(page, en, "zz")).toBe("Unknown command “zz”; type help for the list.");

    await playMove(page, "h2", "e2");
    const after = await waitTable(page, (t) => t.moves === 2 && t.turn === 0);
    const reply = after.moveList[1]!.move!;
    const last = await ask(page, en, "l");
    expect(last).toMatch(/^Last move: \S+, by Black \(CPU\)\.$/);
    expect(await ask(page, en, `m ${reply.to}`)).toMatch(
      /^\S+ Black \S+: not its turn; Red \(Ana, you\) is to move\.$/,
    );
    expect(await ask(page, en, "s e")).toContain("e2 Red Cannon");

    // After the end the field stays, and says so.
    await page.click("[data-action='table.resign']");
    await page.click(".confirm [data-action=confirm]");
    const finished = await waitTable(page, (t) => t.phase === "finished");
    expect(await ask(page, en, "t")).toBe("The game is over.");
    expect(await ask(page, en, "l")).toBe(
      `Last move: ${en["table.resignedEntry"]}, by Red (Ana, you).`,
    );

    // The table's review: the position of the step shown.
    await page.click(".result [data-action=review]");
    await waitTable(page, (t) => t.reviewStep === 3);
    await page.click("[data-action=review-prev]");
    await waitTable(page, (t) => t.reviewStep === 2);
    expect(await ask(page, en, "t")).toBe("Red (Ana, you) to move; next: Black (CPU).");
    expect(await ask(page, en, "l")).toMatch(/^Last move: \S+, by Black \(CPU\)\.$/);
    await page.click("[data-action=review-first]");
    await waitTable(page, (t) => t.reviewStep === 0);
    expect(await ask(page, en, "p c")).toBe("Cannon. Red: b2, h2. Black: b7, h7.");

    // The game's page reads the position its review shows.
    await page.goto(`${rig().base}/g/${finished.gameId}`);
    await waitBoard(page);
    expect(await ask(page, en, "t")).toBe("The game is over.");
    await page.click("[data-action=review-first]");
    expect(await ask(page, en, "t")).toBe("Red (Ana, you) to move; next: Black (CPU).");
    expect(await ask(page, en, "l")).toBe("No move has been played yet.");
    expect(await ask(page, en, "p c")).toBe("Cannon. Red: b2, h2. Black: b7, h7.");
    await page.click("[data-action=review-next]");
    expect(await ask(page, en, "p c")).toBe("Cannon. Red: b2, e2. Black: b7, h7.");
    expect(await ask(page, en, "m b9")).toMatch(/^b9 Black Horse, \d moves?: /);
  });

  it("four-player Individual in Hindi, on a phone", async () => {
    const hi = CATALOGUES.hi;
    const page = await newPage(rig(), "Ana", { width: 390, height: 844 }, "hi-IN");
    const start = await playComputer(rig(), page, 1);
    expect(start.game).toBe("fourchess");
    expect(await ask(page, hi, "pt")).toBe(
      "लाल (Ana, आप): 0 अंक। नीला (CPU): 0 अंक। पीला (CPU): 0 अंक। हरा (CPU): 0 अंक।",
    );
    expect(await ask(page, hi, "t")).toBe("लाल (Ana, आप) की बारी; अगली: नीला (CPU)।");
    expect(await ask(page, hi, "p k")).toBe("राजा। लाल: h1। नीला: a7। पीला: g14। हरा: n8।");
    expect(await ask(page, hi, "m e1")).toBe("e1 लाल घोड़ा, 2 चालें: d3, f3।");
    expect(await ask(page, hi, "क्या")).toBe("अनजान आदेश “क्या”; सूची के लिए help लिखें।");
    await ask(page, hi, "s 2");
    const box = page.locator(".command-box");
    await box.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(ARTIFACTS, "commands-phone.png") });
    expect(await axeViolations(page, ".command-box")).toEqual([]);
    // Compact on a phone: the field and its answer within the screen's width.
    const width = await box.evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeLessThanOrEqual(390);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(overflow).toBeLessThanOrEqual(390);
  });

  it("a spectator of four-player Teams, in Indonesian", async () => {
    const id = CATALOGUES.id;
    const ana = await newPage(rig(), "Ana");
    await playComputer(rig(), ana, 0);
    const dewi = await newPage(rig(), "Dewi", { width: 1200, height: 860 }, "id-ID");
    await dewi.goto(`${rig().base}/t/${tableId(ana)}`);
    await dewi.click(".name-prompt [data-action=join-named]");
    await waitBoard(dewi);
    const watched = await waitTable(dewi, (t) => t.phase === "playing" && t.turn === 0);
    expect(watched.mySeats).toEqual([]);
    // The move field is a player's; the commands field is everyone's.
    expect(await dewi.isVisible(".keyboard")).toBe(false);
    expect(await ask(dewi, id, "t")).toBe("Giliran Merah (Ana); berikutnya: Biru (CPU).");
    expect(await ask(dewi, id, "pt")).toBe("Format ini tanpa poin.");
    // Without a seat of one's own, the pieces of the side to move.
    expect(await ask(dewi, id, "ps")).toMatch(/^Merah \(Ana\), 16 bidak: Raja: h1\. Menteri: g1\./);
    expect(await ask(dewi, id, "ps hijau")).toMatch(/^Hijau \(CPU\), 16 bidak: /);
    expect(await ask(dewi, id, "m h2")).toBe("h2 Pion Merah, 2 langkah: h3, h4.");
    expect(await ask(dewi, id, "l")).toBe("Belum ada langkah.");
  });
});
