/**
 * The load runner's command line: every option with its default (`--help`), parsed once into
 * typed settings. A bad value prints what was expected and the usage, and exits with 2.
 */
import { type ParseArgsConfig, parseArgs } from "node:util";
import { CGROUP_ROOT, type CpuHierarchy, findHierarchy } from "./cpuBudget";
import type { Behaviour, MixPart } from "./plan";
import { isStoreKind, STORE_KINDS, type StoreKind } from "./stores";

export const USAGE = `npm run loadtest -- [options]

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
  --cpu-budget C      hold every server process it starts to C cores (e.g. 0.5), each in a
                      Linux cgroup of its own made for the run and removed after it (cgroup v2
                      or v1's cpu hierarchy; needs root or a delegated cgroup) (no limit)
  --env KEY=VALUE     extra settings for the server it starts (repeatable)
  --node-flags="F …" Node.js flags of the server it starts (those of \`npm start\` in its
                      package.json)
  --seed N            seed of every random choice (1)
  --json FILE         write the report as JSON to FILE ("-": stdout)
  --ramp              raise --tables step by step until p99 >= --p99-limit or anything fails
  --ramp-factor F     growth per step (1.5)
  --ramp-max N        stop the ramp at this many tables (100000)
  --p99-limit MS      the round trip p99 a size must stay under in a ramp (100)
  --quiet             no progress lines`;

const SPEC = {
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
  "cpu-budget": { type: "string" },
  env: { type: "string", multiple: true, default: [] },
  "node-flags": { type: "string" },
  seed: { type: "string", default: "1" },
  json: { type: "string" },
  ramp: { type: "boolean", default: false },
  "ramp-factor": { type: "string", default: "1.5" },
  "ramp-max": { type: "string", default: "100000" },
  "p99-limit": { type: "string", default: "100" },
  quiet: { type: "boolean", default: false },
  help: { type: "boolean", default: false },
} satisfies ParseArgsConfig["options"];

type Raw = ReturnType<typeof parseArgs<{ options: typeof SPEC }>>["values"];

/** Everything a run needs from its command line. */
export interface Options {
  /** Tables kept open at once (the first step's, in a ramp). */
  readonly tables: number;
  readonly spectators: number;
  readonly minutes: number;
  /** Generator processes, or null for one per 2500 connections (at least two). */
  readonly generators: number | null;
  /** `--mix` as given (for the report's settings), and parsed. */
  readonly mixText: string;
  readonly mix: readonly MixPart[];
  /** New connections per second over all generators. */
  readonly joinRate: number;
  readonly cpuShare: number;
  readonly privateShare: number;
  readonly seed: number;
  readonly p99Limit: number;
  readonly behaviour: Behaviour;
  readonly once: boolean;
  readonly url: string | undefined;
  readonly serverPid: number | null;
  readonly serverDir: string | undefined;
  readonly store: StoreKind;
  readonly processes: number;
  /** `--cpu-budget`: the cores each server process may use, and where its cgroup is made. */
  readonly cpuBudget: { readonly cores: number; readonly hierarchy: CpuHierarchy } | null;
  /** `--env` settings for the server it starts. */
  readonly env: Readonly<Record<string, string>>;
  /** `--node-flags`: the server's Node.js flags, or undefined for those of `npm start`. */
  readonly nodeFlags: readonly string[] | undefined;
  readonly json: string | undefined;
  /** Set with `--ramp`: the growth per step and the largest size. */
  readonly ramp: { readonly factor: number; readonly maxTables: number } | null;
  readonly quiet: boolean;
}

function refuse(message: string): never {
  console.error(message);
  process.exit(2);
}

