/**
 * npm run loadtest -- --tables N --spectators S --minutes M …
 *
 * Plays real games against the real server and reports whether it kept up: it starts
 * `server/main.ts` as a child process (or targets `--url`), splits the tables over several
 * generator processes (`loadtest/generator.ts`) so that the load generator is not the limit,
 * lets them play for the given time, then checks every move and prints the figures (and writes
 * them as JSON). The exit code is non-zero on any lost move, stuck turn or unexpected error.
 * `--ramp` repeats the run with more tables each step (×1.5) until the move round trip's p99
 * reaches 100 ms or anything goes wrong, and reports the largest size that held.
 * See loadtest/README.md for every option and what each figure means.
 */
import { type ChildProcess, fork } from "node:child_process";
import { writeFileSync } from "node:fs";
import { cpus } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { freePort } from "../tools/ports";
import { startRedis } from "../tools/redis";
import type {
  Behaviour,
  FromGenerator,
  GeneratorConfig,
  GeneratorReport,
  Incident,
  TableKind,
  TableReport,
  TableSpec,
  ToGenerator,
} from "./plan";
import {
  combineServers,
  cpuPercent,
  type MachineSample,
  machine,
  probeHealth,
  type Sample,
  type ServerUnderLoad,
  sampleAll,
  startServer,
} from "./server";
import { type Counts, Histogram, type LatencySummary, mergeCounts, totalOf } from "./stats";
import { freshStore, isStoreKind, STORE_KINDS, type StoreKind } from "./stores";

const USAGE = `npm run loadtest -- [options]

  --tables N          tables kept open at once (100)
  --spectators S      spectators per table (1)
  --minutes M         how long to play, after every table is open (2)
  --generators K      load generator processes (auto: 2, or one per 2500 connections)
  --mix LIST          table kinds and weights (xiangqi=1,teams=1,individual=1)
  --think A-B         think time before a move, seconds (2-6)
  --drops R           drops per connection per minute (0.1)
  --offline A-B       how long a dropped connection stays away, seconds (0.2-3)
  --away P            share of players' drops that outlast the stand-in grace (0.1)
  --grace S           the server's stand-in grace, seconds (5; set on the server it starts)
  --reconnect P       share of players' drops back with the reconnection token, else the seat token (0.5)
  --cpu-seats P       share of tables with CPU seats (0)
  --cpu-level L       CPU level: easy|normal|hard (xiangqi: beginner|medium|master) (easy)
  --private P         share of private tables (0.5)
  --again P           share of finished games followed by another at the table, else it closes (0.5)
  --once              finished tables close and are not replaced; ends when every game has ended
  --move-limit N      house rule moveLimit of four-player tables (none; xiangqi ends at 400 plies)
  --join-rate R       new connections per second while opening the tables, all generators (200)
  --stuck-after S     a turn unchanged this long is stuck, seconds (longest think + longer of
                      grace and offline + a CPU move + 15)
  --lost-after S      a move unanswered this long is lost, seconds (15)
  --settle S          time for every connection to agree after the run, seconds (30)
  --url WS            a running server instead of starting one
  --server-pid PID    its process id, for CPU and memory figures
  --server-dir DIR    start the server of another checkout (with its node_modules), to compare
  --store S           where the server it starts keeps the tables: memory | sqlite (a fresh
                      DATA_DIR) | postgres (a throw-away local cluster, over TCP) |
                      postgres-socket (the same over its Unix socket) (memory)
  --processes N       server processes behind one throw-away Redis (REDIS_URL, PUBLIC_ADDRESS),
                      the generators spread over them; store memory or postgres (1)
  --env KEY=VALUE     extra settings for the server it starts (repeatable)
  --seed N            seed of every random choice (1)
  --json FILE         write the report as JSON to FILE ("-": stdout)
  --ramp              raise --tables step by step until p99 >= --p99-limit or anything fails
  --ramp-factor F     growth per step (1.5)
  --ramp-max N        stop the ramp at this many tables (100000)
  --p99-limit MS      the round trip p99 a size must stay under in a ramp (100)
  --quiet             no progress lines`;

