/**
 * One generator's run as the runner drives it: open the tables and wait until they all play,
 * go (moves, drops and the sweep a second), stop (wait for answers, comebacks and every
 * connection to agree, count what was lost) and report; progress on the way.
 */
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { Client } from "colyseus.js";
import { seeded } from "../shared/core/random";
import type { FromGenerator, GeneratorConfig, GeneratorReport } from "./channel";
import { drop, dropDelay } from "./connections";
import { close, closeWhenSeen, finished } from "./endings";
import { Figures } from "./figures";
import { type GeneratorRun, sleep, type Table } from "./generatorState";
import { decide } from "./moves";
import { Opener } from "./opening";

/** The event-loop delay monitor's timer, ms; its readings include it. */
const LOOP_RESOLUTION_MS = 10;

export class Generator {
  private readonly run: GeneratorRun;
  private readonly opener: Opener;
  private sweeper: ReturnType<typeof setInterval> | null = null;
  private setupMs = 0;
  private readonly loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  private window = { start: 0, cpu: process.cpuUsage(), cpuUsed: 0 };

  constructor(private readonly config: GeneratorConfig) {
    this.run = {
      client: new Client(config.url),
      random: seeded(config.seed),
      b: config.behaviour,
      figures: new Figures(),
      tables: new Set(),
      reports: [],
      started: false,
      stopping: false,
      gaveUp: false,
    };
    this.opener = new Opener(this.run);
  }

  private clients(): number {
    let clients = 0;
    for (const t of this.run.tables) for (const c of t.conns) if (c.online) clients++;
    return clients;
  }

  async setUp(): Promise<{ clients: number; setupMs: number }> {
    const t0 = performance.now();
    await Promise.all(this.config.tables.map((spec) => this.opener.open(spec)));
    // Every table should be playing (moves are held until go).
    const deadline = performance.now() + 60_000;
    while (performance.now() < deadline) {
      if ([...this.run.tables].every((t) => t.phase === "playing" || t.closing)) break;
      await sleep(50);
    }
    this.setupMs = performance.now() - t0;
    return { clients: this.clients(), setupMs: Math.round(this.setupMs) };
  }

  go(): void {
    const { run } = this;
    const now = performance.now();
    run.started = true;
    this.window = { start: now, cpu: process.cpuUsage(), cpuUsed: 0 };
    this.loop.enable();
    this.loop.reset();
    for (const t of run.tables) {
      t.lastProgress = now;
      for (const c of t.conns) {
        c.nextDrop = now + dropDelay(run);
        if (c.room?.state.moves) decide(run, c, c.room.state);
      }
    }
    this.sweeper = setInterval(() => this.sweep(), 1000);
  }

  /** Once a second: stuck turns, unanswered moves, finished games, drops. */
  private sweep(): void {
    const { run } = this;
    if (run.stopping) return;
    const now = performance.now();
    for (const t of [...run.tables]) {
      if (t.closeAt) {
        closeWhenSeen(run, t, now, (spec) => this.opener.open(spec));
        continue;
      }
      this.checkStuck(t, now);
      if (t.phase === "finished" && t.finishedHandled !== t.game) finished(run, t);
      for (const c of t.conns) {
        const p = c.pending;
        if (p && now - p.sentAt > run.b.lostAfterMs) {
          c.pending = null;
          run.figures.unanswered(
            t.id,
            `move ${p.ply + 1} sent by ${c.name} got neither a patch nor an error`,
          );
        }
        if (
          c.online &&
          !c.pending &&
          now >= c.nextDrop &&
          c.player &&
          (c.role === "spectator" || c.seatToken) &&
          t.phase === "playing"
        )
          drop(run, c);
      }
    }
  }

  /** A table whose state has not changed for `stuckAfterMs`: counted once per position. */
  private checkStuck(t: Table, now: number): void {
    const mark = `${t.game}:${t.keys.length}`;
    const idle = now - Math.max(t.lastProgress, this.window.start);
    if (t.opening || idle <= this.run.b.stuckAfterMs || t.stuckMark === mark) return;
    t.stuckMark = mark;
    this.run.figures.stuck++;
    const seat = t.host?.room?.state.seats[t.host.room.state.turn];
    this.run.figures.incident(
      t.id,
      `stuck: ${t.phase}, game ${t.game}, ${t.keys.length} moves, no change for ${Math.round(idle)} ms (turn of a ${seat?.kind ?? "?"} seat${seat?.standIn ? " with its stand-in" : ""}${seat && !seat.connected ? ", away" : ""})`,
    );
  }

