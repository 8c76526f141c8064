/**
 * The load runner at a small size, as CI runs it: about 40 tables of every kind (xiangqi,
 * four-player Teams and Individual) with a spectator each, some with CPU seats, short think
 * times so that games end and tables play again or close and are replaced, and connections
 * dropping and coming back with their reconnection token or their seat token (some long enough
 * for the stand-in to play). The runner starts the real server in its own process. The run
 * must lose no move, leave no turn stuck and meet no error; every table must have played, and
 * the report must hold its figures.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), "crossboard-loadtest-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function runner(args: string[]): Promise<{ code: number | null; output: string }> {
  // As an operator runs it: not with the test runner's NODE_ENV.
  const { NODE_ENV: _, ...env } = process.env;
  const child = spawn(process.execPath, ["--import", "tsx", "loadtest/run.ts", ...args], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d: Buffer) => {
    output += d.toString();
  });
  child.stderr.on("data", (d: Buffer) => {
    output += d.toString();
  });
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, output })));
}

interface Report {
  ok: boolean;
  failures: string[];
  tables: number;
  clients: { planned: number; connected: number; players: number; spectators: number };
  joins: Record<string, number>;
  drops: number;
  reconnects: Record<string, number>;
  moves: {
    played: number;
    sent: number;
    acked: number;
    refused: number;
    byPlayer: number;
    byCpu: number;
    byStandIn: number;
  };
  games: { finished: number; again: number; closed: number; opened: number };
  errors: Record<string, number>;
  lostMoves: { unseen: number; unanswered: number; total: number };
  stuckTurns: number;
  roundTrip: { count: number; p50: number; p95: number; p99: number; max: number };
  health: { count: number; p50: number; failures: number };
  spectatorBytesPerMove: number | null;
  server: {
    cpuPercent: number | null;
    mainThreadPercent: number | null;
    rssIdleMB: number | null;
    rssMeanMB: number | null;
    memoryPerTableKB: number | null;
    heap: { idleUsedMB: number; committedMeanMB: number; usedMeanMB: number } | null;
  };
  generators: { clients: number; cpuPercent: number; loopDelayP99: number }[];
  perTable: { slot: number; kind: string; moves: number; ids: string[] }[];
}

describe("the load runner", () => {
  it("plays 40 tables for a minute with no lost move, stuck turn or error", async () => {
    const json = path.join(dir, "report.json");
    const { code, output } = await runner([
      "--tables=40",
      "--spectators=1",
      "--minutes=1",
      "--generators=2",
      "--think=0.3-1",
      "--move-limit=40",
      "--again=0.5",
      "--drops=2",
      "--offline=0.2-1.5",
      "--away=0.15",
      "--grace=2",
      "--reconnect=0.5",
      "--cpu-seats=0.25",
      "--lost-after=30",
      "--seed=7",
      "--quiet",
      `--json=${json}`,
    ]);
    const report = JSON.parse(readFileSync(json, "utf8")) as Report;
    // The runner's own verdict, with its printed table when it fails.
    expect(report.failures, output).toEqual([]);
    expect(code, output).toBe(0);
    expect(report.lostMoves.total).toBe(0);
    expect(report.stuckTurns).toBe(0);
    expect(report.errors).toEqual({});

    // Every table played, every kind was there, and people did more than wait.
    expect(report.perTable).toHaveLength(40);
    expect(report.perTable.filter((t) => t.moves === 0)).toEqual([]);
    expect(new Set(report.perTable.map((t) => t.kind))).toEqual(
      new Set(["xiangqi", "teams", "individual"]),
    );
    expect(report.clients.connected).toBe(report.clients.planned);
    expect(report.moves.acked).toBeGreaterThan(1000);
    expect(report.moves.acked).toBe(report.moves.sent);
    // CPU seats played, and stand-ins for the players away past the grace.
    expect(report.moves.byCpu).toBeGreaterThan(0);
    expect(report.moves.byStandIn).toBeGreaterThan(0);
    expect(report.moves.played).toBe(
      report.moves.byPlayer + report.moves.byCpu + report.moves.byStandIn,
    );
    // Games ended and tables went on: the next game, or closed and replaced.
    expect(report.games.finished).toBeGreaterThan(0);
    expect(report.games.again).toBeGreaterThan(0);
    expect(report.games.closed).toBeGreaterThan(0);
    expect(report.games.opened).toBeGreaterThan(40);
    // Connections dropped and came back every way.
    expect(report.drops).toBeGreaterThan(20);
    expect(report.reconnects["reconnection token"]).toBeGreaterThan(0);
    expect(report.reconnects["seat token"]).toBeGreaterThan(0);
    expect(report.reconnects.spectator).toBeGreaterThan(0);

    // The figures an operator reads.
    const rt = report.roundTrip;
    expect(rt.count).toBe(report.moves.acked);
    expect(rt.p50).toBeGreaterThan(0);
    expect(rt.p50).toBeLessThanOrEqual(rt.p95);
    expect(rt.p95).toBeLessThanOrEqual(rt.p99);
    expect(rt.p99).toBeLessThanOrEqual(rt.max);
    expect(report.spectatorBytesPerMove).toBeGreaterThan(0);
    expect(report.health.count).toBeGreaterThan(100);
    expect(report.health.p50).toBeGreaterThan(0);
    expect(report.health.failures).toBe(0);
    expect(report.server.cpuPercent).toBeGreaterThan(0);
    expect(report.server.mainThreadPercent).toBeGreaterThan(0);
    expect(report.server.rssMeanMB).toBeGreaterThan(report.server.rssIdleMB ?? 0);
    expect(report.server.memoryPerTableKB).toBeGreaterThan(0);
    // The heap, read from the server's metrics while playing.
    expect(report.server.heap?.usedMeanMB).toBeGreaterThan(report.server.heap?.idleUsedMB ?? 0);
    expect(report.server.heap?.committedMeanMB).toBeGreaterThanOrEqual(
      report.server.heap?.usedMeanMB ?? 0,
    );
    expect(report.generators).toHaveLength(2);
    for (const g of report.generators) {
      expect(g.clients).toBeGreaterThan(0);
      expect(g.cpuPercent).toBeGreaterThan(0);
      expect(Number.isFinite(g.loopDelayP99)).toBe(true);
    }
    // The short table says the same.
    expect(output).toContain("result: held");
    expect(output).toMatch(/move round trip\s+p50 [\d.]+ ms, p95 [\d.]+ ms, p99 [\d.]+ ms/);
  }, 300_000);

  it("stops the server and the generators it started when it is interrupted", async () => {
    const { NODE_ENV: _, ...env } = process.env;
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "loadtest/run.ts", "--tables=4", "--minutes=5", "--generators=1"],
      { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] },
    );
    let output = "";
    const exited = new Promise<number | null>((resolve) =>
      child.on("exit", (code) => resolve(code)),
    );
    // Interrupted while playing: the server is up and the tables are open.
    const url = await new Promise<string>((resolve, reject) => {
      const seen = (d: Buffer) => {
        output += d.toString();
        const at = /→ (ws:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (at && output.includes("open:")) resolve(at[1]!);
      };
      child.stdout.on("data", seen);
      child.stderr.on("data", seen);
      child.once("exit", () => reject(new Error(`the runner ended first:\n${output}`)));
    });
    const health = new URL("/api/health", url.replace(/^ws/, "http"));
    expect((await fetch(health)).ok).toBe(true);
    child.kill("SIGTERM");
    // As a process killed by SIGTERM would: 128 + 15.
    expect(await exited, output).toBe(143);
    expect(output).toContain("SIGTERM: stopping the generators and the server");
    await expect(fetch(health)).rejects.toThrow();
  }, 120_000);
});
