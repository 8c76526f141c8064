/**
 * Erasure on request over a real server (`POST /api/erase`): by a seat token, the person's
 * name leaves the live table at once for everyone there, and the archived game and its text
 * exports carry no name; by a player key, the player is gone (404) and the game's seat no
 * longer links to them. The answer is the same whether anything matched or not; bad bodies
 * are refused; the address is limited; the log line names nobody.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { log } from "../../server/ops/log";
import { hashToken } from "../../server/table/tokens";
import type { ArchivedGame } from "../../shared/protocol/archive";
import { ERASED_NAME } from "../../shared/protocol/erased";
import { hello, playFirstLegal, type TableRoom, useTestServer, waitFor } from "./harness";

const t = useTestServer();

afterEach(() => {
  vi.restoreAllMocks();
});

async function erase(body: unknown): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${t.http}/api/erase`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** A xiangqi table with Ana at seat 0 and Budi at seat 1, `extra` given to both joins. */
async function seated(extra: [Record<string, unknown>, Record<string, unknown>] = [{}, {}]) {
  const ana = (await t.client().create("table", {
    game: "xiangqi",
    name: "Ana",
    seat: 0,
    ...extra[0],
  })) as TableRoom;
  const budi = (await t
    .client()
    .joinById(ana.roomId, { name: "Budi", seat: 1, ...extra[1] })) as TableRoom;
  await waitFor(ana, (s) => s.seats.every((x) => x.kind === "human"));
  // As every client does: the answer holds the seat's token, which is stored from then on.
  await Promise.all([hello(ana), hello(budi)]);
  return [ana, budi] as const;
}

/** Each seat moves once (so the game is kept), then Budi resigns; the finished game's id. */
async function playAndResign(ana: TableRoom, budi: TableRoom, start = true): Promise<string> {
  if (start) ana.send("start");
  for (const room of [ana, budi]) {
    const seat = room === ana ? 0 : 1;
    const n = (await waitFor(room, (s) => s.phase === "playing" && s.turn === seat)).moves.length;
    playFirstLegal(room);
    await waitFor(ana, (s) => s.moves.length > n);
  }
  budi.send("resign");
  return (await waitFor(ana, (s) => s.phase === "finished")).gameId;
}

/** Two players made with `POST /api/players`. */
async function twoPlayers(): Promise<[{ id: string; key: string }, { id: string; key: string }]> {
  const made = await Promise.all(
    ["Ana", "Budi"].map(async (name) => {
      const res = await fetch(`${t.http}/api/players`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name }),
      });
      return (await res.json()) as { id: string; key: string };
    }),
  );
  return made as [{ id: string; key: string }, { id: string; key: string }];
}

