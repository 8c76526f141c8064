/**
 * The clock stops while the server is down. A xiangqi game with a five-minute clock runs on the
 * real server in its own process with a data folder; the server is killed (SIGKILL) and later
 * stopped (SIGTERM), each time staying down a while before it starts again. After a crash the
 * running turn goes on from the last stored action, after a clean stop from where it stood
 * when the server stopped; never is anyone charged for the time the server was away. Times
 * compared are the test's and the server's own clock (the same machine's).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { TableView } from "../../shared/protocol/views";
import { type ChildServer, startChildServer } from "../security/child";
import { join, type Person, reclaim, until } from "./people";

/** Five minutes on each clock, nothing added. */
const CLOCK = { base: 300, increment: 0, delay: 0 };
const BASE_MS = 300_000;
/** The server stays down at least this long, well beyond the few ms the checks allow. */
const DOWN_MS = 1500;
/** How long a hint takes (the CPU's delay): time Black spends thinking with nothing stored. */
const HINT_MS = 400;

/** When the server logged that it brought its tables back (ms since the epoch). */
function restoredAt(server: ChildServer): number {
  const line = server.lines.find((l) => l.includes('"event":"tables-restored"'));
  if (!line) throw new Error("the server did not bring its tables back");
  return Date.parse((JSON.parse(line) as { time: string }).time);
}

/** When the running turn began on the server's clock (ms since the epoch). */
const turnStart = (s: TableView) => s.clockBase + s.turnStarted;

/** Black asks for a hint and waits for it: time passes on Black's clock, nothing is stored. */
async function think(black: Person): Promise<void> {
  const hint = new Promise((resolve) => black.room.onMessage("hint", resolve));
  black.room.send("hint");
  await hint;
}

/** Stops the server with `signal`, keeps it down DOWN_MS, and starts it again. */
async function restart(
  server: ChildServer,
  signal: NodeJS.Signals,
  env: Record<string, string>,
): Promise<{ server: ChildServer; sent: number; exited: number; spawned: number }> {
  const sent = Date.now();
  await server.kill(signal);
  const exited = Date.now();
  // The server is away: the one wait of this test is the downtime it is about.
  await new Promise((r) => setTimeout(r, DOWN_MS));
  const spawned = Date.now();
  return { server: await startChildServer(env), sent, exited, spawned };
}

async function stateAfterReclaim(server: ChildServer, id: string, people: Person[]) {
  for (const p of people) await reclaim(server, id, p);
  const red = people[0]!;
  await until("state back", () => red.room.state.phase === "playing");
  return red.room.state;
}

describe("the clock while the server is down", () => {
  it("after SIGKILL resumes from the last stored action, after SIGTERM from where it stood; downtime is charged to nobody", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "crossboard-clock-"));
    const env = {
      DATA_DIR: dir,
      // People reclaim their seats long before a stand-in would move for them.
      STAND_IN_GRACE_MS: "120000",
      CPU_DELAY_MS: String(HINT_MS),
    };
    let server = await startChildServer(env);
    try {
      const client = server.client();
      const red = await join(client, "Red", (c) =>
        c.create<TableView>("table", {
          game: "xiangqi",
          name: "Red",
          seat: 0,
          rules: { clock: CLOCK },
        }),
      );
      const black = await join(client, "Black", (c) =>
        c.joinById<TableView>(red.room.roomId, { name: "Black", seat: 1 }),
      );
      const id = red.room.roomId;
      await until("seated", () => red.room.state.seats?.[1]?.kind === "human");
      red.room.send("start");
      await until("started", () => black.room.state.phase === "playing");
      await until("tokens", () => red.token !== "" && black.token !== "");
      red.room.send("move", { from: "h2", to: "e2" });
      await until("Red's move stored and shown", () => black.room.state.moves.length === 1);
      const first = black.room.state;
      // Black's turn began with Red's move, the last action stored, with the whole clock.
      expect(first.seats[1]!.clock).toBe(BASE_MS);
      const blackFrom = turnStart(first);

      // A crash while Black thinks.
      await think(black);
      const crash = await restart(server, "SIGKILL", env);
      server = crash.server;
      const afterCrash = await stateAfterReclaim(server, id, [red, black]);
      const resumed = turnStart(afterCrash);
      // Black's turn goes on from the last stored action: neither the thinking before the
      // crash nor the time the server was down came off; the turn runs again from the restart.
      expect(afterCrash.seats[1]!.clock).toBe(BASE_MS);
      expect(afterCrash.turnDeadline - afterCrash.turnStarted).toBe(BASE_MS);
      expect(resumed).toBeGreaterThanOrEqual(crash.spawned);
      expect(resumed).toBeLessThanOrEqual(restoredAt(server));
      expect(resumed - blackFrom).toBeGreaterThanOrEqual(DOWN_MS);

      // A clean stop while Black thinks again.
      await think(black);
      const stop = await restart(server, "SIGTERM", env);
      server = stop.server;
      const afterStop = await stateAfterReclaim(server, id, [red, black]);
      const back = turnStart(afterStop);
      const backAt = restoredAt(server);
      // What Black had used when the server stopped (the running turn is charged up to the
      // stop): at least the hint's wait, at most until the old server was gone.
      // used = (restart time) - (turn start as shown), the restart lying in [spawned, backAt].
      expect(backAt - back).toBeGreaterThanOrEqual(stop.sent - resumed);
      expect(backAt - back).toBeGreaterThanOrEqual(HINT_MS);
      expect(stop.spawned - back).toBeLessThanOrEqual(stop.exited - resumed);
      expect(afterStop.seats[1]!.clock).toBe(BASE_MS);

      // Black moves: its clock shows what it used on the two servers it thought on, and not
      // the three times the server was away or down.
      black.room.send("move", { from: "h9", to: "g7" });
      await until("Black's move", () => red.room.state.moves.length === 2);
      const moved = Date.now();
      const left = red.room.state.seats[1]!.clock;
      const usedAtMost = stop.exited - resumed + (moved - stop.spawned);
      const usedAtLeast = stop.sent - resumed;
      expect(BASE_MS - left).toBeGreaterThanOrEqual(usedAtLeast);
      expect(BASE_MS - left).toBeLessThanOrEqual(usedAtMost);
      // Everything since Red's move, downtime included, is far more than that.
      expect(moved - blackFrom - (BASE_MS - left)).toBeGreaterThanOrEqual(2 * DOWN_MS);
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
