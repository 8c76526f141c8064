/**
 * npm run bench:start — how long `npm start` takes to answer its first request: with a build
 * present (the usual restart), and after a source file was touched (it rebuilds first).
 * RUNS=5 and TOUCHED_RUNS=2 by default; prints each time and the medians.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../tools/ports";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const RUNS = Number(process.env.RUNS ?? 5);
const TOUCHED_RUNS = Number(process.env.TOUCHED_RUNS ?? 2);

async function answered(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

/** Starts `npm start`, waits for `/api/health` to answer, stops it; the time to the answer, ms. */
async function timeStart(): Promise<number> {
  const port = await freePort();
  const data = mkdtempSync(join(tmpdir(), "crossboard-start-"));
  const t0 = performance.now();
  const child: ChildProcess = spawn("npm", ["start"], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: data },
    stdio: "ignore",
    detached: true,
  });
  const url = `http://127.0.0.1:${port}/api/health`;
  while (!(await answered(url))) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 10));
  }
  const ms = performance.now() - t0;
  const exited = new Promise((r) => child.once("exit", r));
  process.kill(-(child.pid as number), "SIGTERM");
  await exited;
  rmSync(data, { recursive: true, force: true });
  return ms;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

// The first start builds when the build is missing; the runs below measure from a build.
await timeStart();
const warm: number[] = [];
for (let i = 0; i < RUNS; i++) warm.push(await timeStart());
console.log(
  `build present: ${warm.map((t) => t.toFixed(0)).join(", ")} ms; median ${median(warm).toFixed(0)} ms`,
);
const touched: number[] = [];
for (let i = 0; i < TOUCHED_RUNS; i++) {
  const now = new Date();
  utimesSync(join(ROOT, "shared/games/xiangqi/adapter.ts"), now, now);
  touched.push(await timeStart());
}
console.log(
  `after touching a source: ${touched.map((t) => t.toFixed(0)).join(", ")} ms; median ${median(touched).toFixed(0)} ms`,
);
console.log(`ratio touched/present: ${(median(touched) / median(warm)).toFixed(1)}`);
