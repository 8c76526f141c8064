/**
 * The generator processes as the runner drives them: how many a run gets, each one forked with
 * its share of the tables, their answers over the child process channel, and their ends.
 */
import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { FromGenerator, GeneratorConfig, GeneratorReport, ToGenerator } from "./channel";
import type { Behaviour, TableSpec } from "./plan";

/**
 * Connections one generator drives by default. Measured on a 2-core machine: 2500 connections
 * (xiangqi, 2 players and 2 spectators a table, 2–6 s think time) cost a generator 13–17 % of
 * a core, its event loop delayed 4–7 ms at p99; at 5000 its delays grow (7–15 ms at p99, up to
 * 380 ms when other jobs share the cores) and start to show in the round trips it measures.
 */
const CONNECTIONS_PER_GENERATOR = 2500;

/** `fixed` generators, or one per 2500 connections, at least two and one per server process. */
export const generatorsFor = (connections: number, fixed: number | null, processes: number) =>
  fixed ?? Math.max(2, processes, Math.ceil(connections / CONNECTIONS_PER_GENERATOR));

export type Progress = Extract<FromGenerator, { type: "progress" }>;

/** A generator process with its config sent, and its answers as promises. */
export interface GeneratorProcess {
  readonly child: ChildProcess;
  readonly ready: Promise<{ clients: number; setupMs: number }>;
  readonly report: Promise<GeneratorReport>;
}

function forkGenerator(): ChildProcess {
  return fork(fileURLToPath(new URL("./generator.ts", import.meta.url)), [], {
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
}

function startGenerator(
  index: number,
  config: GeneratorConfig,
  progress: Map<number, Progress>,
  crashed: (why: string) => void,
): GeneratorProcess {
  const child = forkGenerator();
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

/** A run's generators: the tables dealt out in turn, the servers' addresses likewise. */
export class Generators {
  readonly procs: GeneratorProcess[];
  /** Each generator's latest progress, by index. */
  readonly progress = new Map<number, Progress>();
  /** Why one ended before its report (the first that did). */
  crashed: string | null = null;

  constructor(
    count: number,
    setup: {
      urls: readonly string[];
      seed: number;
      specs: readonly TableSpec[];
      behaviour: Behaviour;
      joinRate: number;
    },
  ) {
    const { urls, seed, specs, behaviour, joinRate } = setup;
    this.procs = Array.from({ length: count }, (_, index) =>
      startGenerator(
        index,
        {
          index,
          url: urls[index % urls.length] as string,
          seed: seed * 1000 + index,
          tables: specs.filter((_, i) => i % count === index),
          behaviour: { ...behaviour, joinsPerSecond: joinRate / count },
        },
        this.progress,
        (why) => {
          this.crashed ??= why;
        },
      ),
    );
  }

  send(m: ToGenerator): void {
    for (const { child } of this.procs) if (child.connected) child.send(m);
  }

  /** Every generator has told its progress and has no table open (the end of `--once`). */
  allClosed(): boolean {
    return (
      this.progress.size === this.procs.length &&
      [...this.progress.values()].every((p) => p.open === 0)
    );
  }

  /** Generators leave their tables and exit by themselves after their report; 10 s at most. */
  async ended(): Promise<void> {
    await Promise.all(
      this.procs.map(
        ({ child }) =>
          new Promise<void>((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            const timer = setTimeout(() => child.kill(), 10_000);
            child.once("exit", () => {
              clearTimeout(timer);
              done();
            });
          }),
      ),
    );
  }
}
