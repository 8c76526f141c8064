/**
 * Two server processes behind one real Redis (a throw-away redis-server on loopback): what a
 * person does through one process works through the other, whichever process holds the table.
 * The processes believe a proxy on loopback (TRUST_PROXY), so each test's clients come from
 * addresses of their own and the matchmaking budget per address can be tested across both.
 */
import { RedisPresence } from "colyseus";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimCode } from "../../server/room/codes";
import { CODE_ALPHABET } from "../../shared/protocol/codes";
import type { TableView } from "../../shared/protocol/views";
import { type RedisServer, startRedis } from "../../tools/redis";
import { hello, playFirstLegal, type TableRoom, waitFor } from "../server/harness";
import { clientOf, hostOf, type Member, otherThan, startMember } from "./members";

/** Matchmaking calls per address and minute, counted across both processes. */
const LIMIT = 40;
const CODE = /^[A-HJ-NP-Z2-9]{6}$/;

let redis: RedisServer;
let a: Member;
let b: Member;
let pair: readonly [Member, Member];
let addresses = 0;
/** A fresh client address (documentation range), so each test has its own budget. */
const address = () => `198.51.100.${++addresses}`;

beforeAll(async () => {
  redis = await startRedis();
  const env = {
    TRUST_PROXY: "loopback",
    MATCHMAKE_PER_MINUTE: String(LIMIT),
    STAND_IN_GRACE_MS: "60000",
    SEAT_HOLD_SECONDS: "30",
    // The thousand tables below are created without anyone joining them: keep them a while.
    COLYSEUS_SEAT_RESERVATION_TIME: "120",
  };
  [a, b] = await Promise.all([startMember(redis.url, env), startMember(redis.url, env)]);
  pair = [a, b];
}, 60_000);

// Each process shuts down gracefully, its tables written away: on a busy machine that takes
// longer than a hook's default.
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await redis?.stop();
}, 60_000);

/** Reconnects with backoff: right after a drop the server may not have noticed it yet. */
async function reconnect(server: Member, from: string, token: string): Promise<TableRoom> {
  for (let delay = 50; ; delay *= 2) {
    try {
      return (await clientOf(server, from).reconnect(token)) as TableRoom;
    } catch (e) {
      if (delay > 3200) throw e;
      await new Promise((r) => setTimeout(r, delay));
    }
  }
}

const moveCount = (s: TableView) => s.moves.length;

