/**
 * Quick play under one address that asks and never joins, and the API's routes that change
 * something under pages of other sites. The server believes a proxy on loopback (TRUST_PROXY),
 * so each client here comes from an address of its own (X-Forwarded-For), at the default
 * matchmaking budget of 60 calls a minute.
 */
import { Client } from "colyseus.js";
import { afterAll, describe, expect, it } from "vitest";
import { parseTrustProxy } from "../../server/edge/address";
import { CLOCK_PRESETS } from "../../shared/match/clocks";
import { startTestServer, type TableRoom, useTestServer, waitFor } from "../server/harness";

const FRIEND = "https://friend.example";
const t = useTestServer({
  trustProxy: parseTrustProxy("loopback"),
  matchmakePerMinute: 60,
  quickWaitSeconds: 1,
  corsOrigins: [FRIEND],
});

let addresses = 0;
/** A fresh client address (documentation range). */
const address = () => `203.0.113.${++addresses}`;

interface QuickAnswer {
  readonly status: number;
  readonly roomId: string;
  readonly created: boolean;
  readonly held: boolean;
  readonly code?: string;
}

async function quickPlay(
  from: string,
  body: Record<string, unknown>,
  http = t.http,
): Promise<QuickAnswer> {
  const res = await fetch(`${http}/api/quickplay`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": from },
    body: JSON.stringify(body),
  });
  return { status: res.status, ...((await res.json()) as Omit<QuickAnswer, "status">) };
}

/** A person at `from` asking quick play and taking the seat, as the browser does. */
async function stranger(from: string, body: Record<string, unknown>, name: string) {
  const answer = await quickPlay(from, body);
  expect(answer.status).toBe(200);
  const client = new Client(t.url, { headers: { "X-Forwarded-For": from } });
  const room = (await client.joinById(answer.roomId, { seat: "any", name })) as TableRoom;
  return { room, answer };
}

describe("one address asking quick play every second and never joining", () => {
  it("does not keep strangers apart: each pair asking meanwhile plays at one table", async () => {
    const attacker = address();
    const asked: number[] = [];
    // It asks first, so it is the one that opens the pool's table (and keeps a seat there).
    const first = await quickPlay(attacker, { game: "xiangqi" });
    asked.push(first.status);
    const asking: Promise<unknown>[] = [];
    const timer = setInterval(() => {
      asking.push(quickPlay(attacker, { game: "xiangqi" }).then((a) => asked.push(a.status)));
    }, 1000);
    try {
      const tables = new Set<string>();
      for (const round of [1, 2, 3]) {
        const a = await stranger(address(), { game: "xiangqi" }, `A${round}`);
        const b = await stranger(address(), { game: "xiangqi" }, `B${round}`);
        expect(b.answer.roomId, `round ${round}`).toBe(a.answer.roomId);
        const s = await waitFor(a.room, (x) => x.phase === "playing");
        expect(s.seats.map((x) => x.kind)).toEqual(["human", "human"]);
        tables.add(a.answer.roomId);
        await Promise.all([a.room.leave(), b.room.leave()]);
      }
      expect(tables.size).toBe(3);
      // Four-player chess too: two strangers sit at one table and it starts with them.
      const c = await stranger(address(), { game: "fourchess", format: "teams" }, "C");
      const d = await stranger(address(), { game: "fourchess", format: "teams" }, "D");
      expect(d.answer.roomId).toBe(c.answer.roomId);
      const s = await waitFor(c.room, (x) => x.phase === "playing");
      expect(s.seats.map((x) => x.name)).toEqual(expect.arrayContaining(["C", "D"]));
      await Promise.all([c.room.leave(), d.room.leave()]);
    } finally {
      clearInterval(timer);
      await Promise.all(asking);
    }
    // Within the budget: never refused for its rate (what kept the strangers together was not
    // the limit). An ask made while its own seat there is kept waits, as a second person
    // behind its address would, and may give up after 8 s (503).
    expect(asked.filter((status) => status === 200).length).toBeGreaterThan(5);
    expect(asked.filter((status) => status !== 200 && status !== 503)).toEqual([]);
  }, 60_000);

  it("keeps one seat for an address however often it asks, for a few seconds from its first ask", async () => {
    // A pool of its own, of four seats: four-player Individual at its first clock.
    const pool = {
      game: "fourchess",
      format: "individual",
      clock: CLOCK_PRESETS.fourchess[0]!.clock,
    };
    const [x, y, z, w, v] = [address(), address(), address(), address(), address()];
    const first = await quickPlay(x, pool);
    expect(first).toMatchObject({ status: 200, created: true, held: true });
    const at = { roomId: first.roomId, created: false };
    expect(await quickPlay(x, pool)).toMatchObject({ ...at, held: true });
    expect(await quickPlay(y, pool)).toMatchObject({ ...at, held: true });
    expect(await quickPlay(z, pool)).toMatchObject({ ...at, held: true });
    // Three seats kept, x's once: a fourth is left, so x's asking again is answered at once.
    expect(await quickPlay(x, pool)).toMatchObject({ ...at, held: true });
    expect(await quickPlay(w, pool)).toMatchObject({ ...at, held: true });
    // Every seat kept: v is not sent to another table but waits for a kept seat to lapse.
    const waited = await quickPlay(v, pool);
    expect(waited).toMatchObject({ status: 200, ...at, held: true });
    // x let its hold lapse: it is sent to the table as anyone, with no seat kept for it.
    expect(await quickPlay(x, pool)).toMatchObject({ status: 200, ...at, held: false });
    // And v, which was kept a seat, takes it.
    const client = new Client(t.url, { headers: { "X-Forwarded-For": v } });
    const room = (await client.joinById(waited.roomId, { seat: "any", name: "V" })) as TableRoom;
    await waitFor(room, (s) => s.seats.some((x) => x.name === "V"));
    await room.leave();
  }, 30_000);

  it("seats two people behind one address asking at once at one table", async () => {
    const pool = { game: "xiangqi", clock: CLOCK_PRESETS.xiangqi[0]!.clock };
    const shared = address();
    const [a, b] = await Promise.all([
      stranger(shared, pool, "Home 1"),
      stranger(shared, pool, "Home 2"),
    ]);
    expect(b.answer.roomId).toBe(a.answer.roomId);
    const s = await waitFor(a.room, (x) => x.phase === "playing");
    expect(s.seats.map((x) => x.name).sort()).toEqual(["Home 1", "Home 2"]);
    await Promise.all([a.room.leave(), b.room.leave()]);
  });
});

