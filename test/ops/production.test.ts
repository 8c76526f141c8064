/**
 * A production install: the build (dist/), `tools/start.mjs`, `package.json` and its lock copied
 * to a fresh folder, `npm ci --omit=dev` there, `npm start`. The server starts from the build
 * with no dev dependency (no TypeScript loader, no Vite), says what it runs with in one line,
 * and a colyseus.js client plays a table against its CPU players (the worker thread included).
 * `npm test` builds before the tests run.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "colyseus.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TableView } from "../../shared/protocol/views";
import { entryFromView } from "../../shared/protocol/wire";
import { playFromState } from "../server/playFromState";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "crossboard-production-"));
const { NODE_ENV: _, ...env } = process.env;
let server: ChildProcess | null = null;
const lines: string[] = [];
let listening: Record<string, unknown> = {};

/** Starts `npm start` in the copy and resolves with its start line. */
function start(): Promise<Record<string, unknown>> {
  server = spawn("npm", ["start"], {
    cwd: dir,
    env: {
      ...env,
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: join(dir, "data"),
      CPU_DELAY_MS: "0",
      MONITOR_PASSWORD: "not-in-the-log-7f3a",
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let partial = "";
  return new Promise((resolve, reject) => {
    server?.on("exit", (code) => reject(new Error(`npm start exited with ${code}`)));
    server?.stdout?.on("data", (chunk: Buffer) => {
      const parts = (partial + chunk.toString()).split("\n");
      partial = parts.pop() ?? "";
      for (const line of parts) {
        lines.push(line);
        if (line.includes('"event":"listening"')) resolve(JSON.parse(line));
      }
    });
  });
}

beforeAll(async () => {
  for (const built of ["dist/server/main.mjs", "dist/client/index.html"])
    if (!existsSync(join(ROOT, built)))
      throw new Error(`${built} is missing: run \`npm run build\` first (npm test does)`);
  cpSync(join(ROOT, "dist"), join(dir, "dist"), { recursive: true });
  mkdirSync(join(dir, "tools"));
  cpSync(join(ROOT, "tools/start.mjs"), join(dir, "tools/start.mjs"));
  for (const f of ["package.json", "package-lock.json"]) cpSync(join(ROOT, f), join(dir, f));
  const install = spawnSync(
    "npm",
    ["ci", "--omit=dev", "--no-audit", "--no-fund", "--prefer-offline"],
    { cwd: dir, env, encoding: "utf8", timeout: 8 * 60_000 },
  );
  if (install.status !== 0) throw new Error(`npm ci --omit=dev failed:\n${install.stderr}`);
  listening = await start();
}, 10 * 60_000);

afterAll(async () => {
  if (server?.pid && server.exitCode === null) {
    const exited = new Promise((r) => server?.once("exit", r));
    process.kill(-server.pid, "SIGTERM");
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

describe("a production install", () => {
  it("has no dev dependency: no TypeScript loader, no Vite, no test runner", () => {
    for (const dev of ["tsx", "vite", "vitest", "typescript"])
      expect(existsSync(join(dir, "node_modules", dev))).toBe(false);
    expect(existsSync(join(dir, "node_modules", "colyseus"))).toBe(true);
  });

  it("starts from the build and says what it runs with in one line, without secrets", () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
    expect(listening.version).toBe(version);
    expect(listening).toMatchObject({
      store: "sqlite",
      data: join(dir, "data"),
      monitor: true,
      seatHoldSeconds: 60,
      maxSpectators: expect.any(Number),
    });
    expect(lines.join("\n")).not.toContain("not-in-the-log-7f3a");
  });

  it("plays a table against its CPU players through colyseus.js", async () => {
    const client = new Client(`ws://127.0.0.1:${listening.port}`);
    const room = await client.create<TableView>("table", {
      game: "xiangqi",
      mode: "computer",
      name: "Production",
    });
    const s = await playFromState(room, 3, true);
    const entries = Array.from(s.moves, (m) => entryFromView(s.game, m));
    expect(entries.filter((e) => e.seat === 0)).toHaveLength(3);
    // Every CPU reply came from the search in the worker thread of the built server.
    expect(entries.filter((e) => e.seat === 1 && e.by === "cpu")).toHaveLength(3);
    await room.leave();
  });
});