const { values: opts } = parseArgs({
  options: {
    tables: { type: "string", default: "100" },
    spectators: { type: "string", default: "1" },
    minutes: { type: "string", default: "2" },
    generators: { type: "string", default: "auto" },
    mix: { type: "string", default: "xiangqi=1,teams=1,individual=1" },
    think: { type: "string", default: "2-6" },
    drops: { type: "string", default: "0.1" },
    offline: { type: "string", default: "0.2-3" },
    away: { type: "string", default: "0.1" },
    grace: { type: "string", default: "5" },
    reconnect: { type: "string", default: "0.5" },
    "cpu-seats": { type: "string", default: "0" },
    "cpu-level": { type: "string", default: "easy" },
    private: { type: "string", default: "0.5" },
    again: { type: "string", default: "0.5" },
    once: { type: "boolean", default: false },
    "move-limit": { type: "string" },
    "join-rate": { type: "string", default: "200" },
    "stuck-after": { type: "string" },
    "lost-after": { type: "string", default: "15" },
    settle: { type: "string", default: "30" },
    url: { type: "string" },
    "server-pid": { type: "string" },
    "server-dir": { type: "string" },
    store: { type: "string", default: "memory" },
    processes: { type: "string", default: "1" },
    env: { type: "string", multiple: true, default: [] },
    seed: { type: "string", default: "1" },
    json: { type: "string" },
    ramp: { type: "boolean", default: false },
    "ramp-factor": { type: "string", default: "1.5" },
    "ramp-max": { type: "string", default: "100000" },
    "p99-limit": { type: "string", default: "100" },
    quiet: { type: "boolean", default: false },
    help: { type: "boolean", default: false },
  },
});

if (opts.help) {
  console.log(USAGE);
  process.exit(0);
}

function num(name: string, raw: string | undefined, min: number, max: number): number {
  const n = Number(raw);
  if (raw === undefined || raw === "" || !Number.isFinite(n) || n < min || n > max) {
    console.error(`--${name} must be a number from ${min} to ${max}, got "${raw}"\n\n${USAGE}`);
    process.exit(2);
  }
  return n;
}

function range(name: string, raw: string, max: number): [number, number] {
  const [a, b = a] = raw.split("-");
  const lo = num(name, a, 0, max);
  const hi = num(name, b, lo, max);
  return [lo, hi];
}

const CPU_LEVELS: Record<string, { fourchess: string; xiangqi: string }> = {
  easy: { fourchess: "easy", xiangqi: "beginner" },
  beginner: { fourchess: "easy", xiangqi: "beginner" },
  normal: { fourchess: "normal", xiangqi: "medium" },
  medium: { fourchess: "normal", xiangqi: "medium" },
  hard: { fourchess: "hard", xiangqi: "master" },
  master: { fourchess: "hard", xiangqi: "master" },
};

const tables0 = Math.round(num("tables", opts.tables, 1, 1_000_000));
const spectators = Math.round(num("spectators", opts.spectators, 0, 32));
const minutes = num("minutes", opts.minutes, 0.05, 24 * 60);
/**
 * Connections one generator drives by default. Measured on a 2-core machine: 2500 connections
 * (xiangqi, 2 players and 2 spectators a table, 2–6 s think time) cost a generator 13–17 % of
 * a core, its event loop delayed 4–7 ms at p99; at 5000 its delays grow (7–15 ms at p99, up to
 * 380 ms when other jobs share the cores) and start to show in the round trips it measures.
 */
const CONNECTIONS_PER_GENERATOR = 2500;
const fixedGenerators =
  opts.generators === "auto" ? null : Math.round(num("generators", opts.generators, 1, 64));
const generatorsFor = (connections: number) =>
  fixedGenerators ?? Math.max(2, processes, Math.ceil(connections / CONNECTIONS_PER_GENERATOR));
/**
 * A generator whose event loop was delayed at p99 by more than 5 ms and more than a fifth of the
 * round trip's p99, or that used more than 70 % of a core, may have measured its own delays:
 * the report says so.
 */
const GENERATOR_LAG_SHARE = 0.2;
const GENERATOR_LAG_MS = 5;
const GENERATOR_CPU = 70;
const joinRate = num("join-rate", opts["join-rate"], 1, 100_000);
const think = range("think", opts.think, 600);
const offline = range("offline", opts.offline, 600);
const graceS = num("grace", opts.grace, 0, 600);
const cpuShare = num("cpu-seats", opts["cpu-seats"], 0, 1);
const privateShare = num("private", opts.private, 0, 1);
const seed = Math.round(num("seed", opts.seed, 0, 2 ** 31 - 1));
const p99Limit = num("p99-limit", opts["p99-limit"], 1, 1e6);
const cpuLevel = CPU_LEVELS[opts["cpu-level"]];
if (!cpuLevel) {
  console.error(`--cpu-level must be one of ${Object.keys(CPU_LEVELS).join(", ")}`);
  process.exit(2);
}
const mix: { kind: TableKind; weight: number }[] = opts.mix.split(",").map((part) => {
  const [kind, w = "1"] = part.split("=");
  if (kind !== "xiangqi" && kind !== "teams" && kind !== "individual") {
    console.error(`--mix: unknown table kind "${kind}" (xiangqi, teams, individual)`);
    process.exit(2);
  }
  return { kind, weight: num("mix", w, 0, 1000) };
});
const extraEnv: Record<string, string> = {};
for (const pair of opts.env) {
  const i = pair.indexOf("=");
  if (i <= 0) {
    console.error(`--env takes KEY=VALUE, got "${pair}"`);
    process.exit(2);
  }
  extraEnv[pair.slice(0, i)] = pair.slice(i + 1);
}

