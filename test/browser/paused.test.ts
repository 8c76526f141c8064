/**
 * What a person sees when the server's disk fills up mid-game, on an Indonesian page: the real
 * server runs as its own process with its data folder on a small tmpfs; two people play
 * xiangqi on one device; the disk is filled. The move they make is refused and explained in
 * their language, the banner above the board says the game is paused, and the board stays as
 * it was, drawn where the position says. Once the disk is freed the banner goes by itself and
 * the game goes on.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, statfsSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../../tools/chromium";
import { type ChildServer, startChildServer } from "../security/child";
import { ARTIFACTS, playLegal, tableOf, waitBoard, waitTable } from "./harness";
import { drawnProblems } from "./pixels";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const asRoot = process.getuid?.() === 0;

let browser: Browser;
let dir: string;
let disk: string;
let server: ChildServer | null = null;

beforeAll(async () => {
  if (!asRoot) return;
  browser = await launchChromium(["--autoplay-policy=no-user-gesture-required"]);
  dir = mkdtempSync(path.join(tmpdir(), "crossboard-paused-"));
  disk = path.join(dir, "disk");
  mkdirSync(disk);
  execFileSync("mount", ["-t", "tmpfs", "-o", "size=4m", "tmpfs", disk]);
}, 60_000);

afterAll(async () => {
  if (!asRoot) return;
  await server?.close();
  await browser?.close();
  execFileSync("umount", ["-l", disk]);
  rmSync(dir, { recursive: true, force: true });
});

describe("a full disk in the middle of a game", () => {
  // CI runs as root, so this never skips there.
  it.skipIf(!asRoot)(
    "the page says the game is paused, in the page's language, and goes on by itself",
    async () => {
      server = await startChildServer({
        DATA_DIR: path.join(disk, "data"),
        // No free-space watermark: the disk is to fill under the game.
        STORE_MIN_FREE_MB: "0",
        CLIENT_DIR: path.join(ROOT, "dist/client"),
        MATCHMAKE_PER_MINUTE: "10000",
        CPU_DELAY_MS: "50",
      });
      const context = await browser.newContext({
        viewport: { width: 1200, height: 860 },
        locale: "id-ID",
      });
      await context.addInitScript(() => localStorage.setItem("crossboard.name", "Sari"));
      const page = await context.newPage();
      page.on("pageerror", (e) => console.error(`page error: ${e.message}`));
      await page.goto(server.http);
      await page.click("[data-section=hotseat] button");
      await waitBoard(page);
      await waitTable(page, (t) => t.phase === "playing" && t.mySeats.length === 2);
      expect(await page.getAttribute("html", "lang")).toBe("id");
      for (let i = 0; i < 2; i++) {
        const before = (await tableOf(page))!.moves;
        await playLegal(page);
        await waitTable(page, (t) => t.moves > before);
      }

      // The disk is filled, and filled again whenever the store frees room under it: the
      // checkpointer empties the WAL file when free space runs out, which may give back enough
      // for the store to write again (and end the pause by itself, as it should). The pause is
      // for good once the WAL is empty and the disk has no room for the store's probe.
      let fills = 0;
      const fill = () => {
        try {
          execFileSync(
            "dd",
            ["if=/dev/zero", `of=${path.join(disk, `filler-${fills++}`)}`, "bs=4k"],
            {
              stdio: "ignore",
            },
          );
        } catch {
          // dd ends with an error once the disk is full.
        }
      };
      const wal = path.join(disk, "data", "crossboard.db-wal");
      const settled = () => {
        const free = statfsSync(disk);
        return (
          (existsSync(wal) ? statSync(wal).size : 0) === 0 && free.bavail * free.bsize < 256 * 1024
        );
      };
      const paused = ".banner[data-notice=paused]:not([hidden])";
      fill();
      for (let i = 0; i < 200 && !(settled() && (await page.isVisible(paused))); i++) {
        fill();
        if (await page.isVisible(paused)) {
          // Paused, with room still to be freed: the next checkpoint frees it.
          await new Promise((r) => setTimeout(r, 100));
          continue;
        }
        // The disk may still take a write or two in space the file already has.
        const before = (await tableOf(page))!.moves;
        await playLegal(page);
        await Promise.race([
          page.waitForSelector(paused, { timeout: 10_000 }),
          waitTable(page, (t) => t.moves > before, 10_000),
        ]);
      }
      expect(settled()).toBe(true);
      await page.waitForSelector(paused, { timeout: 10_000 });
      await page.screenshot({ path: path.join(ARTIFACTS, "paused-banner.png") });
      expect(await page.textContent(".banner")).toBe(
        "Dijeda: server sedang tidak bisa menyimpan langkah. Permainan akan berlanjut otomatis begitu memungkinkan.",
      );
      // A move made now is refused and explained beside the board, and the board shows no move of it.
      await playLegal(page);
      await page.waitForSelector(".message.error:not([hidden])");
      expect(await page.textContent(".message.error")).toMatch(/^Tidak tersimpan: server sedang/);
      const stuck = (await tableOf(page))!;
      expect(stuck.mySeats).toContain(stuck.turn);
      expect(await drawnProblems(page, "paused-disk-full")).toEqual([]);
      // Still paused: the disk is as full as it was.
      expect(await page.isVisible(paused)).toBe(true);

      for (let i = 0; i < fills; i++) rmSync(path.join(disk, `filler-${i}`), { force: true });
      await page.waitForSelector(".banner", { state: "hidden", timeout: 15_000 });
      await playLegal(page);
      const after = await waitTable(page, (t) => t.moves === stuck.moves + 1);
      expect(after.fen).not.toBe(stuck.fen);
      expect(await drawnProblems(page, "paused-then-on")).toEqual([]);
      await page.screenshot({ path: path.join(ARTIFACTS, "paused-gone.png") });
      await context.close();
    },
    120_000,
  );
});
