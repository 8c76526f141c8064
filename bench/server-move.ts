/**
 * node --import tsx bench/server-move.ts — what one accepted move costs the server, stage by
 * stage.
 *
 * Two measurements, each in a fresh process per checkout:
 *
 * - **path**: the room's per-move path without sockets, in one process: TABLES seeded games of
 *   each kind (xiangqi, four-player Teams, four-player Individual) kept side by side and played
 *   a move at a time by the simple CPU policy, each move taken through the same functions as a
 *   room: `reduce` (the reducer: rules, replay, piece tracking), `syncState` (writing the
 *   schema) and the schema encoder (the patch). Prints the median and p99 time per stage, the
 *   bytes allocated per move by each stage (heap and array-buffer memory), and the garbage
 *   collections per 1 000 moves.
 * - **room**: the real server in the same process with ROOM_TABLES tables of CPUs
 *   (ROOM_DELAY_MS between moves), each watched by SPECTATORS colyseus.js spectators over
 *   loopback sockets. Times the room's `commit` (reducer, store, state sync, timers), the patch
 *   (`broadcastPatch`: encode and socket writes) and the socket writes alone, per accepted move;
 *   the event loop's delay; then leaves IDLE_TABLES tables waiting with a player each for
 *   IDLE_SECONDS and counts the CPU the process spends and the room timer ticks per second.
 *
 * BASELINE=<checkout> runs the same against another checkout (for example
 * `git worktree add /tmp/base <commit>` with node_modules linked), alternating ROUNDS times, and
 * prints the medians side by side. `PARTS=path` or `PARTS=room` runs one part.
 *
 * `--ping` instead measures the WebSocket ping sweep: PING_CLIENTS raw connections from a
 * second process, the server pinging them all at once as Colyseus' transport does, and prints
 * the sweep's time on the event loop and the process CPU per client; then the same pings
 * spread over 20 slices, a slice per turn of the event loop.
 *
 *   BASELINE=/tmp/base node --import tsx bench/server-move.ts
 *   PING_CLIENTS=2000 node --import tsx bench/server-move.ts --ping
 */
// First: colyseus.js connects with `ws` on every Node.js (wsClient.ts).
import "../loadtest/wsClient";
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";

/**
 * A module of a checkout by its path today, or by where it was before the server was sorted
 * into folders (a BASELINE checkout from before then).
 */
const FORMERLY: Readonly<Record<string, string>> = {
  "server/room/sync.ts": "server/sync.ts",
  "server/room/state.ts": "server/state.ts",
  "server/bots/driver.ts": "server/bots.ts",
  "server/room/tableRoom.ts": "server/tableRoom.ts",
};
// biome-ignore lint/suspicious/noExplicitAny: modules of another checkout, typed where used.
function importFrom(dir: string, file: string): Promise<any> {
  const now = path.join(dir, file);
  const then = FORMERLY[file];
  const where = then && !existsSync(now) ? path.join(dir, then) : now;
  return import(pathToFileURL(where).href);
}

const SELF = fileURLToPath(import.meta.url);
const env = (key: string, fallback: number) => Number(process.env[key] ?? fallback);

const TABLES = env("TABLES", 20);
const MAX_MOVES = env("MOVES", 160);
const ROOM_TABLES = env("ROOM_TABLES", 24);
const SPECTATORS = env("SPECTATORS", 3);
const ROOM_DELAY_MS = env("ROOM_DELAY_MS", 200);
const ROOM_SECONDS = env("ROOM_SECONDS", 12);
const IDLE_TABLES = env("IDLE_TABLES", 200);
const IDLE_SECONDS = env("IDLE_SECONDS", 6);
const ROUNDS = env("ROUNDS", 3);
const PING_CLIENTS = env("PING_CLIENTS", 2000);
const PING_SWEEPS = env("PING_SWEEPS", 15);

type Figures = Record<string, number>;

const quantile = (xs: readonly number[], q: number): number => {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};
const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length === 0 ? Number.NaN : s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

// ---------------------------------------------------------------------------------------------
// The per-move path, in process.

interface PathModules {
  createMatch: (o: { game: string; rules: unknown }) => unknown;
  reduce: (m: unknown, a: unknown, now: number) => { ok: boolean; value?: unknown };
  defaultRules: (game: string) => Record<string, unknown>;
  syncState: (state: unknown, m: unknown, facts: unknown) => void;
  TableSchema: new () => object;
  chooseMove: (game: unknown, seed: number) => unknown;
  Encoder: new (
    state: object,
  ) => { encode(it: { offset: number }): Uint8Array; discardChanges(): void };
}

