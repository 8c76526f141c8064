/**
 * What an operator watches: `/metrics` in Prometheus' format (the figures move as people play),
 * who may read it, and the health check a load balancer polls, which fails as soon as the
 * server starts stopping.
 */
import type { IncomingMessage } from "node:http";
import { connect, type Socket } from "node:net";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it, vi } from "vitest";
import { mayReadMetrics, ServerMetrics } from "../../server/ops/metrics";
import { MOVE_BY, unpackMove } from "../../shared/protocol/wire";
import { hello, playFirstLegal, type TableRoom, useTestServer, waitFor } from "../server/harness";

const TOKEN = "metrics-token-for-tests";

const t = useTestServer({ metricsToken: TOKEN });

async function scrape(headers: Record<string, string> = {}): Promise<string> {
  const res = await fetch(`${t.http}/metrics`, { headers });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
  return res.text();
}

/** The value of one sample, e.g. `crossboard_tables{game="xiangqi",phase="playing"}`; 0 if absent. */
function sample(text: string, series: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

const movesBy = (text: string, game: string, by: string) =>
  sample(text, `crossboard_moves_total{game="${game}",by="${by}"}`);
/** Moves of a game, whoever made them. */
const allMoves = (text: string, game: string) =>
  MOVE_BY.reduce((n, by) => n + movesBy(text, game, by), 0);

describe("metrics", () => {
  it("serves Prometheus text with the process metrics", async () => {
    const text = await scrape();
    for (const name of [
      "process_resident_memory_bytes",
      "process_cpu_seconds_total",
      "nodejs_heap_size_used_bytes",
      "nodejs_eventloop_lag_p99_seconds",
      "crossboard_tables",
      "crossboard_clients",
      "crossboard_moves_total",
      "crossboard_move_seconds",
      "crossboard_process_info",
      "crossboard_heap_live_bytes",
    ])
      expect(text, name).toContain(`# TYPE ${name} `);
    expect(sample(text, "process_resident_memory_bytes")).toBeGreaterThan(10_000_000);
  });

  it("counts open descriptors without visiting every handle of the process", async () => {
    const before = sample(await scrape(), "process_open_fds");
    const { hostname, port } = new URL(t.http);
    const sockets = await Promise.all(
      Array.from(
        { length: 20 },
        () =>
          new Promise<Socket>((resolve, reject) => {
            const s = connect(Number(port), hostname, () => resolve(s));
            s.once("error", reject);
          }),
      ),
    );
    try {
      // Both ends of each connection are this process's (the test server runs in it).
      const text = await scrape();
      expect(sample(text, "process_open_fds") - before).toBeGreaterThanOrEqual(20);
      // Lists of every socket, made on each scrape, stall every table at thousands of them.
      expect(text).not.toContain("nodejs_active_handles");
      expect(text).not.toContain("nodejs_active_resources");
    } finally {
      for (const s of sockets) s.destroy();
    }
  });

  it("tells the live heap read after a full collection, below the heap in use", async () => {
    // A full collection made on purpose: V8's gc() exposed to this context for the test.
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    gc();
    // The observer hears of the collection after it; the figure then stands until the next.
    await vi.waitFor(async () =>
      expect(sample(await scrape(), "crossboard_heap_live_bytes")).toBeGreaterThan(0),
    );
    const text = await scrape();
    const live = sample(text, "crossboard_heap_live_bytes");
    expect(live).toBeGreaterThan(1_000_000);
    expect(live).toBeLessThanOrEqual(sample(text, "nodejs_heap_size_total_bytes"));
  });

  it("counts tables, players, spectators and moves as they happen", async () => {
    const before = await scrape();
    const playing = 'crossboard_tables{game="xiangqi",phase="playing"}';
    const moves = 'crossboard_moves_total{game="xiangqi",by="player"}';
    const handled = 'crossboard_move_seconds_count{game="xiangqi"}';
    const red = (await t
      .client()
      .create("table", { game: "xiangqi", name: "Red", seat: 0, private: true })) as TableRoom;
    const black = (await t.client().joinById(red.roomId, { name: "Black", seat: 1 })) as TableRoom;
    const watcher = (await t.client().joinById(red.roomId, { spectate: true })) as TableRoom;
    await hello(watcher);
    await waitFor(red, (s) => s.seats[1]?.kind === "human" && s.spectators === 1);
    red.send("start");
    await waitFor(black, (s) => s.phase === "playing");

    let text = await scrape();
    expect(sample(text, playing)).toBe(sample(before, playing) + 1);
    expect(sample(text, 'crossboard_clients{role="player"}')).toBe(2);
    expect(sample(text, 'crossboard_clients{role="spectator"}')).toBe(1);

    playFirstLegal(red);
    await waitFor(black, (s) => s.moves.length === 1);
    playFirstLegal(black);
    await waitFor(red, (s) => s.moves.length === 2);
    text = await scrape();
    expect(sample(text, moves)).toBe(sample(before, moves) + 2);
    expect(sample(text, handled)).toBe(sample(before, handled) + 2);
    expect(sample(text, 'crossboard_move_seconds_sum{game="xiangqi"}')).toBeGreaterThan(0);

    // A resignation is an action but not a move; the table then counts as finished.
    red.send("resign");
    await waitFor(black, (s) => s.phase === "finished");
    text = await scrape();
    expect(sample(text, moves)).toBe(sample(before, moves) + 2);
    expect(sample(text, playing)).toBe(sample(before, playing));
    const finished = 'crossboard_tables{game="xiangqi",phase="finished"}';
    expect(sample(text, finished)).toBe(sample(before, finished) + 1);
    for (const room of [red, black, watcher]) await room.leave();
  });

  it("counts the moves of CPUs and stand-ins too, each under who made it", async () => {
    const before = await scrape();
    // Against the computer: the player's move and the CPU's answer.
    const solo = (await t
      .client()
      .create("table", { game: "xiangqi", mode: "computer", name: "Solo" })) as TableRoom;
    await waitFor(solo, (s) => s.phase === "playing" && s.turn === 0);
    playFirstLegal(solo);
    await waitFor(solo, (s) => s.moves.length === 2);
    let text = await scrape();
    expect(movesBy(text, "xiangqi", "player")).toBe(movesBy(before, "xiangqi", "player") + 1);
    expect(movesBy(text, "xiangqi", "cpu")).toBe(movesBy(before, "xiangqi", "cpu") + 1);
    await solo.leave();

    // Two people with a turn timer: Red lets it run out and the stand-in moves for Red.
    const red = (await t.client().create("table", {
      game: "xiangqi",
      name: "Red",
      seat: 0,
      private: true,
      rules: { turnTimer: 30 },
    })) as TableRoom;
    const black = (await t.client().joinById(red.roomId, { name: "Black", seat: 1 })) as TableRoom;
    await waitFor(red, (s) => s.seats[1]?.kind === "human");
    red.send("start");
    const s = await waitFor(black, (x) => x.moves.length === 1, 15_000);
    expect(unpackMove(s.moves[0]!)).toMatchObject({ by: MOVE_BY.indexOf("stand-in") });
    text = await scrape();
    expect(allMoves(text, "xiangqi")).toBe(allMoves(before, "xiangqi") + 3);
    for (const room of [red, black]) await room.leave();
  });

  it("labels a stand-in's move when the table says so", async () => {
    const metrics = new ServerMetrics(() => []);
    const cpuMove = { type: "cpu-move", seat: 0, ply: 0, move: { from: "h2", to: "e2" } } as const;
    metrics.committed("fourchess", { type: "move", player: "p", move: cpuMove.move }, 1);
    metrics.committed("fourchess", cpuMove, 1);
    metrics.committed("fourchess", cpuMove, 1, "cpu");
    metrics.committed("fourchess", cpuMove, 1, "stand-in");
    metrics.committed("fourchess", { type: "resign", player: "p" }, 1);
    const text = await metrics.text();
    expect(movesBy(text, "fourchess", "player")).toBe(1);
    expect(movesBy(text, "fourchess", "cpu")).toBe(2);
    expect(movesBy(text, "fourchess", "stand-in")).toBe(1);
    expect(sample(text, 'crossboard_move_seconds_count{game="fourchess"}')).toBe(4);
  });

  it("is read on this machine, or elsewhere with METRICS_TOKEN", async () => {
    // Passed on by a proxy: not this machine's.
    const forwarded = { "X-Forwarded-For": "203.0.113.9" };
    let res = await fetch(`${t.http}/metrics`, { headers: forwarded });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(await res.text()).not.toContain("crossboard_tables");
    res = await fetch(`${t.http}/metrics`, {
      headers: { ...forwarded, Authorization: "Bearer wrong-token-wrong-token" },
    });
    expect(res.status).toBe(401);
    await scrape({ ...forwarded, Authorization: `Bearer ${TOKEN}` });
  });

  it("without METRICS_TOKEN, serves loopback only", () => {
    const req = (remoteAddress: string, headers: Record<string, string> = {}) =>
      ({ socket: { remoteAddress }, headers }) as unknown as IncomingMessage;
    expect(mayReadMetrics(req("127.0.0.1"), null)).toBe(true);
    expect(mayReadMetrics(req("::1"), null)).toBe(true);
    expect(mayReadMetrics(req("::ffff:127.0.0.1"), null)).toBe(true);
    expect(mayReadMetrics(req("10.0.0.8"), null)).toBe(false);
    expect(mayReadMetrics(req("127.0.0.1", { "x-forwarded-for": "203.0.113.9" }), null)).toBe(
      false,
    );
    expect(mayReadMetrics(req("127.0.0.1", { "x-real-ip": "203.0.113.9" }), null)).toBe(false);
    expect(mayReadMetrics(req("10.0.0.8", { authorization: "Bearer anything-at-all" }), null)).toBe(
      false,
    );
  });
});

describe("health check", () => {
  it("answers 200 while serving and 503 as soon as the server starts stopping", async () => {
    let res = await fetch(`${t.http}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    // A player at a table: the stop tells them first, and the balancer sees 503 meanwhile.
    const red = (await t
      .client()
      .create("table", { game: "xiangqi", name: "Red", seat: 0 })) as TableRoom;
    const closing = new Promise((resolve) => red.onMessage("closing", resolve));
    const stopping = t.server.stop();
    res = await fetch(`${t.http}/api/health`);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ ok: false, code: "server/stopping" });
    await closing;
    await stopping;
  });
});
