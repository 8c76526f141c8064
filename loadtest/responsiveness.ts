/**
 * npm run loadtest:responsiveness — does a thinking CPU slow other tables down?
 *
 * Starts the real server in its own process (CPU searches in worker threads), then measures the
 * round trip of a human move on a hot-seat xiangqi table (send → patch with the move received):
 * first with the server idle, then while BUSY_TABLES tables of CPUs play each other, so that
 * that many CPU searches are always asked for at once. Prints p50/p99 for both, side by side.
 *
 * STORES=memory,sqlite,postgres runs it once per table store (the in-memory one, SQLite in a
 * temporary folder, PostgreSQL in a throw-away cluster over TCP, or `postgres-socket` over its
 * Unix socket), ROUNDS times in turn, and prints the
 * medians side by side: what keeping every action costs a move (`npm run loadtest:journal`).
 */
// First: colyseus.js connects with `ws` on every Node.js (wsClient.ts).
import "./wsClient";
import { type ChildProcess, spawn } from "node:child_process";
import { Client, type Room } from "colyseus.js";
import pg from "pg";
import type { Game } from "../shared/games/types";
import { advance, type Replayed } from "../shared/match/replay";
import type { TableView } from "../shared/protocol/views";
import { entryFromView, replayView } from "../shared/protocol/wire";
import { freshStore, isStoreKind, STORE_KINDS } from "./stores";

const BUSY_TABLES = Number(process.env.BUSY_TABLES ?? 8);
const SAMPLES = Number(process.env.SAMPLES ?? 120);

/** The stores to compare (`STORES=memory,sqlite,postgres`), each run `ROUNDS` times in turn. */
const STORES = (process.env.STORES ?? "memory").split(",").map((s) => s.trim());
const ROUNDS = Number(process.env.ROUNDS ?? 1);

function startServer(
  store: Record<string, string>,
): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
      env: {
        ...process.env,
        ...store,
        PORT: "0",
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
        const event = JSON.parse(line) as { port: number; cpuWorkers: number; store: string };
        console.log(`server: ${event.cpuWorkers} CPU worker thread(s), store ${event.store}`);
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
function follower(): (s: TableView) => Game {
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
  `p50 ${pct(xs, 50).toFixed(2)} ms, p99 ${pct(xs, 99).toFixed(2)} ms, max ${Math.max(...xs).toFixed(1)} ms (${xs.length} samples)`;

interface Run {
  readonly idle: number[];
  readonly loaded: number[];
  readonly cpuMoves: number;
  /** Bare INSERT round trips to the same database, when the store has one. */
  floor?: number[];
}

async function run(store: Record<string, string>): Promise<Run> {
  const { child, port } = await startServer(store);
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
    for (const r of [...busy, idleRoom, busyRoom]) await r.leave();
    return { idle, loaded, cpuMoves };
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
}

/** The server's settings for a store; PostgreSQL runs in a throw-away cluster. */
interface StoreEnv {
  readonly env: Record<string, string>;
  /**
   * The floor under the store's cost, without the game server: bare INSERTs from one
   * connection at the same pace as the moves (PostgreSQL only).
   */
  readonly floor?: () => Promise<number[]>;
  readonly done: () => Promise<void>;
}

async function insertFloor(url: string, samples: number): Promise<number[]> {
  const client = new pg.Client({ connectionString: url, options: "-c synchronous_commit=off" });
  await client.connect();
  try {
    await client.query("CREATE TABLE floor_probe (n integer PRIMARY KEY, action text NOT NULL)");
    const times: number[] = [];
    for (let n = 0; n < samples; n++) {
      await new Promise((r) => setTimeout(r, 150));
      const t = performance.now();
      await client.query({
        name: "probe",
        text: "INSERT INTO floor_probe (n, action) VALUES ($1, $2)",
        values: [n, '{"type":"move","player":"p1","move":{"from":"h2","to":"e2"}}'],
      });
      times.push(performance.now() - t);
    }
    return times;
  } finally {
    await client.end();
  }
}

async function storeEnv(name: string): Promise<StoreEnv> {
  if (!isStoreKind(name))
    throw new Error(`STORES: unknown store "${name}" (${STORE_KINDS.join(", ")})`);
  const store = await freshStore(name);
  const url = store.databaseUrl;
  return url ? { ...store, floor: () => insertFloor(url, SAMPLES) } : store;
}

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const results = new Map<string, Run[]>();
for (let round = 0; round < ROUNDS; round++) {
  for (const name of STORES) {
    const store = await storeEnv(name);
    try {
      const r = await run(store.env);
      if (store.floor) r.floor = await store.floor();
      results.set(name, [...(results.get(name) ?? []), r]);
      console.log(`round ${round + 1}, ${name}:`);
      console.log(`  idle:                          ${summary(r.idle)}`);
      console.log(`  with ${BUSY_TABLES} CPU tables searching: ${summary(r.loaded)}`);
      console.log(
        `  ratio busy/idle: p50 ${(pct(r.loaded, 50) / pct(r.idle, 50)).toFixed(2)}, p99 ${(pct(r.loaded, 99) / pct(r.idle, 99)).toFixed(2)}; CPU moves made meanwhile: ${r.cpuMoves}`,
      );
      if (r.floor) console.log(`  bare INSERT, same pace, no game server: ${summary(r.floor)}`);
    } finally {
      await store.done();
    }
  }
}

if (STORES.length > 1 || ROUNDS > 1) {
  console.log(`\nMedians over ${ROUNDS} round(s) of each run's p50 / p99 (ms):`);
  const base = STORES[0]!;
  const figure = (name: string, key: "idle" | "loaded", p: number) =>
    median(results.get(name)!.map((r) => pct(r[key], p)));
  for (const name of STORES) {
    const cells = (["idle", "loaded"] as const).map((key) => {
      const p50 = figure(name, key, 50);
      const p99 = figure(name, key, 99);
      const ratio = name === base ? "" : ` (×${(p99 / figure(base, key, 99)).toFixed(2)} p99)`;
      return `${key} p50 ${p50.toFixed(2)} p99 ${p99.toFixed(2)}${ratio}`;
    });
    const floors = results.get(name)!.flatMap((r) => (r.floor ? [r.floor] : []));
    const floor =
      floors.length > 0
        ? `; bare INSERT p50 ${median(floors.map((f) => pct(f, 50))).toFixed(2)} p99 ${median(floors.map((f) => pct(f, 99))).toFixed(2)}`
        : "";
    console.log(`  ${name.padEnd(9)} ${cells.join("; ")}${floor}`);
  }
}