describe("the API's routes that change something", () => {
  const routes = [
    // A pool of its own, with seats for everyone the tests below send.
    ["/api/quickplay", { game: "fourchess", format: "individual", clock: null }],
    ["/api/tables/mine", { tables: [] }],
    // Routes added later are covered as well: the check comes before any route.
    ["/api/not-a-route", {}],
  ] as const;
  const post = (path: string, headers: Record<string, string>, body: string) =>
    fetch(`${t.http}${path}`, {
      method: "POST",
      headers: { "X-Forwarded-For": address(), ...headers },
      body,
    });

  it("refuse a page of another site, and a body a page can send without asking first", async () => {
    for (const [path, body] of routes) {
      for (const origin of ["https://evil.example", "null", `${t.http}.evil.example`]) {
        const res = await post(path, { "Content-Type": "application/json", origin }, "{}");
        expect(res.status, `${path} from ${origin}`).toBe(403);
        expect(await res.json()).toMatchObject({ code: "http/origin" });
        expect(res.headers.get("access-control-allow-origin")).toBeNull();
      }
      const preflight = await fetch(`${t.http}${path}`, {
        method: "OPTIONS",
        headers: { origin: "https://evil.example", "access-control-request-method": "POST" },
      });
      expect(preflight.status).toBe(403);
      expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
      for (const type of [
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data",
      ]) {
        const res = await post(
          path,
          { "Content-Type": type, origin: t.http },
          JSON.stringify(body),
        );
        expect(res.status, `${path} as ${type}`).toBe(415);
        expect(await res.json()).toMatchObject({ code: "payload/invalid" });
      }
    }
    // None of them opened a table.
    const { tables } = (await (await fetch(`${t.http}/api/tables`)).json()) as {
      tables: { format: string; clock: unknown }[];
    };
    expect(tables.filter((x) => x.format === "individual" && x.clock === null)).toEqual([]);
  });

  it("take the server's own pages, the origins it lists, and callers that are not browsers", async () => {
    for (const origin of [t.http, FRIEND, null]) {
      const headers: Record<string, string> = { "Content-Type": "application/json; charset=utf-8" };
      if (origin) headers.origin = origin;
      const quick = await post(routes[0][0], headers, JSON.stringify(routes[0][1]));
      expect(quick.status, `quick play from ${origin}`).toBe(200);
      if (origin) expect(quick.headers.get("access-control-allow-origin")).toBe(origin);
      const mine = await post(routes[1][0], headers, JSON.stringify(routes[1][1]));
      expect(mine.status).toBe(200);
      expect(await mine.json()).toEqual({ tables: [] });
    }
    const preflight = await fetch(`${t.http}/api/quickplay`, {
      method: "OPTIONS",
      headers: { origin: FRIEND, "access-control-request-method": "POST" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe(FRIEND);
  });
});

describe("the matchmaking budget", () => {
  const small = { close: async () => {} } as Awaited<ReturnType<typeof startTestServer>>;
  let server = small;
  afterAll(() => server.close());

  it("is one per address for quick play, joining and opening tables", async () => {
    server = await startTestServer({
      trustProxy: parseTrustProxy("loopback"),
      matchmakePerMinute: 3,
    });
    const from = address();
    const matchmake = (at: string) =>
      fetch(`${server.http}/matchmake/joinById/NOSUCH`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": at },
        body: "{}",
      });
    expect((await quickPlay(from, { game: "xiangqi" }, server.http)).status).toBe(200);
    expect((await matchmake(from)).status).toBe(200);
    expect((await quickPlay(from, { game: "xiangqi" }, server.http)).status).toBe(200);
    // Three calls of either kind spent it.
    expect(await quickPlay(from, { game: "xiangqi" }, server.http)).toMatchObject({
      status: 429,
      code: "rate/limited",
    });
    const refused = await matchmake(from);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { code: number }).code).toBe(4290);
    // Another address has its own.
    expect((await quickPlay(address(), { game: "xiangqi" }, server.http)).status).toBe(200);
  }, 30_000);
});