if (!isStoreKind(opts.store)) {
  console.error(`--store is one of ${STORE_KINDS.join(", ")}, got "${opts.store}"`);
  process.exit(2);
}
const storeKind: StoreKind = opts.store;
const processes = Math.round(num("processes", opts.processes, 1, 32));
if (processes > 1 && storeKind === "sqlite") {
  console.error("--processes: SQLite is one process's store; use memory or postgres");
  process.exit(2);
}

/** The server under load: one process, or several behind a throw-away Redis. */
async function startServers(env: Record<string, string>, dir?: string): Promise<ServerUnderLoad> {
  if (processes === 1) return startServer(env, dir);
  const redis = await startRedis();
  const ports: number[] = [];
  for (let i = 0; i < processes; i++) ports.push(await freePort());
  try {
    const servers = await Promise.all(
      ports.map((port) =>
        startServer(
          {
            ...env,
            PORT: String(port),
            REDIS_URL: redis.url,
            PUBLIC_ADDRESS: `127.0.0.1:${port}`,
          },
          dir,
        ),
      ),
    );
    return combineServers(servers, () => redis.stop());
  } catch (err) {
    await redis.stop();
    throw err;
  }
}

/** The server's usual pause before a CPU move and its cap on one search, for the stuck limit. */
const CPU_MOVE_MS = Number(extraEnv.CPU_DELAY_MS ?? 600) + Number(extraEnv.BOT_MOVE_MS ?? 1500);

const behaviour: Behaviour = {
  thinkMs: [think[0] * 1000, think[1] * 1000],
  dropsPerMinute: num("drops", opts.drops, 0, 600),
  offlineMs: [offline[0] * 1000, offline[1] * 1000],
  awayShare: num("away", opts.away, 0, 1),
  graceMs: graceS * 1000,
  reconnectShare: num("reconnect", opts.reconnect, 0, 1),
  again: opts.once ? 0 : num("again", opts.again, 0, 1),
  replace: !opts.once,
  moveLimit:
    opts["move-limit"] === undefined
      ? null
      : Math.round(num("move-limit", opts["move-limit"], 4, 2000)),
  cpuLevel,
  joinsPerSecond: joinRate,
  stuckAfterMs:
    opts["stuck-after"] === undefined
      ? (think[1] + Math.max(graceS, offline[1]) + 15) * 1000 + CPU_MOVE_MS
      : num("stuck-after", opts["stuck-after"], 1, 3600) * 1000,
  lostAfterMs: num("lost-after", opts["lost-after"], 1, 3600) * 1000,
  settleMs: num("settle", opts.settle, 1, 3600) * 1000,
};

const say = (line: string) => {
  if (!opts.quiet) process.stderr.write(`${line}\n`);
};
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The table slots of a run: kinds by the mix's weights, CPU seats and privacy spread evenly. */
function plan(tables: number): TableSpec[] {
  const total = mix.reduce((n, m) => n + m.weight, 0);
  const specs: TableSpec[] = [];
  const given = new Map<TableKind, number>();
  for (let slot = 0; slot < tables; slot++) {
    // The kind furthest behind its share goes next.
    let best = mix[0]!;
    let gap = Number.NEGATIVE_INFINITY;
    for (const m of mix) {
      const g = ((slot + 1) * m.weight) / total - (given.get(m.kind) ?? 0);
      if (g > gap) {
        gap = g;
        best = m;
      }
    }
    given.set(best.kind, (given.get(best.kind) ?? 0) + 1);
    const withCpu = Math.floor((slot + 1) * cpuShare) > Math.floor(slot * cpuShare);
    const cpuSeats = !withCpu ? [] : best.kind === "xiangqi" ? [1] : slot % 2 ? [2] : [1, 3];
    specs.push({
      slot,
      kind: best.kind,
      private: Math.floor((slot + 1) * privateShare) > Math.floor(slot * privateShare),
      cpuSeats,
      spectators,
    });
  }
  return specs;
}

const peopleAt = (s: TableSpec) => (s.kind === "xiangqi" ? 2 : 4) - s.cpuSeats.length;

