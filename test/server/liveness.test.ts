/**
 * Connections that go silent are closed (so their seats go to the stand-in), those that answer
 * pings or send messages stay, and the pings are spread over the interval instead of sent to
 * every client at once (server/edge/liveness.ts).
 */
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocket, WebSocketServer } from "ws";
import { type Liveness, watchLiveness } from "../../server/edge/liveness";

const OPTS = { intervalMs: 300, retries: 2, slices: 3 };

let wss: WebSocketServer | null = null;
let liveness: Liveness | null = null;
const clients: WebSocket[] = [];

afterEach(async () => {
  liveness?.stop();
  for (const c of clients.splice(0)) c.terminate();
  await new Promise<void>((r) => (wss ? wss.close(() => r()) : r()));
  wss = null;
});

async function serve(): Promise<string> {
  wss = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  liveness = watchLiveness(wss, OPTS);
  await new Promise<void>((r) => wss?.once("listening", () => r()));
  return `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`;
}

async function connect(url: string, autoPong = true): Promise<WebSocket> {
  const socket = new WebSocket(url, { autoPong });
  clients.push(socket);
  await new Promise((r) => socket.once("open", r));
  return socket;
}

function pings(socket: WebSocket, count: number): Promise<void> {
  return new Promise((resolve) => {
    let seen = 0;
    socket.on("ping", () => {
      if (++seen === count) resolve();
    });
  });
}

describe("closing silent connections", () => {
  it("closes a client that stops answering, after its retries, and keeps the others", async () => {
    const url = await serve();
    const live = await connect(url);
    const chatty = await connect(url, false);
    const talking = setInterval(() => chatty.send("hi"), 50);
    let chattyPings = 0;
    chatty.on("ping", () => chattyPings++);
    const silent = await connect(url, false);
    const since = Date.now();
    const livePinged = pings(live, 4);
    const closed = await new Promise<number>((r) => silent.once("close", r));
    clearInterval(talking);
    // 1006: terminated without a close frame, as a dead network would be.
    expect(closed).toBe(1006);
    // Two unanswered visits first: never before two intervals.
    expect(Date.now() - since).toBeGreaterThanOrEqual(2 * OPTS.intervalMs - 50);
    await livePinged;
    expect(live.readyState).toBe(WebSocket.OPEN);
    expect(chatty.readyState).toBe(WebSocket.OPEN);
    // A client that keeps talking shows it is there: it is not pinged on top.
    expect(chattyPings).toBe(0);
  });

  it("pings one slice of the clients at a time", async () => {
    const url = await serve();
    const sockets = await Promise.all(Array.from({ length: 9 }, () => connect(url)));
    const times: number[][] = sockets.map(() => []);
    sockets.forEach((s, i) => {
      s.on("ping", () => times[i]?.push(Date.now()));
    });
    await Promise.all(sockets.map((s) => pings(s, 2)));
    // Each client is visited once per interval, and the slices are visited a tick apart:
    // the first pings of all nine clients cover at least two ticks, not one instant.
    const first = times.map((t) => t[0] as number);
    expect(Math.max(...first) - Math.min(...first)).toBeGreaterThanOrEqual(
      (2 * OPTS.intervalMs) / OPTS.slices - 50,
    );
    for (const t of times) {
      expect((t[1] as number) - (t[0] as number)).toBeGreaterThanOrEqual(OPTS.intervalMs - 50);
    }
  });
});
