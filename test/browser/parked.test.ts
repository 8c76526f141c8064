/**
 * A person steps away from a game against the computer (the tab closed, as a phone put away),
 * longer than the seat hold: the table is parked on the server. Back in the lobby on the same
 * device, "your tables" lists it with its moves, in the reader's language; _Resume_ brings it
 * back with the board as they left it, and the game goes on.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../../tools/chromium";
import { type ChildServer, startChildServer } from "../security/child";
import { ARTIFACTS, childServerEnv, newPage, playComputer, playLegal, waitTable } from "./harness";
import { drawnProblems } from "./pixels";

let browser: Browser;
let dataDir: string;
let server: ChildServer | null = null;

beforeAll(async () => {
  browser = await launchChromium();
  dataDir = mkdtempSync(path.join(tmpdir(), "crossboard-parked-"));
}, 60_000);

afterAll(async () => {
  await server?.close();
  await browser?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function logged(s: ChildServer, event: string, table: string): Promise<void> {
  const until = Date.now() + 30_000;
  while (!s.lines.some((l) => l.includes(`"event":"${event}"`) && l.includes(table))) {
    if (Date.now() > until) throw new Error(`no ${event} for ${table}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("a game stepped away from", () => {
  it("is listed in the lobby while parked and resumes as it was left", async () => {
    server = await startChildServer({
      ...(await childServerEnv(dataDir)),
      SEAT_HOLD_SECONDS: "1",
    });
    const base = server.http;
    // A device set to Indonesian.
    const page = await newPage({ browser }, "Ana", undefined, "id-ID");
    const start = await playComputer({ base }, page, 2);
    await playLegal(page, ["h2-e2"]);
    const before = await waitTable(page, (t) => t.moves >= 2 && t.mySeats.includes(t.turn));
    const code = new URL(page.url()).pathname.split("/").pop() ?? "";
    const context = page.context();
    await page.close();
    await logged(server, "table/parked", code);

    // The same device, later: the lobby lists the table, in Indonesian.
    const lobby = await context.newPage();
    await lobby.goto(base);
    const entry = `[data-section=mine] [data-table='${code}']`;
    await lobby.waitForSelector(entry, { timeout: 15_000 });
    expect(await lobby.textContent(entry)).toMatch(new RegExp(`${before.moves}\\s+langkah`));
    await lobby.screenshot({ path: path.join(ARTIFACTS, "parked-lobby.png") });
    await lobby.click(`${entry} [data-action=resume]`);
    const back = await waitTable(
      lobby,
      (t) => t.moves === before.moves && t.mySeats.includes(t.turn),
      20_000,
    );
    expect(back.mySeats).toEqual(start.mySeats);
    expect(back.fen).toBe(before.fen);
    await logged(server, "table/returned", code);
    expect(await drawnProblems(lobby, "parked-back")).toEqual([]);
    await playLegal(lobby, ["b2-e2", "h0-g2", "b0-c2"]);
    await waitTable(lobby, (t) => t.moves >= before.moves + 2 && t.mySeats.includes(t.turn));
    await lobby.screenshot({ path: path.join(ARTIFACTS, "parked-resumed.png") });
    await context.close();
  }, 120_000);
});
