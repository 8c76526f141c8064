/**
 * A run's report: the generators' figures added up, the server's and the machine's readings
 * over the play, and the verdict (what failed, and which figures may not mean what they say).
 * It is what `--json` writes.
 */

import { cpus } from "node:os";
import type { GeneratorReport, Incident, TableReport } from "./channel";
import type { Options } from "./options";
import { peopleAt, type TableSpec } from "./plan";
import {
  cpuPercent,
  type Holding,
  type MachineSample,
  type Sample,
  type ServerUnderLoad,
  startFlags,
} from "./server";
import { type Counts, Histogram, type LatencySummary, mergeCounts, totalOf } from "./stats";

/**
 * A generator whose event loop was delayed at p99 by more than 5 ms and more than a fifth of the
 * round trip's p99, or that used more than 70 % of a core, may have measured its own delays:
 * the report says so.
 */
const GENERATOR_LAG_SHARE = 0.2;
const GENERATOR_LAG_MS = 5;
const GENERATOR_CPU = 70;

export interface RunReport {
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
    /**
     * V8's heap from the processes' metrics (added up), MB: committed and used, mean of the
     * readings while playing; live after the last full collection, at the stop; used before the
     * tables opened. `livePerTableKB` is (live at the stop − used idle) / tables: the live part
     * of a table, without the garbage between full collections. Null without metrics (`--url`).
     */
    readonly heap: {
      readonly idleUsedMB: number;
      readonly committedMeanMB: number;
      readonly usedMeanMB: number;
      readonly liveAtStopMB: number;
      readonly externalMeanMB: number;
      readonly livePerTableKB: number | null;
    } | null;
    /** `--cpu-budget`: the cores each process was held to, or null. */
    readonly cpuBudgetCores: number | null;
    /** Each process apart, with several or a CPU budget (else empty). */
    readonly perProcess: ProcessFigures[];
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

/** Readings of one server process while playing, for the report's per-process figures. */
export interface ProcessReadings {
  readonly pid: number;
  readonly url: string;
  idle: Sample | null;
  atReady: Sample | null;
  atStop: Sample | null;
  /** One a second while playing. */
  readonly samples: Sample[];
  /** What it held, from its metrics every 5 s while playing (and at the go and the stop). */
  readonly holding: Holding[];
  /** Its metrics before the tables opened. */
  idleHolding: Holding | null;
}

/** A process's readings before anything was read. */
export const noReadings = (pid: number, url: string): ProcessReadings => ({
  pid,
  url,
  idle: null,
  atReady: null,
  atStop: null,
  samples: [],
  holding: [],
  idleHolding: null,
});

/** One server process's figures over the play. */
export interface ProcessFigures {
  readonly pid: number;
  readonly url: string;
  /** Mean while playing, % of one core (its main thread apart). */
  readonly cpuPercent: number | null;
  readonly mainThreadPercent: number | null;
  readonly rssIdleMB: number | null;
  readonly rssMeanMB: number | null;
  readonly rssPeakMB: number | null;
  /** Connections (players and spectators) and tables it held, mean of its metrics' readings. */
  readonly connections: number | null;
  readonly tables: number | null;
  /** CPU % per 1000 of its connections, and RSS above idle (MB) per 1000 connections. */
  readonly cpuPercentPer1000: number | null;
  readonly rssAboveIdleMBPer1000: number | null;
}

/** What the runner itself saw of a run, apart from the generators' reports. */
export interface Observed {
  readonly server: ServerUnderLoad;
  /** Readings of the server: 2 s after it started, when the tables were open, at the stop. */
  readonly idle: Sample | null;
  readonly atReady: Sample | null;
  readonly atStop: Sample | null;
  /** One a second while playing. */
  readonly samples: Sample[];
  readonly setupMs: number;
  /** Why a generator ended before its report. */
  readonly crashed: string | null;
  readonly machine: [MachineSample | null, MachineSample | null];
  readonly health: { times: Histogram; failures: number };
  /** Each server process's readings, with several or a CPU budget (else none). */
  readonly processes: readonly ProcessReadings[];
  /** Each server process's readings, always (for the heap's figures). */
  readonly holding: readonly ProcessReadings[];
}

const mb = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10;
const round1 = (x: number | null) => (x === null ? null : Math.round(x * 10) / 10);

type Moves = RunReport["moves"];

/** A generator's moves: sent and answered by people, played by who moved. */
function addMoves(moves: Moves, r: GeneratorReport): void {
  moves.sent += r.moves.sent;
  moves.acked += r.moves.acked;
  moves.refused += r.moves.refused;
  moves.byPlayer += r.played.player;
  moves.byCpu += r.played.cpu;
  moves.byStandIn += r.played.standIn;
}

/** The generators' figures added up. */
function addUp(results: readonly GeneratorReport[]) {
  const rtt = new Histogram();
  const joins: Counts = {};
  const reconnects: Counts = {};
  const errors: Counts = {};
  const errorSamples: Record<string, string> = {};
  const moves: Moves = {
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
  const perTable: TableReport[] = [];
  const sum = { stuck: 0, drops: 0, retries: 0, connected: 0 };
  for (const r of results) {
    rtt.merge(r.rtt);
    mergeCounts(joins, r.joins);
    mergeCounts(reconnects, r.reconnects);
    mergeCounts(errors, r.errors);
    for (const [k, v] of Object.entries(r.errorSamples)) errorSamples[k] ??= v;
    addMoves(moves, r);
    for (const k of Object.keys(games) as (keyof typeof games)[]) games[k] += r.games[k];
    lost.unseen += r.lost.unseen;
    lost.unanswered += r.lost.unanswered;
    spectator.bytes += r.spectator.bytes;
    spectator.moves += r.spectator.moves;
    incidents.push(...r.incidents);
    sum.stuck += r.stuck;
    sum.drops += r.drops;
    sum.retries += r.reconnectRetries;
    sum.connected += r.clients;
    perTable.push(...r.tables);
  }
  perTable.sort((a, b) => a.slot - b.slot);
  moves.played = perTable.reduce((n, t) => n + t.moves, 0);
  const windowMs = Math.max(...results.map((r) => r.windowMs));
  moves.perSecond = Math.round((moves.played / windowMs) * 1000 * 10) / 10;
  lost.total = lost.unseen + lost.unanswered;
  return {
    rtt,
    joins,
    reconnects,
    errors,
    errorSamples,
    moves,
    games,
    lost,
    spectator,
    incidents,
    perTable,
    windowMs,
    ...sum,
  };
}

type Sums = ReturnType<typeof addUp>;

/** The server's CPU and memory over the play, from its readings. */
function serverFigures(at: Observed, tables: number, o: Options): RunReport["server"] {
  const { server, idle, atReady, atStop, samples } = at;
  let max1s: number | null = null;
  for (let i = 1; i < samples.length; i++) {
    // CPU time is counted in 10 ms ticks: a short interval says little.
    if (samples[i]!.at - samples[i - 1]!.at < 500) continue;
    const c = cpuPercent(samples[i - 1]!, samples[i]!);
    if (max1s === null || c > max1s) max1s = c;
  }
  const rssMean = samples.length
    ? samples.reduce((n, s) => n + s.rssBytes, 0) / samples.length
    : null;
  const rssPeak = samples.length ? Math.max(...samples.map((s) => s.rssBytes)) : null;
  return {
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
    heap: heapFigures(at.holding, tables),
    cpuBudgetCores: o.cpuBudget?.cores ?? null,
    perProcess: at.processes.map(processFigures),
    log: o.url ? null : server.log,
    exited: server.exited,
  };
}

const mean = (xs: readonly number[]) =>
  xs.length ? xs.reduce((n, x) => n + x, 0) / xs.length : null;

/** The heap's figures of every process added up (see `RunReport["server"]["heap"]`). */
export function heapFigures(
  each: readonly ProcessReadings[],
  tables: number,
): RunReport["server"]["heap"] {
  if (each.length === 0 || each.some((p) => p.holding.length === 0 || !p.idleHolding)) return null;
  const sumOfMeans = (pick: (h: Holding) => number) =>
    each.reduce((n, p) => n + (mean(p.holding.map(pick)) ?? 0), 0);
  const idleUsed = each.reduce((n, p) => n + p.idleHolding!.heapUsedBytes, 0);
  const live = each.reduce((n, p) => n + p.holding.at(-1)!.heapLiveBytes, 0);
  const everyLive = each.every((p) => p.holding.at(-1)!.heapLiveBytes > 0);
  return {
    idleUsedMB: mb(idleUsed),
    committedMeanMB: mb(sumOfMeans((h) => h.heapTotalBytes)),
    usedMeanMB: mb(sumOfMeans((h) => h.heapUsedBytes)),
    liveAtStopMB: mb(live),
    externalMeanMB: mb(sumOfMeans((h) => h.externalBytes)),
    livePerTableKB:
      everyLive && tables > 0 && live > idleUsed
        ? Math.round((live - idleUsed) / 1024 / tables)
        : null,
  };
}

/** One process's CPU, memory and connections over the play, and their cost per 1000. */
export function processFigures(p: ProcessReadings): ProcessFigures {
  const { idle, atReady, atStop } = p;
  const readings = [atReady, ...p.samples, atStop].filter((s): s is Sample => s !== null);
  const rssMean = mean(readings.map((s) => s.rssBytes));
  const rssPeak = readings.length ? Math.max(...readings.map((s) => s.rssBytes)) : null;
  const cpu = atReady && atStop ? cpuPercent(atReady, atStop) : null;
  const held = (pick: (h: Holding) => number) => mean(p.holding.map(pick));
  const connections = held((h) => h.connections);
  const per1000 = (x: number | null) =>
    x === null || !connections ? null : Math.round((x / connections) * 1000 * 100) / 100;
  return {
    pid: p.pid,
    url: p.url,
    cpuPercent: round1(cpu),
    mainThreadPercent: atReady && atStop ? round1(cpuPercent(atReady, atStop, "mainMs")) : null,
    rssIdleMB: idle ? mb(idle.rssBytes) : null,
    rssMeanMB: rssMean === null ? null : mb(rssMean),
    rssPeakMB: rssPeak === null ? null : mb(rssPeak),
    connections: connections === null ? null : Math.round(connections),
    tables: round1(held((h) => h.tables)),
    cpuPercentPer1000: per1000(cpu),
    rssAboveIdleMBPer1000: per1000(
      idle && rssMean !== null ? Math.max(0, rssMean - idle.rssBytes) / 1048576 : null,
    ),
  };
}

/** What makes the run fail: anything lost, stuck or refused, and a server in trouble. */
function failuresOf(s: Sums, at: Observed, planned: number, once: boolean): string[] {
  const { server } = at;
  const serverErrors = (server.log.counts.error ?? 0) + (server.log.counts.fatal ?? 0);
  const abuse = server.log.samples.filter((l) => l.includes('"event":"abuse"')).length;
  const failures: string[] = [];
  if (s.lost.total > 0) failures.push(`${s.lost.total} lost move(s)`);
  if (s.stuck > 0) failures.push(`${s.stuck} stuck turn(s)`);
  if (totalOf(s.errors) > 0) failures.push(`${totalOf(s.errors)} error(s)`);
  if (at.health.failures > 0)
    failures.push(`${at.health.failures} health check(s) failed or took over 10 s`);
  if (serverErrors > 0) failures.push(`${serverErrors} error line(s) in the server's log`);
  if (abuse > 0) failures.push("the server reported abuse from the load generator");
  if (at.crashed) failures.push(at.crashed);
  if (server.exited) failures.push(`the server ${server.exited}`);
  if (s.connected < planned && !once)
    failures.push(`${planned - s.connected} connection(s) missing at the end`);
  return failures;
}

/** Generators that were busy themselves: the round trips they measured may hold their delays. */
function warningsOf(results: readonly GeneratorReport[], rtt: Histogram): string[] {
  const warnings: string[] = [];
  for (const r of results) {
    const lag = r.loopDelay.p99;
    const p99 = rtt.percentile(99);
    if ((lag > GENERATOR_LAG_MS && lag > GENERATOR_LAG_SHARE * p99) || r.cpuPercent > GENERATOR_CPU)
      warnings.push(
        `generator ${r.index} was busy (${r.cpuPercent} % CPU, its event loop delayed ${lag} ms at p99, ${r.loopDelay.max} ms at most): up to that much of the round trips it measured (p99 ${p99.toFixed(1)} ms) may be its own; use more generators, or a machine of their own`,
      );
  }
  return warnings;
}

function settingsOf(o: Options, tables: number, generators: number): Record<string, unknown> {
  return {
    tables,
    spectators: o.spectators,
    minutes: o.minutes,
    generators,
    mix: o.mixText,
    ...o.behaviour,
    cpuSeats: o.cpuShare,
    privateShare: o.privateShare,
    once: o.once,
    seed: o.seed,
    server: o.url ?? `started${o.serverDir ? ` from ${o.serverDir}` : ""}`,
    store: o.url ? null : o.store,
    processes: o.processes,
    cpuBudget: o.cpuBudget?.cores ?? null,
    env: o.env,
    node: process.version,
    nodeFlags: o.url ? null : (o.nodeFlags ?? startFlags(o.serverDir)),
  };
}

/** The report of one run at one size, from the generators' reports and the runner's readings. */
export function summarise(
  o: Options,
  plan: { tables: number; specs: readonly TableSpec[]; planned: number; generators: number },
  results: GeneratorReport[],
  at: Observed,
): RunReport {
  const { tables, specs, planned } = plan;
  const s = addUp(results);
  const failures = failuresOf(s, at, planned, o.once);
  return {
    ok: failures.length === 0,
    failures,
    warnings: warningsOf(results, s.rtt),
    settings: settingsOf(o, tables, plan.generators),
    tables,
    clients: {
      planned,
      connected: s.connected,
      players: specs.reduce((n, t) => n + peopleAt(t), 0),
      spectators: specs.reduce((n, t) => n + t.spectators, 0),
    },
    durationMs: s.windowMs,
    setupMs: at.setupMs,
    joins: s.joins,
    drops: s.drops,
    reconnects: s.reconnects,
    reconnectRetries: s.retries,
    moves: s.moves,
    games: s.games,
    errors: s.errors,
    errorSamples: s.errorSamples,
    lostMoves: s.lost,
    stuckTurns: s.stuck,
    incidents: s.incidents,
    roundTrip: s.rtt.summary(),
    health: { ...at.health.times.summary(), failures: at.health.failures },
    spectatorBytesPerMove:
      s.spectator.moves > 0 ? Math.round((s.spectator.bytes / s.spectator.moves) * 10) / 10 : null,
    server: serverFigures(at, tables, o),
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
    perTable: s.perTable,
  };
}

function machineFigures(
  [a, b]: [MachineSample | null, MachineSample | null],
  serverCpu: number,
  results: GeneratorReport[],
): RunReport["machine"] {
  const total = a && b ? ((b.busyMs - a.busyMs) / (b.at - a.at)) * 100 : null;
  const generatorsCpu = results.reduce((n, r) => n + r.cpuPercent, 0);
  return {
    cores: cpus().length,
    loadAtStart: a?.load ?? null,
    loadAtEnd: b?.load ?? null,
    cpuPercent: total === null ? null : round1(total),
    othersCpuPercent:
      total === null ? null : round1(Math.max(0, total - serverCpu - generatorsCpu)),
  };
}
