/**
 * A CPU search thread: receives a game as its setup and actions, searches it with the level's
 * budget and a time cap, and posts the move back. A shared flag lets the room cancel a search
 * that is no longer wanted (the game ended, the player came back).
 */
import { parentPort } from "node:worker_threads";
import { engineMove, type ReplaySpec } from "../../shared/bots/play";

export interface SearchJob {
  readonly id: number;
  readonly spec: ReplaySpec;
  readonly level: string;
  readonly seed: number;
  readonly maxTimeMs: number;
  /** Int32 flag: 1 = stop. */
  readonly stop: SharedArrayBuffer;
}

export interface SearchAnswer {
  readonly id: number;
  readonly move: { from: string; to: string; promotion?: string } | null;
  readonly nodes: number;
  readonly depth: number;
  readonly error?: string;
}

parentPort?.on("message", (job: SearchJob) => {
  const stop = new Int32Array(job.stop);
  try {
    const r = engineMove(job.spec, {
      level: job.level,
      seed: job.seed,
      maxTimeMs: job.maxTimeMs,
      now: () => performance.now(),
      shouldStop: () => Atomics.load(stop, 0) === 1,
    });
    parentPort?.postMessage({
      id: job.id,
      move: r.move,
      nodes: r.nodes,
      depth: r.depth,
    } satisfies SearchAnswer);
  } catch (e) {
    parentPort?.postMessage({
      id: job.id,
      move: null,
      nodes: 0,
      depth: 0,
      error: String(e),
    } satisfies SearchAnswer);
  }
});
