/**
 * npm run loadtest:responsiveness — does a thinking CPU slow other tables down?
 *
 * Starts the real server in its own process (CPU searches in worker threads), then measures the
 * round trip of a human move on a hot-seat xiangqi table (send → patch with the move received):
 * first with the server idle, then while BUSY_TABLES tables of CPUs play each other, so that
 * that many CPU searches are always asked for at once. Prints p50/p99 for both, side by side.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { Client, type Room } from "colyseus.js";
import type { TableGame } from "../shared/games/types";
import { advance, type Replayed } from "../shared/match/replay";
import type { TableView } from "../shared/protocol/views";
import { entryFromView, replayView } from "../shared/protocol/wire";

const BUSY_TABLES = Number(process.env.BUSY_TABLES ?? 8);
const SAMPLES = Number(process.env.SAMPLES ?? 120);

function startServer(): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
      env: {
        ...process.env,
        PORT: "0",
        DATA_DIR: process.env.DATA_DIR ?? ":memory:",
        HOST: "127.0.0.1",
        CPU_DELAY_MS: "0",
        MATCHMAKE_PER_MINUTE: "100000",
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    // The server's log is one JSON object a line; the "listening" line gives the port.
    child.stdout?.on("data", (chunk: Buffer) => {
      for (const line of chunk.toString().split("\n")) {
        if (!line.includes('"listening"')) continue;
        const event = JSON.parse(line) as { port: number; cpuWorkers: number };
        console.log(`server: ${event.cpuWorkers} CPU worker thread(s)`);
        resolve({ child, port: event.port });
      }
    });
    child.on("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
}

function waitState(room: Room<TableView>, test: (s: TableView) => boolean): Promise<void> {
  return new Promise((resolve) => {
    const check = (s: TableView) => {
      try {
        if (!test(s)) return;
      } catch {
        return;
      }
      room.onStateChange.remove(check);
      resolve();
    };
    room.onStateChange(check);
    check(room.state);
  });
}

/** A table where CPUs play each other: its creator starts it and leaves; a watcher keeps it open. */
async function busyTable(client: Client, i: number): Promise<Room<TableView>> {
  const game = i % 2 === 0 ? "xiangqi" : "fourchess";
  const level = game === "xiangqi" ? "master" : "hard";
  const host = await client.create<TableView>("table", {
    game,
    seat: 0,
    rules: { cpuLevel: level },
  });
  await waitState(host, (s) => s.seats[0]?.kind === "human");
  const watcher = await client.joinById<TableView>(host.roomId, { spectate: true });
  host.send("start");
  await waitState(watcher, (s) => s.phase === "playing");
  await host.leave();
  return watcher;
}

/**
 * The game at one table, played on entry by entry as its move list grows rather than replayed
 * in full before every move (whose garbage would land in the timed round trips).
 */
function follower(): (s: TableView) => TableGame {
  let followed: { entries: number; replayed: Replayed } | null = null;
  return (s) => {
    if (!followed || followed.entries > s.moves.length) {
      const r = replayView(s);
      if (!r.ok) throw new Error(r.error.message);
      followed = { entries: s.moves.length, replayed: r.value };
    }
    for (let i = followed.entries; i < s.moves.length; i++) {
      const r = advance(followed.replayed, entryFromView(s.game, s.moves[i]!));
      if (!r.ok) throw new Error(r.error.message);
      followed = { entries: i + 1, replayed: r.value };
    }
    return followed.replayed.game;
  };
}

async function measure(room: Room<TableView>, samples: number): Promise<number[]> {
  const follow = follower();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    // A person's pace, well inside the per-connection message limit.
    await new Promise((r) => setTimeout(r, 150));
    const s = room.state;
    if (s.phase !== "playing") break;
    const { from, to } = follow(s).legalMoves()[0]!;
    const before = s.moves.length;
    const t = performance.now();
    const arrived = waitState(room, (x) => x.moves.length > before);
    room.send("move", { from, to });
    await arrived;
    times.push(performance.now() - t);
  }
  return times;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
};
const summary = (xs: number[]) =>
  `p50 ${pct(xs, 50).toFixed(1)} ms, p99 ${pct(xs, 99).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms (${xs.length} moves)`;

const { child, port } = await startServer();
try {
  const client = new Client(`ws://127.0.0.1:${port}`);
  const table = async () => {
    const room = await client.create<TableView>("table", { game: "xiangqi", mode: "hotseat" });
    room.onMessage("error", (e: { code: string; message: string }) =>
      console.error("refused:", e.code, e.message),
    );
    await waitState(room, (s) => s.phase === "playing");
    return room;
  };
  const idleRoom = await table();
  await measure(idleRoom, 10); // warm up
  const idle = await measure(idleRoom, SAMPLES);
  const busy: Room<TableView>[] = [];
  for (let i = 0; i < BUSY_TABLES; i++) busy.push(await busyTable(client, i));
  await new Promise((r) => setTimeout(r, 2000));
  const cpuMovesBefore = busy.reduce((n, r) => n + r.state.moves.length, 0);
  const busyRoom = await table();
  const loaded = await measure(busyRoom, SAMPLES);
  const cpuMoves = busy.reduce((n, r) => n + r.state.moves.length, 0) - cpuMovesBefore;
  console.log(`idle:                                ${summary(idle)}`);
  console.log(`with ${BUSY_TABLES} CPU tables searching:       ${summary(loaded)}`);
  console.log(
    `ratio busy/idle: p50 ${(pct(loaded, 50) / pct(idle, 50)).toFixed(2)}, p99 ${(pct(loaded, 99) / pct(idle, 99)).toFixed(2)}; CPU moves made meanwhile: ${cpuMoves}`,
  );
  for (const r of [...busy, idleRoom, busyRoom]) await r.leave();
} finally {
  child.kill("SIGTERM");
}
