/**
 * Redis is a dependency the servers survive. Two processes share a throw-away Redis and a
 * throw-away PostgreSQL, with tables in play on both. (a) Redis stops for 30 s: no process
 * exits, the tables go on (people's moves, a CPU's answers) and everyone sees them, matchmaking
 * and the table list answer 503 at once; when Redis is back the processes write themselves,
 * their listings, codes and leases back, and new tables are created and joined through either
 * process. (b) Redis restarts in half a second: nothing to do for the operator; a process
 * restarted anyway leaves the other's live tables alone (each table open once), and after both
 * stop every table comes back with every move anyone was shown.
 */
import { RedisPresence } from "colyseus";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PgCluster, startCluster } from "../../tools/pgcluster";
import { type RedisServer, startRedis } from "../../tools/redis";
import { hello, playFirstLegal, type TableRoom, waitFor } from "../server/harness";
import {
  clientOf,
  hostOf,
  logged,
  type Member,
  movesOf,
  otherThan,
  type Person,
  playOne,
  quiet,
  rejoin,
  running,
  startMember,
} from "./members";

/** How long Redis stays away in (a). */
const OUTAGE_MS = 30_000;
/** A matchmaking answer within this counts as "at once" (a hang would be Redis' timeouts). */
const AT_ONCE_MS = 1000;

let pg: PgCluster;
let redis: RedisServer;
let env: Record<string, string>;
const members: Member[] = [];

beforeAll(async () => {
  [pg, redis] = await Promise.all([startCluster(), startRedis()]);
  await pg.createDatabase("crossboard_redis_faults");
  env = {
    DATABASE_URL: pg.url("crossboard_redis_faults"),
    STAND_IN_GRACE_MS: "60000",
    MATCHMAKE_PER_MINUTE: "10000",
  };
}, 120_000);

// Each process shuts down gracefully, its tables written away: on a busy machine that takes
// longer than a hook's default.
afterAll(async () => {
  await Promise.all(members.map((m) => m.close()));
  await Promise.all([redis?.stop(), pg?.stop()]);
}, 60_000);

async function start(): Promise<Member> {
  const m = await startMember(redis.url, env);
  members.push(m);
  return m;
}

async function stop(m: Member): Promise<void> {
  expect(await m.kill("SIGTERM"), `port ${m.port} stops cleanly`).toBe(0);
  members.splice(members.indexOf(m), 1);
}

/** A table the test plays: two people, or one person against the computer. */
interface Table {
  readonly id: string;
  readonly people: Person[];
  readonly computer: boolean;
  host: number;
  /** The moves everyone at the table was last shown. */
  shown: string[];
}

async function twoPeople(via: Member, name: string): Promise<Table> {
  const red = quiet(
    (await clientOf(via, "127.0.0.1").create("table", {
      game: "xiangqi",
      name: `${name} red`,
      seat: 0,
    })) as TableRoom,
  );
  const black = quiet(
    (await clientOf(via, "127.0.0.1").joinById(red.roomId, {
      name: `${name} black`,
      seat: 1,
    })) as TableRoom,
  );
  const people: Person[] = [
    { name: `${name} red`, seat: 0, token: (await hello(red)).seats[0]!.token, room: red },
    { name: `${name} black`, seat: 1, token: (await hello(black)).seats[0]!.token, room: black },
  ];
  await waitFor(red, (s) => s.seats[1]?.kind === "human");
  red.send("start");
  await waitFor(black, (s) => s.phase === "playing");
  return { id: red.roomId, people, computer: false, host: hostOf(red), shown: [] };
}

async function againstComputer(via: Member, name: string): Promise<Table> {
  const room = quiet(
    (await clientOf(via, "127.0.0.1").create("table", {
      game: "xiangqi",
      mode: "computer",
      name,
    })) as TableRoom,
  );
  const token = (await hello(room)).seats[0]!.token;
  await waitFor(room, (s) => s.phase === "playing" && s.turn === 0);
  const people = [{ name, seat: 0, token, room }];
  return { id: room.roomId, people, computer: true, host: hostOf(room), shown: [] };
}

