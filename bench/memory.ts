/**
 * npm run bench:memory — where a table's memory goes. The server runs in its own process as an
 * operator starts it (its build, as `npm start` runs it, with `--expose-gc --inspect=127.0.0.1:0`
 * and the in-memory store) and this process plays against it over WebSockets; through the
 * inspector it collects the server's garbage (full collections, again until the heap stops
 * shrinking) and reads its memory after each step, N tables at a time:
 *
 *   0. nothing open;
 *   1. N waiting tables: a host created each (xiangqi, seat 0), nothing else;
 *   2. one spectator more at each: the cost of an idle connection (one that only watches a
 *      waiting table);
 *   3. the second player and a second spectator join, the game starts and is played to MOVES
 *      entries (random legal moves): N playing tables of 2 players and 2 spectators.
 *
 * Each step's cost per table is the difference from the step before, divided by N: the heap
 * after full collections (V8's own count, exact) and the process's RSS (the allocator's and
 * the kernel's view, noisy: freed pages are not always given back). Heap snapshots taken
 * through the inspector at 0 and 3 sort every live object of the playing tables into parts by
 * the nearest part root that dominates it (see heapSnapshot.ts).
 *
 * TABLES=200 MOVES=100 RUNS=3 npm run bench:memory (the defaults); SNAPSHOTS=0 skips the
 * snapshots, DUMP=file.heapsnapshot keeps the last one (for Chrome DevTools' Memory panel).
 * TOP=N lists each part's N largest kinds of object (6 unless given).
 */
// First: colyseus.js connects with `ws` on every Node.js (wsClient.ts).
import "../loadtest/wsClient";
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { Client, type Room } from "colyseus.js";
import WebSocket from "ws";
import { serverEntry } from "../loadtest/server";
import { seeded } from "../shared/core/random";
import type { Replayed } from "../shared/match/replay";
import { advance } from "../shared/match/replay";
import { SERVER_MESSAGES, type ServerPayloads } from "../shared/protocol/messages";
import type { TableView } from "../shared/protocol/views";
import { entryFromView, replayView } from "../shared/protocol/wire";
import { analyse, type PartRule, type SnapshotFigures } from "./heapSnapshot";
import { median } from "./stats";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const TABLES = Number(process.env.TABLES ?? 200);
const MOVES = Number(process.env.MOVES ?? 100);
const RUNS = Number(process.env.RUNS ?? 3);
const SNAPSHOTS = process.env.SNAPSHOTS !== "0";
/** The runner's figure on main before this work: RSS while playing minus idle, per table. */
const BEFORE_KB = 246;

/** Where the bytes of a playing table go: the roots of each part. */
const PARTS: PartRule[] = [
  {
    part: "socket and its buffers",
    names: ["WebSocket", "Socket", "TCP", "Receiver", "Sender", "IncomingMessage", "HTTPParser"],
  },
  {
    part: "Colyseus client and seat",
    names: ["WebSocketClient", "ClientArray", "Deferred"],
  },
  {
    part: "schema change tracking (ChangeTree, Root)",
    names: ["ChangeTree", "Root", "Encoder", "SchemaSerializer", "StateView"],
  },
  {
    part: "schema state (the Schema objects)",
    names: [
      "TableSchema",
      "SeatSchema",
      "PieceSchema",
      "MoveSchema",
      "OfferSchema",
      "ResultSchema",
      "NoticeSchema",
      "ClockSchema",
      "RulesSchema",
      "ArraySchema",
      "MapSchema",
    ],
  },
  { part: "match (position, log, history)", edges: [{ from: "Table", edge: "current" }] },
  {
    part: "timers",
    names: ["Timeout", "Delayed", "Clock", "TurnTimer", "TimersList", "ClockTimer"],
  },
  { part: "table store (in memory)", names: ["MemoryStore"] },
  { part: "table: seating, tokens, CPU, move times", names: ["Table"] },
  { part: "room, other", names: ["TableRoom"] },
];

// ─── The server and its inspector ───────────────────────────────────────────────────────────

interface Memory {
  heap: number;
  /** The heap V8 holds from the system (used or not). */
  committed: number;
  external: number;
  rss: number;
}