describe("two processes behind Redis", () => {
  it("joins a private table by code, watches it and comes back to a seat through the other process", async () => {
    const dewiAt = address();
    const ekoAt = address();
    const dewi = (await clientOf(a, dewiAt).create("table", {
      game: "xiangqi",
      name: "Dewi",
      seat: 0,
      private: true,
    })) as TableRoom;
    const code = dewi.roomId;
    expect(code).toMatch(CODE);
    // Whichever process holds the table, the other one serves the joins.
    const host = hostOf(dewi);
    expect([a.port, b.port]).toContain(host);
    const other = otherThan(host, pair);

    const eko = (await clientOf(other, ekoAt).joinById(code, {
      name: "Eko",
      seat: 1,
    })) as TableRoom;
    const fajar = (await clientOf(other, address()).joinById(code, {
      name: "Fajar",
      spectate: true,
    })) as TableRoom;
    const dewiToken = (await hello(dewi)).seats[0]!.token;
    expect((await hello(eko)).seats[0]!.seat).toBe(1);
    expect((await hello(fajar)).role).toBe("spectator");
    await waitFor(dewi, (s) => s.seats[1]?.kind === "human");
    dewi.send("start");
    await waitFor(dewi, (s) => s.phase === "playing");

    // The spectator, joined through the other process, sees each move.
    playFirstLegal(dewi);
    await waitFor(fajar, (s) => moveCount(s) === 1);
    await waitFor(eko, (s) => moveCount(s) === 1);
    playFirstLegal(eko);
    await waitFor(fajar, (s) => moveCount(s) === 2);

    // Eko drops and comes back with the reconnection token, through the process not holding
    // the table: the same seat, and the game goes on.
    const ekoReconnection = eko.reconnectionToken;
    await eko.leave(false);
    await waitFor(dewi, (s) => s.seats[1]?.connected === false);
    const ekoBack = await reconnect(other, ekoAt, ekoReconnection);
    await waitFor(dewi, (s) => s.seats[1]?.connected === true && s.seats[1]?.name === "Eko");
    await waitFor(dewi, (s) => moveCount(s) === 2);
    playFirstLegal(dewi);
    await waitFor(ekoBack, (s) => moveCount(s) === 3 && s.turn === 1);
    playFirstLegal(ekoBack);
    await waitFor(fajar, (s) => moveCount(s) === 4);

    // Dewi drops and comes back later with the seat token, through the other process.
    await dewi.leave(false);
    await waitFor(ekoBack, (s) => s.seats[0]?.connected === false);
    const dewiBack = (await clientOf(other, dewiAt).joinById(code, {
      name: "Dewi",
      seatToken: dewiToken,
    })) as TableRoom;
    const welcome = await hello(dewiBack);
    expect(welcome).toMatchObject({ role: "player", seats: [{ seat: 0, token: dewiToken }] });
    await waitFor(ekoBack, (s) => s.seats[0]?.connected === true);
    await waitFor(dewiBack, (s) => moveCount(s) === 4 && s.turn === 0);
    playFirstLegal(dewiBack);
    const s = await waitFor(fajar, (x) => moveCount(x) === 5);
    expect(s.seats.map((x) => x.name)).toEqual(["Dewi", "Eko"]);

    // The lobby's "your tables" finds the table through either process, for its token only.
    for (const server of pair) {
      const mine = async (seatToken: string) => {
        const res = await fetch(`${server.http}/api/tables/mine`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-Forwarded-For": address() },
          body: JSON.stringify({ tables: [{ id: code, seatToken }] }),
        });
        return ((await res.json()) as { tables: { id: string; seats: number[] }[] }).tables;
      };
      expect(await mine(dewiToken), `port ${server.port}`).toMatchObject([
        { id: code, seats: [0], private: true },
      ]);
      expect(await mine("not-the-token-of-this-table")).toEqual([]);
    }
    for (const room of [dewiBack, ekoBack, fajar]) await room.leave();
  });

  it("lists the public tables of both processes from either", async () => {
    // New tables go to the process with the fewest; open tables until each process has one.
    const rooms: TableRoom[] = [];
    const hosts = new Set<number>();
    for (let i = 0; i < 8 && hosts.size < 2; i++) {
      const room = (await clientOf(pair[i % 2]!, address()).create("table", {
        game: "fourchess",
        name: `P${i}`,
      })) as TableRoom;
      rooms.push(room);
      hosts.add(hostOf(room));
    }
    expect(hosts).toEqual(new Set([a.port, b.port]));
    for (const server of pair) {
      const res = await fetch(`${server.http}/api/tables?game=fourchess`);
      const { tables } = (await res.json()) as { tables: { id: string; phase: string }[] };
      for (const room of rooms)
        expect(
          tables.map((t) => t.id),
          `port ${server.port} lists ${room.roomId}`,
        ).toContain(room.roomId);
    }
    for (const room of rooms) await room.leave();
  });

  it("pairs two strangers asking through different processes at the same moment at one table", async () => {
    const ask = (server: Member, from: string) =>
      fetch(`${server.http}/api/quickplay`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": from },
        body: JSON.stringify({ game: "xiangqi" }),
      }).then((r) => r.json() as Promise<{ roomId: string; created: boolean }>);
    const [fromA, fromB] = [address(), address()];
    const [viaA, viaB] = await Promise.all([ask(a, fromA), ask(b, fromB)]);
    expect(viaA.roomId).toBe(viaB.roomId);
    expect(viaA.roomId).toMatch(CODE);
    expect([viaA.created, viaB.created].sort()).toEqual([false, true]);
    const [one, two] = (await Promise.all([
      clientOf(a, fromA).joinById(viaA.roomId, { seat: "any", name: "Ana" }),
      clientOf(b, fromB).joinById(viaB.roomId, { seat: "any", name: "Budi" }),
    ])) as [TableRoom, TableRoom];
    // Nobody sends start: the table starts itself with two people seated.
    const s = await waitFor(one, (x) => x.phase === "playing");
    expect(s.seats.map((x) => x.kind)).toEqual(["human", "human"]);
    const first = s.seats[s.turn]!.player === (await hello(one)).player ? one : two;
    playFirstLegal(first);
    await waitFor(two, (x) => x.moves.length === 1);
    await waitFor(one, (x) => x.moves.length === 1);
    await Promise.all([one.leave(), two.leave()]);
  });

  it("counts the matchmaking calls of one address across both processes", async () => {
    const from = address();
    const call = (server: Member) =>
      fetch(`${server.http}/matchmake/joinById/NOSUCH`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": from },
        body: "{}",
      });
    for (let i = 0; i < LIMIT; i++) {
      const res = await call(pair[i % 2]!);
      expect(res.status, `call ${i + 1}`).toBe(200);
    }
    for (const server of pair) {
      const res = await call(server);
      expect(res.status).toBe(429);
      expect(((await res.json()) as { code: number }).code).toBe(4290);
    }
    // Another address still has its whole budget.
    const res = await fetch(`${a.http}/matchmake/joinById/NOSUCH`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": address() },
      body: "{}",
    });
    expect(res.status).toBe(200);
  });

  it("hands out a thousand private codes through both processes, none twice", async () => {
    const ids: string[] = [];
    const processes = new Set<string>();
    let from = address();
    const create = async (server: Member, at: string) => {
      const res = await fetch(`${server.http}/matchmake/create/table`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": at },
        body: JSON.stringify({ game: "xiangqi", private: true, name: "C" }),
      });
      const answer = (await res.json()) as { room?: { roomId: string; processId: string } };
      if (!answer.room) throw new Error(`create refused: ${JSON.stringify(answer)}`);
      ids.push(answer.room.roomId);
      processes.add(answer.room.processId);
    };
    for (let batch = 0; batch < 1000 / LIMIT; batch++) {
      // Each batch from its own address (the budget), half through each process, at once.
      await Promise.all(Array.from({ length: LIMIT }, (_, i) => create(pair[i % 2]!, from)));
      from = address();
    }
    expect(ids).toHaveLength(1000);
    for (const id of ids) expect(id).toMatch(CODE);
    expect(new Set(ids).size).toBe(1000);
    // The tables were spread over both processes.
    expect(processes.size).toBe(2);
  }, 120_000);

  it("claims codes atomically: two Redis connections drawing from a narrow space never share one", async () => {
    // Two presences (as two processes have), drawing from 1 100 codes for 1 000 tables: nearly
    // every draw collides with an earlier one, so only an atomic claim keeps them apart.
    const space = Array.from({ length: 1100 }, (_, i) => {
      let n = i;
      let code = "Z";
      for (let k = 0; k < 5; k++) {
        code += CODE_ALPHABET[n % CODE_ALPHABET.length];
        n = Math.floor(n / CODE_ALPHABET.length);
      }
      return code;
    });
    expect(new Set(space).size).toBe(1100);
    // Seeded (mulberry32), so a failure repeats.
    let seed = 7;
    const draw = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return space[((x ^ (x >>> 14)) >>> 0) % space.length]!;
    };
    const one = new RedisPresence(redis.url);
    const two = new RedisPresence(redis.url);
    try {
      const claims = await Promise.all(
        Array.from({ length: 1000 }, (_, i) => claimCode(i % 2 ? one : two, draw)),
      );
      expect(new Set(claims).size).toBe(1000);
    } finally {
      one.shutdown();
      two.shutdown();
    }
  }, 60_000);
});