  /** Waits until nothing is pending, coming back or opening and every table agrees, or the deadline. */
  private async settle(deadline: number): Promise<void> {
    const { run } = this;
    for (;;) {
      const now = performance.now();
      let waiting = false;
      for (const t of run.tables) {
        for (const c of t.conns) {
          if (c.pending && now - c.pending.sentAt > run.b.lostAfterMs) {
            c.pending = null;
            run.figures.unanswered(t.id, `move sent by ${c.name} got neither a patch nor an error`);
          }
          if (c.pending || c.rejoining) waiting = true;
        }
        if (t.opening) waiting = true;
        if (!t.settled) t.settled = t.conns.every((c) => !c.online || c.upToDate);
        if (!t.settled) waiting = true;
      }
      if (!waiting || now > deadline) break;
      await sleep(100);
    }
  }

  /** After the settling: what is still unanswered, away or unseen is lost. */
  private countLost(): void {
    const { run } = this;
    const f = run.figures;
    for (const t of run.tables) {
      for (const c of t.conns) {
        if (c.pending) {
          c.pending = null;
          f.unanswered(t.id, `move sent by ${c.name} got neither a patch nor an error`);
        }
        if (c.rejoining) f.error("check/not-back", `${t.id}: ${c.name} did not get back in`);
        if (t.settled || !c.online) continue;
        if (c.missing > 0) f.unseen(t.id, c.name, c.missing, t.keys.length);
      }
    }
  }

  /** Stops playing; waits for answers, comebacks and every connection to agree; reports. */
  async stop(): Promise<GeneratorReport> {
    const { run } = this;
    run.stopping = true;
    const end = performance.now();
    const cpu = process.cpuUsage(this.window.cpu);
    this.window.cpuUsed = (cpu.user + cpu.system) / 1000;
    this.loop.disable();
    if (this.sweeper) clearInterval(this.sweeper);
    for (const t of run.tables) for (const c of t.conns) c.stopThinking();
    await this.settle(end + run.b.settleMs);
    run.gaveUp = true;
    this.countLost();
    return this.report(end);
  }

  private report(end: number): GeneratorReport {
    const f = this.run.figures;
    // Past the monitor's own timer interval, in ms.
    const ms = (ns: number) => Math.max(0, Math.round(ns / 1e4 - LOOP_RESOLUTION_MS * 100) / 100);
    return {
      index: this.config.index,
      clients: this.clients(),
      setupMs: Math.round(this.setupMs),
      tables: this.run.reports.sort((a, b) => a.slot - b.slot),
      joins: f.joins,
      drops: f.drops,
      reconnects: f.reconnects,
      reconnectRetries: f.reconnectRetries,
      moves: f.moves,
      played: f.played,
      errors: f.errors,
      errorSamples: f.errorSamples,
      lost: f.lost,
      stuck: f.stuck,
      incidents: f.incidents,
      rtt: f.rtt.data(),
      spectator: f.spectator,
      games: f.games,
      cpuPercent: Math.round((this.window.cpuUsed / (end - this.window.start)) * 1000) / 10,
      loopDelay: {
        p50: ms(this.loop.percentile(50)),
        p99: ms(this.loop.percentile(99)),
        max: ms(this.loop.max),
      },
      rssBytes: process.memoryUsage().rss,
      windowMs: Math.round(end - this.window.start),
    };
  }

  /** Leaves every table (on purpose) once the report is out. */
  leaveAll(): void {
    for (const t of [...this.run.tables]) close(this.run, t);
  }

  progress(): FromGenerator {
    const f = this.run.figures;
    let moves = 0;
    for (const r of this.run.reports) moves += r.moves;
    const cpu = process.cpuUsage(this.window.cpu);
    const elapsed = performance.now() - this.window.start;
    return {
      type: "progress",
      open: this.run.tables.size,
      moves,
      errors: f.errorCount,
      lost: f.lost.unanswered + f.lost.unseen,
      stuck: f.stuck,
      cpuPercent: Math.round(((cpu.user + cpu.system) / 1000 / elapsed) * 1000) / 10,
    };
  }
}