class Inspector {
  private next = 1;
  private readonly waiting = new Map<number, (r: { result?: unknown; error?: unknown }) => void>();
  private chunks: string[] = [];

  private constructor(private readonly ws: WebSocket) {
    ws.on("message", (data) => {
      const m = JSON.parse(String(data)) as {
        id?: number;
        method?: string;
        params?: { chunk?: string };
        result?: unknown;
        error?: unknown;
      };
      if (m.method === "HeapProfiler.addHeapSnapshotChunk") this.chunks.push(m.params!.chunk!);
      else if (m.id !== undefined) this.waiting.get(m.id)?.(m);
    });
  }

  static open(url: string): Promise<Inspector> {
    const ws = new WebSocket(url, { maxPayload: 2 ** 31 });
    return new Promise((resolve, reject) => {
      ws.once("open", () => resolve(new Inspector(ws)));
      ws.once("error", reject);
    });
  }

  call<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    const id = this.next++;
    this.ws.send(JSON.stringify({ id, method, params }));
    return new Promise((resolve, reject) =>
      this.waiting.set(id, (m) => {
        this.waiting.delete(id);
        if (m.error) reject(new Error(JSON.stringify(m.error)));
        else resolve(m.result as T);
      }),
    );
  }

  async evaluate<T>(expression: string): Promise<T> {
    const r = await this.call<{ result: { value: T }; exceptionDetails?: unknown }>(
      "Runtime.evaluate",
      { expression, returnByValue: true, awaitPromise: true },
    );
    if (r.exceptionDetails) throw new Error(JSON.stringify(r.exceptionDetails));
    return r.result.value;
  }

  async snapshot(): Promise<string> {
    this.chunks = [];
    await this.call("HeapProfiler.takeHeapSnapshot", { reportProgress: false });
    const json = this.chunks.join("");
    this.chunks = [];
    return json;
  }

  close(): void {
    this.ws.close();
  }
}

interface Server {
  url: string;
  inspector: Inspector;
  child: ChildProcess;
}

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

async function startServer(): Promise<Server> {
  const { NODE_ENV: _, ...inherited } = process.env;
  const child = spawn(
    process.execPath,
    ["--expose-gc", "--inspect=127.0.0.1:0", ...serverEntry()],
    {
      cwd: ROOT,
      env: {
        ...inherited,
        PORT: "0",
        HOST: "127.0.0.1",
        DATA_DIR: ":memory:",
        // Every connection comes from 127.0.0.1.
        MATCHMAKE_PER_MINUTE: "100000",
        MAX_CONNECTIONS_PER_ADDRESS: "0",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const inspectorUrl = new Promise<string>((resolve) => {
    let text = "";
    child.stderr!.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      const m = /Debugger listening on (ws:\/\/\S+)/.exec(text);
      if (m) resolve(m[1]!);
      if (text.length > 10_000) text = text.slice(-1000);
    });
  });
  const port = await new Promise<number>((resolve, reject) => {
    let text = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      const m = /"event":"listening".*?"port":(\d+)/.exec(text);
      if (m) resolve(Number(m[1]));
      if (text.length > 10_000) text = text.slice(-1000);
    });
    child.on("exit", (code) => reject(new Error(`the server exited with ${code}: ${text}`)));
  });
  const inspector = await Inspector.open(await inspectorUrl);
  return { url: `ws://127.0.0.1:${port}`, inspector, child };
}

/** The server's memory after full collections, repeated until the heap stops shrinking. */
async function settle(s: Server): Promise<Memory> {
  await new Promise((r) => setTimeout(r, 1000));
  let last = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 8; i++) {
    const heap = await s.inspector.evaluate<number>(
      "new Promise((r) => { gc(); setTimeout(() => { gc(); r(process.memoryUsage().heapUsed); }, 100); })",
    );
    if (heap >= last - 16 * 1024) break;
    last = heap;
  }
  const m = await s.inspector.evaluate<{ heapUsed: number; heapTotal: number; external: number }>(
    "process.memoryUsage()",
  );
  return {
    heap: m.heapUsed,
    committed: m.heapTotal,
    external: m.external,
    rss: rssOf(s.child.pid!),
  };
}

