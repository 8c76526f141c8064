/**
 * The archive flood from one address, on a small disk: twenty computer tables opened from one
 * address play a move, resign and ask for the next game as fast as the message rate lets them,
 * on a server whose data folder is a 12 MiB tmpfs. The archive takes that address's games only
 * up to its budget (said once in the log), each table's actions that are not moves are bounded,
 * and so the store never fills: it never goes under its free-space watermark, never pauses, and
 * a table opened from another address meanwhile never pauses and keeps taking moves.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, statfsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { Client } from "colyseus.js";
import { describe, expect, it } from "vitest";
import { chooseMove } from "../../shared/bots/simple";
import type { TableView } from "../../shared/protocol/views";
import { replayView, unpackMove } from "../../shared/protocol/wire";
import { type ChildServer, startChildServer } from "../security/child";
import type { TableRoom } from "./people";
import { until } from "./people";

const asRoot = process.getuid?.() === 0;
const FLOODER = "203.0.113.66";
const NEIGHBOUR = "198.51.100.7";
const TABLES = 20;
const PER_HOUR = 60;
const FLOOD_MS = 20_000;
const WATERMARK_MB = 3;

/** A client whose calls come, through the trusted proxy on loopback, from `address`. */
const clientFrom = (server: ChildServer, address: string) =>
  new Client(server.ws, { headers: { "X-Forwarded-For": address } });

/** The seat's move the simple policy picks in the state shown, or null. */
function moveIn(s: TableView): { from: string; to: string } | null {
  const r = replayView(s);
  if (!r.ok) throw new Error(r.error.message);
  return chooseMove(r.value.game, s.moves.length * 7919 + 1);
}

const mySeat = (s: TableView) => Array.from(s.seats).findIndex((x) => x.kind === "human");

/**
 * One flooding table: every 100 ms (the message rate) it sends what moves it on — its move when
 * it is to move and has not moved in this game, then `resign`, then `playAgain` — and counts the
 * games it finished.
 */
function flood(room: TableRoom): { finished: Set<number>; stop(): void } {
  const finished = new Set<number>();
  for (const type of ["error", "welcome", "seat", "premove", "paused"])
    room.onMessage(type, () => undefined);
  const timer = setInterval(() => {
    const s = room.state;
    if (!s.seats) return;
    if (s.phase === "finished") {
      finished.add(s.gameNumber);
      room.send("playAgain");
      return;
    }
    if (s.phase !== "playing") return;
    const seat = mySeat(s);
    const moved = Array.from(s.moves).some((m) => unpackMove(m).seat === seat);
    if (moved) room.send("resign");
    else if (s.turn === seat) {
      const m = moveIn(s);
      if (m) room.send("move", m);
    }
  }, 100);
  return { finished, stop: () => clearInterval(timer) };
}

