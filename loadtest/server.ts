/**
 * The server under load: started as a child process the way an operator runs it (or found
 * through `--url` and `--server-pid`), and its CPU time and memory read from /proc.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Histogram } from "./stats";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** Linux counts CPU time in /proc in ticks of 10 ms (USER_HZ = 100). */
const TICK_MS = 10;

export interface ServerLog {
  /** Lines by level (warn, error, fatal). */
  readonly counts: Record<string, number>;
  /** The first lines at warn or above, as written. */
  readonly samples: string[];
}

export interface ServerUnderLoad {
  /** Where the clients go (the first process's address when there are several). */
  readonly url: string;
  /** Every process's address, for spreading the generators over them. */
  readonly urls: readonly string[];
  readonly pid: number | null;
  /** Every process (one unless it runs several behind Redis). */
  readonly pids: readonly number[];
  readonly log: ServerLog;
  /** Set when the process ended by itself. */
  exited: string | null;
  stop(): Promise<void>;
}

/**
 * The Node.js flags `npm start` gives the server (package.json's start script: the words
 * between `node` and the script), so that a server started here runs as an operator's does.
 */
export function startFlags(dir = ROOT): string[] {
  const pkg = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as {
    scripts?: { start?: string };
  };
  const words = (pkg.scripts?.start ?? "").split(/\s+/);
  return words[0] === "node" ? words.slice(1).filter((word) => word.startsWith("--")) : [];
}

/**
 * How `npm start` runs the server of the checkout at `dir`: tools/start.mjs, which runs the
 * build (dist/server/main.mjs) in its own process after building it when a source is newer.
 * The build is what an operator runs and what is measured: run from the sources through tsx,
 * every named function carries a property of its own (esbuild's keepNames), some 6 KB a table.
 * A checkout from before tools/start.mjs is run from its sources.
 */
export function serverEntry(dir = ROOT): string[] {
  return existsSync(path.join(dir, "tools/start.mjs"))
    ? ["tools/start.mjs"]
    : ["--import", "tsx", "server/main.ts"];
}

/**
 * Starts the server of this checkout, or of the one at `dir` (to compare two versions), as
 * `npm start` does (serverEntry), with the given settings and Node.js flags (those of `npm
 * start` unless given). `onSpawn` is given the process's pid as soon as it runs (to put it in
 * its cgroup); if it fails, the process is killed and the start fails.
 */
export async function startServer(
  env: Record<string, string>,
  dir = ROOT,
  onSpawn?: (pid: number) => Promise<void>,
  nodeFlags: readonly string[] = startFlags(dir),
): Promise<ServerUnderLoad> {
  // As an operator starts it: not with a test runner's NODE_ENV.
  const { NODE_ENV: _, ...inherited } = process.env;
  const args = [...nodeFlags, ...serverEntry(dir)];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: dir,
    env: { ...inherited, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const listening = listen(child);
  try {
    if (onSpawn) {
      if (child.pid === undefined) throw new Error("the server did not start");
      await onSpawn(child.pid);
    }
  } catch (err) {
    listening.catch(() => undefined);
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      child.kill("SIGKILL");
      await exited;
    }
    throw err;
  }
  return listening;
}

/** The server once its log says it is listening; its warnings and errors counted. */
function listen(child: ChildProcess): Promise<ServerUnderLoad> {
  const log: ServerLog = { counts: {}, samples: [] };
  let partial = "";
  return new Promise((resolve, reject) => {
    let server: ServerUnderLoad | null = null;
    child.on("exit", (code, signal) => {
      if (server) server.exited = `exited with ${signal ?? code}`;
      else reject(new Error(`the server exited with ${signal ?? code} before listening`));
    });
    child.stdout?.on("data", (chunk: Buffer) => {
      const parts = (partial + chunk.toString()).split("\n");
      partial = parts.pop() ?? "";
      for (const line of parts) {
        let event: { level?: string; event?: string; port?: number };
        try {
          event = JSON.parse(line);
        } catch {
          continue;
        }
        if (event.level === "warn" || event.level === "error" || event.level === "fatal") {
          log.counts[event.level] = (log.counts[event.level] ?? 0) + 1;
          if (log.samples.length < 20) log.samples.push(line.slice(0, 500));
        }
        if (event.event === "listening" && !server) {
          const url = `ws://127.0.0.1:${event.port}`;
          server = {
            url,
            urls: [url],
            pid: child.pid ?? null,
            pids: child.pid ? [child.pid] : [],
            log,
            exited: null,
            stop: () =>
              new Promise<void>((done) => {
                if (child.exitCode !== null || child.signalCode !== null) return done();
                child.once("exit", () => done());
                child.kill("SIGTERM");
              }),
          };
          resolve(server);
        }
      }
    });
  });
}

/** A reading of a process's CPU time (whole process and its main thread) and memory. */
export interface Sample {
  /** performance.now() of the reading. */
  readonly at: number;
  /** CPU time used so far, ms. */
  readonly cpuMs: number;
  /** CPU time of the main thread (the event loop), ms. */
  readonly mainMs: number;
  readonly rssBytes: number;
}

function cpuOf(statPath: string): number {
  // Fields after the command name: state is field 3, utime and stime are 14 and 15.
  const fields = readFileSync(statPath, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

export function sample(pid: number): Sample | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return {
      at: performance.now(),
      cpuMs: cpuOf(`/proc/${pid}/stat`),
      mainMs: cpuOf(`/proc/${pid}/task/${pid}/stat`),
      rssBytes: Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024,
    };
  } catch {
    return null;
  }
}

/** The readings of several processes, one each, or null if any is missing. */
export function sampleEach(pids: readonly number[]): Sample[] | null {
  const parts = pids.map(sample);
  if (parts.length === 0 || parts.some((p) => p === null)) return null;
  return parts as Sample[];
}

