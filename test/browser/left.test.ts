/**
 * A game left while it is being played stays on the lobby's list with its link: out of an
 * Individual game and gone, the game ends there (nobody is left) and its review opens with the
 * result; a game others still watch is "still being played" at its link until it ends.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  ARTIFACTS,
  newPage,
  playComputer,
  playLegal,
  tableId,
  useRig,
  waitBoard,
  waitTable,
} from "./harness";

// CPUs that take their time, so a game they play for a spectator lasts through the test.
const rig = useRig(400);

describe("a game left while it is being played", () => {
  it("Individual, out and gone: the game is in recent games, and its link shows how it ended", async () => {
    const page = await newPage(rig(), "Quitter");
    await playComputer(rig(), page, 1);
    await playLegal(page);
    await waitTable(page, (t) => t.moves >= 4 && t.mySeats.includes(t.turn));
    await page.click("[data-action='table.resign']");
    await page.click(".confirm [data-action=confirm]");
    await page.waitForSelector(".out");
    const { gameId } = await waitTable(page, (t) => t.gameId !== "");
    await page.click(".out [data-action=exit]");
    const item = `[data-section=recent] [data-game="${gameId}"]`;
    await page.waitForSelector(item);
    expect(await page.textContent(item)).toMatch(/you left it while it was being played/i);
    expect(await page.getAttribute(`${item} a`, "href")).toBe(`/g/${gameId}`);
    await page.screenshot({ path: path.join(ARTIFACTS, "left-recent.png"), fullPage: true });

    // Nobody was left at the table: the game ended there, by points, and is in the archive.
    await page.click(`${item} a`);
    await waitBoard(page);
    await page.waitForSelector(".archive-screen");
    expect(await page.textContent(".panel")).toMatch(/Everyone left the table\./);
    // The seat is named by who played it, though the CPU finished the game in it.
    const red = page.locator(".panel-seats [data-seat='0']");
    expect(await red.locator(".name").textContent()).toBe("Quitter");
    expect(await red.locator(".badges").textContent()).toBe("you · left the game");
    await page.screenshot({ path: path.join(ARTIFACTS, "left-archive.png") });
    // Back in the lobby, the list now gives the result.
    await page.click(".archive-screen [data-action=lobby]");
    await page.waitForSelector(item);
    expect(await page.textContent(item)).toMatch(/Everyone left the table/);
    await page.context().close();
  }, 90_000);

  it("watched by someone else: still being played at its link, then ended once they go", async () => {
    const ana = await newPage(rig(), "Ana");
    await playComputer(rig(), ana, 2);
    const id = tableId(ana);
    // Alone at the table, leaving would end the game: the dialog says so (Ana stays).
    await ana.click("[data-action=leave]");
    expect(await ana.textContent(".confirm")).toMatch(
      /Nobody else is playing: the game ends when you leave, and you lose it\./,
    );
    await ana.click(".confirm [data-action=cancel]");
    const cara = await newPage(rig(), "Cara");
    await cara.goto(`${rig().base}/t/${id}`);
    await cara.click(".name-prompt [data-action=join-named]");
    await waitBoard(cara);
    await waitTable(cara, (t) => t.phase === "playing" && t.mySeats.length === 0);
    await waitTable(ana, (t) => t.mySeats.includes(t.turn));
    await playLegal(ana);
    const { gameId } = await waitTable(ana, (t) => t.moves >= 2 && t.gameId !== "");

    // Ana leaves: a CPU plays on for Cara to watch.
    await ana.click("[data-action=leave]");
    expect(await ana.textContent(".confirm")).toMatch(/a CPU will take your seat/);
    await ana.click(".confirm [data-action=confirm]");
    const item = `[data-section=recent] [data-game="${gameId}"]`;
    await ana.waitForSelector(item);
    await ana.click(`${item} a`);
    await ana.waitForSelector("[data-page=playing]");
    expect(await ana.textContent("h1")).toMatch(/still being played/i);
    await ana.screenshot({ path: path.join(ARTIFACTS, "left-still-playing.png") });
    await waitTable(cara, (t) => t.moves >= 4);

    // Cara goes too: nobody is left, the game ends and its link shows it.
    await cara.context().close();
    await expect
      .poll(
        async () => {
          await ana.click("[data-page=playing] [data-action=retry]").catch(() => undefined);
          return ana.locator(".archive-screen").count();
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(1);
    const panel = await ana.textContent(".panel");
    expect(panel, panel ?? "").toMatch(/Red( \(.+\))? left the game\./);
    await ana.context().close();
  }, 90_000);
});
