/**
 * Erasure on request with two processes behind one Redis and one PostgreSQL: the request
 * reaches the process that does not hold the table, which finds the table in the shared store
 * and has the process holding it take the name out of its live state at once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERASED_NAME } from "../../shared/protocol/erased";
import { type PgCluster, startCluster } from "../../tools/pgcluster";
import { type RedisServer, startRedis } from "../../tools/redis";
import { hello, type TableRoom, waitFor } from "../server/harness";
import { clientOf, hostOf, type Member, otherThan, startMember } from "./members";

let pg: PgCluster;
let redis: RedisServer;
let pair: readonly [Member, Member];

beforeAll(async () => {
  [pg, redis] = await Promise.all([startCluster(), startRedis()]);
  await pg.createDatabase("crossboard_erase");
  const env = { DATABASE_URL: pg.url("crossboard_erase"), STAND_IN_GRACE_MS: "60000" };
  const [a, b] = await Promise.all([startMember(redis.url, env), startMember(redis.url, env)]);
  pair = [a, b];
}, 120_000);

afterAll(async () => {
  await Promise.all((pair ?? []).map((m) => m.close()));
  await Promise.all([redis?.stop(), pg?.stop()]);
}, 60_000);

describe("erasure with several processes", () => {
  it("takes the name out of a table held by the other process at once", async () => {
    const ana = (await clientOf(pair[0], "127.0.0.1").create("table", {
      game: "xiangqi",
      name: "Ana",
      seat: 0,
    })) as TableRoom;
    const budi = (await clientOf(pair[1], "127.0.0.1").joinById(ana.roomId, {
      name: "Budi",
      seat: 1,
    })) as TableRoom;
    await waitFor(budi, (s) => s.seats.every((x) => x.kind === "human"));
    const token = (await hello(ana)).seats[0]!.token;
    const elsewhere = otherThan(hostOf(ana), pair);
    const res = await fetch(`${elsewhere.http}/api/erase`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ seatToken: token }),
    });
    expect(await res.json()).toStrictEqual({ erased: true });
    const s = await waitFor(budi, (x) => x.seats[0]?.name === ERASED_NAME);
    expect(s.seats.map((x) => x.name)).toEqual([ERASED_NAME, "Budi"]);
    await ana.leave();
    await budi.leave();
  });
});
