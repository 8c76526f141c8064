/**
 * The load balancer of docs/operations.md, for real: Debian's nginx with the doc's own example
 * (read from the doc, only its ports and TLS adapted, see ./nginx.ts) in front of two server
 * processes sharing a throw-away Redis, each with `PUBLIC_ADDRESS=<nginx>/<its port>` and
 * `TRUST_PROXY=loopback` as the doc says. Everyone connects to nginx only: matchmaking goes to
 * either process, each table connection to the process holding the table by its path.
 */
import { createServer, request } from "node:http";
import { Client } from "colyseus.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TableView } from "../../shared/protocol/views";
import { unpackMove } from "../../shared/protocol/wire";
import { freePort } from "../../tools/ports";
import { type RedisServer, startRedis } from "../../tools/redis";
import { type ChildServer, startChildServer } from "../security/child";
import { hello, playFirstLegal, type TableRoom, waitFor } from "../server/harness";
import { adaptedConfig, documentedConfig, type Nginx, startNginx } from "./nginx";

const CODE = /^[A-HJ-NP-Z2-9]{6}$/;
const MONITOR_PASSWORD = "monitor-password-of-the-test";

let redis: RedisServer;
let nginx: Nginx;
let a: ChildServer;
let b: ChildServer;

/** Three different free loopback ports. */
async function ports(): Promise<[number, number, number]> {
  const found = new Set<number>();
  while (found.size < 3) found.add(await freePort());
  return [...found] as [number, number, number];
}

beforeAll(async () => {
  redis = await startRedis();
  const [front, portA, portB] = await ports();
  const member = (port: number) =>
    startChildServer({
      PORT: String(port),
      PUBLIC_ADDRESS: `127.0.0.1:${front}/${port}`,
      REDIS_URL: redis.url,
      TRUST_PROXY: "loopback",
      MONITOR_PASSWORD,
    });
  [a, b] = await Promise.all([member(portA), member(portB)]);
  nginx = await startNginx(adaptedConfig(documentedConfig(), front, [portA, portB]), front);
}, 60_000);

// Each process shuts down gracefully, its tables written away: on a busy machine that takes
// longer than a hook's default.
afterAll(async () => {
  await nginx?.stop();
  await Promise.all([a?.close(), b?.close()]);
  await redis?.stop();
}, 60_000);

/** A browser's client: it knows nginx's address only. */
const client = () => new Client(nginx.http);

/** Where a table connection went: its URL as the client opened it. */
function urlOf(room: TableRoom): URL {
  const ws = (room as unknown as { connection: { transport: { ws: { url: string } } } }).connection
    .transport.ws;
  return new URL(ws.url);
}

/**
 * The processes nginx sent the successful requests for `uri` to, in order (from its access log,
 * written once each answer is sent: awaited up to `count` lines).
 */
async function servedBy(uri: string, count: number): Promise<number[]> {
  const until = Date.now() + 10_000;
  for (;;) {
    const lines = nginx
      .accessLog()
      .map((l) => l.split(" "))
      .filter(([, path, status]) => path === uri && status === "200");
    if (lines.length >= count) return lines.map((l) => Number(l[3]?.split(":")[1]));
    if (Date.now() > until) throw new Error(`nginx logged ${lines.length} of ${count} × ${uri}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Asks for a WebSocket at `path` through nginx: the answer's status (101 if it was opened). */
function upgrade(path: string): Promise<{ status: number; authenticate?: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${nginx.http}${path}`, {
      headers: {
        Connection: "Upgrade",
        Upgrade: "websocket",
        "Sec-WebSocket-Version": "13",
        "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
      },
      timeout: 10_000,
    });
    req.once("upgrade", (res, socket) => {
      socket.destroy();
      resolve({ status: res.statusCode ?? 0 });
    });
    req.once("response", (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, authenticate: res.headers["www-authenticate"] });
    });
    req.once("timeout", () => req.destroy(new Error(`no answer for ${path}`)));
    req.once("error", reject);
    req.end();
  });
}

const movesOf = (s: TableView) =>
  s.moves.map((n) => {
    const m = unpackMove(n);
    return `${m.from}-${m.to}`;
  });