function num(name: string, raw: string | undefined, min: number, max: number): number {
  const n = Number(raw);
  if (raw === undefined || raw === "" || !Number.isFinite(n) || n < min || n > max)
    refuse(`--${name} must be a number from ${min} to ${max}, got "${raw}"\n\n${USAGE}`);
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

function mixOf(text: string): MixPart[] {
  return text.split(",").map((part) => {
    const [kind, w = "1"] = part.split("=");
    if (kind !== "xiangqi" && kind !== "teams" && kind !== "individual")
      refuse(`--mix: unknown table kind "${kind}" (xiangqi, teams, individual)`);
    return { kind, weight: num("mix", w, 0, 1000) };
  });
}

function envOf(pairs: readonly string[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const pair of pairs) {
    const i = pair.indexOf("=");
    if (i <= 0) refuse(`--env takes KEY=VALUE, got "${pair}"`);
    env[pair.slice(0, i)] = pair.slice(i + 1);
  }
  return env;
}

/** The options a generator's people follow; `think`, `offline` and `graceS` parsed already. */
function behaviourOf(
  o: Raw,
  at: { think: [number, number]; offline: [number, number]; graceS: number; joinRate: number },
  cpuLevel: Behaviour["cpuLevel"],
  env: Record<string, string>,
): Behaviour {
  const { think, offline, graceS } = at;
  // The server's usual pause before a CPU move and its cap on one search, for the stuck limit.
  const cpuMoveMs = Number(env.CPU_DELAY_MS ?? 600) + Number(env.CPU_MOVE_MS ?? 1500);
  return {
    thinkMs: [think[0] * 1000, think[1] * 1000],
    dropsPerMinute: num("drops", o.drops, 0, 600),
    offlineMs: [offline[0] * 1000, offline[1] * 1000],
    awayShare: num("away", o.away, 0, 1),
    graceMs: graceS * 1000,
    reconnectShare: num("reconnect", o.reconnect, 0, 1),
    again: o.once ? 0 : num("again", o.again, 0, 1),
    replace: !o.once,
    moveLimit:
      o["move-limit"] === undefined
        ? null
        : Math.round(num("move-limit", o["move-limit"], 4, 2000)),
    cpuLevel,
    joinsPerSecond: at.joinRate,
    stuckAfterMs:
      o["stuck-after"] === undefined
        ? (think[1] + Math.max(graceS, offline[1]) + 15) * 1000 + cpuMoveMs
        : num("stuck-after", o["stuck-after"], 1, 3600) * 1000,
    lostAfterMs: num("lost-after", o["lost-after"], 1, 3600) * 1000,
    settleMs: num("settle", o.settle, 1, 3600) * 1000,
  };
}

/** `--cpu-budget`: the cores, and a cgroup hierarchy the runner can write (`root` for tests). */
function cpuBudgetOf(o: Raw, root: string): Options["cpuBudget"] {
  const raw = o["cpu-budget"];
  if (raw === undefined) return null;
  const cores = num("cpu-budget", raw, 0.01, 1024);
  if (o.url) refuse("--cpu-budget holds the server processes the runner starts, not one at --url");
  const hierarchy = findHierarchy(root);
  if ("refused" in hierarchy) refuse(`--cpu-budget: ${hierarchy.refused}`);
  return { cores, hierarchy };
}

/**
 * Parses the command line (`--help` prints the usage and exits). Values are checked in the
 * order the usage lists their groups, so the first bad one is the one reported. `cgroupRoot`
 * is where `--cpu-budget` looks for a cgroup hierarchy (a stand-in directory in tests).
 */
export function parseOptions(
  args: string[] = process.argv.slice(2),
  cgroupRoot = CGROUP_ROOT,
): Options {
  const { values: o } = parseArgs({ args, options: SPEC });
  if (o.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const tables = Math.round(num("tables", o.tables, 1, 1_000_000));
  const spectators = Math.round(num("spectators", o.spectators, 0, 32));
  const minutes = num("minutes", o.minutes, 0.05, 24 * 60);
  const generators =
    o.generators === "auto" ? null : Math.round(num("generators", o.generators, 1, 64));
  const joinRate = num("join-rate", o["join-rate"], 1, 100_000);
  const think = range("think", o.think, 600);
  const offline = range("offline", o.offline, 600);
  const graceS = num("grace", o.grace, 0, 600);
  const cpuShare = num("cpu-seats", o["cpu-seats"], 0, 1);
  const privateShare = num("private", o.private, 0, 1);
  const seed = Math.round(num("seed", o.seed, 0, 2 ** 31 - 1));
  const p99Limit = num("p99-limit", o["p99-limit"], 1, 1e6);
  const cpuLevel = CPU_LEVELS[o["cpu-level"]];
  if (!cpuLevel) refuse(`--cpu-level must be one of ${Object.keys(CPU_LEVELS).join(", ")}`);
  const mix = mixOf(o.mix);
  const env = envOf(o.env);
  const store = o.store;
  if (!isStoreKind(store)) refuse(`--store is one of ${STORE_KINDS.join(", ")}, got "${store}"`);
  const processes = Math.round(num("processes", o.processes, 1, 32));
  if (processes > 1 && store === "sqlite")
    refuse("--processes: SQLite is one process's store; use memory or postgres");
  const cpuBudget = cpuBudgetOf(o, cgroupRoot);
  const behaviour = behaviourOf(o, { think, offline, graceS, joinRate }, cpuLevel, env);
  const ramp = o.ramp
    ? {
        factor: num("ramp-factor", o["ramp-factor"], 1.01, 100),
        maxTables: Math.round(num("ramp-max", o["ramp-max"], 1, 1e6)),
      }
    : null;
  return {
    tables,
    spectators,
    minutes,
    generators,
    mixText: o.mix,
    mix,
    joinRate,
    cpuShare,
    privateShare,
    seed,
    p99Limit,
    behaviour,
    once: o.once,
    url: o.url,
    serverPid: o["server-pid"] ? Number(o["server-pid"]) : null,
    serverDir: o["server-dir"],
    store,
    processes,
    cpuBudget,
    env,
    nodeFlags: o["node-flags"]?.split(/\s+/).filter((flag) => flag !== ""),
    json: o.json,
    ramp,
    quiet: o.quiet,
  };
}