describe("the archive flood from one address", () => {
  // CI runs as root (it installs packages), so this never skips there.
  it.skipIf(!asRoot)(
    "never fills a small disk, and another address's table never pauses",
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), "crossboard-flood-"));
      const disk = path.join(dir, "disk");
      mkdirSync(disk);
      execFileSync("mount", ["-t", "tmpfs", "-o", "size=12m", "tmpfs", disk]);
      const dataDir = path.join(disk, "data");
      const server = await startChildServer({
        DATA_DIR: dataDir,
        TRUST_PROXY: "loopback",
        MATCHMAKE_PER_MINUTE: "10000",
        ARCHIVE_GAMES_PER_HOUR: String(PER_HOUR),
        STORE_MIN_FREE_MB: String(WATERMARK_MB),
        CPU_SEED: "7",
      });
      const floods: ReturnType<typeof flood>[] = [];
      try {
        const flooder = clientFrom(server, FLOODER);
        const rooms: TableRoom[] = [];
        for (let i = 0; i < TABLES; i++)
          rooms.push(
            await flooder.create<TableView>("table", {
              game: "xiangqi",
              mode: "computer",
              name: `F${i}`,
              seat: 0,
            }),
          );
        // The neighbour plays against the computer from another address throughout.
        const neighbour = await clientFrom(server, NEIGHBOUR).create<TableView>("table", {
          game: "xiangqi",
          mode: "computer",
          name: "Nia",
          seat: 0,
        });
        const paused: (string | null)[] = [];
        const refused: string[] = [];
        neighbour.onMessage("paused", (m: { code: string | null }) => paused.push(m.code));
        neighbour.onMessage("error", (e: { code: string }) => refused.push(e.code));
        for (const type of ["welcome", "seat", "premove"])
          neighbour.onMessage(type, () => undefined);
        await until("the neighbour's game", () => neighbour.state.phase === "playing");

        for (const room of rooms) floods.push(flood(room));
        const started = Date.now();
        let neighbourMoves = 0;
        let lastMoveAt = started;
        let longestWait = 0;
        const health: number[] = [];
        let minFree = Number.POSITIVE_INFINITY;
        while (Date.now() - started < FLOOD_MS) {
          const s = neighbour.state;
          if (s.phase === "finished") neighbour.send("playAgain");
          else if (s.phase === "playing" && s.turn === mySeat(s)) {
            const before = s.moves.length;
            const m = moveIn(s);
            if (m) {
              neighbour.send("move", m);

              await until(
                "the neighbour's move shown",
                () => neighbour.state.moves.length > before || neighbour.state.phase !== "playing",
                5_000,
              );
              neighbourMoves++;
              longestWait = Math.max(longestWait, Date.now() - lastMoveAt);
              lastMoveAt = Date.now();
            }
          }
          health.push((await fetch(`${server.http}/api/health`)).status);
          const fs = statfsSync(disk);
          minFree = Math.min(minFree, fs.bavail * fs.bsize);
          // A person's pace, well inside the message rate (which a flood of one's own would meet).
          await new Promise((r) => setTimeout(r, 200));
        }
        for (const f of floods) f.stop();

        const finished = floods.reduce((n, f) => n + f.finished.size, 0);
        // The flood did finish many more games than its budget lets into the archive.
        expect(finished).toBeGreaterThan(3 * PER_HOUR);
        // The store never filled: never under the watermark, never paused, health never 503.
        expect(minFree).toBeGreaterThan(WATERMARK_MB * 1024 * 1024);
        expect(health.every((status) => status === 200)).toBe(true);
        const events = server.lines.map((l) => (JSON.parse(l) as { event?: string }).event);
        expect(events).not.toContain("store/low-space");
        expect(events).not.toContain("store/unavailable");
        // The neighbour was never paused nor refused, and kept moving all along.
        expect(paused).toEqual([]);
        expect(refused).toEqual([]);
        expect(neighbourMoves).toBeGreaterThan(20);
        expect(longestWait).toBeLessThan(5_000);
        // The log says once that the flooder is over its budget, and never names the neighbour.
        const budget = server.lines
          .map((l) => JSON.parse(l) as { kind?: string; source?: string; suppressed?: number })
          .filter((l) => l.kind === "archive-budget");
        expect(budget.filter((l) => l.suppressed === undefined)).toEqual([
          expect.objectContaining({ source: expect.stringMatching(/^a-/), perHour: PER_HOUR }),
        ]);
        // The address itself is in no line: the log names it by a keyed hash.
        expect(server.lines.join("\n")).not.toContain(FLOODER);
        for (const room of [...rooms, neighbour]) await room.leave();
      } finally {
        for (const f of floods) f.stop();
        await server.close();
      }
      try {
        // The archive holds the flooder's budget and the neighbour's games, nothing more.
        const db = new Database(path.join(dataDir, "crossboard.db"), { readonly: true });
        const rows = db.prepare("SELECT record FROM games").all() as { record: string }[];
        db.close();
        const flooded = rows.filter((r) => /"name":"F\d+"/.test(r.record)).length;
        expect(flooded).toBe(PER_HOUR);
      } finally {
        execFileSync("umount", ["-l", disk]);
        rmSync(dir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
