/**
 * What an operator watches, in Prometheus' text format at `GET /metrics`: this process's tables
 * by game and phase, its connections (players and spectators), the moves it accepted and how
 * long each took to handle, and prom-client's process metrics (CPU, memory, heap, event-loop
 * delay, garbage collection). Every process serves its own; Prometheus adds them up.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { readdir } from "node:fs/promises";
import type { IncomingMessage } from "node:http";
import { constants, PerformanceObserver } from "node:perf_hooks";
import { getHeapStatistics } from "node:v8";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Action, MoveBy } from "../../shared/match/match";

/**
 * The heap's used size read just after the last full (mark-compact) collection: what is live,
 * without the garbage V8 lets grow between full collections. 0 before the first one. One
 * observer for the process, whatever the number of metrics registries.
 */
let liveAfterFullGc = 0;
let gcWatched = false;
function watchFullCollections(): void {
  if (gcWatched) return;
  gcWatched = true;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const kind = (e as { detail?: { kind?: number } }).detail?.kind;
      if (kind === constants.NODE_PERFORMANCE_GC_MAJOR)
        liveAfterFullGc = getHeapStatistics().used_heap_size;
    }
  }).observe({ entryTypes: ["gc"] });
}

/**
 * prom-client's metrics that visit every handle of the process on each scrape: a list of all
 * active handles and resources (every socket), and a synchronous listing of /proc/self/fd. At
 * 10 000 connections one scrape held the event loop about 35 ms, every table waiting. The
 * handle and resource counts are left out (`crossboard_clients` counts the connections); the
 * open descriptors are counted by a listing made off the event loop.
 */
function leaveOutPerHandleMetrics(registry: Registry): void {
  for (const name of [
    "nodejs_active_handles",
    "nodejs_active_handles_total",
    "nodejs_active_resources",
    "nodejs_active_resources_total",
    "process_open_fds",
  ])
    registry.removeSingleMetric(name);
  if (process.platform !== "linux") return;
  new Gauge({
    name: "process_open_fds",
    help: "Number of open file descriptors.",
    registers: [registry],
    async collect() {
      try {
        // Less the one the listing itself held open.
        this.set((await readdir("/proc/self/fd")).length - 1);
      } catch {
        // Not readable here: left as it was.
      }
    },
  });
}

/** What the metrics read from a table room: its public state and its connections. */
export interface WatchedTable {
  readonly state: { readonly game: string; readonly phase: string; readonly spectators: number };
  readonly clients: { readonly length: number };
}

export class ServerMetrics {
  readonly registry = new Registry();
  private readonly moves: Counter<"game" | "by">;
  private readonly moveSeconds: Histogram<"game">;

  constructor(tables: () => Iterable<WatchedTable>, labels: Record<string, string> = {}) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 10 });
    leaveOutPerHandleMetrics(this.registry);
    watchFullCollections();
    new Gauge({
      name: "crossboard_heap_live_bytes",
      help: "V8 heap used just after the last full collection (0 before the first): the live heap, without the garbage that accumulates between full collections.",
      registers,
      collect() {
        this.set(liveAfterFullGc);
      },
    });
    new Gauge({
      name: "crossboard_tables",
      help: "Tables open in this process, by game and phase.",
      labelNames: ["game", "phase"],
      registers,
      collect() {
        const counts = new Map<string, { game: string; phase: string; n: number }>();
        for (const t of tables()) {
          const { game, phase } = t.state;
          const key = `${game} ${phase}`;
          const c = counts.get(key);
          if (c) c.n++;
          else counts.set(key, { game, phase, n: 1 });
        }
        this.reset();
        for (const { game, phase, n } of counts.values()) this.set({ game, phase }, n);
      },
    });
    new Gauge({
      name: "crossboard_clients",
      help: "Connections to tables in this process: players (holding a seat) and spectators.",
      labelNames: ["role"],
      registers,
      collect() {
        let players = 0;
        let spectators = 0;
        for (const t of tables()) {
          spectators += t.state.spectators;
          players += Math.max(0, t.clients.length - t.state.spectators);
        }
        this.set({ role: "player" }, players);
        this.set({ role: "spectator" }, spectators);
      },
    });
    this.moves = new Counter({
      name: "crossboard_moves_total",
      help: "Moves accepted, by game and by who made them: player, cpu or stand-in.",
      labelNames: ["game", "by"],
      registers,
    });
    this.moveSeconds = new Histogram({
      name: "crossboard_move_seconds",
      help: "Time to handle an accepted move: rules, table store, state sync (before it is sent).",
      labelNames: ["game"],
      buckets: [0.0002, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25],
      registers,
    });
    const info = new Gauge({
      name: "crossboard_process_info",
      help: "This server process (always 1); its labels say which one.",
      labelNames: Object.keys(labels),
      registers,
    });
    if (Object.keys(labels).length > 0) info.set(labels, 1);
    else info.set(1);
  }

  /**
   * Told by the table room of each accepted action and how long its commit took. A person's
   * move is a `move`; CPU seats and stand-ins both send `cpu-move`, told apart by `by` (the
   * entry the move added to the log) when the room gives it, or taken for a CPU's.
   */
  committed(game: string, action: Action, ms: number, by?: MoveBy): void {
    if (action.type !== "move" && action.type !== "cpu-move") return;
    const who: MoveBy = action.type === "move" ? "player" : by === "stand-in" ? by : "cpu";
    this.moves.inc({ game, by: who });
    this.moveSeconds.observe({ game }, ms / 1000);
  }

  /** The text Prometheus scrapes. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

const digest = (s: string) => createHash("sha256").update(s, "utf8").digest();

/** Compares secrets in time that does not depend on where they differ. */
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

const FORWARDED = ["x-forwarded-for", "x-real-ip", "forwarded"];

/**
 * Who may read the metrics: a request made on this machine (a loopback socket, and not passed
 * on by a proxy, which would say so in a forwarding header), or one with `Authorization:
 * Bearer <METRICS_TOKEN>` when a token is set.
 */
export function mayReadMetrics(req: IncomingMessage, token: string | null): boolean {
  const auth = req.headers.authorization;
  if (token !== null && auth?.startsWith("Bearer ") && sameSecret(auth.slice(7), token))
    return true;
  const from = req.socket.remoteAddress ?? "";
  const loopback = from === "::1" || /^(::ffff:)?127\./.test(from);
  return loopback && FORWARDED.every((h) => req.headers[h] === undefined);
}