async function loadPath(dir: string): Promise<PathModules> {
  const at = (f: string) => importFrom(dir, f);
  const req = createRequire(path.join(dir, "package.json"));
  const [match, rules, sync, state, simple, schema] = await Promise.all([
    at("shared/match/match.ts"),
    at("shared/match/rules.ts"),
    at("server/room/sync.ts"),
    at("server/room/state.ts"),
    at("shared/bots/simple.ts"),
    import(pathToFileURL(req.resolve("@colyseus/schema")).href),
  ]);
  return {
    createMatch: match.createMatch,
    reduce: match.reduce,
    defaultRules: rules.defaultRules,
    syncState: sync.syncState,
    TableSchema: state.TableSchema,
    chooseMove: simple.chooseMove,
    Encoder: schema.Encoder,
  };
}

interface PathTable {
  match: {
    phase: string;
    log: unknown[];
    game: string | { turn: number } | null;
    table?: { turn: number } | null;
  };
  state: object;
  encoder: InstanceType<PathModules["Encoder"]>;
  seed: number;
}

const KINDS = [
  { game: "xiangqi", format: "teams" },
  { game: "fourchess", format: "teams" },
  { game: "fourchess", format: "individual" },
] as const;

/** The room's facts as `syncState` takes them (older checkouts ignore what they do not know). */
const FACTS = {
  host: "p",
  spectators: 2,
  watchers: ["s1", "s2"],
  private: false,
  mode: "online",
  gameId: "g",
};

function newTables(mods: PathModules): PathTable[] {
  const tables: PathTable[] = [];
  let seed = 1;
  for (let i = 0; i < TABLES; i++)
    for (const k of KINDS) {
      const rules = { ...mods.defaultRules(k.game), format: k.format };
      let m = mods.createMatch({ game: k.game, rules });
      for (const a of [
        { type: "sit", player: "p", name: "P", seat: 0 },
        { type: "start", player: "p", host: true },
        { type: "leave", player: "p" },
      ]) {
        const r = mods.reduce(m, a, 0);
        if (!r.ok) throw new Error(`setup action ${a.type} refused`);
        m = r.value;
      }
      const state = new mods.TableSchema();
      mods.syncState(state, m, FACTS);
      const encoder = new mods.Encoder(state);
      encoder.encode({ offset: 1 });
      encoder.discardChanges();
      tables.push({ match: m as PathTable["match"], state, encoder, seed: seed++ });
    }
  return tables;
}

type Stage = "reduce" | "sync" | "encode";
const STAGES: readonly Stage[] = ["reduce", "sync", "encode"];

/**
 * Plays every table a move at a time, round robin, until each game ends or MAX_MOVES; `around`
 * wraps each stage (timing or counting allocations).
 */
function playAll(
  mods: PathModules,
  around: (stage: Stage, fn: () => void) => void,
): { moves: number } {
  const tables = newTables(mods);
  let moves = 0;
  for (let ply = 0; ply < MAX_MOVES; ply++) {
    let active = 0;
    for (const t of tables) {
      const m = t.match;
      // The game being played is `game`, or `table` in a tree from before the rename.
      const game = typeof m.game === "object" ? m.game : m.table;
      if (m.phase !== "playing" || !game) continue;
      active++;
      const move = mods.chooseMove(game, t.seed * 1000 + ply);
      if (!move) continue;
      const action = { type: "cpu-move", seat: game.turn, ply: m.log.length, move };
      let next: unknown = null;
      around("reduce", () => {
        const r = mods.reduce(m, action, ply * 1000);
        next = r.ok ? r.value : null;
      });
      if (!next) throw new Error("a CPU move was refused");
      t.match = next as PathTable["match"];
      around("sync", () => mods.syncState(t.state, next, FACTS));
      around("encode", () => {
        t.encoder.encode({ offset: 1 });
        t.encoder.discardChanges();
      });
      moves++;
    }
    if (active === 0) break;
  }
  return { moves };
}

