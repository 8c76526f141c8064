import { describe, expect, it } from "vitest";
import {
  fenOf,
  hello,
  nextMessage,
  refusal,
  snapshot,
  type TableRoom,
  useTestServer,
  waitFor,
} from "./harness";

const t = useTestServer();

async function tables(): Promise<
  {
    id: string;
    game: string;
    format: string;
    phase: string;
    taken: number;
    seats: number;
    spectators: number;
  }[]
> {
  const res = await fetch(`${t.http}/api/tables`);
  return (await res.json()).tables;
}

describe("public and private tables", () => {
  it("lists a public table with its game, format, seats and phase, and lets others join it", async () => {
    const host = (await t.client().create("table", {
      game: "fourchess",
      format: "individual",
      name: "Ana",
      seat: 0,
    })) as TableRoom;
    await waitFor(host, (s) => s.seats.length === 4);
    const listed = (await tables()).find((x) => x.id === host.roomId);
    expect(listed).toMatchObject({
      game: "fourchess",
      mode: "online",
      format: "individual",
      phase: "waiting",
      taken: 1,
      seats: 4,
    });
    const guest = (await t
      .client()
      .joinById(host.roomId, { name: "Budi", seat: "any" })) as TableRoom;
    const me = await hello(guest);
    await waitFor(host, (s) => s.seats.filter((x) => x.kind === "human").length === 2);
    expect(host.state.seats[1]!.name).toBe("Budi");
    expect(me.role).toBe("player");
    expect(me.seats).toEqual([{ seat: 1, token: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) }]);
    expect((await tables()).find((x) => x.id === host.roomId)?.taken).toBe(2);
    await guest.leave();
    await host.leave();
  });

  it("gives a private table a 6-character code, never lists it, and joins by the code", async () => {
    const host = (await t
      .client()
      .create("table", { game: "fourchess", private: true, name: "Ana", seat: 0 })) as TableRoom;
    expect(host.roomId).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    expect((await tables()).some((x) => x.id === host.roomId)).toBe(false);
    const friend = (await t.client().joinById(host.roomId, { name: "Citra" })) as TableRoom;
    await waitFor(friend, (s) => s.private && s.seats.length === 4);
    await friend.leave();
    await host.leave();
  });

  it("answers a wrong code with a clear error", async () => {
    await expect(t.client().joinById("ZZZZZ9", { name: "X" })).rejects.toThrow(/not found|ZZZZZ9/i);
  });

  it("quick play joins a waiting public table of that game and format, or opens one", async () => {
    const first = await (
      await fetch(`${t.http}/api/quickplay`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ game: "fourchess", format: "teams" }),
      })
    ).json();
    expect(first.created).toBe(true);
    const room = (await t.client().joinById(first.roomId, { name: "Q", seat: "any" })) as TableRoom;
    await waitFor(room, (s) => s.seats.some((x) => x.kind === "human"));
    const second = await (
      await fetch(`${t.http}/api/quickplay`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ game: "fourchess", format: "teams" }),
      })
    ).json();
    expect(second).toEqual({ roomId: first.roomId, created: false, held: true });
    const bad = await fetch(`${t.http}/api/quickplay`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ game: "go" }),
    });
    expect(bad.status).toBe(400);
    await room.leave();
  });

  it("refuses to create a table with bad options", async () => {
    await expect(t.client().create("table", { game: "checkers" })).rejects.toThrow(
      /payload\/invalid/,
    );
    await expect(
      t.client().create("table", { game: "fourchess", rules: { turnTimer: 45 } }),
    ).rejects.toThrow(/rules\/invalid/);
  });
});

