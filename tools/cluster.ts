/**
 * `npm run cluster -- N`: N server processes behind one Redis on this machine, to try the
 * scale-out. Starts a throw-away redis-server on a free loopback port, then N servers on
 * consecutive ports from `PORT` (2567), each with `PUBLIC_ADDRESS=localhost:<port>`. Tables
 * are kept in `DATABASE_URL` when set (shared by all), otherwise each process keeps its own
 * in `<DATA_DIR>/cluster-<port>` (`./data` by default; SQLite is one process's), or nowhere with
 * `DATA_DIR=:memory:`. Ctrl-C or SIGTERM stops every server (each stores what it holds) and
 * then Redis. Other settings pass through the environment.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startRedis } from "./redis";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

function usage(message: string): never {
  process.stderr.write(`${message}\nusage: npm run cluster -- [N]   (N processes, 2 by default)\n`);
  process.exit(2);
}

const arg = process.argv[2] ?? "2";
const count = Number(arg);
if (!Number.isInteger(count) || count < 1 || count > 32) usage(`N must be 1 to 32, got "${arg}"`);
const base = Number(process.env.PORT || 2567);
if (!Number.isInteger(base) || base < 1 || base + count - 1 > 65535) usage("PORT is not a port");

if (!existsSync(path.join(ROOT, "dist/client/index.html")))
  process.stderr.write(
    "The client is not built: run `npm run build` first to play in a browser.\n",
  );

/** Each process's own SQLite folder (SQLite is one process's), or nothing kept. */
function dataDir(port: number): string {
  const base = process.env.DATA_DIR || path.join(ROOT, "data");
  return base === ":memory:" ? base : path.join(path.resolve(base), `cluster-${port}`);
}

const redis = await startRedis();
process.stdout.write(`redis-server on ${redis.url}\n`);

interface Member {
  readonly port: number;
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
}

/** Prefixes each line a server writes with its port. */
function relay(
  stream: NodeJS.ReadableStream | null,
  port: number,
  out: NodeJS.WriteStream,
  onLine: (line: string) => void = () => undefined,
): void {
  let partial = "";
  stream?.on("data", (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) {
      out.write(`[${port}] ${line}\n`);
      onLine(line);
    }
  });
}

let stopping = false;
const members: Member[] = [];
const listening: Promise<void>[] = [];
for (let i = 0; i < count; i++) {
  const port = base + i;
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_ADDRESS: `localhost:${port}`,
      REDIS_URL: redis.url,
      ...(process.env.DATABASE_URL ? {} : { DATA_DIR: dataDir(port) }),
    },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group: a Ctrl-C reaches this tool alone, which stops the servers in order.
    detached: true,
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  listening.push(
    new Promise<void>((resolve, reject) => {
      relay(child.stdout, port, process.stdout, (line) => {
        if (line.includes('"event":"listening"')) resolve();
      });
      void exited.then((code) => reject(new Error(`the server on ${port} exited with ${code}`)));
    }),
  );
  relay(child.stderr, port, process.stderr);
  members.push({ port, child, exited });
  // One server gone on its own takes the others down: a cluster half up misleads.
  void exited.then((code) => {
    if (stopping) return;
    process.stderr.write(`the server on port ${port} exited (${code}); stopping the others\n`);
    void stop(1);
  });
}

let stopped: Promise<never> | null = null;
function stop(code: number): Promise<never> {
  stopping = true;
  stopped ??= stopAll(code);
  return stopped;
}

async function stopAll(code: number): Promise<never> {
  for (const m of members)
    if (m.child.exitCode === null && m.child.signalCode === null) m.child.kill("SIGTERM");
  await Promise.all(members.map((m) => m.exited));
  await redis.stop();
  process.exit(code);
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const)
  process.on(signal, () => void stop(0));

try {
  await Promise.all(listening);
} catch (err) {
  process.stderr.write(`${(err as Error).message}\n`);
  await stop(1);
}
const last = base + count - 1;
process.stdout.write(
  [
    "",
    `Crossboard: ${count} process${count > 1 ? "es" : ""} on ports ${base}${count > 1 ? `–${last}` : ""}, sharing ${redis.url}`,
    `Open http://localhost:${base} (any of the ports serves the game; tables live on all of them).`,
    process.env.DATABASE_URL
      ? "Tables are kept in DATABASE_URL."
      : process.env.DATA_DIR === ":memory:"
        ? "Tables are not kept (DATA_DIR=:memory:)."
        : `Tables are kept per process in ${path.relative(ROOT, dataDir(base)).replace(String(base), "<port>") || "."}.`,
    "Ctrl-C stops them all.",
    "",
  ].join("\n"),
);
