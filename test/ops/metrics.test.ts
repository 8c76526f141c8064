/**
 * What an operator watches: `/metrics` in Prometheus' format (the figures move as people play),
 * who may read it, and the health check a load balancer polls, which fails as soon as the
 * server starts stopping.
 */
import type { IncomingMessage } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mayReadMetrics } from "../../server/metrics";
import {
  hello,
  playFirstLegal,
  startTestServer,
  type TableRoom,
  type TestServer,
  waitFor,
} from "../server/harness";

const TOKEN = "metrics-token-for-tests";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ metricsToken: TOKEN });
});
afterAll(() => t.close());

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
    ])
      expect(text, name).toContain(`# TYPE ${name} `);
    expect(sample(text, "process_resident_memory_bytes")).toBeGreaterThan(10_000_000);
  });

  it("counts tables, players, spectators and moves as they happen", async () => {
    const before = await scrape();
    const playing = 'crossboard_tables{game="xiangqi",phase="playing"}';
    const moves = 'crossboard_moves_total{game="xiangqi"}';
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