interface RunReport {
  readonly ok: boolean;
  readonly failures: string[];
  /** Why a figure may not mean what it says (a generator that was itself busy). */
  readonly warnings: string[];
  readonly settings: Record<string, unknown>;
  readonly tables: number;
  readonly clients: { planned: number; connected: number; players: number; spectators: number };
  readonly durationMs: number;
  readonly setupMs: number;
  readonly joins: Counts;
  readonly drops: number;
  readonly reconnects: Counts;
  readonly reconnectRetries: number;
  readonly moves: {
    played: number;
    perSecond: number;
    sent: number;
    acked: number;
    refused: number;
    /** Entries played by people, CPU seats and stand-ins. */
    byPlayer: number;
    byCpu: number;
    byStandIn: number;
  };
  readonly games: { finished: number; again: number; closed: number; opened: number };
  readonly errors: Counts;
  readonly errorSamples: Record<string, string>;
  readonly lostMoves: { unseen: number; unanswered: number; total: number };
  readonly stuckTurns: number;
  readonly incidents: Incident[];
  readonly roundTrip: LatencySummary;
  /**
   * `GET /api/health` asked from the runner every 200 ms while playing, one at a time: how long
   * the server took to answer anything (its event loop's stalls), apart from the generators.
   */
  readonly health: LatencySummary & { failures: number };
  readonly spectatorBytesPerMove: number | null;
  readonly server: {
    readonly url: string;
    readonly pid: number | null;
    /** How many server processes the figures add up (several behind Redis). */
    readonly processes: number;
    readonly cpuPercent: number | null;
    readonly mainThreadPercent: number | null;
    readonly cpuPercentMax1s: number | null;
    readonly rssIdleMB: number | null;
    readonly rssReadyMB: number | null;
    readonly rssEndMB: number | null;
    /** Mean and largest RSS over the readings taken each second while playing. */
    readonly rssMeanMB: number | null;
    readonly rssPeakMB: number | null;
    /** (mean RSS while playing − RSS idle) / tables. */
    readonly memoryPerTableKB: number | null;
    readonly log: { counts: Counts; samples: string[] } | null;
    readonly exited: string | null;
  };
  readonly generators: {
    index: number;
    clients: number;
    cpuPercent: number;
    loopDelayP99: number;
    loopDelayMax: number;
    rssMB: number;
    setupMs: number;
  }[];
  /**
   * How busy the machine was: its cores, load averages at the start and the end, and the CPU
   * that everything else (not the server, not the generators) used meanwhile, % of one core.
   */
  readonly machine: {
    cores: number;
    loadAtStart: string | null;
    loadAtEnd: string | null;
    cpuPercent: number | null;
    othersCpuPercent: number | null;
  };
  readonly perTable: TableReport[];
}

const mb = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10;

