/**
 * The server of `npm run bench:restart`: this checkout started as `npm start` starts it (its
 * build, with its Node.js flags) on a fixed port, so that clients come back to the same
 * address, and the moments its log marks: listening, and the stored tables brought back
 * (`tables-restored`, with their count).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { serverEntry, startFlags } from "../loadtest/server";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

export interface StartedServer {
  readonly pid: number;
  /** ms since the epoch. */
  readonly spawnedAt: number;
  /** When the log said it listens, and how many tables that line says came back. */
  readonly listening: Promise<{ at: number; restored: number }>;
  /** When the log said the stored tables are back (`tables-restored`), and how many. */
  readonly restored: Promise<{ at: number; tables: number }>;
  /** Lines at warn or above, the first few. */
  readonly warnings: string[];
  readonly exited: Promise<string>;
  /** SIGTERM (graceful) or SIGKILL (a crash); resolves once the process is gone. */
  stop(signal: "SIGTERM" | "SIGKILL"): Promise<string>;
}

/**
 * `nodeFlags`: `npm start`'s unless given. `first`: through tools/start.mjs, which builds first when a source is newer than the build;
 * the restarts run that build directly (what tools/start.mjs imports), so that an edit made
 * while the bench runs cannot put a build inside a timed restart.
 */
export function startServer(
  env: Record<string, string>,
  first: boolean,
  nodeFlags: readonly string[] = startFlags(ROOT),
): StartedServer {
  const { NODE_ENV: _, ...inherited } = process.env;
  const spawnedAt = Date.now();
  const child: ChildProcess = spawn(
    process.execPath,
    [...nodeFlags, ...(first ? serverEntry(ROOT) : ["dist/server/main.mjs"])],
    {
      cwd: ROOT,
      env: { ...inherited, ...env },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const exited = new Promise<string>((done) =>
    child.once("exit", (code, signal) => done(String(signal ?? code))),
  );
  const warnings: string[] = [];
  let onListening: (v: { at: number; restored: number }) => void = () => undefined;
  let onRestored: (v: { at: number; tables: number }) => void = () => undefined;
  const listening = new Promise<{ at: number; restored: number }>((resolve, reject) => {
    onListening = resolve;
    void exited.then((how) => reject(new Error(`the server exited (${how}) before listening`)));
  });
  const restored = new Promise<{ at: number; tables: number }>((resolve) => {
    onRestored = resolve;
  });
  // Avoid unhandled rejections when nobody waits any more.
  listening.catch(() => undefined);
  let partial = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    const at = Date.now();
    const parts = (partial + chunk.toString()).split("\n");
    partial = parts.pop() ?? "";
    for (const line of parts) {
      let e: { level?: string | number; event?: string; restored?: number; tables?: number };
      try {
        e = JSON.parse(line);
      } catch {
        continue;
      }
      if (
        (e.level === "warn" || e.level === "error" || e.level === "fatal") &&
        warnings.length < 20
      )
        warnings.push(line.slice(0, 400));
      if (e.event === "listening") onListening({ at, restored: e.restored ?? 0 });
      if (e.event === "tables-restored") onRestored({ at, tables: e.tables ?? 0 });
    }
  });
  return {
    pid: child.pid ?? -1,
    spawnedAt,
    listening,
    restored,
    warnings,
    exited,
    stop: (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