async function snapshot(s: Server): Promise<SnapshotFigures> {
  const t0 = performance.now();
  const json = await s.inspector.snapshot();
  if (process.env.DUMP) (await import("node:fs")).writeFileSync(process.env.DUMP, json);
  const t1 = performance.now();
  const figures = analyse(json, PARTS);
  console.error(
    `  heap snapshot: ${(json.length / 1e6).toFixed(0)} MB, ${figures.objects} objects, taken in ${((t1 - t0) / 1000).toFixed(1)} s, read in ${((performance.now() - t1) / 1000).toFixed(1)} s`,
  );
  return figures;
}

// ─── Tables played from here ────────────────────────────────────────────────────────────────

interface BenchTable {
  host: Room<TableView>;
  rooms: Room<TableView>[];
  /** Player id → its room. */
  players: Map<string, Room<TableView>>;
  followed: Replayed | null;
  followedLength: number;
  sentAt: number;
  /** Moves are held until every table has started and the server's memory was read. */
  go: boolean;
  done: () => void;
  finished: Promise<void>;
}

async function join(
  create: () => Promise<Room<TableView>>,
  t: BenchTable | null,
): Promise<{ room: Room<TableView>; player: string }> {
  const room = await create();
  room.onError.clear();
  room.onError((code, message) => console.error(`room error ${code}: ${message}`));
  room.onMessage(SERVER_MESSAGES.error, (e: ServerPayloads["error"]) => {
    if (e.request === "move" && t) t.sentAt = -1;
    else console.error(`refused ${e.request ?? ""}: ${e.code}`);
  });
  const welcome = new Promise<string>((resolve) =>
    room.onMessage(SERVER_MESSAGES.welcome, (w: ServerPayloads["welcome"]) => resolve(w.player)),
  );
  for (const type of Object.values(SERVER_MESSAGES))
    if (type !== SERVER_MESSAGES.error && type !== SERVER_MESSAGES.welcome)
      room.onMessage(type, () => undefined);
  room.onMessage("*", () => undefined);
  room.send("hello");
  const player = await welcome;
  t?.players.set(player, room);
  return { room, player };
}

function newTable(host: Room<TableView>, player: string): BenchTable {
  let done = () => {};
  const finished = new Promise<void>((r) => {
    done = r;
  });
  return {
    host,
    rooms: [host],
    players: new Map([[player, host]]),
    followed: null,
    followedLength: 0,
    sentAt: -1,
    go: false,
    done,
    finished,
  };
}

/** The player to move plays a random legal move, once per entry, as the host's state shows it. */
function play(t: BenchTable, s: TableView, random: () => number): void {
  if (s.phase === "finished" || s.moves.length >= MOVES) {
    t.done();
    return;
  }
  if (s.phase !== "playing" || !t.go) return;
  const n = s.moves.length;
  if (n === t.sentAt) return;
  if (!t.followed) {
    const r = replayView(s);
    if (!r.ok) throw new Error(r.error.message);
    t.followed = r.value;
  } else {
    for (let i = t.followedLength; i < n; i++) {
      const r = advance(t.followed, entryFromView(s.game, s.moves[i]!));
      if (!r.ok) throw new Error(r.error.message);
      t.followed = r.value;
    }
  }
  t.followedLength = n;
  const room = t.players.get(s.seats[s.turn]?.player ?? "");
  const legal = t.followed.game.legalMoves();
  const move = legal[Math.floor(random() * legal.length)];
  if (!room || !move) return;
  t.sentAt = n;
  room.send("move", move);
}

/** `fn` over `items`, `width` at a time. */
async function inBatches<T>(items: readonly T[], width: number, fn: (x: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += width)
    await Promise.all(items.slice(i, i + width).map(fn));
}

// ─── One run ────────────────────────────────────────────────────────────────────────────────

interface RunFigures {
  steps: {
    name: string;
    connections: number;
    heap: number;
    committed: number;
    external: number;
    rss: number;
  }[];
  moves: number;
  parts: Map<string, number> | null;
  byName: [string, { bytes: number; count: number }][];
  byPartName: [string, { bytes: number; count: number }][];
  snapshotTotal: number;
  roots: Map<string, number>;
}

