/**
 * The real server as its own process (as an operator runs it), for the attacks whose effect is
 * measured on the server itself: its memory, its log, its answers to other players.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Client } from "colyseus.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export interface ChildServer {
  readonly port: number;
  readonly http: string;
  readonly ws: string;
  /** Every line the server wrote to stdout so far. */
  readonly lines: string[];
  client(): Client;
  /** The server process's resident memory, bytes. */
  rss(): number;
  /** CPU time the server process has used, ms. */
  cpu(): number;
  /** Sends the process a signal and resolves when it has exited, with its exit code. */
  kill(signal: NodeJS.Signals): Promise<number | null>;
  close(): Promise<void>;
}

export function startChildServer(env: Record<string, string> = {}): Promise<ChildServer> {
  // As an operator starts it: not with the test runner's NODE_ENV.
  const { NODE_ENV: _, ...inherited } = process.env;
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: ROOT,
    env: {
      ...inherited,
      PORT: "0",
      DATA_DIR: ":memory:",
      HOST: "127.0.0.1",
      CLIENT_DIR: "/nonexistent",
      CPU_WORKERS: "0",
      CPU_DELAY_MS: "0",
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines: string[] = [];
  let partial = "";
  return new Promise((resolve, reject) => {
    child.on("exit", (code) => reject(new Error(`server exited with ${code}`)));
    child.stdout?.on("data", (chunk: Buffer) => {
      const text = partial + chunk.toString();
      const parts = text.split("\n");
      partial = parts.pop() ?? "";
      for (const line of parts) {
        lines.push(line);
        if (!line.includes('"event":"listening"')) continue;
        const port = (JSON.parse(line) as { port: number }).port;
        resolve({
          port,
          http: `http://127.0.0.1:${port}`,
          ws: `ws://127.0.0.1:${port}`,
          lines,
          client: () => new Client(`ws://127.0.0.1:${port}`),
          rss: () => {
            const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
            return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
          },
          cpu: () => {
            const fields = readFileSync(`/proc/${child.pid}/stat`, "utf8")
              .split(") ")[1]!
              .split(" ");
            // utime and stime, in clock ticks of 10 ms.
            return (Number(fields[11]) + Number(fields[12])) * 10;
          },
          kill: (signal) =>
            new Promise<number | null>((done) => {
              child.removeAllListeners("exit");
              if (child.exitCode !== null || child.signalCode !== null) return done(child.exitCode);
              child.once("exit", (code) => done(code));
              child.kill(signal);
            }),
          close: () =>
            new Promise<void>((done) => {
              child.removeAllListeners("exit");
              if (child.exitCode !== null || child.signalCode !== null) return done();
              child.once("exit", () => done());
              child.kill("SIGTERM");
            }),
        });
      }
    });
  });
}
