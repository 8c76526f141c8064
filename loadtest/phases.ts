/**
 * One run at one size, in its phases: the server starts (or is found), the generators open
 * their tables, they play for `--minutes` while the runner reads the server every second and
 * asks its health, then they stop, check every move and report, and everything is taken down.
 */
import { Generators, generatorsFor } from "./generatorProcesses";
import { undoIfInterrupted } from "./interrupt";
import type { Options } from "./options";
import { connectionsOf, planTables } from "./plan";
import { noReadings, type ProcessReadings, type RunReport, summarise } from "./report";
import {
  cpuPercent,
  holding,
  machine,
  probeHealth,
  type Sample,
  type ServerUnderLoad,
  sampleEach,
  sumOf,
} from "./server";
import { startTarget } from "./target";

export type Say = (line: string) => void;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** How often each process's metrics are read while playing, ms. */
const HOLDING_EVERY_MS = 5000;

/**
 * The server's readings: all its processes added up, and each one's apart (its pid's and its
 * address's; the server's `pids` and `urls` go in the same order).
 */
class Readings {
  readonly each: ProcessReadings[];
  private pendingHolding: Promise<void>[] = [];

  constructor(private readonly server: ServerUnderLoad) {
    this.each = server.pids.map((pid, i) => noReadings(pid, server.urls[i] ?? server.url));
  }

  /** A reading of every process, added up, or null without a pid (or one gone). */
  read(slot?: "idle" | "atReady" | "atStop" | "samples"): Sample | null {
    if (this.each.length === 0) return null;
    const each = sampleEach(this.server.pids);
    if (!each) return null;
    each.forEach((s, i) => {
      const p = this.each[i]!;
      if (slot === "samples") p.samples.push(s);
      else if (slot) p[slot] = s;
    });
    return sumOf(each);
  }

  /** Asks each process what it holds, without waiting for the answers. */
  readHolding(): void {
    for (const p of this.each)
      this.pendingHolding.push(
        holding(p.url).then((h) => {
          if (h) p.holding.push(h);
        }),
      );
  }

  /** Asks each process what it holds before the tables open (its idle heap). */
  readIdleHolding(): void {
    for (const p of this.each)
      this.pendingHolding.push(
        holding(p.url).then((h) => {
          p.idleHolding = h;
        }),
      );
  }

  /** Every metrics request answered (or timed out). */
  async settled(): Promise<void> {
    await Promise.all(this.pendingHolding);
  }
}

/** The progress line every 10 s: the generators' counts and the server's CPU of late. */
function progressLine(g: Generators, samples: readonly Sample[], seconds: number): string {
  const ps = [...g.progress.values()];
  const last = samples.at(-1);
  const before = samples[Math.max(0, samples.length - 11)];
  const total = (pick: (p: (typeof ps)[number]) => number) => ps.reduce((n, p) => n + pick(p), 0);
  return `  ${seconds} s: ${total((p) => p.moves)} moves, ${total((p) => p.errors)} errors, ${total((p) => p.lost)} lost, ${total((p) => p.stuck)} stuck; server ${last && before ? cpuPercent(before, last).toFixed(0) : "?"} % CPU; generators ${ps.map((p) => `${p.cpuPercent.toFixed(0)} %`).join(", ")}`;
}

/** The play: a reading a second until the time is up, a generator or the server ended, or `--once` is done. */
async function play(
  o: Options,
  g: Generators,
  at: { server: ServerUnderLoad; readings: Readings },
  samples: Sample[],
  say: Say,
): Promise<void> {
  const { server, readings } = at;
  const start = performance.now();
  const end = start + o.minutes * 60_000;
  let lastSay = start;
  let lastHolding = start;
  while (performance.now() < end && !g.crashed && !server.exited) {
    await sleep(1000);
    const s = readings.read("samples");
    if (s) samples.push(s);
    if (performance.now() - lastHolding >= HOLDING_EVERY_MS) {
      lastHolding = performance.now();
      readings.readHolding();
    }
    if (performance.now() - lastSay >= 10_000) {
      lastSay = performance.now();
      say(progressLine(g, samples, Math.round((performance.now() - start) / 1000)));
    }
    if (o.once && g.allClosed()) break;
  }
}

/** Opens the tables, plays, stops and gathers the reports, with the server already up. */
async function playAgainst(
  o: Options,
  plan: ReturnType<typeof planOf>,
  server: ServerUnderLoad,
  at: { g: Generators; idle: Sample | null; readings: Readings },
  say: Say,
): Promise<RunReport> {
  const { g, idle, readings } = at;
  const readied = await Promise.all(g.procs.map((p) => p.ready));
  const setupMs = Math.max(...readied.map((r) => r.setupMs));
  const connected = readied.reduce((n, r) => n + r.clients, 0);
  say(`  open: ${connected} of ${plan.planned} connections in ${(setupMs / 1000).toFixed(1)} s`);
  const atReady = readings.read("atReady");
  const machineAtGo = machine();
  g.send({ type: "go" });
  const probe = probeHealth(server.url);
  const samples: Sample[] = [];
  if (atReady) samples.push(atReady);
  // Per process: with several, or each held to a budget.
  const perProcess = server.pids.length > 1 || o.cpuBudget !== null;
  readings.readHolding();
  await play(o, g, { server, readings }, samples, say);
  const atStop = readings.read("atStop");
  const machineAtStop = machine();
  if (atStop) samples.push(atStop);
  readings.readHolding();
  g.send({ type: "stop" });
  const health = await probe.stop();
  await readings.settled();
  say("  stopped; checking every connection saw every move");
  const results = await Promise.all(g.procs.map((p) => p.report));
  return summarise(o, plan, results, {
    server,
    idle,
    atReady,
    atStop,
    samples,
    setupMs,
    crashed: g.crashed,
    machine: [machineAtGo, machineAtStop],
    health,
    processes: perProcess ? readings.each : [],
    holding: readings.each,
  });
}

function planOf(o: Options, tables: number) {
  const specs = planTables(tables, o);
  const planned = connectionsOf(specs);
  return { tables, specs, planned, generators: generatorsFor(planned, o.generators, o.processes) };
}

/** One run at one size: server, generators, play, stop, check, report. */
export async function runOnce(
  o: Options,
  tables: number,
  step: number,
  say: Say,
): Promise<RunReport> {
  const plan = planOf(o, tables);
  const target = await startTarget(o);
  return undoIfInterrupted(target.stop, async () => {
    const { server } = target;
    const budget = o.cpuBudget ? `, ${o.cpuBudget.cores} core(s) per server process` : "";
    say(
      `step ${step}: ${tables} tables, ${plan.planned} connections, ${plan.generators} generators → ${server.urls.join(", ")}${budget}`,
    );
    // The server settles after its start (module loading, first collections) before the
    // reading its memory per table is counted from.
    await sleep(2000);
    const readings = new Readings(server);
    const idle = readings.read("idle");
    readings.readIdleHolding();
    const g = new Generators(plan.generators, {
      urls: server.urls,
      seed: o.seed,
      specs: plan.specs,
      behaviour: o.behaviour,
      joinRate: o.joinRate,
    });
    const killGenerators = async () => {
      for (const { child } of g.procs) child.kill();
      await g.ended();
    };
    try {
      return await undoIfInterrupted(killGenerators, () =>
        playAgainst(o, plan, server, { g, idle, readings }, say),
      );
    } finally {
      await g.ended();
      await target.stop();
    }
  });
}