describe("two processes behind the documented nginx", () => {
  it("plays a private table through nginx: joined by code, watched, and both seats come back", async () => {
    const dewi = (await client().create("table", {
      game: "xiangqi",
      name: "Dewi",
      seat: 0,
      private: true,
    })) as TableRoom;
    const code = dewi.roomId;
    expect(code).toMatch(CODE);
    // The table connection went to nginx, on the path of the process holding the table.
    const url = urlOf(dewi);
    expect(url.host).toBe(`127.0.0.1:${nginx.port}`);
    const holder = Number(url.pathname.split("/")[1]);
    expect([a.port, b.port]).toContain(holder);

    const eko = (await client().joinById(code, { name: "Eko", seat: 1 })) as TableRoom;
    const fajar = (await client().joinById(code, { name: "Fajar", spectate: true })) as TableRoom;
    const gita = (await client().joinById(code, { name: "Gita", spectate: true })) as TableRoom;
    const dewiToken = (await hello(dewi)).seats[0]!.token;
    expect((await hello(eko)).seats[0]!.seat).toBe(1);
    expect((await hello(fajar)).role).toBe("spectator");
    expect((await hello(gita)).role).toBe("spectator");
    // nginx takes turns between the processes for matchmaking: the two spectators asked one
    // process each, so one of them asked the process that does not hold the table.
    const joins = await servedBy(`/matchmake/joinById/${code}`, 3);
    expect(new Set(joins.slice(1))).toEqual(new Set([a.port, b.port]));
    for (const room of [eko, fajar, gita]) expect(urlOf(room).pathname).toMatch(`/${holder}/`);

    await waitFor(dewi, (s) => s.seats[1]?.kind === "human");
    dewi.send("start");
    await waitFor(dewi, (s) => s.phase === "playing");
    playFirstLegal(dewi);
    await waitFor(eko, (s) => s.moves.length === 1);
    playFirstLegal(eko);
    for (const room of [dewi, fajar, gita]) await waitFor(room, (s) => s.moves.length === 2);

    // Eko's connection drops; he comes back with its reconnection token, through nginx.
    const ekoReconnection = eko.reconnectionToken;
    await eko.leave(false);
    await waitFor(dewi, (s) => s.seats[1]?.connected === false);
    await waitFor(fajar, (s) => s.seats[1]?.connected === false);
    const ekoBack = (await client().reconnect(ekoReconnection)) as TableRoom;
    await waitFor(dewi, (s) => s.seats[1]?.connected === true && s.seats[1]?.name === "Eko");
    await waitFor(ekoBack, (s) => s.moves.length === 2);
    playFirstLegal(dewi);
    await waitFor(ekoBack, (s) => s.moves.length === 3 && s.turn === 1);
    playFirstLegal(ekoBack);
    for (const room of [dewi, fajar, gita]) await waitFor(room, (s) => s.moves.length === 4);

    // Dewi's drops too; she comes back later with her seat token, through nginx.
    await dewi.leave(false);
    await waitFor(gita, (s) => s.seats[0]?.connected === false);
    const dewiBack = (await client().joinById(code, {
      name: "Dewi",
      seatToken: dewiToken,
    })) as TableRoom;
    expect(await hello(dewiBack)).toMatchObject({
      role: "player",
      seats: [{ seat: 0, token: dewiToken }],
    });
    await waitFor(ekoBack, (s) => s.seats[0]?.connected === true);
    await waitFor(dewiBack, (s) => s.moves.length === 4 && s.turn === 0);
    playFirstLegal(dewiBack);
    const [seen] = await Promise.all(
      [dewiBack, ekoBack, fajar, gita].map((room) => waitFor(room, (s) => s.moves.length === 5)),
    );
    expect(seen!.seats.map((s) => [s.name, s.connected])).toEqual([
      ["Dewi", true],
      ["Eko", true],
    ]);
    // Everyone saw the same game.
    for (const room of [ekoBack, fajar, gita]) expect(movesOf(room.state)).toEqual(movesOf(seen!));
    // The two seats came back asking one process each, so one through the process not holding
    // the table; both connections went to the holder.
    const [ekoVia] = await servedBy(`/matchmake/reconnect/${code}`, 1);
    const dewiVia = (await servedBy(`/matchmake/joinById/${code}`, 4))[3];
    expect(new Set([ekoVia, dewiVia])).toEqual(new Set([a.port, b.port]));
    for (const room of [ekoBack, dewiBack]) expect(urlOf(room).pathname).toMatch(`/${holder}/`);

    for (const room of [dewiBack, ekoBack, fajar, gita]) await room.leave();
  });

  it("keeps the operator's pages to the operator, whichever path they are asked by", async () => {
    const status = async (path: string) => (await fetch(`${nginx.http}${path}`)).status;
    expect(await status("/api/health")).toBe(200);
    // What the doc's example answers itself (the monitor is for the operator's network only).
    expect(await status("/metrics")).toBe(404);
    expect(await status("/colyseus")).toBe(403);
    // A process's own path leads to its table connections and nothing else.
    for (const server of [a, b]) {
      for (const path of ["colyseus", "colyseus/", "metrics", "api/health"])
        expect(await status(`/${server.port}/${path}`), `/${server.port}/${path}`).toBe(404);
      // Asked as a WebSocket, the monitor's path is a table connection that finds no table.
      const asSocket = await upgrade(`/${server.port}/colyseus`);
      expect(asSocket.status, "no password asked: not the monitor").not.toBe(401);
      expect(asSocket.authenticate).toBeUndefined();
    }
  });
  it("sends no one to a process that is stopping: matchmaking goes on through the other", async () => {
    // A process from its first moment of stopping answers every request 503 server/stopping
    // (docs/operations.md, "Health"); here one stands in the first process's place.
    const stopping = createServer((req, res) => {
      req.resume();
      res.writeHead(503, { "Content-Type": "application/json", "Retry-After": "5" });
      res.end(JSON.stringify({ ok: false, code: "server/stopping" }));
    });
    const [front, stoppingPort] = await ports();
    await new Promise<void>((r) => stopping.listen(stoppingPort, "127.0.0.1", r));
    const proxy = await startNginx(
      adaptedConfig(documentedConfig(), front, [stoppingPort, b.port]),
      front,
    );
    try {
      const via = () => new Client(proxy.http);
      // The first call is sent to the stopping process and passed on; the rest go to b.
      const ana = (await via().create("table", {
        game: "xiangqi",
        name: "Ana",
        seat: 0,
        private: true,
      })) as TableRoom;
      const budi = (await via().joinById(ana.roomId, { name: "Budi", seat: 1 })) as TableRoom;
      expect((await hello(ana)).seats[0]!.seat).toBe(0);
      expect((await hello(budi)).seats[0]!.seat).toBe(1);
      const asked = proxy.accessLog().filter((l) => l.startsWith("POST /matchmake/create/table"));
      expect(asked).toEqual([
        `POST /matchmake/create/table 200 127.0.0.1:${stoppingPort}, 127.0.0.1:${b.port}`,
      ]);
      const health = await fetch(`${proxy.http}/api/health`);
      expect(health.status).toBe(200);
      await Promise.all([ana.leave(), budi.leave()]);
    } finally {
      await proxy.stop();
      await new Promise((r) => stopping.close(r));
    }
  });
});