async function runOnce(seed: number): Promise<RunFigures> {
  const server = await startServer();
  const client = new Client(server.url);
  const random = seeded(seed);
  const tables: BenchTable[] = [];
  const say = (s: string) => console.error(`  ${s}`);
  try {
    // A first table warms the server's code paths (compiled functions, caches) and goes.
    const warm = await join(
      () => client.create<TableView>("table", { game: "xiangqi", name: "Warm", seat: 0 }),
      null,
    );
    await warm.room.leave(true);
    let base: SnapshotFigures | null = null;
    if (SNAPSHOTS) base = await snapshot(server);
    // Read after the first snapshot: the heap profiler keeps its map of object ids from then on.
    const m0 = await settle(server);
    say(`idle: heap ${mb(m0.heap)}, RSS ${mb(m0.rss)}`);

    await inBatches([...Array(TABLES).keys()], 20, async (i) => {
      const { room: host, player } = await join(
        () => client.create<TableView>("table", { game: "xiangqi", name: `H${i}`, seat: 0 }),
        null,
      );
      const t = newTable(host, player);
      tables.push(t);
      host.onStateChange((s) => play(t, s, random));
    });
    const m1 = await settle(server);
    say(`${TABLES} waiting tables: heap ${mb(m1.heap)}, RSS ${mb(m1.rss)}`);

    await inBatches(tables, 20, async (t) => {
      const { room } = await join(
        () => client.joinById<TableView>(t.host.roomId, { name: "Watcher", spectate: true }),
        null,
      );
      t.rooms.push(room);
    });
    const m2 = await settle(server);
    say(`and a spectator each: heap ${mb(m2.heap)}, RSS ${mb(m2.rss)}`);

    await inBatches(tables, 20, async (t) => {
      const guest = await join(
        () => client.joinById<TableView>(t.host.roomId, { name: "Guest", seat: 1 }),
        t,
      );
      const watcher = await join(
        () => client.joinById<TableView>(t.host.roomId, { name: "Watcher", spectate: true }),
        null,
      );
      t.rooms.push(guest.room, watcher.room);
    });
    for (const t of tables) t.host.send("start");
    while (tables.some((t) => t.host.state.phase !== "playing"))
      await new Promise((r) => setTimeout(r, 20));
    const started = await settle(server);
    say(`and started: heap ${mb(started.heap)}, RSS ${mb(started.rss)}`);
    const t0 = performance.now();
    for (const t of tables) {
      t.go = true;
      play(t, t.host.state, random);
    }
    await Promise.all(tables.map((t) => t.finished));
    const moves = tables.reduce((n, t) => n + t.host.state.moves.length, 0) / TABLES;
    say(
      `played ${moves.toFixed(1)} entries a table on average in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
    );
    const m3 = await settle(server);
    say(`${TABLES} playing tables: heap ${mb(m3.heap)}, RSS ${mb(m3.rss)}`);
    let parts: Map<string, number> | null = null;
    let byName: RunFigures["byName"] = [];
    let byPartName: RunFigures["byPartName"] = [];
    let snapshotTotal = 0;
    let roots = new Map<string, number>();
    if (base) {
      const end = await snapshot(server);
      parts = new Map([...end.parts].map(([k, v]) => [k, v - (base.parts.get(k) ?? 0)]));
      snapshotTotal = end.total - base.total;
      roots = end.roots;
      const grown = (from: SnapshotFigures["byName"], to: SnapshotFigures["byName"]) =>
        [...to]
          .map(([k, v]): [string, { bytes: number; count: number }] => {
            const b = from.get(k) ?? { bytes: 0, count: 0 };
            return [k, { bytes: v.bytes - b.bytes, count: v.count - b.count }];
          })
          .sort((a, b) => b[1].bytes - a[1].bytes);
      byName = grown(base.byName, end.byName).slice(0, 25);
      byPartName = grown(base.byPartName, end.byPartName);
    }
    const step = (name: string, connections: number, a: Memory, b: Memory) => ({
      name,
      connections,
      heap: b.heap - a.heap,
      committed: b.committed - a.committed,
      external: b.external - a.external,
      rss: b.rss - a.rss,
    });
    return {
      steps: [
        step("a waiting table (the host's connection)", 1, m0, m1),
        step("an idle connection (a spectator of a waiting table)", 1, m1, m2),
        step(
          "a started table: the 2nd player and a 2nd spectator join, the game starts",
          2,
          m2,
          started,
        ),
        step(`${MOVES} entries played`, 0, started, m3),
        step(`a playing table (2 players, 2 spectators, ${MOVES} entries)`, 4, m0, m3),
      ],
      moves,
      parts,
      byName,
      byPartName,
      snapshotTotal,
      roots,
    };
  } finally {
    await Promise.allSettled(tables.flatMap((t) => t.rooms.map((r) => r.leave(true))));
    server.inspector.close();
    server.child.kill("SIGTERM");
  }
}

// ─── Report ─────────────────────────────────────────────────────────────────────────────────

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
const kb = (n: number) => (n / 1024).toFixed(1);

const runs: RunFigures[] = [];
for (let i = 0; i < RUNS; i++) {
  console.error(`run ${i + 1} of ${RUNS}: ${TABLES} tables`);
  runs.push(await runOnce(1000 + i));
}
const med = (f: (r: RunFigures) => number) => median(runs.map(f));

console.log(
  `\nMemory per table, ${TABLES} xiangqi tables at a time, median of ${RUNS} run(s); KB per table (1 KB = 1024 bytes)\n`,
);
console.log(
  "| Step | Heap after GC | External (buffers) | Heap committed | RSS | RSS ÷ before (246 KB) |",
);
console.log("| --- | --- | --- | --- | --- | --- |");
runs[0]!.steps.forEach((s, i) => {
  const heap = med((r) => r.steps[i]!.heap) / TABLES;
  const ext = med((r) => r.steps[i]!.external) / TABLES;
  const committed = med((r) => r.steps[i]!.committed) / TABLES;
  const rss = med((r) => r.steps[i]!.rss) / TABLES;
  const ratio = s.connections === 4 ? `${((rss / 1024 / BEFORE_KB) * 100).toFixed(0)} %` : "";
  console.log(
    `| ${s.name} | ${kb(heap)} | ${kb(ext)} | ${kb(committed)} | ${kb(rss)} | ${ratio} |`,
  );
});
const perEntry = med((r) => r.steps[3]!.heap / r.moves) / TABLES;
console.log(
  `\nEntries played per table: ${med((r) => r.moves).toFixed(1)}; heap per entry ${perEntry.toFixed(0)} bytes`,
);

if (runs[0]!.parts) {
  console.log(
    "\nA playing table's live heap by part (heap snapshot at the end minus at the start, per table):\n",
  );
  console.log("| Part | KB per table | Share |");
  console.log("| --- | --- | --- |");
  const total = med((r) => r.snapshotTotal);
  for (const part of runs[0]!.parts.keys()) {
    const v = med((r) => r.parts!.get(part) ?? 0);
    console.log(`| ${part} | ${kb(v / TABLES)} | ${((v / total) * 100).toFixed(0)} % |`);
  }
  console.log(`| all live objects | ${kb(total / TABLES)} | 100 % |`);
  console.log("\nPart roots found at the end:", Object.fromEntries(runs[0]!.roots));
  console.log(
    "\nWithin each part, its largest kinds of object (first run, KB and count per table):\n",
  );
  for (const part of runs[0]!.parts.keys()) {
    const top = runs[0]!.byPartName
      .filter(([k]) => k.startsWith(`${part}\t`))
      .slice(0, Number(process.env.TOP ?? 6))
      .map(
        ([k, v]) =>
          `${k.split("\t")[1]!.slice(0, 40)} ${kb(v.bytes / TABLES)} (${(v.count / TABLES).toFixed(1)})`,
      );
    console.log(`- ${part}: ${top.join(", ")}`);
  }
  console.log("\nThe largest kinds of object (first run; bytes and count per table):\n");
  console.log("| Object | KB per table | Objects per table |");
  console.log("| --- | --- | --- |");
  for (const [name, v] of runs[0]!.byName)
    console.log(
      `| ${name.slice(0, 60)} | ${kb(v.bytes / TABLES)} | ${(v.count / TABLES).toFixed(1)} |`,
    );
}
process.exit(0);
