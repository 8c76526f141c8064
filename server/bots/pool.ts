/**
 * CPU players in a pool of worker threads, so a thinking CPU never holds up a room's event
 * loop. Requests wait in queues, one per key (a table, or an address), served in turn: a key
 * with many requests gets a worker no more often than one with a single request. A cancelled
 * request leaves its queue at once or stops its search (a shared flag the search polls; a
 * worker that does not stop soon after is replaced); a search that overruns its deadline is
 * abandoned for a quick move of the simple policy, so a table never waits on a stuck search.
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { chooseMove } from "../../shared/bots/simple";
import type { MoveInput } from "../../shared/games/types";
import { log } from "../ops/log";
import type { BotDriver, BotRequest } from "./driver";
import type { SearchAnswer, SearchJob } from "./worker";

/** What a finished search reports (for tests and benchmarks). */
export interface SearchReport {
  readonly queue: string;
  readonly nodes: number;
  readonly depth: number;
  /** The request was cancelled before or while it searched. */
  readonly stopped: boolean;
}

export interface PoolOptions {
  /** Worker threads (default: one per core but one, at least one). */
  readonly workers?: number;
  /** Time cap of one search (ms). */
  readonly maxTimeMs: number;
  /** A CPU move is never shown sooner than this after it was asked for (ms), for people. */
  readonly minDelayMs: number;
  /** How long a cancelled search may go on before its worker is replaced (ms, default 500). */
  readonly stopGraceMs?: number;
  /** Told of every search a worker answers. */
  readonly onSearch?: (report: SearchReport) => void;
}

interface Job {
  readonly id: number;
  readonly req: BotRequest;
  /** The queue it waits in. */
  readonly queue: string;
  readonly stop: SharedArrayBuffer;
  readonly asked: number;
  resolve(move: MoveInput | null): void;
  reject(e: unknown): void;
  timer?: ReturnType<typeof setTimeout>;
}

interface Slot {
  worker: Worker;
  job: Job | null;
}

export class WorkerBots implements BotDriver {
  private readonly slots: Slot[] = [];
  /** Waiting requests by key; the map's order is the round (served keys go to its end). */
  private readonly queues = new Map<string, Job[]>();
  private waiting = 0;
  private nextId = 1;
  private closed = false;

  constructor(private readonly opts: PoolOptions) {
    const n = Math.max(1, opts.workers ?? availableParallelism() - 1);
    for (let i = 0; i < n; i++) this.slots.push(this.spawn());
  }

  get size(): number {
    return this.slots.length;
  }

  /** Requests waiting for a worker. */
  get queued(): number {
    return this.waiting;
  }

  private spawn(): Slot {
    const slot: Slot = { worker: null as unknown as Worker, job: null };
    this.attach(slot);
    return slot;
  }

  private attach(slot: Slot): void {
    const worker = new Worker(new URL("./workerEntry.mjs", import.meta.url));
    slot.worker = worker;
    worker.on("message", (a: SearchAnswer) => {
      if (slot.worker === worker) this.answered(slot, a);
    });
    worker.on("error", (e) => {
      if (slot.worker !== worker) return;
      // A crashed search falls back to the simple policy; the thread is replaced.
      const job = slot.job;
      if (job) this.finish(job, chooseMove(job.req.game, job.req.seed));
      log.error({ err: e }, "CPU worker failed; the simple policy played instead");
      this.replace(slot);
    });
    worker.unref();
  }

  /** A new thread in the slot, free for the next request; the old one is ended. */
  private replace(slot: Slot): void {
    const old = slot.worker;
    slot.job = null;
    if (this.closed) return;
    this.attach(slot);
    void old.terminate().catch(() => undefined);
    this.pump();
  }

