/**
 * CPU players in a pool of worker threads, so a thinking CPU never holds up a room's event
 * loop. Requests queue when every worker is busy; a cancelled request leaves the queue or stops
 * its search; a search that overruns its deadline is abandoned for a quick move of the simple
 * policy, so a table never waits on a stuck search.
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { chooseMove } from "../shared/bots/simple";
import type { MoveInput } from "../shared/games/types";
import type { BotDriver, BotRequest } from "./bots";
import type { SearchAnswer, SearchJob } from "./botWorker";
import { log } from "./log";

export interface PoolOptions {
  /** Worker threads (default: one per core but one, at least one). */
  readonly workers?: number;
  /** Time cap of one search (ms). */
  readonly maxTimeMs: number;
  /** A CPU move is never shown sooner than this after it was asked for (ms), for people. */
  readonly minDelayMs: number;
}

interface Job {
  readonly id: number;
  readonly req: BotRequest;
  readonly stop: SharedArrayBuffer;
  readonly asked: number;
  resolve(move: MoveInput | null): void;
  reject(e: unknown): void;
  timer?: ReturnType<typeof setTimeout>;
}

interface Slot {
  readonly worker: Worker;
  job: Job | null;
}

export class WorkerBots implements BotDriver {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly opts: PoolOptions) {
    const n = Math.max(1, opts.workers ?? availableParallelism() - 1);
    for (let i = 0; i < n; i++) this.slots.push(this.spawn());
  }

  get size(): number {
    return this.slots.length;
  }

  private spawn(): Slot {
    const worker = new Worker(new URL("./botWorkerEntry.mjs", import.meta.url));
    const slot: Slot = { worker, job: null };
    worker.on("message", (a: SearchAnswer) => this.answered(slot, a));
    worker.on("error", (e) => {
      // A crashed search falls back to the simple policy; the thread is replaced.
      const job = slot.job;
      slot.job = null;
      if (job) this.finish(job, chooseMove(job.req.game, job.req.seed));
      log.error({ err: e }, "bot worker failed; the simple policy played instead");
      const i = this.slots.indexOf(slot);
      if (i >= 0 && !this.closed) this.slots[i] = this.spawn();
      this.pump();
    });
    worker.unref();
    return slot;
  }

  request(req: BotRequest, signal: AbortSignal): Promise<MoveInput | null> {
    if (this.closed) return Promise.reject(new Error("bot pool closed"));
    return new Promise((resolve, reject) => {
      const job: Job = {
        id: this.nextId++,
        req,
        stop: new SharedArrayBuffer(4),
        asked: Date.now(),
        resolve,
        reject,
      };
      const onAbort = () => {
        Atomics.store(new Int32Array(job.stop), 0, 1);
        const i = this.queue.indexOf(job);
        if (i >= 0) this.queue.splice(i, 1);
        if (job.timer) clearTimeout(job.timer);
        reject(signal.reason ?? new Error("cancelled"));
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener("abort", onAbort, { once: true });
      const settle = job.resolve;
      job.resolve = (move) => {
        signal.removeEventListener("abort", onAbort);
        settle(move);
      };
      this.queue.push(job);
      this.pump();
    });
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (slot.job) continue;
      const job = this.queue.shift();
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
        if (slot.job === job) this.finish(job, chooseMove(job.req.game, job.req.seed));
      }, this.opts.maxTimeMs + 2000);
    }
  }

  private answered(slot: Slot, a: SearchAnswer): void {
    const job = slot.job;
    slot.job = null;
    this.pump();
    if (!job || job.id !== a.id) return;
    if (a.error) log.error({ error: a.error }, "bot search failed");
    const move =
      a.move ??
      (Atomics.load(new Int32Array(job.stop), 0) === 1
        ? null
        : chooseMove(job.req.game, job.req.seed));
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
    for (const job of this.queue.splice(0)) job.reject(new Error("bot pool closed"));
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}
