/**
 * A throw-away Redis for tests and `npm run cluster`: redis-server on a free loopback port, with
 * nothing written to disk, stopped by `stop` (and killed if this process exits first). A missing
 * binary is an error, never a skip: install Debian's redis-server (.ci/run does).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { delimiter, join } from "node:path";
import { freePort } from "./ports";

export interface RedisServer {
  readonly port: number;
  /** `redis://127.0.0.1:<port>` */
  readonly url: string;
  /** Stops the server and resolves when it has exited. */
  stop(): Promise<void>;
  /** Starts a stopped server again on the same port, with nothing in it (a Redis restart). */
  start(): Promise<void>;
}

/** redis-server on PATH, or Debian's /usr/bin/redis-server. */
export function redisBin(): string {
  const onPath = (process.env.PATH ?? "")
    .split(delimiter)
    .map((d) => join(d, "redis-server"))
    .find((f) => existsSync(f));
  if (onPath) return onPath;
  throw new Error(
    "redis-server is not on PATH. Install Debian's redis-server package " +
      "(.ci/run does: apt-get install redis-server).",
  );
}

function launch(bin: string, port: number): Promise<ChildProcess> {
  const child = spawn(
    bin,
    [
      "--port",
      String(port),
      "--bind",
      "127.0.0.1",
      "--save",
      "",
      "--appendonly",
      "no",
      "--protected-mode",
      "yes",
    ],
    // Its own process group: a Ctrl-C meant for a cluster must not stop Redis under servers
    // that are still storing their last writes.
    { stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
  return new Promise((resolve, reject) => {
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Ready to accept connections")) {
        child.stdout?.off("data", onData);
        child.off("exit", onExit);
        child.stdout?.resume();
        child.stderr?.resume();
        resolve(child);
      }
    };
    const onExit = (code: number | null) =>
      reject(new Error(`redis-server exited with ${code}: ${output.slice(-500)}`));
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once("exit", onExit);
    child.once("error", reject);
  });
}

export async function startRedis(): Promise<RedisServer> {
  const bin = redisBin();
  let child: ChildProcess | null = null;
  let port = 0;
  // A port found free may be taken before the server binds it: try a few.
  for (let attempt = 1; !child; attempt++) {
    port = await freePort();
    try {
      child = await launch(bin, port);
    } catch (err) {
      if (attempt >= 3) throw err;
    }
  }
  let running: ChildProcess = child;
  const killOnExit = () => running.kill("SIGKILL");
  process.on("exit", killOnExit);
  let stopped: Promise<void> | null = null;
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        if (running.exitCode !== null || running.signalCode !== null) return resolve();
        running.once("exit", () => resolve());
        running.kill("SIGTERM");
      });
      return stopped;
    },
    async start() {
      if (!stopped) throw new Error("redis-server is running");
      await stopped;
      running = await launch(bin, port);
      stopped = null;
    },
  };
}