  request(req: BotRequest, signal: AbortSignal): Promise<MoveInput | null> {
    if (this.closed) return Promise.reject(new Error("CPU pool closed"));
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      const job: Job = {
        id,
        req,
        queue: req.queue ?? `#${id}`,
        stop: new SharedArrayBuffer(4),
        asked: Date.now(),
        resolve,
        reject,
      };
      const onAbort = () => {
        Atomics.store(new Int32Array(job.stop), 0, 1);
        if (job.timer) clearTimeout(job.timer);
        if (!this.unqueue(job)) this.stopping(job);
        reject(signal.reason ?? new Error("cancelled"));
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener("abort", onAbort, { once: true });
      const settle = job.resolve;
      job.resolve = (move) => {
        signal.removeEventListener("abort", onAbort);
        settle(move);
      };
      const queue = this.queues.get(job.queue);
      if (queue) queue.push(job);
      else this.queues.set(job.queue, [job]);
      this.waiting++;
      this.pump();
    });
  }

  /** Takes a waiting job out of its queue; false when it is not waiting (it is running). */
  private unqueue(job: Job): boolean {
    const queue = this.queues.get(job.queue);
    const i = queue ? queue.indexOf(job) : -1;
    if (!queue || i < 0) return false;
    queue.splice(i, 1);
    if (queue.length === 0) this.queues.delete(job.queue);
    this.waiting--;
    return true;
  }

  /** A running job was cancelled: its search stops at its next poll, or its worker goes. */
  private stopping(job: Job): void {
    const slot = this.slots.find((s) => s.job === job);
    if (!slot) return;
    const grace = setTimeout(() => {
      if (this.closed || slot.job !== job) return;
      log.warn({ queue: job.queue }, "a cancelled search did not stop; its worker is replaced");
      this.replace(slot);
    }, this.opts.stopGraceMs ?? 500);
    grace.unref();
  }

  /** The next job in the round: the first queue's oldest; that queue goes to the end. */
  private next(): Job | undefined {
    for (const [key, queue] of this.queues) {
      const job = queue.shift();
      this.queues.delete(key);
      if (queue.length > 0) this.queues.set(key, queue);
      if (job) {
        this.waiting--;
        return job;
      }
    }
    return undefined;
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (slot.job) continue;
      const job = this.next();
      if (!job) return;
      slot.job = job;
      const msg: SearchJob = {
        id: job.id,
        spec: job.req.replay,
        level: job.req.level,
        seed: job.req.seed,
        maxTimeMs: this.opts.maxTimeMs,
        stop: job.stop,
      };
      slot.worker.postMessage(msg);
      // The search caps itself at maxTimeMs; this is the safety net if it does not.
      job.timer = setTimeout(() => {
        Atomics.store(new Int32Array(job.stop), 0, 1);
        if (slot.job !== job) return;
        this.finish(job, chooseMove(job.req.game, job.req.seed));
        this.replace(slot);
      }, this.opts.maxTimeMs + 2000);
    }
  }

  private answered(slot: Slot, a: SearchAnswer): void {
    const job = slot.job;
    if (!job || job.id !== a.id) return;
    slot.job = null;
    this.pump();
    if (a.error) log.error({ error: a.error }, "CPU search failed");
    const stopped = Atomics.load(new Int32Array(job.stop), 0) === 1;
    this.opts.onSearch?.({ queue: job.queue, nodes: a.nodes, depth: a.depth, stopped });
    const move = a.move ?? (stopped ? null : chooseMove(job.req.game, job.req.seed));
    const wait = Math.max(0, job.asked + this.opts.minDelayMs - Date.now());
    if (wait > 0) setTimeout(() => this.finish(job, move), wait);
    else this.finish(job, move);
  }

  private finish(job: Job, move: MoveInput | null): void {
    if (job.timer) clearTimeout(job.timer);
    if (Atomics.load(new Int32Array(job.stop), 0) === 1 && move === null) return;
    job.resolve(move);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const queue of this.queues.values())
      for (const job of queue) job.reject(new Error("CPU pool closed"));
    this.queues.clear();
    this.waiting = 0;
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}
