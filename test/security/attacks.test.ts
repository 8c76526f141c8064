/**
 * The server attacked from outside on loopback, as a hostile user would: floods of messages
 * that are never read, spoofed address headers, probes of table codes, malformed HTTP, a seat
 * token used from a second connection, connections that say nothing. Each test is one hole
 * that was found open; it fails on a server that has it.
 */
import { spawn } from "node:child_process";
import net from "node:net";
import { fileURLToPath } from "node:url";
import { Protocol } from "@colyseus/core";
import { encode } from "@colyseus/schema";
import type { Room } from "colyseus.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import type { TableView } from "../../shared/protocol/views";
import {
  gameOf,
  hello,
  nextMessage,
  startTestServer,
  type TestServer,
  waitFor,
} from "../server/harness";
import { type ChildServer, startChildServer } from "./child";

type TableRoom = Room<TableView>;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};

/**
 * Plays `n` moves at a hot-seat table, timing each from send to the patch that shows it; one
 * every 150 ms, as a person plays (faster would run into the table's message budget).
 */
async function roundTrips(room: TableRoom, n: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    await new Promise((r) => setTimeout(r, 150));
    const s = room.state;
    if (s.phase !== "playing") break;
    const { from, to } = gameOf(s).legalMoves()[0]!;
    const count = s.moves.length;
    const t0 = performance.now();
    room.send("move", { from, to });
    await waitFor(room, (x) => x.moves.length > count);
    times.push(performance.now() - t0);
  }
  return times;
}

async function post(url: string, body: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
  });
  return { status: res.status, text: await res.text(), headers: res.headers };
}

/** Runs test/security/flooder.ts and resolves with what it reports. */
function runFlooder(
  url: string,
  table: string,
  connections: number,
  ms: number,
): Promise<{ sent: number; dropped: number; joins: number }> {
  // At the lowest priority: the attacker's machine is not the server's, so its own sending
  // should not take the CPU from the server and the honest player on this one.
  const child = spawn(
    "nice",
    [
      "-n",
      "19",
      process.execPath,
      "--import",
      "tsx",
      "test/security/flooder.ts",
      url,
      table,
      String(connections),
      String(ms),
    ],
    { cwd: fileURLToPath(new URL("../..", import.meta.url)), stdio: ["ignore", "pipe", "inherit"] },
  );
  let out = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    out += chunk.toString();
  });
  return new Promise((resolve, reject) =>
    child.on("exit", () => {
      try {
        resolve(JSON.parse(out.trim().split("\n").at(-1) ?? ""));
      } catch {
        reject(new Error(`flooder said: ${out}`));
      }
    }),
  );
}

describe("a flood of messages nobody reads", () => {
  let server: ChildServer;
  beforeAll(async () => {
    server = await startChildServer();
  }, 30_000);
  afterAll(() => server?.close());

  it("leaves another table's round trip within 2× of idle, the server's memory bounded, and drops the flooders", async () => {
    const honest = (await server
      .client()
      .create("table", { game: "xiangqi", mode: "hotseat", name: "Honest" })) as TableRoom;
    await waitFor(honest, (s) => s.phase === "playing");
    await roundTrips(honest, 5); // warm up
    const idle = median(await roundTrips(honest, 20));
    const memoryBefore = server.rss();

    // Ten connections at another table send unknown types with ~3.5 KB names as fast as they
    // can, and never read a byte of what comes back; dropped ones try to join again. They run
    // in processes of their own, so that only the server stands between them and the honest
    // table.
    const target = (await server
      .client()
      .create("table", { game: "fourchess", name: "T" })) as TableRoom;
    const cpuBefore = server.cpu();
    const flood = Promise.all([
      runFlooder(server.ws, target.roomId, 5, 4000),
      runFlooder(server.ws, target.roomId, 5, 4000),
    ]).then(([a, b]) => ({ sent: a.sent + b.sent }));
    const underFlood = median(await roundTrips(honest, 20));
    const { sent } = await flood;
    const growth = server.rss() - memoryBefore;
    const cpu = server.cpu() - cpuBefore;

    // Medians of 20 moves each; below 5 ms the comparison is with 5 ms (timer noise).
    expect(
      underFlood,
      `idle ${idle.toFixed(1)} ms, under flood ${underFlood.toFixed(1)} ms`,
    ).toBeLessThanOrEqual(2 * Math.max(idle, 5));
    expect(growth, `memory grew ${(growth / 2 ** 20).toFixed(1)} MiB`).toBeLessThan(32 * 2 ** 20);
    // What the flood cost the server: a server that handles every frame (as this one did
    // before) spent ~3.8 s of CPU in these 4 s; cutting the flooders off costs ~0.4 s.
    expect(cpu, `the server used ${cpu} ms of CPU during the 4 s flood`).toBeLessThan(1000);
    // The flooders were cut off (a client that does not read never hears it: the server's
    // log says so, once). They sent hundreds of frames (~3.5 KB each) before, fewer on a busy
    // machine where their processes share the cores with everything else.
    expect(sent).toBeGreaterThanOrEqual(200);
    const abuse = server.lines
      .filter((l) => l.includes('"event":"abuse"'))
      .map((l) => JSON.parse(l) as { kind: string });
    expect(
      abuse.map((a) => a.kind),
      JSON.stringify(abuse),
    ).toContain("flood");
    // The honest table is still served.
    await hello(honest);
    await honest.leave();
    await target.leave();
  }, 60_000);

  it("keeps its log to a few lines however often it is abused", async () => {
    await server.close();
    server = await startChildServer();
    const before = server.lines.length;
    // Reconnection probes for codes that do not exist, and frames over the size limit.
    for (let i = 0; i < 50; i++)
      await post(`${server.http}/matchmake/reconnect/ZZZZZ${i % 10}`, `{"reconnectionToken":"x"}`);
    for (let i = 0; i < 10; i++) {
      const room = (await server
        .client()
        .create("table", { game: "xiangqi", name: "Big" })) as TableRoom;
      const closed = new Promise<number>((r) => room.onLeave(r));
      room.send("move", { from: "a".repeat(6000), to: "b" });
      expect(await closed).toBe(1009);
    }
    const written = server.lines.slice(before);
    expect(written.length, written.join("\n")).toBeLessThanOrEqual(6);
    for (const line of written) expect(() => JSON.parse(line)).not.toThrow();
    expect(written.join("\n")).not.toMatch(/\n\s+at /);
  }, 60_000);
});