describe("what a move costs Redis", () => {
  it("nothing, on a public table too: no command but the leases' renewal names the table while moves are played", async () => {
    const ana = (await clientOf(a, address()).create("table", {
      game: "xiangqi",
      name: "Ana",
      seat: 0,
    })) as TableRoom;
    const code = ana.roomId;
    const budi = (await clientOf(otherThan(hostOf(ana), pair), address()).joinById(code, {
      name: "Budi",
      seat: 1,
    })) as TableRoom;
    await hello(budi);
    await waitFor(ana, (s) => s.seats[1]?.kind === "human");
    ana.send("start");
    await waitFor(ana, (s) => s.phase === "playing");

    // Every command Redis runs from here on, with its arguments.
    const monitor = await new Redis(redis.url).monitor();
    const naming: string[] = [];
    monitor.on("monitor", (_time: string, args: string[]) => {
      if (args.some((x) => x.includes(code)) && args[0]?.toLowerCase() !== "eval")
        naming.push(args.join(" ").slice(0, 200));
    });
    try {
      const players = [ana, budi];
      for (let ply = 0; ply < 12; ply++) {
        playFirstLegal(players[ply % 2]!);
        await waitFor(ana, (s) => moveCount(s) === ply + 1);
        await waitFor(budi, (s) => moveCount(s) === ply + 1);
      }
      // A command sent by the last move would reach the monitor before this one's answer.
      const last = new Redis(redis.url);
      await last.ping();
      last.disconnect();
    } finally {
      monitor.disconnect();
    }
    expect(naming).toEqual([]);
    await Promise.all([ana.leave(), budi.leave()]);
  }, 30_000);
});