/** Counts garbage collections while `fn` runs: minor and major, and their total pause. */
async function withGcCount<T>(
  fn: () => T,
): Promise<{ result: T; minor: number; major: number; ms: number }> {
  const seen = { minor: 0, major: 0, ms: 0 };
  const obs = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const kind = (e as unknown as { detail?: { kind?: number } }).detail?.kind ?? 0;
      // NODE_PERFORMANCE_GC_MINOR = 1 (scavenge); the others are mark-compact work.
      if (kind === 1) seen.minor++;
      else seen.major++;
      seen.ms += e.duration;
    }
  });
  obs.observe({ entryTypes: ["gc"] });
  const result = fn();
  // GC entries are delivered asynchronously.
  await new Promise((r) => setTimeout(r, 50));
  obs.disconnect();
  return { result, ...seen };
}

async function pathPart(dir: string): Promise<Figures> {
  const mods = await loadPath(dir);
  // Warm-up: the same games once, so the timed pass runs optimised code.
  playAll(mods, (_s, fn) => fn());

  const times: Record<Stage, number[]> = { reduce: [], sync: [], encode: [] };
  const timed = await withGcCount(() =>
    playAll(mods, (stage, fn) => {
      const t = performance.now();
      fn();
      times[stage].push((performance.now() - t) * 1000);
    }),
  );
  const moves = timed.result.moves;

  // Allocations: heap and array-buffer memory read around each stage; a reading that went
  // down (a collection ran in between) is left out. An empty stage calibrates the reading.
  const alloc: Record<Stage, number[]> = { reduce: [], sync: [], encode: [] };
  const buffers: Record<Stage, number[]> = { reduce: [], sync: [], encode: [] };
  const read = () => process.memoryUsage();
  const empty: number[] = [];
  for (let i = 0; i < 200; i++) {
    const a = read();
    const b = read();
    if (b.heapUsed >= a.heapUsed) empty.push(b.heapUsed - a.heapUsed);
  }
  const overhead = median(empty);
  playAll(mods, (stage, fn) => {
    const a = read();
    fn();
    const b = read();
    const heap = b.heapUsed - a.heapUsed - overhead;
    if (b.heapUsed >= a.heapUsed) alloc[stage].push(Math.max(0, heap));
    if (b.arrayBuffers >= a.arrayBuffers) buffers[stage].push(b.arrayBuffers - a.arrayBuffers);
  });

  const out: Figures = { moves };
  let total = 0;
  for (const s of STAGES) {
    out[`${s} p50 µs`] = median(times[s]);
    out[`${s} p99 µs`] = quantile(times[s], 0.99);
    total += median(times[s]);
  }
  out["move p50 µs (sum of stages)"] = total;
  const perMove = STAGES.map((s) => median(alloc[s]) + median(buffers[s]));
  for (const s of STAGES) {
    out[`${s} heap B/move`] = median(alloc[s]);
    out[`${s} buffers B/move`] = median(buffers[s]);
  }
  out["allocated B/move (median, all stages)"] = perMove.reduce((a, b) => a + b, 0);
  out["minor GCs /1000 moves"] = (timed.minor / moves) * 1000;
  out["major GCs /1000 moves"] = (timed.major / moves) * 1000;
  out["GC ms /1000 moves"] = (timed.ms / moves) * 1000;
  return out;
}

// ---------------------------------------------------------------------------------------------
// The real room over sockets, in process.