/** A generator process with its config sent, and its answers as promises. */
function generatorProcess(
  index: number,
  config: GeneratorConfig,
  progress: Map<number, Extract<FromGenerator, { type: "progress" }>>,
  crashed: (why: string) => void,
): {
  child: ChildProcess;
  ready: Promise<{ clients: number; setupMs: number }>;
  report: Promise<GeneratorReport>;
} {
  const child = fork(fileURLToPath(new URL("./generator.ts", import.meta.url)), [], {
    // GENERATOR_FLAGS adds Node flags, e.g. "--cpu-prof --cpu-prof-dir=prof" to profile them.
    execArgv: [
      "--import",
      "tsx",
      "--max-old-space-size=8192",
      // Young collections less often: measured 20 % less CPU and shorter pauses at 2500 connections.
      "--max-semi-space-size=32",
      ...(process.env.GENERATOR_FLAGS?.split(" ").filter(Boolean) ?? []),
    ],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  let reported = false;
  const answer = <T>(pick: (m: FromGenerator) => T | undefined) =>
    new Promise<T>((resolve, reject) => {
      child.on("message", (m: FromGenerator) => {
        const v = pick(m);
        if (v !== undefined) resolve(v);
      });
      child.once("exit", (code, signal) =>
        reject(new Error(`generator ${index} exited with ${signal ?? code}`)),
      );
    });
  const ready = answer((m) => (m.type === "ready" ? m : undefined));
  const report = answer((m) => (m.type === "report" ? m.report : undefined));
  child.on("message", (m: FromGenerator) => {
    if (m.type === "progress") progress.set(index, m);
    if (m.type === "report") reported = true;
  });
  child.once("exit", (code, signal) => {
    if (!reported) crashed(`generator ${index} exited with ${signal ?? code} before its report`);
  });
  // Each is awaited later; a crash must not surface as an unhandled rejection meanwhile.
  ready.catch(() => undefined);
  report.catch(() => undefined);
  child.send({ type: "config", config } satisfies ToGenerator);
  return { child, ready, report };
}

/** One run at one size: server, generators, play, stop, check, report. */
async function run(tables: number, step: number): Promise<RunReport> {
  const specs = plan(tables);
  const planned = specs.reduce((n, s) => n + peopleAt(s) + s.spectators, 0);
  const generators = generatorsFor(planned);
  let server: ServerUnderLoad;
  let store: { done(): Promise<void> } | null = null;
  if (opts.url) {
    server = {
      url: opts.url,
      urls: [opts.url],
      pid: opts["server-pid"] ? Number(opts["server-pid"]) : null,
      pids: opts["server-pid"] ? [Number(opts["server-pid"])] : [],
      log: { counts: {}, samples: [] },
      exited: null,
      stop: async () => undefined,
    };
  } else {
    const opened = await freshStore(storeKind);
    store = opened;
    server = await startServers(
      {
        PORT: "0",
        HOST: "127.0.0.1",
        ...opened.env,
        // Every connection comes from 127.0.0.1: the per-address bounds would be the limit.
        MATCHMAKE_PER_MINUTE: "100000",
        MAX_CONNECTIONS_PER_ADDRESS: "0",
        STAND_IN_GRACE_MS: String(behaviour.graceMs),
        BOT_SEED: String(seed),
        ...extraEnv,
      },
      opts["server-dir"] ? path.resolve(opts["server-dir"]) : undefined,
    );
  }
  const pids = server.pids;
  const sampleServer = () => (pids.length > 0 ? sampleAll(pids) : null);
  say(
    `step ${step}: ${tables} tables, ${planned} connections, ${generators} generators → ${server.urls.join(", ")}`,
  );
  // The server settles after its start (module loading, first collections) before the
  // reading its memory per table is counted from.
  await sleep(2000);
  const idle = sampleServer();

  const progress = new Map<number, Extract<FromGenerator, { type: "progress" }>>();
  let crashed: string | null = null;
  const procs = Array.from({ length: generators }, (_, index) =>
    generatorProcess(
      index,
      {
        index,
        url: server.urls[index % server.urls.length] as string,
        seed: seed * 1000 + index,
        tables: specs.filter((_, i) => i % generators === index),
        behaviour: { ...behaviour, joinsPerSecond: joinRate / generators },
      },
      progress,
      (why) => {
        crashed ??= why;
      },
    ),
  );
  const children = procs.map((p) => p.child);
  const send = (m: ToGenerator) => {
    for (const c of children) if (c.connected) c.send(m);
  };

  let report: RunReport;
  try {
    const readied = await Promise.all(procs.map((p) => p.ready));
    const setupMs = Math.max(...readied.map((r) => r.setupMs));
    const connected = readied.reduce((n, r) => n + r.clients, 0);
    say(`  open: ${connected} of ${planned} connections in ${(setupMs / 1000).toFixed(1)} s`);
    const atReady = sampleServer();
    const machineAtGo = machine();
    send({ type: "go" });
    const probe = probeHealth(server.url);
    const samples: Sample[] = [];
    if (atReady) samples.push(atReady);
    const start = performance.now();
    const end = start + minutes * 60_000;
    let lastSay = start;
    while (performance.now() < end && !crashed && !server.exited) {
      await sleep(1000);
      const s = sampleServer();
      if (s) samples.push(s);
      if (performance.now() - lastSay >= 10_000) {
        lastSay = performance.now();
        const ps = [...progress.values()];
        const last = samples.at(-1);
        const before = samples[Math.max(0, samples.length - 11)];
        say(
          `  ${Math.round((performance.now() - start) / 1000)} s: ${ps.reduce((n, p) => n + p.moves, 0)} moves, ${ps.reduce((n, p) => n + p.errors, 0)} errors, ${ps.reduce((n, p) => n + p.lost, 0)} lost, ${ps.reduce((n, p) => n + p.stuck, 0)} stuck; server ${last && before ? cpuPercent(before, last).toFixed(0) : "?"} % CPU; generators ${ps.map((p) => `${p.cpuPercent.toFixed(0)} %`).join(", ")}`,
        );
      }
      if (
        opts.once &&
        progress.size === generators &&
        [...progress.values()].every((p) => p.open === 0)
      )
        break;
    }
    const atStop = sampleServer();
    const machineAtStop = machine();
    if (atStop) samples.push(atStop);
    send({ type: "stop" });
    const health = await probe.stop();
    say("  stopped; checking every connection saw every move");
    const results = await Promise.all(procs.map((p) => p.report));
    report = summarise(tables, specs, planned, results, {
      server,
      idle,
      atReady,
      atStop,
      samples,
      setupMs,
      crashed,
      machine: [machineAtGo, machineAtStop],
      health,
    });
  } finally {
    // Generators leave their tables and exit by themselves after their report.
    await Promise.all(
      children.map(
        (c) =>
          new Promise<void>((done) => {
            if (c.exitCode !== null || c.signalCode !== null) return done();
            const timer = setTimeout(() => c.kill(), 10_000);
            c.once("exit", () => {
              clearTimeout(timer);
              done();
            });
          }),
      ),
    );
    await server.stop();
    await store?.done();
  }
  return report;
}

function summarise(
  tables: number,
  specs: TableSpec[],
  planned: number,
  results: GeneratorReport[],
  at: {
    server: ServerUnderLoad;
    idle: Sample | null;
    atReady: Sample | null;
    atStop: Sample | null;
    samples: Sample[];
    setupMs: number;
    crashed: string | null;
    machine: [MachineSample | null, MachineSample | null];
    health: { times: Histogram; failures: number };
  },
): RunReport {
  const rtt = new Histogram();
  const joins: Counts = {};
  const reconnects: Counts = {};
  const errors: Counts = {};
  const errorSamples: Record<string, string> = {};
  const moves = {
    played: 0,
    perSecond: 0,
    sent: 0,
    acked: 0,
    refused: 0,
    byPlayer: 0,
    byCpu: 0,
    byStandIn: 0,
  };
  const games = { finished: 0, again: 0, closed: 0, opened: 0 };
  const lost = { unseen: 0, unanswered: 0, total: 0 };
  const spectator = { bytes: 0, moves: 0 };
  const incidents: Incident[] = [];
  let stuck = 0;
  let drops = 0;
  let retries = 0;
  let connected = 0;
  const perTable: TableReport[] = [];
  for (const r of results) {
    rtt.merge(r.rtt);
    mergeCounts(joins, r.joins);
    mergeCounts(reconnects, r.reconnects);
    mergeCounts(errors, r.errors);
    for (const [k, v] of Object.entries(r.errorSamples)) errorSamples[k] ??= v;
    moves.sent += r.moves.sent;
    moves.acked += r.moves.acked;
    moves.refused += r.moves.refused;
    moves.byPlayer += r.played.player;
    moves.byCpu += r.played.cpu;
    moves.byStandIn += r.played.standIn;
    for (const k of Object.keys(games) as (keyof typeof games)[]) games[k] += r.games[k];
    lost.unseen += r.lost.unseen;
    lost.unanswered += r.lost.unanswered;
    spectator.bytes += r.spectator.bytes;
    spectator.moves += r.spectator.moves;
    incidents.push(...r.incidents);
    stuck += r.stuck;
    drops += r.drops;
    retries += r.reconnectRetries;
    connected += r.clients;
    perTable.push(...r.tables);
  }
  perTable.sort((a, b) => a.slot - b.slot);
  moves.played = perTable.reduce((n, t) => n + t.moves, 0);
  const windowMs = Math.max(...results.map((r) => r.windowMs));
  moves.perSecond = Math.round((moves.played / windowMs) * 1000 * 10) / 10;
  lost.total = lost.unseen + lost.unanswered;
  const { server, idle, atReady, atStop, samples } = at;
  let max1s: number | null = null;
  for (let i = 1; i < samples.length; i++) {
    // CPU time is counted in 10 ms ticks: a short interval says little.
    if (samples[i]!.at - samples[i - 1]!.at < 500) continue;
    const c = cpuPercent(samples[i - 1]!, samples[i]!);
    if (max1s === null || c > max1s) max1s = c;
  }
  const round1 = (x: number | null) => (x === null ? null : Math.round(x * 10) / 10);
  const rssMean = samples.length
    ? samples.reduce((n, s) => n + s.rssBytes, 0) / samples.length
    : null;
  const rssPeak = samples.length ? Math.max(...samples.map((s) => s.rssBytes)) : null;
  const serverErrors = (server.log.counts.error ?? 0) + (server.log.counts.fatal ?? 0);
  const abuse = server.log.samples.filter((l) => l.includes('"event":"abuse"')).length;

  const failures: string[] = [];
  if (lost.total > 0) failures.push(`${lost.total} lost move(s)`);
  if (stuck > 0) failures.push(`${stuck} stuck turn(s)`);
  if (totalOf(errors) > 0) failures.push(`${totalOf(errors)} error(s)`);
  if (at.health.failures > 0)
    failures.push(`${at.health.failures} health check(s) failed or took over 10 s`);
  if (serverErrors > 0) failures.push(`${serverErrors} error line(s) in the server's log`);
  if (abuse > 0) failures.push("the server reported abuse from the load generator");
  if (at.crashed) failures.push(at.crashed);
  if (server.exited) failures.push(`the server ${server.exited}`);
  if (connected < planned && !opts.once)
    failures.push(`${planned - connected} connection(s) missing at the end`);

  const warnings: string[] = [];
  for (const r of results) {
    const lag = r.loopDelay.p99;
    const p99 = rtt.percentile(99);
    if ((lag > GENERATOR_LAG_MS && lag > GENERATOR_LAG_SHARE * p99) || r.cpuPercent > GENERATOR_CPU)
      warnings.push(
        `generator ${r.index} was busy (${r.cpuPercent} % CPU, its event loop delayed ${lag} ms at p99, ${r.loopDelay.max} ms at most): up to that much of the round trips it measured (p99 ${p99.toFixed(1)} ms) may be its own; use more generators, or a machine of their own`,
      );
  }
  return {
    ok: failures.length === 0,
    failures,
    warnings,
    settings: {
      tables,
      spectators,
      minutes,
      generators: generatorsFor(planned),
      mix: opts.mix,
      ...behaviour,
      cpuSeats: cpuShare,
      privateShare,
      once: opts.once,
      seed,
      server: opts.url ?? `started${opts["server-dir"] ? ` from ${opts["server-dir"]}` : ""}`,
      store: opts.url ? null : storeKind,
      env: extraEnv,
    },
    tables,
    clients: {
      planned,
      connected,
      players: specs.reduce((n, s) => n + peopleAt(s), 0),
      spectators: specs.reduce((n, s) => n + s.spectators, 0),
    },
    durationMs: windowMs,
    setupMs: at.setupMs,
    joins,
    drops,
    reconnects,
    reconnectRetries: retries,
    moves,
    games,
    errors,
    errorSamples,
    lostMoves: lost,
    stuckTurns: stuck,
    incidents,
    roundTrip: rtt.summary(),
    health: { ...at.health.times.summary(), failures: at.health.failures },
    spectatorBytesPerMove:
      spectator.moves > 0 ? Math.round((spectator.bytes / spectator.moves) * 10) / 10 : null,
    server: {
      url: server.url,
      pid: server.pid,
      processes: server.pids.length,
      cpuPercent: atReady && atStop ? round1(cpuPercent(atReady, atStop)) : null,
      mainThreadPercent: atReady && atStop ? round1(cpuPercent(atReady, atStop, "mainMs")) : null,
      cpuPercentMax1s: round1(max1s),
      rssIdleMB: idle ? mb(idle.rssBytes) : null,
      rssReadyMB: atReady ? mb(atReady.rssBytes) : null,
      rssEndMB: atStop ? mb(atStop.rssBytes) : null,
      rssMeanMB: rssMean === null ? null : mb(rssMean),
      rssPeakMB: rssPeak === null ? null : mb(rssPeak),
      // Below the noise of the server's own collections, a small run cannot tell.
      memoryPerTableKB:
        idle && rssMean !== null && rssMean > idle.rssBytes
          ? Math.round((rssMean - idle.rssBytes) / 1024 / tables)
          : null,
      log: opts.url ? null : server.log,
      exited: server.exited,
    },
    generators: results.map((r) => ({
      index: r.index,
      clients: r.clients,
      cpuPercent: r.cpuPercent,
      loopDelayP99: r.loopDelay.p99,
      loopDelayMax: r.loopDelay.max,
      rssMB: mb(r.rssBytes),
      setupMs: r.setupMs,
    })),
    machine: machineFigures(
      at.machine,
      at.atReady && at.atStop ? cpuPercent(at.atReady, at.atStop) : 0,
      results,
    ),
    perTable,
  };
}

function machineFigures(
  [a, b]: [MachineSample | null, MachineSample | null],
  serverCpu: number,
  results: GeneratorReport[],
): RunReport["machine"] {
  const total = a && b ? ((b.busyMs - a.busyMs) / (b.at - a.at)) * 100 : null;
  const generatorsCpu = results.reduce((n, r) => n + r.cpuPercent, 0);
  const round1 = (x: number) => Math.round(x * 10) / 10;
  return {
    cores: cpus().length,
    loadAtStart: a?.load ?? null,
    loadAtEnd: b?.load ?? null,
    cpuPercent: total === null ? null : round1(total),
    othersCpuPercent:
      total === null ? null : round1(Math.max(0, total - serverCpu - generatorsCpu)),
  };
}

/** The short table printed after a run. */
function table(r: RunReport): string {
  const rows: [string, string][] = [
    [
      "tables, connections",
      `${r.tables}, ${r.clients.connected} of ${r.clients.planned} (${r.clients.players} players, ${r.clients.spectators} spectators)`,
    ],
    [
      "played",
      `${(r.durationMs / 1000).toFixed(0)} s after ${(r.setupMs / 1000).toFixed(1)} s to open`,
    ],
    [
      "joins, drops, comebacks",
      `${totalOf(r.joins)}, ${r.drops}, ${
        Object.entries(r.reconnects)
          .map(([k, n]) => `${n} ${k}`)
          .join(", ") || "0"
      } (${r.reconnectRetries} retried)`,
    ],
    [
      "moves",
      `${r.moves.played} played (${r.moves.perSecond}/s; ${r.moves.byCpu} by CPU seats, ${r.moves.byStandIn} by stand-ins), ${r.moves.sent} sent by people, ${r.moves.acked} answered by a patch, ${r.moves.refused} refused`,
    ],
    [
      "games",
      `${r.games.finished} finished, ${r.games.again} played again, ${r.games.closed} closed, ${r.games.opened} tables opened`,
    ],
    [
      "move round trip",
      `p50 ${r.roundTrip.p50} ms, p95 ${r.roundTrip.p95} ms, p99 ${r.roundTrip.p99} ms, max ${r.roundTrip.max} ms`,
    ],
    [
      "health check",
      `p50 ${r.health.p50} ms, p99 ${r.health.p99} ms, max ${r.health.max} ms (${r.health.count} asked by the runner${r.health.failures ? `, ${r.health.failures} failed` : ""})`,
    ],
    [
      "errors",
      totalOf(r.errors) === 0
        ? "none"
        : Object.entries(r.errors)
            .map(([k, n]) => `${k} ×${n}`)
            .join(", "),
    ],
    [
      "lost moves",
      `${r.lostMoves.total} (${r.lostMoves.unseen} unseen, ${r.lostMoves.unanswered} unanswered)`,
    ],
    ["stuck turns", String(r.stuckTurns)],
    [
      "server CPU",
      r.server.cpuPercent === null
        ? "unknown (no pid)"
        : `${r.server.cpuPercent} % of a core (${r.server.processes > 1 ? `${r.server.processes} processes, main threads` : "main thread"} ${r.server.mainThreadPercent} %, busiest second ${r.server.cpuPercentMax1s} %)`,
    ],
    [
      "server memory",
      r.server.rssEndMB === null
        ? "unknown (no pid)"
        : `RSS ${r.server.rssIdleMB} MB idle, ${r.server.rssMeanMB} MB on average while playing (peak ${r.server.rssPeakMB}); ${r.server.memoryPerTableKB === null ? "too few tables to tell the memory per table" : `${r.server.memoryPerTableKB} KB per table`}`,
    ],
    [
      "bytes per move per spectator",
      r.spectatorBytesPerMove === null
        ? "no spectator saw a move"
        : String(r.spectatorBytesPerMove),
    ],
    [
      "generators",
      r.generators
        .map(
          (g) =>
            `#${g.index}: ${g.clients} conns, ${g.cpuPercent} % CPU, loop delay p99 ${g.loopDelayP99} ms (max ${g.loopDelayMax})`,
        )
        .join("; "),
    ],
  ];
  rows.push([
    "machine",
    `${r.machine.cores} cores, ${r.machine.cpuPercent ?? "?"} % of one core busy in all, ${r.machine.othersCpuPercent ?? "?"} % by other processes; load ${r.machine.loadAtStart} → ${r.machine.loadAtEnd}`,
  ]);
  const width = Math.max(...rows.map(([k]) => k.length));
  const lines = rows.map(([k, v]) => `${k.padEnd(width)}  ${v}`);
  for (const w of r.warnings) lines.push(`warning: ${w}`);
  lines.push(r.ok ? "result: held" : `result: FAILED: ${r.failures.join("; ")}`);
  for (const i of r.incidents.slice(0, 10)) lines.push(`  ${i.table}: ${i.what}`);
  for (const [k, m] of Object.entries(r.errorSamples).slice(0, 10)) lines.push(`  ${k}: ${m}`);
  return lines.join("\n");
}

function output(json: unknown): void {
  const text = `${JSON.stringify(json, null, 2)}\n`;
  if (opts.json === "-") process.stdout.write(text);
  else if (opts.json) writeFileSync(opts.json, text);
}

/** The short table goes to stdout, or to stderr when stdout carries the JSON. */
const print = (text: string) =>
  opts.json === "-" ? process.stderr.write(`${text}\n`) : console.log(text);

let exitCode = 0;
if (!opts.ramp) {
  const r = await run(tables0, 1);
  print(table(r));
  output(r);
  exitCode = r.ok ? 0 : 1;
} else {
  const factor = num("ramp-factor", opts["ramp-factor"], 1.01, 100);
  const maxTables = Math.round(num("ramp-max", opts["ramp-max"], 1, 1e6));
  const steps: RunReport[] = [];
  let held: RunReport | null = null;
  for (let tables = tables0, step = 1; tables <= maxTables; step++) {
    const r = await run(tables, step);
    steps.push(r);
    const holds = r.ok && r.roundTrip.p99 < p99Limit;
    print(`\nstep ${step}: ${holds ? "held" : "did not hold"}`);
    print(table(r));
    if (!holds) break;
    held = r;
    const next = Math.ceil(tables * factor);
    tables = next > tables ? next : tables + 1;
  }
  const summary = {
    p99Limit,
    largestHeld: held
      ? { tables: held.tables, clients: held.clients.connected, roundTrip: held.roundTrip }
      : null,
    steps: steps.map((s) => ({
      tables: s.tables,
      clients: s.clients.connected,
      ok: s.ok,
      failures: s.failures,
      warnings: s.warnings,
      roundTrip: s.roundTrip,
      serverCpuPercent: s.server.cpuPercent,
      generatorCpuPercent: s.generators.map((g) => g.cpuPercent),
    })),
    reports: steps,
  };
  print(
    held
      ? `\nlargest size that held p99 < ${p99Limit} ms with nothing lost, stuck or refused: ${held.tables} tables, ${held.clients.connected} connections${held === steps.at(-1) ? ` (the ramp stopped at --ramp-max ${maxTables})` : ""}`
      : `\nno size held p99 < ${p99Limit} ms with nothing lost, stuck or refused`,
  );
  output(summary);
  exitCode = held ? 0 : 1;
}
// Pipes are written asynchronously: let the output reach them before exiting.
process.stdout.write("", () => process.exit(exitCode));