/** A data frame of `type` with `payload` as its raw bytes, as no honest client sends it. */
function rawFrame(type: string, payload: readonly number[]): Uint8Array {
  const head = Buffer.alloc(2 + type.length * 4);
  head[0] = Protocol.ROOM_DATA;
  const it = { offset: 1 };
  encode.string(head, type, it);
  return Uint8Array.from([...head.subarray(0, it.offset), ...payload]);
}

describe("malformed messages", () => {
  it("answers each with payload/invalid, keeps the connection, and logs one line per address: no stacks", async () => {
    const server = await startChildServer();
    try {
      const before = server.lines.length;
      const rooms: TableRoom[] = [];
      for (let i = 0; i < 10; i++)
        rooms.push(
          (await server
            .client()
            .create("table", { game: "xiangqi", mode: "hotseat", name: `M${i}` })) as TableRoom,
        );
      const frames = [
        ...Array.from({ length: 20 }, (_, n) => rawFrame("move", [0xd4, n + 1, 0x00])),
        rawFrame("move", [0xc7, 0x01, 0x20, 0x00]), // ext 8
        rawFrame("sit", [0xd6, 0xff, 0, 0, 0, 0]), // a date
        rawFrame("move", [0x82, 0xa4, 0x66, 0x72]), // cut short
        rawFrame("sit", [0x01, 0x02]), // bytes after the value
        rawFrame("sit", [0xc1]),
      ];
      // 25 frames from each of 10 connections, within the message budget: every one is read.
      const answers = await Promise.all(
        rooms.map((room) => {
          for (const f of frames) room.connection.send(f);
          return hello(room);
        }),
      );
      for (const a of answers) {
        expect(a.errors.map((e) => e.code)).toEqual(frames.map(() => "payload/invalid"));
        expect(a.role).toBeDefined();
      }
      const written = server.lines.slice(before);
      expect(written.join("\n")).not.toMatch(/\n\s+at |message handler failed|Unknown extension/);
      const abuse = written
        .filter((l) => l.includes('"event":"abuse"'))
        .map((l) => JSON.parse(l) as { kind: string; source: string });
      expect(abuse.filter((a) => a.kind === "bad-frame")).toHaveLength(1);
      // Still at the table: a real move is played.
      const room = rooms[0]!;
      await waitFor(room, (s) => s.phase === "playing");
      room.send("move", { from: "h2", to: "e2" });
      await waitFor(room, (s) => s.moves.length >= 1);
      for (const r of rooms) await r.leave();
    } finally {
      await server.close();
    }
  }, 30_000);
});