/** The readings of several processes added up (the main threads' time too). */
export function sampleAll(pids: readonly number[]): Sample | null {
  const each = sampleEach(pids);
  return each && sumOf(each);
}

/** Readings of several processes taken together, added up. */
export function sumOf(all: readonly Sample[]): Sample {
  return {
    at: performance.now(),
    cpuMs: all.reduce((n, p) => n + p.cpuMs, 0),
    mainMs: all.reduce((n, p) => n + p.mainMs, 0),
    rssBytes: all.reduce((n, p) => n + p.rssBytes, 0),
  };
}

/**
 * Several servers as one: the processes of a scale-out behind one Redis. Warnings and errors of
 * all are counted together; it has exited when any of them has.
 */
export function combineServers(
  servers: readonly ServerUnderLoad[],
  stopAlso: () => Promise<void>,
): ServerUnderLoad {
  const first = servers[0] as ServerUnderLoad;
  const log: ServerLog = {
    get counts() {
      const counts: Record<string, number> = {};
      for (const s of servers)
        for (const [level, n] of Object.entries(s.log.counts))
          counts[level] = (counts[level] ?? 0) + n;
      return counts;
    },
    get samples() {
      return servers.flatMap((s) => s.log.samples);
    },
  };
  return {
    url: first.url,
    urls: servers.map((s) => s.url),
    pid: first.pid,
    pids: servers.flatMap((s) => s.pids),
    log,
    get exited() {
      return servers.find((s) => s.exited)?.exited ?? null;
    },
    set exited(_: string | null) {},
    stop: async () => {
      await Promise.all(servers.map((s) => s.stop()));
      await stopAlso();
    },
  };
}

/** What one server process holds, from its metrics. */
export interface Holding {
  readonly connections: number;
  readonly tables: number;
  /** V8's heap: committed, used (garbage included), live after the last full collection (0 before one). */
  readonly heapTotalBytes: number;
  readonly heapUsedBytes: number;
  readonly heapLiveBytes: number;
  /** Memory outside the heap held by JavaScript objects (buffers). */
  readonly externalBytes: number;
}

/** The sum of a gauge's samples (every label) in Prometheus' text format. */
function gaugeSum(text: string, name: string): number {
  let sum = 0;
  for (const line of text.split("\n"))
    if (line.startsWith(`${name}{`) || line.startsWith(`${name} `))
      sum += Number(line.slice(line.lastIndexOf(" ") + 1)) || 0;
  return sum;
}

/** Connections (players and spectators) and tables in a process's `/metrics` text. */
export function holdingOf(metrics: string): Holding {
  return {
    connections: gaugeSum(metrics, "crossboard_clients"),
    tables: gaugeSum(metrics, "crossboard_tables"),
    heapTotalBytes: gaugeSum(metrics, "nodejs_heap_size_total_bytes"),
    heapUsedBytes: gaugeSum(metrics, "nodejs_heap_size_used_bytes"),
    heapLiveBytes: gaugeSum(metrics, "crossboard_heap_live_bytes"),
    externalBytes: gaugeSum(metrics, "nodejs_external_memory_bytes"),
  };
}

/**
 * What the server process at `wsUrl` holds, from its `GET /metrics` (a request from this
 * machine needs no token), or null if it did not answer within 5 s.
 */
export async function holding(wsUrl: string): Promise<Holding | null> {
  const url = new URL("/metrics", wsUrl.replace(/^ws/, "http"));
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
    return res.ok ? holdingOf(await res.text()) : null;
  } catch {
    return null;
  }
}

/** CPU use between two readings, % of one core. */
export function cpuPercent(a: Sample, b: Sample, key: "cpuMs" | "mainMs" = "cpuMs"): number {
  const wall = b.at - a.at;
  return wall > 0 ? ((b[key] - a[key]) / wall) * 100 : 0;
}

/** The whole machine's CPU time so far, busy and in all, ms summed over its cores (/proc/stat). */
export interface MachineSample {
  readonly at: number;
  readonly busyMs: number;
  readonly load: string;
}

export function machine(): MachineSample | null {
  try {
    const line = readFileSync("/proc/stat", "utf8").split("\n")[0]!;
    // user nice system idle iowait irq softirq steal …
    const [user, nice, system, , , irq, softirq, steal] = line
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const busy =
      (user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0);
    const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
    return { at: performance.now(), busyMs: busy * TICK_MS, load };
  } catch {
    return null;
  }
}

/**
 * Asks the server's `GET /api/health` again and again from this process (which does nothing
 * else while the generators play), one request at a time with a pause between: how long the
 * server takes to answer anything at all, whatever the generators are doing.
 */
export function probeHealth(
  wsUrl: string,
  pauseMs = 200,
): { stop(): Promise<{ times: Histogram; failures: number }> } {
  const url = new URL("/api/health", wsUrl.replace(/^ws/, "http"));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times = new Histogram();
  let failures = 0;
  let running = true;
  const ask = () =>
    new Promise<void>((resolve) => {
      const t = performance.now();
      const req = http.get(url, { agent, timeout: 10_000 }, (res) => {
        res.resume();
        res.on("end", () => {
          if (res.statusCode === 200) times.add(performance.now() - t);
          else failures++;
          resolve();
        });
      });
      req.on("timeout", () => req.destroy(new Error("timeout")));
      req.on("error", () => {
        failures++;
        resolve();
      });
    });
  const loop = (async () => {
    while (running) {
      await ask();
      await new Promise((r) => setTimeout(r, pauseMs));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      agent.destroy();
      return { times, failures };
    },
  };
}