async function roomPart(dir: string): Promise<Figures> {
  const at = (f: string) => importFrom(dir, f);
  // Both checkouts share one node_modules (linked), so these are the server's own copies.
  const [gs, cfg, botsMod, roomMod, core, wsT, sdk] = await Promise.all([
    at("server/gameServer.ts"),
    at("server/config.ts"),
    at("server/bots/driver.ts"),
    at("server/room/tableRoom.ts"),
    import("@colyseus/core"),
    import("@colyseus/ws-transport"),
    import("colyseus.js"),
  ]);
  process.env.NODE_ENV = "production";
  const config = {
    ...cfg.readConfig({}, { clientDir: "/nonexistent" }),
    port: 0,
    host: "127.0.0.1",
    cpuDelayMs: ROOM_DELAY_MS,
    matchmakePerMinute: 100_000,
    maxConnectionsPerAddress: 0,
    botSeed: 1,
    logLevel: "error",
    dataDir: null,
  };
  const server = await gs.startGameServer({ config, bots: new botsMod.SimpleBots(ROOM_DELAY_MS) });
  const url = `ws://127.0.0.1:${server.port}`;

  // Stage timers, wrapped around the server's own functions.
  let measuring = false;
  const spans = {
    commit: [] as number[],
    refresh: [] as number[],
    patch: [] as number[],
    writes: [] as number[],
  };
  let inCommit = false;
  let refreshed = 0;
  let writeAcc = 0;
  let ticks = 0;
  const wrap = (
    proto: Record<string, unknown>,
    name: string,
    after: (ms: number, r: unknown) => void,
  ) => {
    const original = proto[name] as (...a: unknown[]) => unknown;
    proto[name] = function (this: unknown, ...args: unknown[]) {
      const t = performance.now();
      const r = original.apply(this, args);
      after(performance.now() - t, r);
      return r;
    };
  };
  const roomProto = roomMod.TableRoom.prototype as Record<string, unknown>;
  wrap(roomProto, "refresh", (ms) => {
    if (inCommit) refreshed += ms;
  });
  // The one place every action passes: the table's commit (the room's, before the table
  // had a module of its own).
  const commitProto = (
    existsSync(path.join(dir, "server/table/table.ts"))
      ? (await at("server/table/table.ts")).Table.prototype
      : roomProto
  ) as Record<string, unknown>;
  const commit = commitProto.commit as (...a: unknown[]) => unknown;
  commitProto.commit = function (this: unknown, ...args: unknown[]) {
    inCommit = true;
    refreshed = 0;
    const t = performance.now();
    const refusal = commit.apply(this, args);
    const ms = performance.now() - t;
    inCommit = false;
    if (measuring && refusal === null) {
      spans.commit.push(ms * 1000);
      spans.refresh.push(refreshed * 1000);
    }
    return refusal;
  };
  wrap(core.Room.prototype as unknown as Record<string, unknown>, "broadcastPatch", () => {
    ticks++;
  });
  wrap(
    core.SchemaSerializer.prototype as unknown as Record<string, unknown>,
    "applyPatches",
    (ms, changed) => {
      if (measuring && changed) {
        spans.patch.push(ms * 1000);
        spans.writes.push(writeAcc * 1000);
      }
      writeAcc = 0;
    },
  );
  wrap(wsT.WebSocketClient.prototype as unknown as Record<string, unknown>, "raw", (ms) => {
    writeAcc += ms;
  });

  type Watched = { phase?: string; moves?: { length: number } };
  const until = (
    room: {
      state: Watched;
      onStateChange: ((f: (s: Watched) => void) => void) & { remove(f: unknown): void };
    },
    test: (s: Watched) => boolean,
  ) =>
    new Promise<void>((resolve) => {
      const check = (s: Watched) => {
        if (!s.moves || !test(s)) return;
        room.onStateChange.remove(check);
        resolve();
      };
      room.onStateChange(check);
      check(room.state);
    });
  const client = new sdk.Client(url);
  const rooms: { leave(): Promise<unknown> }[] = [];
  const games = ["xiangqi", "fourchess"];
  for (let i = 0; i < ROOM_TABLES; i++) {
    const host = await client.create("table", { game: games[i % 2], seat: 0, name: "H" });
    await until(host, (x) => x.phase === "waiting");
    for (let s = 0; s < SPECTATORS; s++) {
      const w = await client.joinById(host.roomId, { spectate: true, name: "W" });
      rooms.push(w);
    }
    host.send("start");
    await until(host, (x) => x.phase === "playing");
    await host.leave();
  }
  // Games run for a while before the measurement, then ROOM_SECONDS are measured.
  await new Promise((r) => setTimeout(r, 2000));
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  measuring = true;
  const gcSeen = { minor: 0, major: 0, ms: 0 };
  const obs = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const kind = (e as unknown as { detail?: { kind?: number } }).detail?.kind ?? 0;
      if (kind === 1) gcSeen.minor++;
      else gcSeen.major++;
      gcSeen.ms += e.duration;
    }
  });
  obs.observe({ entryTypes: ["gc"] });
  await new Promise((r) => setTimeout(r, ROOM_SECONDS * 1000));
  measuring = false;
  loop.disable();
  obs.disconnect();
  const moves = spans.commit.length;
  await Promise.all(rooms.map((r) => r.leave().catch(() => undefined)));

  // Idle tables: a player waiting at each, nothing happening.
  const idle: { leave(): Promise<unknown> }[] = [];
  for (let i = 0; i < IDLE_TABLES; i++)
    idle.push(await client.create("table", { game: games[i % 2], seat: 0, name: "H" }));
  await new Promise((r) => setTimeout(r, 1500));
  const cpu0 = process.cpuUsage();
  const ticks0 = ticks;
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
  const cpu = process.cpuUsage(cpu0);
  const seconds = (performance.now() - t0) / 1000;
  const idleTicks = (ticks - ticks0) / seconds;
  await Promise.all(idle.map((r) => r.leave().catch(() => undefined)));
  await server.close();

  return {
    "moves measured": moves,
    "moves /s": moves / ROOM_SECONDS,
    "commit p50 µs": median(spans.commit),
    "commit p99 µs": quantile(spans.commit, 0.99),
    "  of which refresh (sync, listing) p50 µs": median(spans.refresh),
    "patch p50 µs (encode + writes)": median(spans.patch),
    "patch p99 µs": quantile(spans.patch, 0.99),
    "socket writes p50 µs / patch": median(spans.writes),
    // The histogram holds the time between samples: less the 1 ms period, the delay.
    "event loop delay p50 ms": loop.percentile(50) / 1e6 - 1,
    "event loop delay p99 ms": loop.percentile(99) / 1e6 - 1,
    "event loop delay max ms": loop.max / 1e6 - 1,
    "GC ms /1000 moves": moves ? (gcSeen.ms / moves) * 1000 : 0,
    "idle: CPU % of a core": ((cpu.user + cpu.system) / 1e6 / seconds) * 100,
    "idle: room ticks /s": idleTicks,
  };
}