describe("an address cut off for flooding, and slow requests", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ handshakeMs: 1500, maxConnectionsPerAddress: 40 });
  });
  afterAll(() => t.close());

  it("answers a request body sent a byte at a time with 408 within HANDSHAKE_MS", async () => {
    const socket = net.connect(t.server.port, "127.0.0.1");
    socket.on("error", () => undefined);
    let answer = "";
    socket.on("data", (d: Buffer) => {
      answer += d.toString();
    });
    const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    const t0 = Date.now();
    socket.write(
      "POST /matchmake/create/table HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n" +
        "Content-Length: 200\r\n\r\n{",
    );
    const drip = setInterval(() => socket.write(" "), 250);
    await closed;
    clearInterval(drip);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    // 1.5 s, looked at every second; twice the limit (what it was) is never reached.
    expect(Date.now() - t0).toBeLessThan(3000);
  });

  it("answers a flooder's matchmaking with 429 / 4291 and closes its WebSockets with 4291", async () => {
    const room = (await t
      .client()
      .create("table", { game: "xiangqi", mode: "hotseat", name: "F" })) as TableRoom;
    const left = new Promise<number>((r) => room.onLeave(r));
    for (let i = 0; i < 120; i++) room.send("hello");
    await left;
    // The matchmaker, by HTTP and through colyseus.js.
    const res = await post(`${t.http}/matchmake/joinById/${room.roomId}`, "{}");
    expect(res.status).toBe(429);
    expect(JSON.parse(res.text)).toMatchObject({ code: 4291 });
    // colyseus.js reports the HTTP status.
    await expect(t.client().joinById(room.roomId)).rejects.toMatchObject({ code: 429 });
    // A WebSocket, whatever it asks for: opened, then closed with 4291.
    const ws = new WebSocket(`${t.url}/anything/${room.roomId}?sessionId=x`);
    ws.on("error", () => undefined);
    const code = await new Promise<number>((resolve) => ws.on("close", (c: number) => resolve(c)));
    expect(code).toBe(4291);
    // The rest of the site still answers: no connection is reset.
    expect((await fetch(`${t.http}/api/health`)).status).toBe(200);
  });
});

describe("matchmaking and HTTP", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t.close());

  it("counts a client that changes its X-Forwarded-For and X-Real-IP like any other", async () => {
    const server = await startChildServer({ MATCHMAKE_PER_MINUTE: "10" });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 15; i++) {
        const spoof = `10.0.${i}.${i}`;
        const r = await post(`${server.http}/matchmake/joinById/QQQQQQ`, "{}", {
          "x-forwarded-for": spoof,
          "x-real-ip": spoof,
        });
        statuses.push(r.status);
      }
      expect(statuses.filter((s) => s === 429).length).toBe(5);
    } finally {
      await server.close();
    }
  }, 30_000);

  it("limits reconnection and answers it alike whether or not the table exists", async () => {
    const server = await startChildServer({ MATCHMAKE_PER_MINUTE: "10" });
    try {
      const host = (await server
        .client()
        .create("table", { game: "xiangqi", name: "H", private: true })) as TableRoom;
      const real = await post(`${server.http}/matchmake/reconnect/${host.roomId}`, "{}");
      const missing = await post(`${server.http}/matchmake/reconnect/ZZZZZZ`, "{}");
      const wrongToken = await post(
        `${server.http}/matchmake/reconnect/${host.roomId}`,
        `{"reconnectionToken":"nope"}`,
      );
      expect(real.text).toBe(missing.text);
      expect(wrongToken.text).toBe(missing.text);
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++)
        statuses.push((await post(`${server.http}/matchmake/reconnect/ZZZZZZ`, "{}")).status);
      expect(statuses).toContain(429);
      await host.leave();
    } finally {
      await server.close();
    }
  }, 30_000);

  it("answers malformed requests with short JSON errors: no stack traces, no paths", async () => {
    const answers = [
      await post(`${t.http}/api/quickplay`, "{not json"),
      await post(`${t.http}/api/quickplay`, "[]"),
      await post(`${t.http}/api/quickplay`, JSON.stringify({ game: "x".repeat(8000) })),
      await post(`${t.http}/api/x/matchmake/create/table`, "{}"),
      await post(`${t.http}/matchmake/create/table`, "{not json"),
      await post(`${t.http}/matchmake/create/table`, "[1,2]"),
      await post(`${t.http}/matchmake/create/table/extra`, "{}"),
      await post(`${t.http}/matchmake/unknown/table`, "{}"),
      await post(`${t.http}/matchmake/create/table`, JSON.stringify({ pad: "x".repeat(9000) })),
      { status: 0, text: await (await fetch(`${t.http}/%E0%A4%A`)).text() },
      { status: 0, text: await (await fetch(`${t.http}/matchmake/create/table`)).text() },
    ];
    for (const a of answers) {
      const body = JSON.parse(a.text) as { code?: unknown };
      expect(body.code, a.text).toBeDefined();
      expect(a.text.length).toBeLessThan(300);
      expect(a.text).not.toMatch(/ at |node_modules|\/work|\.ts:/);
    }
    // None of them created a table: an array body or a path that merely contains /matchmake
    // used to.
    const { tables } = (await (await fetch(`${t.http}/api/tables`)).json()) as {
      tables: unknown[];
    };
    expect(tables).toEqual([]);
  });

  it("lets only the server's own pages call the matchmaker from a browser", async () => {
    const foreign = await post(`${t.http}/matchmake/joinById/QQQQQQ`, "{}", {
      origin: "https://evil.example",
    });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get("access-control-allow-origin")).toBeNull();
    const preflight = await fetch(`${t.http}/matchmake/create/table`, {
      method: "OPTIONS",
      headers: { origin: "https://evil.example", "access-control-request-method": "POST" },
    });
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    const own = await post(`${t.http}/matchmake/joinById/QQQQQQ`, "{}", { origin: t.http });
    expect(own.status).not.toBe(403);
  });
});