/** One move at the table (and the computer's answer), seen by everyone there. */
async function play(t: Table): Promise<void> {
  if (t.computer) {
    const room = t.people[0]!.room;
    const s = await waitFor(room, (x) => x.phase === "playing" && x.turn === 0);
    const before = s.moves.length;
    playFirstLegal(room);
    await waitFor(room, (x) => x.moves.length === before + 2);
  } else {
    await playOne(t.people);
  }
  const seen = t.people.map((p) => movesOf(p.room.state));
  for (const s of seen) expect(s).toEqual(seen[0]);
  t.shown = seen[0]!;
}

/** Opens tables through both processes until each process holds one of each kind. */
async function tablesOnBoth(pair: readonly [Member, Member], name: string): Promise<Table[]> {
  const tables: Table[] = [];
  for (const open of [twoPeople, againstComputer]) {
    const hosts = new Set<number>();
    for (let i = 0; hosts.size < 2; i++) {
      expect(i, "tables are spread over both processes").toBeLessThan(8);
      const t = await open(pair[i % 2]!, `${name}${tables.length}`);
      tables.push(t);
      hosts.add(t.host);
    }
  }
  return tables;
}

interface Answer {
  readonly status: number;
  readonly body: { code?: unknown };
  readonly ms: number;
}

async function timed(url: string, body?: unknown): Promise<Answer> {
  const started = Date.now();
  const res = await fetch(url, {
    method: body === undefined ? "GET" : "POST",
    headers: { "Content-Type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const parsed = (await res.json()) as Answer["body"];
  return { status: res.status, body: parsed, ms: Date.now() - started };
}

async function publicIds(m: Member): Promise<string[]> {
  const res = await fetch(`${m.http}/api/tables`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { tables: { id: string }[] }).tables.map((t) => t.id);
}

describe("Redis going away under two processes", () => {
  it("keeps the tables going, answers 503 meanwhile, and loses nothing when Redis comes back", async () => {
    const [a, b] = await Promise.all([start(), start()]);
    const pair = [a, b] as const;
    const tables = await tablesOnBoth(pair, "T");
    for (const t of tables) await play(t);

    // (a) Redis stops for 30 s.
    const marks = pair.map((m) => m.lines.length);
    const stopped = Date.now();
    await redis.stop();
    await Promise.all(pair.map((m, i) => logged(m, "redis-down", marks[i])));
    const someTable = tables.find((t) => !t.computer)!.id;
    let slowest = 0;
    for (const m of pair) {
      const answers = [
        await timed(`${m.http}/matchmake/create/table`, { game: "xiangqi" }),
        await timed(`${m.http}/matchmake/joinById/${someTable}`, { spectate: true }),
        await timed(`${m.http}/api/quickplay`, { game: "xiangqi" }),
        await timed(`${m.http}/api/tables`),
      ];
      for (const answer of answers) {
        expect(answer).toMatchObject({ status: 503, body: { code: "server/unavailable" } });
        expect(answer.ms).toBeLessThan(AT_ONCE_MS);
        slowest = Math.max(slowest, answer.ms);
      }
    }
    // The tables go on throughout: a round of moves now, and every 10 s until Redis is back.
    let rounds = 0;
    for (;;) {
      for (const t of tables) await play(t);
      rounds++;
      const left = stopped + OUTAGE_MS - Date.now();
      if (left <= 0) break;
      await new Promise((r) => setTimeout(r, Math.min(left, 10_000)));
    }
    expect(rounds).toBeGreaterThanOrEqual(3);
    for (const m of pair) expect(running(m), `port ${m.port} runs`).toBe(true);

    const back = pair.map((m) => m.lines.length);
    const restarted = Date.now();
    await redis.start();
    const backLines = await Promise.all(pair.map((m, i) => logged(m, "redis-back", back[i])));
    const backMs = Date.now() - restarted;
    for (const m of pair) expect(running(m), `port ${m.port} runs`).toBe(true);
    console.info(
      `Redis down ${restarted - stopped} ms: 503 answers within ${slowest} ms, ${rounds} rounds ` +
        `of moves on ${tables.length} tables; back in service ${backMs} ms after Redis started ` +
        `(down for ${backLines.map((l) => l.downMs).join(", ")} ms as each process saw it)`,
    );

    // The listings, codes and process entries are back: each process lists the public tables
    // of both, the private codes are claimed again, and people join through either process.
    const listed = tables.filter((t) => !t.computer).map((t) => t.id);
    for (const m of pair) expect((await publicIds(m)).sort()).toEqual([...listed].sort());
    const look = new RedisPresence(redis.url);
    try {
      for (const t of tables.filter((x) => x.computer))
        expect(await look.hget("table_codes", t.id), `code ${t.id}`).toBe("1");
    } finally {
      look.shutdown();
    }
    for (const t of tables) {
      const watcher = (await clientOf(otherThan(t.host, pair), "127.0.0.1").joinById(t.id, {
        spectate: true,
      })) as TableRoom;
      expect(hostOf(watcher)).toBe(t.host);
      const s = await waitFor(watcher, (x) => x.moves.length === t.shown.length);
      expect(movesOf(s)).toEqual(t.shown);
      await watcher.leave();
    }
    // New tables through either process, joined through the other.
    const fresh = await tablesOnBoth(pair, "N");
    for (const t of fresh) await play(t);
    tables.push(...fresh);

    // (b) Redis restarts within half a second: the processes go on by themselves.
    const blip = pair.map((m) => m.lines.length);
    await redis.stop();
    await new Promise((r) => setTimeout(r, 500));
    await redis.start();
    const blipLines = await Promise.all(pair.map((m, i) => logged(m, "redis-back", blip[i])));
    console.info(`Redis restart: down ${blipLines.map((l) => l.downMs).join(", ")} ms`);
    for (const m of pair) expect(running(m), `port ${m.port} runs`).toBe(true);
    for (const t of tables) await play(t);

    // Restarting one process anyway (what the docs once said): it brings back its own tables
    // and leaves the other's, which are still live there, alone.
    const mine = (m: Member) => tables.filter((t) => t.host === m.port);
    await stop(a);
    const c = await start();
    expect(c.started).toMatchObject({ restored: mine(a).length, held: mine(b).length });
    for (const t of mine(b)) {
      const watcher = (await clientOf(c, "127.0.0.1").joinById(t.id, {
        spectate: true,
      })) as TableRoom;
      expect(hostOf(watcher), `${t.id} is open on its process only`).toBe(b.port);
      const s = await waitFor(watcher, (x) => x.moves.length === t.shown.length);
      expect(movesOf(s)).toEqual(t.shown);
      await watcher.leave();
      await play(t);
    }
    for (const t of mine(a)) {
      for (const p of t.people) await rejoin(p, t.id, b);
      t.host = c.port;
      expect(hostOf(t.people[0]!.room)).toBe(c.port);
      const s = await waitFor(t.people[0]!.room, (x) => x.moves.length === t.shown.length);
      expect(movesOf(s)).toEqual(t.shown);
      await play(t);
    }

    // Both stop; two start again: every table comes back once, with every move shown.
    await Promise.all([stop(b), stop(c)]);
    const [d, e] = await Promise.all([start(), start()]);
    expect(d.started.restored + e.started.restored).toBe(tables.length);
    for (const t of tables) {
      for (const p of t.people) await rejoin(p, t.id, d);
      expect([d.port, e.port]).toContain(hostOf(t.people[0]!.room));
      const s = await waitFor(t.people[0]!.room, (x) => x.moves.length === t.shown.length);
      expect(movesOf(s)).toEqual(t.shown);
      await play(t);
    }
    for (const t of tables) for (const p of t.people) await p.room.leave();
  }, 180_000);
});
