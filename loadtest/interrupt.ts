/**
 * A run interrupted (Ctrl-C, `kill`, a closed terminal) undoes what it started before it exits:
 * the generators, the server processes, their Redis, store and cgroups. Without this the
 * server would stay up, holding its port and memory, and a `--cpu-budget` cgroup would stay.
 */
import { constants } from "node:os";

const undo = new Set<() => Promise<void>>();

/** Runs `body` with `stop` to be called if the runner is interrupted meanwhile. */
export async function undoIfInterrupted<T>(
  stop: () => Promise<void>,
  body: () => Promise<T>,
): Promise<T> {
  undo.add(stop);
  try {
    return await body();
  } finally {
    undo.delete(stop);
  }
}

/** What is to be undone now (for tests). */
export const pendingUndo = (): number => undo.size;

/** Undoes everything registered, the last registered first (generators before the server). */
export async function undoAll(): Promise<void> {
  for (const stop of [...undo].reverse()) {
    undo.delete(stop);
    await stop().catch((err: Error) => process.stderr.write(`while stopping: ${err.message}\n`));
  }
}

const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

/** On a signal: undo, then exit as a process killed by it would (128 + its number). */
export function undoOnSignals(): void {
  for (const signal of SIGNALS)
    process.once(signal, () => {
      process.stderr.write(`${signal}: stopping the generators and the server\n`);
      // A stop that hangs must not keep the runner: 20 s at most.
      setTimeout(() => process.exit(1), 20_000).unref();
      void undoAll().then(() => process.exit(128 + constants.signals[signal]));
    });
}