describe("seats, house rules and the start", () => {
  it("lets players sit and change seats, the host change rules, and start with CPUs filling seats", async () => {
    const host = (await t
      .client()
      .create("table", { game: "fourchess", name: "Host" })) as TableRoom;
    const welcome = await hello(host);
    expect(welcome).toMatchObject({ role: "spectator", host: true });
    await waitFor(host, (s) => s.host === welcome.player);
    const guest = (await t.client().joinById(host.roomId, { name: "Guest" })) as TableRoom;
    const token = nextMessage<{ seat: number; token: string }>(host, "seat");
    host.send("sit", { seat: 2 });
    expect((await token).seat).toBe(2);
    guest.send("sit", { seat: 1 });
    await waitFor(host, (s) => s.seats[1]!.kind === "human" && s.seats[2]!.kind === "human");
    guest.send("sit", { seat: 3 });
    await waitFor(host, (s) => s.seats[3]!.kind === "human" && s.seats[1]!.kind === "open");

    expect((await refusal(guest, "rules", { rules: { format: "individual" } })).code).toBe(
      "host/only",
    );
    expect((await refusal(guest, "start")).code).toBe("host/only");
    host.send("rules", { rules: { format: "individual", cpuLevel: "easy", turnTimer: 60 } });
    await waitFor(
      host,
      (s) =>
        s.rules.format === "individual" && s.rules.cpuLevel === "easy" && s.rules.turnTimer === 60,
    );
    expect((await refusal(host, "rules", { rules: { colour: "red" } })).code).toBe("rules/invalid");

    host.send("start");
    const s = await waitFor(host, (x) => x.phase === "playing");
    expect(s.seats.map((x) => x.kind)).toEqual(
      ["cpu", "human", "human", "human"].map((k, i) => (i === 1 ? "cpu" : k)),
    );
    expect(s.seats[0]!.level).toBe("easy");
    expect(s.pieces.size).toBe(64);
    await guest.leave();
    await host.leave();
  });
});

describe("refused input", () => {
  it("answers each bad action with its code, changes nothing and keeps the sender connected", async () => {
    const a = (await t
      .client()
      .create("table", { game: "fourchess", name: "A", seat: 0 })) as TableRoom;
    const b = (await t.client().joinById(a.roomId, { name: "B", seat: 1 })) as TableRoom;
    await waitFor(a, (s) => s.seats[1]!.kind === "human");
    a.send("start");
    await waitFor(a, (s) => s.phase === "playing");
    const watcher = (await t
      .client()
      .joinById(a.roomId, { name: "W", spectate: true })) as TableRoom;
    await waitFor(watcher, (s) => s.phase === "playing");
    const before = snapshot(a.state);

    const cases: [TableRoom, string, unknown, string][] = [
      [a, "move", { from: "h2", to: "h5" }, "move/pawn-shape"],
      [b, "move", { from: "b4", to: "c4" }, "turn/not-yours"],
      [b, "move", { from: "h2", to: "h4" }, "turn/not-yours"],
      [watcher, "move", { from: "h2", to: "h4" }, "role/spectator"],
      [watcher, "resign", undefined, "role/spectator"],
      [a, "move", { from: 7, to: null }, "payload/invalid"],
      [a, "move", "h2h4", "payload/invalid"],
      [a, "sit", { seat: "red" }, "payload/invalid"],
      [a, "dance", { steps: 3 }, "message/unknown"],
    ];
    for (const [room, type, payload, code] of cases) {
      const err = await refusal(room, type, payload);
      expect(err.code, `${type} ${JSON.stringify(payload)}`).toBe(code);
      expect(err.message.length).toBeGreaterThan(5);
    }
    expect(snapshot(a.state)).toBe(before);
    // Everyone is still connected and the game goes on.
    a.send("move", { from: "h2", to: "h4" });
    await waitFor(watcher, (s) => s.moves.length === 1 && s.turn === 1);
    await waitFor(a, (s) => s.moves.length === 1);
    expect(fenOf(watcher.state)).toBe(fenOf(a.state));
    for (const r of [a, b, watcher]) expect(r.connection.isOpen).toBe(true);
    await watcher.leave();
    await b.leave();
    await a.leave();
  });
});

