/**
 * Durable tables with several processes: one PostgreSQL shared by every process, one Redis. A
 * process that starts while another runs leaves that process's tables alone; when a process
 * dies, the next one to start brings its tables back, and when two start at once each table
 * comes back exactly once. The players find their seats through any process.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PgCluster, startCluster } from "../../tools/pgcluster";
import { type RedisServer, startRedis } from "../../tools/redis";
import { hello, type TableRoom, waitFor } from "../server/harness";
import {
  clientOf,
  hostOf,
  logged,
  type Member,
  movesOf,
  type Person,
  playOne,
  quiet,
  rejoin,
  startMember,
} from "./members";

let pg: PgCluster;
let redis: RedisServer;
let env: Record<string, string>;
const running: Member[] = [];

beforeAll(async () => {
  [pg, redis] = await Promise.all([startCluster(), startRedis()]);
  await pg.createDatabase("crossboard_scale");
  env = {
    DATABASE_URL: pg.url("crossboard_scale"),
    STAND_IN_GRACE_MS: "60000",
    MATCHMAKE_PER_MINUTE: "10000",
  };
}, 120_000);

// Each process shuts down gracefully, its tables written away: on a busy machine that takes
// longer than a hook's default.
afterAll(async () => {
  await Promise.all(running.map((m) => m.close()));
  await Promise.all([redis?.stop(), pg?.stop()]);
}, 60_000);

async function start(more: Record<string, string> = {}): Promise<Member> {
  const m = await startMember(redis.url, { ...env, ...more });
  running.push(m);
  return m;
}

async function kill(m: Member): Promise<void> {
  await m.kill("SIGKILL");
  running.splice(running.indexOf(m), 1);
}

describe("durable tables with several processes", () => {
  it("brings each table back in exactly one process, never while its holder lives", async () => {
    const first = await start();
    expect(first.started).toMatchObject({ restored: 0, held: 0 });
    // Two xiangqi tables between two people each, opened through the first process (the only
    // one yet, so it holds them).
    const tables: { id: string; people: Person[] }[] = [];
    for (const game of ["private", "public"]) {
      const red = quiet(
        (await clientOf(first, "127.0.0.1").create("table", {
          game: "xiangqi",
          name: `Red ${game}`,
          seat: 0,
          private: game === "private",
        })) as TableRoom,
      );
      const black = quiet(
        (await clientOf(first, "127.0.0.1").joinById(red.roomId, {
          name: `Black ${game}`,
          seat: 1,
        })) as TableRoom,
      );
      const people: Person[] = [
        { name: `Red ${game}`, seat: 0, token: (await hello(red)).seats[0]!.token, room: red },
        {
          name: `Black ${game}`,
          seat: 1,
          token: (await hello(black)).seats[0]!.token,
          room: black,
        },
      ];
      await waitFor(red, (s) => s.seats[1]?.kind === "human");
      red.send("start");
      await waitFor(black, (s) => s.phase === "playing");
      for (let i = 0; i < 3; i++) await playOne(people);
      expect(hostOf(red)).toBe(first.port);
      tables.push({ id: red.roomId, people });
    }

    // A second process starts while the first runs: it leaves the first one's tables alone.
    const second = await start();
    expect(second.started).toMatchObject({ restored: 0, held: 2 });
    for (const t of tables) {
      expect(await playOne(t.people)).toBe(4);
      expect(hostOf(t.people[0]!.room)).toBe(first.port);
    }

    // The first process dies; a new one brings its tables back, and the people find their
    // seats through the second process with their seat tokens. No move is lost.
    const seen = tables.map((t) => movesOf(t.people[0]!.room.state));
    await kill(first);
    // Until a process brings them back, the dead process's tables answer as tables not (yet)
    // there, which the browser keeps retrying.
    await expect(
      clientOf(second, "127.0.0.1").joinById(tables[0]!.id, { spectate: true }),
    ).rejects.toMatchObject({ code: 4212 });
    const third = await start();
    expect(third.started).toMatchObject({ restored: 2, held: 0 });
    for (const [i, t] of tables.entries()) {
      for (const p of t.people) await rejoin(p, t.id, second);
      expect(hostOf(t.people[0]!.room)).toBe(third.port);
      const s = await waitFor(t.people[0]!.room, (x) => x.moves.length === 4);
      expect(movesOf(s)).toEqual(seen[i]);
      expect(await playOne(t.people)).toBe(5);
    }

    // Both die; two processes start at once. Each table comes back in exactly one of them.
    await Promise.all([kill(second), kill(third)]);
    const [four, five] = await Promise.all([start(), start()]);
    expect(four.started.restored + five.started.restored).toBe(2);
    expect(four.started.held + five.started.held).toBe(2);
    for (const t of tables) {
      for (const p of t.people) await rejoin(p, t.id, four);
      expect([four.port, five.port]).toContain(hostOf(t.people[0]!.room));
      expect(await playOne(t.people)).toBe(6);
    }
    // The public one is listed once, by both processes.
    for (const m of [four, five]) {
      const { tables: listed } = (await (await fetch(`${m.http}/api/tables`)).json()) as {
        tables: { id: string }[];
      };
      expect(listed.map((t) => t.id)).toEqual([tables[1]!.id]);
    }
    for (const t of tables) for (const p of t.people) await p.room.leave();
  }, 180_000);

  it("a table parked by one process comes back through another, with every move", async () => {
    const [a, b] = await Promise.all([
      start({ SEAT_HOLD_SECONDS: "1" }),
      start({ SEAT_HOLD_SECONDS: "1" }),
    ]);
    const red = quiet(
      (await clientOf(a, "127.0.0.1").create("table", {
        game: "xiangqi",
        name: "Red",
        seat: 0,
        private: true,
      })) as TableRoom,
    );
    const black = quiet(
      (await clientOf(a, "127.0.0.1").joinById(red.roomId, {
        name: "Black",
        seat: 1,
      })) as TableRoom,
    );
    const people: Person[] = [
      { name: "Red", seat: 0, token: (await hello(red)).seats[0]!.token, room: red },
      { name: "Black", seat: 1, token: (await hello(black)).seats[0]!.token, room: black },
    ];
    await waitFor(red, (x) => x.seats[1]?.kind === "human");
    red.send("start");
    await waitFor(black, (x) => x.phase === "playing");
    for (let i = 0; i < 3; i++) await playOne(people);
    const seen = movesOf(red.state);
    const opened = hostOf(red) === a.port ? a : b;
    const from = opened.lines.length;
    await red.leave(false);
    await black.leave(false);
    await logged(opened, "table/parked", from);
    // Both come back through the other process: the table opens there, as they left it.
    const other = opened === a ? b : a;
    for (const p of people) await rejoin(p, red.roomId, other);
    expect(hostOf(people[0]!.room)).toBe(other.port);
    const s = await waitFor(people[0]!.room, (x) => x.moves.length === 3);
    expect(movesOf(s)).toEqual(seen);
    expect(await playOne(people)).toBe(4);
    for (const p of people) await p.room.leave();
  }, 120_000);
});
