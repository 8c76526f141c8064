/**
 * Rated games with several processes behind one Redis and one PostgreSQL: two players, each
 * through a different process, play a rated xiangqi game to its end; the process that held the
 * table is killed (SIGKILL) at once, and another brings the table back and hands its game to
 * the store again; then two processes start at once. Each player's rating, read through any
 * process, changed once, by the Glicko-2 figures.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ArchivedGame } from "../../shared/protocol/archive";
import { rateGame, START } from "../../shared/rating/glicko2";
import { type PgCluster, startCluster } from "../../tools/pgcluster";
import { type RedisServer, startRedis } from "../../tools/redis";
import { hello, type TableRoom, waitFor } from "../server/harness";
import { clientOf, hostOf, type Member, type Person, playOne, quiet, startMember } from "./members";

let pg: PgCluster;
let redis: RedisServer;
let env: Record<string, string>;
const running: Member[] = [];

beforeAll(async () => {
  [pg, redis] = await Promise.all([startCluster(), startRedis()]);
  await pg.createDatabase("crossboard_rated");
  env = {
    DATABASE_URL: pg.url("crossboard_rated"),
    STAND_IN_GRACE_MS: "60000",
    MATCHMAKE_PER_MINUTE: "10000",
    PLAYERS_PER_MINUTE: "10000",
  };
}, 120_000);

afterAll(async () => {
  await Promise.all(running.map((m) => m.close()));
  await Promise.all([redis?.stop(), pg?.stop()]);
}, 60_000);

async function start(): Promise<Member> {
  const m = await startMember(redis.url, env);
  running.push(m);
  return m;
}

async function kill(m: Member): Promise<void> {
  await m.kill("SIGKILL");
  running.splice(running.indexOf(m), 1);
}

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return (await res.json()) as T;
}

interface PlayerPage {
  ratings: { xiangqi: { rating: number; games: number } };
  history: { game: string }[];
}

/**
 * Watches a table through `via`: a table just brought back by another process may not be
 * known to the matchmaker yet, and is asked again, as the browser does.
 */
async function watch(via: Member, table: string): Promise<TableRoom> {
  for (let delay = 100; ; delay *= 2) {
    try {
      return quiet(
        (await clientOf(via, "127.0.0.1").joinById(table, { spectate: true })) as TableRoom,
      );
    } catch (e) {
      if (delay > 6400) throw e;
      await new Promise((r) => setTimeout(r, delay));
    }
  }
}

describe("rated games with several processes", () => {
  it("change each player's rating once, whichever process saves the game and however often", async () => {
    const [a, b] = await Promise.all([start(), start()]);
    const made = (m: Member, name: string) =>
      json<{ id: string; key: string }>(`${m.http}/api/players`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name }),
      });
    const ana = await made(a, "Ana");
    const budi = await made(b, "Budi");

    const red = quiet(
      (await clientOf(a, "127.0.0.1").create("table", {
        game: "xiangqi",
        rules: { rated: true },
        name: "Ana",
        seat: 0,
        playerKey: ana.key,
      })) as TableRoom,
    );
    // Budi asks the other process: the table is reached where it lives.
    const black = quiet(
      (await clientOf(b, "127.0.0.1").joinById(red.roomId, {
        name: "Budi",
        seat: 1,
        playerKey: budi.key,
      })) as TableRoom,
    );
    const people: Person[] = [
      { name: "Ana", seat: 0, token: (await hello(red)).seats[0]!.token, room: red },
      { name: "Budi", seat: 1, token: (await hello(black)).seats[0]!.token, room: black },
    ];
    await waitFor(red, (s) => s.seats[1]?.player === budi.id);
    expect(red.state.seats[0]!.player).toBe(ana.id);
    red.send("start");
    await waitFor(black, (s) => s.phase === "playing");
    await playOne(people);
    await playOne(people);
    black.send("resign");
    const end = await waitFor(red, (s) => s.phase === "finished" && s.seats[0]!.delta > 0);
    const holder = hostOf(red) === a.port ? a : b;
    const other = holder === a ? b : a;
    // The process that held the table dies the moment the result is shown.
    await kill(holder);

    const record = await json<ArchivedGame>(`${other.http}/api/games/${end.gameId}`);
    expect(record.rated).toBe(true);
    const want = rateGame(
      { pool: "xiangqi", players: [ana.id, budi.id], results: [1, 0] },
      [START, START],
      record.finishedAt,
    );
    const once = async (via: Member, when: string) => {
      for (const [i, p] of [ana, budi].entries()) {
        const page = await json<PlayerPage>(`${via.http}/api/players/${p.id}`);
        expect(page.ratings.xiangqi.games, `${when}: games of ${p.id}`).toBe(1);
        expect(
          page.history.map((h) => h.game),
          when,
        ).toEqual([end.gameId]);
        expect(page.ratings.xiangqi.rating, when).toBeCloseTo(want[i]!.rating, 6);
      }
    };
    await once(other, "the holder killed");

    // A new process brings the table back and hands its rated game to the store again.
    const third = await start();
    expect(third.started.restored).toBe(1);
    const back = await watch(other, red.roomId);
    await waitFor(back, (s) => s.phase === "finished" && s.seats[0]!.delta > 0);
    expect(back.state.seats.map((s) => s.delta)).toEqual(end.seats.map((s) => s.delta));
    await back.leave();
    await once(third, "brought back");

    // Everyone dies; two processes start at once and one of them brings the table back.
    await Promise.all([kill(other), kill(third)]);
    const [four, five] = await Promise.all([start(), start()]);
    expect(four.started.restored + five.started.restored).toBe(1);
    const last = await watch(four, red.roomId);
    await waitFor(last, (s) => s.phase === "finished" && s.seats[1]!.delta < 0);
    await last.leave();
    await once(five, "two started at once");
  }, 180_000);
});