// ---------------------------------------------------------------------------------------------
// The ping sweep.

async function pingPart(): Promise<void> {
  const req = createRequire(SELF);
  const { WebSocketServer } = req("ws") as typeof import("ws");
  const http = await import("node:http");
  const server = http.createServer();
  const wss = new WebSocketServer({ server });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const port = (server.address() as { port: number }).port;
  let pongs = 0;
  wss.on("connection", (ws) => ws.on("pong", () => pongs++));
  const child = spawn(process.execPath, ["--import", "tsx", SELF, "--ping-clients", String(port)], {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env },
  });
  while (wss.clients.size < PING_CLIENTS) await new Promise((r) => setTimeout(r, 100));
  await new Promise((r) => setTimeout(r, 500));
  const noop = () => undefined;
  const sync: number[] = [];
  const cpuPer: number[] = [];
  const idleCpu: number[] = [];
  for (let i = 0; i < PING_SWEEPS; i++) {
    // The same window with no sweep: what the process spends anyway.
    let c0 = process.cpuUsage();
    await new Promise((r) => setTimeout(r, 300));
    const idle = process.cpuUsage(c0);
    idleCpu.push(idle.user + idle.system);
    pongs = 0;
    c0 = process.cpuUsage();
    const t = performance.now();
    for (const ws of wss.clients) ws.ping(noop);
    sync.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 300));
    const used = process.cpuUsage(c0);
    if (pongs < wss.clients.size) process.stderr.write(`only ${pongs} pongs\n`);
    cpuPer.push((used.user + used.system - idle.user - idle.system) / wss.clients.size);
  }
  // The same pings spread over SLICES turns of the event loop, a slice at a time.
  const SLICES = 20;
  const all = [...wss.clients];
  const size = Math.ceil(all.length / SLICES);
  const sliceMs: number[] = [];
  for (let i = 0; i < PING_SWEEPS; i++)
    for (let k = 0; k < SLICES; k++) {
      const t = performance.now();
      for (const ws of all.slice(k * size, (k + 1) * size)) ws.ping(noop);
      sliceMs.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 15));
    }
  const n = wss.clients.size;
  const perClientUs = median(cpuPer);
  console.log(
    `Ping sweep over ${n} WebSocket clients (clients in a second process), ${PING_SWEEPS} sweeps:`,
  );
  console.log(
    `  sweep on the event loop (the ping loop alone): median ${median(sync).toFixed(1)} ms, max ${Math.max(...sync).toFixed(1)} ms`,
  );
  console.log(
    `  process CPU per client per sweep (pings sent and pongs read): median ${perClientUs.toFixed(1)} µs`,
  );
  for (const [clients, interval] of [
    [4000, 5],
    [10000, 5],
    [10000, 15],
    [10000, 20],
  ] as const)
    console.log(
      `  ${clients} clients every ${interval} s: ${(((clients * perClientUs) / 1e6 / interval) * 100).toFixed(1)} % of a core, ` +
        `one sweep ≈ ${((median(sync) / n) * clients).toFixed(0)} ms on the event loop`,
    );
  console.log(
    `  spread over ${SLICES} slices of ${size} clients: median ${median(sliceMs).toFixed(1)} ms, ` +
      `p99 ${quantile(sliceMs, 0.99).toFixed(1)} ms per slice on the event loop`,
  );
  child.kill();
  wss.close();
  server.close();
}