async function archived(id: string): Promise<ArchivedGame> {
  const res = await fetch(`${t.http}/api/games/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as ArchivedGame;
}

describe("erasure on request", () => {
  it("by a seat token: the live table shows no name at once; the archive and exports none", async () => {
    const info = vi.spyOn(log, "info");
    const [ana, budi] = await seated();
    const token = (await hello(ana)).seats[0]!.token;
    const answer = await erase({ seatToken: token });
    expect(answer).toStrictEqual({ status: 200, body: { erased: true } });
    // The other player sees it without anything else happening at the table.
    const seen = await waitFor(budi, (s) => s.seats[0]?.name === ERASED_NAME);
    expect(seen.seats.map((s) => [s.kind, s.name])).toEqual([
      ["human", ERASED_NAME],
      ["human", "Budi"],
    ]);

    // One line, which says how much, never whose.
    const lines = info.mock.calls.filter((c) => (c[0] as { event?: string })?.event === "erase");
    expect(lines).toHaveLength(1);
    expect(lines[0]![0]).toStrictEqual({
      event: "erase",
      tables: 1,
      games: 0,
      player: false,
      feedback: 0,
    });
    const logged = JSON.stringify(info.mock.calls);
    for (const secret of ["Ana", token, hashToken(token)]) expect(logged).not.toContain(secret);

    const id = await playAndResign(ana, budi);
    const game = await archived(id);
    expect(game.players).toStrictEqual([
      { name: ERASED_NAME, kind: "human" },
      { name: "Budi", kind: "human" },
    ]);
    expect(game.moves).toHaveLength(3);
    expect(game).not.toHaveProperty("seatTokens");
    const wxf = await (await fetch(`${t.http}/api/games/${id}?format=wxf`)).text();
    expect(wxf).toContain('[Red "?"]');
    expect(wxf).toContain('[Black "Budi"]');
    expect(`${JSON.stringify(game)}${wxf}`).not.toContain("Ana");

    // Budi's seat token finds the game in the archive too.
    const budiToken = (await hello(budi)).seats[0]!.token;
    expect((await erase({ seatToken: budiToken })).body).toStrictEqual({ erased: true });
    expect((await archived(id)).players.map((p) => p.name)).toEqual([ERASED_NAME, ERASED_NAME]);
    await ana.leave();
    await budi.leave();
  });

  it("by a player key: the player is gone and the game's seat no longer links to them", async () => {
    const [anaKey, budiKey] = await twoPlayers();
    const [ana, budi] = await seated([
      { rules: { rated: true }, playerKey: anaKey.key },
      { playerKey: budiKey.key },
    ]);
    const id = await playAndResign(ana, budi);
    // The rated record is written once the ratings are applied.
    await waitFor(ana, (s) => s.seats.every((x) => x.delta !== 0));
    expect((await archived(id)).players[0]?.player).toBe(anaKey.id);

    expect(await erase({ playerKey: anaKey.key })).toStrictEqual({
      status: 200,
      body: { erased: true },
    });
    expect((await fetch(`${t.http}/api/players/${anaKey.id}`)).status).toBe(404);
    const whoami = await fetch(`${t.http}/api/players/whoami`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ key: anaKey.key }),
    });
    expect(whoami.status).toBe(404);
    const game = await archived(id);
    expect(game.players[0]).toStrictEqual({
      name: ERASED_NAME,
      kind: "human",
      rating: game.players[0]?.rating,
    });
    expect(game.players[1]).toMatchObject({ name: "Budi", player: budiKey.id });
    expect((await fetch(`${t.http}/api/players/${budiKey.id}`)).status).toBe(200);
    // Still at the table: the name goes there too.
    await waitFor(budi, (s) => s.seats[0]?.name === ERASED_NAME);
    await ana.leave();
    await budi.leave();
  });

  it("a rated game in play when a key is erased keeps no trace of that player once it ends", async () => {
    const [anaKey, budiKey] = await twoPlayers();
    const [ana, budi] = await seated([
      { rules: { rated: true }, playerKey: anaKey.key },
      { playerKey: budiKey.key },
    ]);
    ana.send("start");
    await waitFor(ana, (s) => s.phase === "playing");
    expect((await erase({ playerKey: anaKey.key })).body).toStrictEqual({ erased: true });
    await waitFor(budi, (s) => s.seats[0]?.name === ERASED_NAME);
    const id = await playAndResign(ana, budi, false);
    // Budi's rating counts the game; Ana's seat links to nobody, and Ana has no rating back.
    await waitFor(budi, (s) => s.seats[1]!.delta !== 0);
    const budiPage = (await (await fetch(`${t.http}/api/players/${budiKey.id}`)).json()) as {
      history: { game: string }[];
    };
    expect(budiPage.history.map((h) => h.game)).toContain(id);
    // Erased again as the game was written (the test server's store does it at once).
    const game = await archived(id);
    expect(game.players[0]).not.toHaveProperty("player");
    expect(game.players[0]?.name).toBe(ERASED_NAME);
    expect(game.players[1]).toMatchObject({ name: "Budi", player: budiKey.id });
    expect((await fetch(`${t.http}/api/players/${anaKey.id}`)).status).toBe(404);
    await ana.leave();
    await budi.leave();
  });

  it("refuses a body that names no seat token or player key", async () => {
    for (const body of [{}, { seatToken: 5 }, { playerKey: "x" }])
      expect(await erase(body)).toMatchObject({
        status: 400,
        body: { code: "erase/invalid" },
      });
  });

  it("answers alike when nothing matches", async () => {
    expect(await erase({ seatToken: "AAAAAAAAAAAAAAAAAAAAAA" })).toStrictEqual({
      status: 200,
      body: { erased: true },
    });
    expect(await erase({ playerKey: "B".repeat(32) })).toStrictEqual({
      status: 200,
      body: { erased: true },
    });
  });

  it("limits each address", async () => {
    const statuses: number[] = [];
    let last: unknown = null;
    for (let i = 0; i < 12; i++) {
      const r = await erase({ seatToken: "CCCCCCCCCCCCCCCCCCCCCC" });
      statuses.push(r.status);
      last = r.body;
    }
    // Ten a minute: the earlier tests took most of them.
    expect(statuses.at(-1)).toBe(429);
    expect(statuses).toEqual([...statuses].sort());
    expect(last).toMatchObject({ code: "rate/limited" });
  });
});

describe("erasure and feedback", () => {
  // A server of its own: the tests above used this address's erasures of the minute.
  const u = useTestServer();
  it("detaches what the person wrote from them: the message stays, nothing leads to its writer", async () => {
    const made = await fetch(`${u.http}/api/players`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Ana" }),
    });
    const ana = (await made.json()) as { id: string; key: string };
    const erase = async (body: unknown) => {
      const res = await fetch(`${u.http}/api/erase`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    };
    const seatToken = "erase-feedback-seat-token-1";
    const post = async (body: Record<string, unknown>) => {
      const res = await fetch(`${u.http}/api/feedback`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ kind: "problem", text: "The clock froze", language: "en", ...body }),
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as { id: string }).id;
    };
    const byToken = await post({ seatToken });
    const byKey = await post({ playerKey: ana.key });
    const writer = async (id: string) => {
      const f = await u.server.store.feedbackItem(id);
      return [f?.authorToken ?? null, f?.authorPlayer ?? null, f?.text];
    };
    expect(await writer(byToken)).toEqual([hashToken(seatToken), null, "The clock froze"]);
    expect(await writer(byKey)).toEqual([null, ana.id, "The clock froze"]);
    expect((await erase({ seatToken })).body).toEqual({ erased: true });
    expect(await writer(byToken)).toEqual([null, null, "The clock froze"]);
    expect(await writer(byKey)).toEqual([null, ana.id, "The clock froze"]);
    expect((await erase({ playerKey: ana.key })).body).toEqual({ erased: true });
    expect(await writer(byKey)).toEqual([null, null, "The clock froze"]);
  });
});
