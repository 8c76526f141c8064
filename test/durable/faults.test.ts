/**
 * What lies under the server fails, for real, mid-game: the SQLite file's disk fills up (a
 * small tmpfs mounted here, filled with dd, then freed), PostgreSQL stops for 1 s and for 10 s
 * (the throw-away cluster, stopped and started again on its port). Two tables play through it:
 * xiangqi between two people with a spectator, and four-player chess against the computer.
 * While the store cannot write, every action is refused with `store/unavailable`, no client
 * sees anything new (no move, no CPU move), every table says it is paused, the health check
 * answers 503 and no new table opens; when the store is back the tables go on by themselves.
 * Then the server is stopped and started again: both tables come back with every move any
 * client was shown.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, unlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { chooseMove } from "../../shared/bots/simple";
import type { TableView } from "../../shared/protocol/views";
import { replayView } from "../../shared/protocol/wire";
import { type PgCluster, startCluster } from "../../tools/pgcluster";
import { type ChildServer, startChildServer } from "../security/child";
import {
  entryKey,
  join,
  longestSeen,
  type Person,
  reclaim,
  spectate,
  until,
  xiangqiForTwo,
} from "./people";

const BASE_ENV = {
  STAND_IN_GRACE_MS: "60000",
  MATCHMAKE_PER_MINUTE: "10000",
  CPU_DELAY_MS: "0",
  // The CPUs play the same moves on every run (seeded, no time-capped search), so the game
  // against them lasts as long as the test needs.
  CPU_SEED: "7",
  CPU_WORKERS: "0",
};

interface World {
  xiangqi: { id: string; people: Person[]; spectator: Person };
  teams: { id: string; people: Person[] };
}

const everyone = (w: World) => [...w.xiangqi.people, w.xiangqi.spectator, ...w.teams.people];

/**
 * The person to move at a table sends the move the server's simple CPU policy would play
 * (seeded by the ply: the same on every run); returns who, or null.
 */
function sendMove(people: readonly Person[]): Person | null {
  for (const p of people) {
    const s = p.room.state;
    if (s.phase !== "playing" || !p.seats.includes(s.turn)) continue;
    const r = replayView(s);
    if (!r.ok) throw new Error(r.error.message);
    const move = chooseMove(r.value.game, s.moves.length * 7919 + 1);
    if (!move) return null;
    p.room.send("move", move);
    return p;
  }
  return null;
}

/**
 * One move at a table by the person to move: resolves "shown" once it is in their state,
 * "refused" with the code of a refusal, or "waiting" when nobody there is to move (CPUs are).
 */
async function moveOnce(people: readonly Person[]): Promise<"shown" | string> {
  const mover = sendMove(people);
  if (!mover) return "waiting";
  const before = mover.room.state.moves.length;
  const refusals = mover.refused.length;
  await until(
    `${mover.name}'s move answered`,
    () => mover.room.state.moves.length > before || mover.refused.length > refusals,
  );
  return mover.refused.length > refusals ? mover.refused[refusals]! : "shown";
}

/** Plays `rounds` moves at each table, every one of them shown. */
async function play(w: World, rounds: number): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    for (const t of [w.xiangqi, w.teams]) {
      const s = t.people[0]!.room.state;
      if (s.phase !== "playing") throw new Error(`${t.id} is over: ${s.result?.reason}`);
      const answer = await moveOnce(t.people);
      if (answer === "waiting") {
        // The CPUs are to move: wait for the turn to come back.
        await until(`${t.id}: CPUs answer`, () => myTurn(t.people));
      } else expect(answer, `${t.id} move`).toBe("shown");
    }
  }
}

const myTurn = (people: readonly Person[]) =>
  people.some((p) => p.seats.includes(p.room.state.turn) && p.room.state.phase === "playing");

async function setUp(server: ChildServer): Promise<World> {
  const a = server.client();
  const xiangqi = await xiangqiForTwo(a);
  const ana = await join(a, "Ana", (c) =>
    c.create<TableView>("table", {
      game: "fourchess",
      mode: "computer",
      name: "Ana",
      rules: { moveLimit: 400 },
    }),
  );
  await until("teams start", () => ana.room.state.phase === "playing");
  await until("Ana's seat token", () => ana.token !== "");
  return {
    xiangqi,
    teams: { id: ana.room.roomId, people: [ana] },
  };
}

const moveCounts = (w: World) => everyone(w).map((p) => p.room.state.moves.length);

async function health(server: ChildServer): Promise<{ status: number; code?: string }> {
  const res = await fetch(`${server.http}/api/health`);
  const body = (await res.json()) as { code?: string };
  return { status: res.status, ...(body.code ? { code: body.code } : {}) };
}

/**
 * While the store is down: nothing new is shown anywhere, every table said it is paused, moves
 * are refused with the code, the health check says why, and no new table opens.
 */
async function checkPaused(
  server: ChildServer,
  w: World,
  tries: number,
  // Why no new table opens: a full disk says so.
  refused: "store/unavailable" | "store/full" = "store/unavailable",
): Promise<void> {
  await until("every client told the table is paused", () =>
    everyone(w).every((p) => p.paused.at(-1) === "store/unavailable"),
  );
  const shown = moveCounts(w);
  for (let i = 0; i < tries; i++) {
    // Whose turn the clients see: the refused move never reaches the state.
    const answer = await moveOnce(w.xiangqi.people);
    expect(answer).toBe("store/unavailable");
  }
  expect(await health(server)).toEqual({ status: 503, code: refused });
  await expect(
    server.client().create<TableView>("table", { game: "xiangqi", name: "Gita" }),
  ).rejects.toThrow(refused);
  expect(moveCounts(w), "nothing new was shown while paused").toEqual(shown);
}