async function pingClients(port: number): Promise<void> {
  const req = createRequire(SELF);
  const { WebSocket } = req("ws") as typeof import("ws");
  for (let i = 0; i < PING_CLIENTS; i++) {
    await new Promise<void>((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}`);
      ws.once("open", () => resolve());
      ws.once("error", reject);
    });
  }
  await new Promise(() => undefined);
}

// ---------------------------------------------------------------------------------------------
// Runner: one child process per checkout and round, alternating.

function runChild(dir: string, part: string): Promise<Figures> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(
      process.execPath,
      ["--expose-gc", "--import", "tsx", SELF, "--child", part],
      { cwd: dir, stdio: ["ignore", "pipe", "inherit"], env: { ...process.env } },
    );
    let out = "";
    child.stdout?.on("data", (c: Buffer) => {
      out += c.toString();
    });
    child.on("exit", (code) => {
      const line = out.split("\n").find((l) => l.startsWith("{"));
      if (code !== 0 || !line) reject(new Error(`${part} in ${dir} exited with ${code}:\n${out}`));
      else resolve(JSON.parse(line) as Figures);
    });
  });
}

function table(title: string, runs: Map<string, Figures[]>): void {
  console.log(`\n${title} (medians of ${ROUNDS} runs)`);
  const labels = [...runs.keys()];
  const keys = Object.keys(runs.get(labels[0]!)![0]!);
  const width = Math.max(...keys.map((k) => k.length)) + 2;
  console.log(
    `${"".padEnd(width)}${labels.map((l) => l.padStart(14)).join("")}${labels.length > 1 ? "     ratio" : ""}`,
  );
  for (const k of keys) {
    const vals = labels.map((l) => median(runs.get(l)!.map((f) => f[k] ?? Number.NaN)));
    const fmt = (v: number) => (Math.abs(v) >= 100 ? v.toFixed(0) : v.toFixed(2));
    const ratio =
      vals.length > 1 && vals[1] ? `  ${(vals[0]! / vals[1]!).toFixed(2).padStart(8)}` : "";
    console.log(`${k.padEnd(width)}${vals.map((v) => fmt(v).padStart(14)).join("")}${ratio}`);
  }
}

const args = process.argv.slice(2);
if (args[0] === "--child") {
  const part = args[1];
  const figures = part === "path" ? await pathPart(process.cwd()) : await roomPart(process.cwd());
  process.stdout.write(`${JSON.stringify(figures)}\n`, () => process.exit(0));
} else if (args[0] === "--ping-clients") {
  await pingClients(Number(args[1]));
} else if (args[0] === "--ping") {
  await pingPart();
  process.exit(0);
} else {
  const checkouts: [string, string][] = [["this", process.cwd()]];
  if (process.env.BASELINE) checkouts.push(["baseline", path.resolve(process.env.BASELINE)]);
  const parts = (process.env.PARTS ?? "path,room").split(",");
  console.log(
    `node ${process.version}; path: ${TABLES} tables of each kind, up to ${MAX_MOVES} moves; ` +
      `room: ${ROOM_TABLES} tables × ${SPECTATORS} spectators, a CPU move every ${ROOM_DELAY_MS} ms, ` +
      `${ROOM_SECONDS} s; idle: ${IDLE_TABLES} tables, ${IDLE_SECONDS} s`,
  );
  for (const part of parts) {
    const runs = new Map<string, Figures[]>(checkouts.map(([l]) => [l, []]));
    for (let round = 0; round < ROUNDS; round++)
      for (const [label, dir] of round % 2 ? [...checkouts].reverse() : checkouts)
        runs.get(label)!.push(await runChild(dir, part));
    table(part === "path" ? "Per-move path, in process" : "Rooms over sockets", runs);
  }
}