/** A xiangqi game between Ana (seat 0, with her seat token) and Budi, started. */
async function xiangqiForTwo(t: TestServer) {
  const ana = (await t
    .client()
    .create("table", { game: "xiangqi", name: "Ana", seat: 0 })) as TableRoom;
  const { token } = (await hello(ana)).seats[0]!;
  const budi = (await t.client().joinById(ana.roomId, { name: "Budi", seat: 1 })) as TableRoom;
  ana.send("start");
  await waitFor(ana, (s) => s.phase === "playing");
  await waitFor(budi, (s) => s.phase === "playing");
  return { ana, budi, token };
}

describe("seats and connections", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ handshakeMs: 500, maxConnectionsPerAddress: 40 });
  });
  afterAll(() => t.close());

  it("gives a reclaimed seat to the newest connection only: the old one is told and watches", async () => {
    const { ana, budi, token } = await xiangqiForTwo(t);
    const told = nextMessage<{ code: string }>(ana, "error");
    const welcomed = nextMessage<{ role: string }>(ana, "welcome");
    const ana2 = (await t.client().joinById(ana.roomId, { seatToken: token })) as TableRoom;
    expect((await told).code).toBe("seat/taken-over");
    expect((await welcomed).role).toBe("spectator");
    // The old connection's move is refused; the new one's is played.
    const refused = nextMessage<{ code: string }>(ana, "error");
    ana.send("move", { from: "h2", to: "e2" });
    expect((await refused).code).toBe("role/spectator");
    expect(ana.state.moves.length).toBe(0);
    ana2.send("move", { from: "h2", to: "e2" });
    await waitFor(ana2, (s) => s.moves.length === 1);
    await Promise.all([ana.leave(), ana2.leave(), budi.leave()]);
  });

  it("treats a player disconnected for an oversized frame like any drop: the seat is kept", async () => {
    const { ana, budi, token } = await xiangqiForTwo(t);
    const closed = new Promise<number>((r) => ana.onLeave(r));
    ana.send("move", { from: "x".repeat(5000), to: "e2" });
    expect(await closed).toBe(1009);
    await waitFor(budi, (s) => !s.seats[0]!.connected);
    expect(budi.state.seats[0]!.kind).toBe("human");
    const back = (await t.client().joinById(ana.roomId, { seatToken: token })) as TableRoom;
    await waitFor(budi, (s) => s.seats[0]!.connected);
    back.send("move", { from: "h2", to: "e2" });
    await waitFor(budi, (s) => s.moves.length === 1);
    await Promise.all([back.leave(), budi.leave()]);
  });

  it("closes a connection that says nothing, and caps connections per address", async () => {
    const silent = net.connect(t.server.port, "127.0.0.1");
    const t0 = Date.now();
    await new Promise<void>((resolve) => silent.once("close", () => resolve()));
    expect(Date.now() - t0).toBeLessThan(5000);

    const sockets = await Promise.all(
      Array.from(
        { length: 45 },
        () =>
          new Promise<net.Socket>((resolve) => {
            const s = net.connect(t.server.port, "127.0.0.1", () => resolve(s));
            s.on("error", () => undefined);
          }),
      ),
    );
    const closed = await Promise.all(
      sockets.map(
        (s) =>
          new Promise<boolean>((resolve) => {
            if (s.destroyed) return resolve(true);
            const timer = setTimeout(() => resolve(false), 300);
            s.once("close", () => {
              clearTimeout(timer);
              resolve(true);
            });
          }),
      ),
    );
    // Over the cap of 40, the extra connections are closed at once.
    expect(closed.filter(Boolean).length).toBeGreaterThanOrEqual(5);
    for (const s of sockets) s.destroy();
  });
});