/** The store is back: every table goes on by itself, people and CPUs move again. */
async function checkBack(server: ChildServer, w: World): Promise<void> {
  await until("every client told the table goes on", () =>
    everyone(w).every((p) => p.paused.at(-1) === null),
  );
  expect((await health(server)).status).toBe(200);
  await play(w, 3);
}

async function rejoin(w: World, server: ChildServer): Promise<void> {
  for (const t of [w.xiangqi, w.teams]) for (const p of t.people) await reclaim(server, t.id, p);
  await spectate(server, w.xiangqi.id, w.xiangqi.spectator);
}

/** Every move any client was shown is in its table's list after the restart, in order. */
async function expectNothingLost(w: World): Promise<void> {
  for (const t of [
    { id: w.xiangqi.id, people: [...w.xiangqi.people, w.xiangqi.spectator] },
    w.teams,
  ]) {
    const seen = longestSeen(t.people);
    const room = t.people[0]!.room;
    await until(`${t.id} back`, () => (room.state.moves?.length ?? -1) >= seen.length);
    expect(Array.from(room.state.moves, entryKey).slice(0, seen.length), `${t.id}`).toEqual(seen);
  }
}

/** Stops the server gracefully and starts it again on the same store; everyone comes back. */
async function restart(
  server: ChildServer,
  w: World,
  env: Record<string, string>,
): Promise<ChildServer> {
  expect(await server.kill("SIGTERM")).toBe(0);
  const again = await startChildServer(env);
  const started = JSON.parse(again.lines.find((l) => l.includes('"event":"listening"'))!) as {
    restored: number;
  };
  expect(started.restored, "every table came back").toBe(2);
  await rejoin(w, again);
  await expectNothingLost(w);
  return again;
}

const asRoot = process.getuid?.() === 0;

describe("when the store fails under the server", () => {
  // CI runs as root (it installs packages), so this never skips there.
  it.skipIf(!asRoot)(
    "SQLite on a full disk: moves refused and tables paused, then on by themselves; nothing shown is lost",
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), "crossboard-full-"));
      const disk = path.join(dir, "disk");
      mkdirSync(disk);
      execFileSync("mount", ["-t", "tmpfs", "-o", "size=4m", "tmpfs", disk]);
      // No watermark: this is what happens when the disk does fill (flood.test.ts keeps it from it).
      const env = { ...BASE_ENV, DATA_DIR: path.join(disk, "data"), STORE_MIN_FREE_MB: "0" };
      let server = await startChildServer(env);
      try {
        const w = await setUp(server);
        await play(w, 4);
        // Fill the disk; the file keeps taking writes while SQLite finds room in what it has.
        const filler = path.join(disk, "filler");
        try {
          execFileSync("dd", ["if=/dev/zero", `of=${filler}`, "bs=4k"], { stdio: "ignore" });
        } catch {
          // dd stops with an error when the disk is full: that is the point.
        }
        let answer = "shown";
        for (let i = 0; i < 2000 && answer === "shown"; i++) {
          answer = await moveOnce(w.xiangqi.people);
          if (w.xiangqi.people[0]!.room.state.phase !== "playing")
            throw new Error("the game ended before the disk filled");
        }
        expect(answer, "a move the disk could not take").toBe("store/unavailable");
        await checkPaused(server, w, 3, "store/full");
        unlinkSync(filler);
        await checkBack(server, w);
        server = await restart(server, w, env);
        await play(w, 2);
      } finally {
        await server.close();
        execFileSync("umount", ["-l", disk]);
        rmSync(dir, { recursive: true, force: true });
      }
    },
    240_000,
  );

  const outage = async (cluster: PgCluster, seconds: number, database: string) => {
    await cluster.createDatabase(database);
    const env = { ...BASE_ENV, DATABASE_URL: cluster.url(database) };
    let server = await startChildServer(env);
    try {
      const w = await setUp(server);
      await play(w, 4);
      await cluster.halt();
      const stopped = Date.now();
      // The first move after the stop is taken and held (never shown) until it is stored.
      const dewi = w.xiangqi.people.find((p) => p.seats.includes(p.room.state.turn))!;
      const held = dewi.room.state.moves.length;
      sendMove([dewi]);
      await checkPaused(server, w, 2);
      expect(dewi.room.state.moves.length, "the held move is not shown").toBe(held);
      const left = seconds * 1000 - (Date.now() - stopped);
      if (left > 0) await new Promise((r) => setTimeout(r, left));
      await cluster.resume();
      await checkBack(server, w);
      server = await restart(server, w, env);
      await play(w, 2);
    } finally {
      await server.close();
    }
  };

  it("PostgreSQL stopped for 1 s and for 10 s mid-game: the same", async () => {
    const cluster = await startCluster();
    try {
      await outage(cluster, 1, "crossboard_outage1");
      await outage(cluster, 10, "crossboard_outage10");
    } finally {
      await cluster.stop();
    }
  }, 240_000);
});