describe("your tables (POST /api/tables/mine)", () => {
  const mine = (body: unknown) =>
    fetch(`${t.http}/api/tables/mine`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });

  it("lists the tables still in play where a token holds a seat, with what the lobby shows", async () => {
    const online = (await t.client().create("table", {
      game: "fourchess",
      format: "individual",
      name: "Ana",
      seat: 2,
    })) as TableRoom;
    const solo = (await t
      .client()
      .create("table", { game: "xiangqi", mode: "computer", name: "Solo" })) as TableRoom;
    const family = (await t
      .client()
      .create("table", { game: "xiangqi", mode: "hotseat", name: "Family" })) as TableRoom;
    const [a, s, f] = [await hello(online), await hello(solo), await hello(family)];
    await waitFor(solo, (x) => x.phase === "playing" && x.turn === 0);
    const res = await mine({
      tables: [
        { id: online.roomId, seatToken: a.seats[0]!.token },
        { id: solo.roomId, seatToken: s.seats[0]!.token },
        { id: family.roomId, seatToken: f.seats[0]!.token },
      ],
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      tables: [
        {
          id: online.roomId,
          game: "fourchess",
          mode: "online",
          format: "individual",
          phase: "waiting",
          seats: [2],
          moves: 0,
          turn: -1,
          private: false,
        },
        {
          id: solo.roomId,
          game: "xiangqi",
          mode: "computer",
          format: "",
          phase: "playing",
          seats: [0],
          moves: 0,
          turn: 0,
          private: true,
        },
        {
          id: family.roomId,
          game: "xiangqi",
          mode: "hotseat",
          format: "",
          phase: "playing",
          seats: [0, 1],
          moves: 0,
          turn: 0,
          private: true,
        },
      ],
    });
    // A finished game is no longer in play; a seat left on purpose forgets its token.
    solo.send("resign");
    await waitFor(solo, (x) => x.phase === "finished");
    const token = a.seats[0]!.token;
    await online.leave();
    const after = await mine({
      tables: [
        { id: solo.roomId, seatToken: s.seats[0]!.token },
        { id: online.roomId, seatToken: token },
      ],
    });
    expect(await after.json()).toEqual({ tables: [] });
    await Promise.all([solo.leave(), family.leave()]);
  });

  it("says the same for a wrong token and a missing table, so codes cannot be probed", async () => {
    const host = (await t
      .client()
      .create("table", { game: "fourchess", private: true, name: "Ana", seat: 0 })) as TableRoom;
    const other = (await t
      .client()
      .create("table", { game: "fourchess", private: true, name: "Budi", seat: 0 })) as TableRoom;
    const [h, o] = [await hello(host), await hello(other)];
    const answers = await Promise.all(
      [
        { id: host.roomId, seatToken: "A".repeat(22) },
        { id: host.roomId, seatToken: o.seats[0]!.token },
        { id: "ZZZZZ9", seatToken: h.seats[0]!.token },
        { id: "__proto__", seatToken: h.seats[0]!.token },
      ].map(async (entry) => {
        const res = await mine({ tables: [entry] });
        return `${res.status} ${await res.text()}`;
      }),
    );
    expect(new Set(answers)).toEqual(new Set(['200 {"tables":[]}']));
    const right = await mine({ tables: [{ id: host.roomId, seatToken: h.seats[0]!.token }] });
    expect((await right.json()).tables).toMatchObject([{ id: host.roomId, seats: [0] }]);
    await Promise.all([host.leave(), other.leave()]);
  });

  it("refuses a malformed body with 400 and a code", async () => {
    const token = "A".repeat(22);
    const bodies: unknown[] = [
      "not json",
      {},
      { tables: "ABC234" },
      { tables: [{ id: "ABC234" }] },
      { tables: [{ id: "AB C2", seatToken: token }] },
      { tables: [{ id: "ABC234", seatToken: "short" }] },
      { tables: [{ id: "ABC234", seatToken: token, extra: 1 }] },
      { tables: [], more: true },
      { tables: Array.from({ length: 21 }, () => ({ id: "ABC234", seatToken: token })) },
    ];
    for (const body of bodies) {
      const res = await mine(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const answer = await res.json();
      expect(answer.code).toBe("payload/invalid");
      expect(answer.message.length).toBeGreaterThan(5);
    }
  });

  it("limits the requests per address", async () => {
    const statuses = await Promise.all(
      Array.from({ length: 30 }, async () => (await mine({ tables: [] })).status),
    );
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(20);
  });
});
