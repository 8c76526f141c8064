/**
 * Playing with strangers against a real server, as an outside client would: quick play pairs
 * and starts by itself, every table has a code, a rematch needs everyone, phrases and who is
 * watching reach everyone.
 */
import { describe, expect, it } from "vitest";
import { CODE_ALPHABET, CODE_LENGTH } from "../../shared/protocol/codes";
import {
  hello,
  nextMessage,
  playFirstLegal,
  refusal,
  type TableRoom,
  useTestServer,
  waitFor,
} from "./harness";

/** How long a second of a clock lasts on the test server. */
const SECOND = 20;
const t = useTestServer({ quickWaitSeconds: 2, timerSecondMs: SECOND });

async function quickPlay(
  body: Record<string, unknown>,
): Promise<{ roomId: string; created: boolean }> {
  const res = await fetch(`${t.http}/api/quickplay`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { roomId: string; created: boolean };
}

async function stranger(
  body: Record<string, unknown>,
  name: string,
): Promise<{ room: TableRoom; roomId: string }> {
  const { roomId } = await quickPlay(body);
  const room = (await t.client().joinById(roomId, { seat: "any", name })) as TableRoom;
  return { room, roomId };
}

const isCode = (id: string) =>
  id.length === CODE_LENGTH && [...id].every((c) => CODE_ALPHABET.includes(c));

describe("quick play", () => {
  it("two strangers asking for xiangqi land at one table and play without anyone pressing start", async () => {
    const a = await stranger({ game: "xiangqi" }, "Ana");
    const b = await stranger({ game: "xiangqi" }, "Ana");
    expect(b.roomId).toBe(a.roomId);
    expect(isCode(a.roomId)).toBe(true);
    const s = await waitFor(a.room, (x) => x.phase === "playing");
    expect(s.mode).toBe("quick");
    expect(s.host).toBe("");
    // Two people called Ana are told apart.
    expect(s.seats.map((x) => x.name).sort()).toEqual(["Ana", "Ana 2"]);
    const aId = (await hello(a.room)).player;
    const red = s.seats[s.turn]!.player === aId ? a.room : b.room;
    playFirstLegal(red);
    await waitFor(a.room, (x) => x.moves.length === 1);
    await waitFor(b.room, (x) => x.moves.length === 1);
    // The table has started: the next stranger is sent to another one.
    const c = await quickPlay({ game: "xiangqi" });
    expect(c.roomId).not.toBe(a.roomId);
    await Promise.all([a.room.leave(), b.room.leave()]);
  });

  it("two asking for four-player Teams start after the wait with two CPUs, nobody able to change the rules or hold the start", async () => {
    const a = await stranger({ game: "fourchess", format: "teams" }, "A");
    // A person alone is told they wait: no countdown yet.
    const alone = await waitFor(a.room, (x) => x.seats.some((s) => s.kind === "human"));
    expect(alone.autoStart).toBe(0);
    const b = await stranger({ game: "fourchess", format: "teams" }, "B");
    expect(b.roomId).toBe(a.roomId);
    const counting = await waitFor(b.room, (x) => x.autoStart > 0);
    const welcome = nextMessage<{ now: number }>(b.room, "welcome");
    b.room.send("hello");
    const { now } = await welcome;
    expect(counting.autoStart - now).toBeGreaterThan(0);
    expect(counting.autoStart - now).toBeLessThanOrEqual(2000);
    expect((await refusal(a.room, "rules", { rules: { turnTimer: 30 } })).code).toBe(
      "quick/no-host",
    );
    expect((await refusal(b.room, "start")).code).toBe("quick/not-alone");
    const s = await waitFor(a.room, (x) => x.phase === "playing", 10_000);
    expect(s.seats.map((x) => x.kind).sort()).toEqual(["cpu", "cpu", "human", "human"]);
    expect(s.rules.turnTimer).toBe(0);
    await Promise.all([a.room.leave(), b.room.leave()]);
  });

  it("Individual is a pool of its own; one alone waits, and may start against CPUs", async () => {
    const teams = await quickPlay({ game: "fourchess", format: "teams" });
    const solo = await stranger({ game: "fourchess", format: "individual" }, "Solo");
    expect(solo.roomId).not.toBe(teams.roomId);
    await waitFor(solo.room, (x) => x.seats.some((s) => s.kind === "human"));
    solo.room.send("start");
    const s = await waitFor(solo.room, (x) => x.phase === "playing");
    expect(s.rules.format).toBe("individual");
    expect(s.seats.filter((x) => x.kind === "cpu")).toHaveLength(3);
    await solo.room.leave();
  });

  it("a leaver frees the seat at once, a dropped one too; a table everyone left closes", async () => {
    const a = await stranger({ game: "xiangqi", format: "" }, "First");
    const b = await t.client().joinById(a.roomId, { spectate: true, name: "Watcher" });
    await waitFor(b as TableRoom, (x) => x.seats.some((s) => s.kind === "human"));
    // A dropped connection (not a consented leave) is not waited for either.
    (a.room.connection as unknown as { close(code?: number): void }).close(4000);
    await waitFor(b as TableRoom, (x) => x.seats.every((s) => s.kind === "open"));
    await b.leave();
    // Nobody left: the table is gone and the pool opens a new one.
    const next = await stranger({ game: "xiangqi" }, "Next");
    expect(next.roomId).not.toBe(a.roomId);
    await next.room.leave();
  });

  it("a third person joins a quick-play table with its 6-character code, and is listed by it", async () => {
    const a = await stranger({ game: "fourchess", format: "individual" }, "One");
    const b = await stranger({ game: "fourchess", format: "individual" }, "Two");
    expect(b.roomId).toBe(a.roomId);
    const listed = (await (await fetch(`${t.http}/api/tables`)).json()) as {
      tables: { id: string; mode: string }[];
    };
    expect(listed.tables.find((x) => x.id === a.roomId)?.mode).toBe("quick");
    const c = (await t.client().joinById(a.roomId, {
      seat: "any",
      name: "Three",
    })) as TableRoom;
    const s = await waitFor(c, (x) => x.seats.filter((s) => s.kind === "human").length === 3);
    expect(s.seats.map((x) => x.name)).toContain("Three");
    await Promise.all([a.room.leave(), b.room.leave(), c.leave()]);
  });
});

describe("quick play by clock", () => {
  const fiveThree = { base: 300, increment: 3, delay: 0 };
  const tenFive = { base: 600, increment: 5, delay: 0 };

  it("pairs two strangers asking for the same clock, and never two asking for different ones", async () => {
    const a = await stranger({ game: "xiangqi", clock: fiveThree }, "Five");
    const other = await stranger({ game: "xiangqi", clock: tenFive }, "Ten");
    const none = await stranger({ game: "xiangqi" }, "None");
    expect(other.roomId).not.toBe(a.roomId);
    expect(none.roomId).not.toBe(a.roomId);
    expect(none.roomId).not.toBe(other.roomId);
    const b = await stranger({ game: "xiangqi", clock: fiveThree }, "Three");
    expect(b.roomId).toBe(a.roomId);
    // The pair plays with the pool's clock, both seats starting with its base (a second lasts
    // `timerSecondMs` here).
    const s = await waitFor(a.room, (x) => x.phase === "playing");
    expect(s.rules.clock).toMatchObject(fiveThree);
    expect(s.seats.map((x) => x.clock)).toEqual([300 * SECOND, 300 * SECOND]);
    expect(s.seats.map((x) => x.name).sort()).toEqual(["Five", "Three"]);
    // The lobby lists each table with its clock.
    const { tables } = (await (await fetch(`${t.http}/api/tables`)).json()) as {
      tables: { id: string; clock: unknown }[];
    };
    expect(tables.find((x) => x.id === a.roomId)?.clock).toEqual(fiveThree);
    expect(tables.find((x) => x.id === none.roomId)?.clock).toBeNull();
    // The one who asked for no clock still waits alone, without a clock.
    const alone = await waitFor(none.room, (x) => x.seats.some((seat) => seat.kind === "human"));
    expect(alone.phase).toBe("waiting");
    expect(alone.rules.clock ?? null).toBeNull();
    await Promise.all([a.room.leave(), b.room.leave(), other.room.leave(), none.room.leave()]);
  });

  it("keeps four-player pools apart by clock too, and takes only the game's own presets", async () => {
    const delay = { base: 60, increment: 0, delay: 15 };
    const a = await stranger({ game: "fourchess", format: "teams", clock: delay }, "A");
    const b = await stranger({ game: "fourchess", format: "teams", clock: delay }, "B");
    const c = await stranger(
      { game: "fourchess", format: "teams", clock: { base: 180, increment: 2, delay: 0 } },
      "C",
    );
    expect(b.roomId).toBe(a.roomId);
    expect(c.roomId).not.toBe(a.roomId);
    // 5+3 is a xiangqi control, not a four-player one; a clock of one's own is no pool.
    for (const clock of [fiveThree, { base: 240, increment: 1, delay: 0 }, "3+2", { base: 60 }]) {
      const res = await fetch(`${t.http}/api/quickplay`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ game: "fourchess", format: "teams", clock }),
      });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { code: string; message: string };
      expect(body.code).toBe("payload/invalid");
      expect(body.message).toMatch(/clock/);
    }
    await Promise.all([a.room.leave(), b.room.leave(), c.room.leave()]);
  });

  it("opens no quick-play table outside the pools: one asked for by hand is refused", async () => {
    const listed = async () =>
      ((await (await fetch(`${t.http}/api/tables`)).json()) as { tables: { id: string }[] }).tables
        .map((x) => x.id)
        .sort();
    const before = await listed();
    const mine = { base: 240, increment: 1, delay: 0 };
    for (const method of ["create", "joinOrCreate"] as const)
      await expect(
        t.client()[method]("table", { game: "xiangqi", mode: "quick", rules: { clock: mine } }),
      ).rejects.toThrow(/payload\/invalid/);
    expect(await listed()).toEqual(before);
  });
});

describe("every table has a code", () => {
  it("public and private tables alike", async () => {
    const pub = await t.client().create("table", { game: "xiangqi", name: "P" });
    const priv = await t.client().create("table", { game: "xiangqi", name: "Q", private: true });
    expect(isCode(pub.roomId)).toBe(true);
    expect(isCode(priv.roomId)).toBe(true);
    await Promise.all([pub.leave(), priv.leave()]);
  });
});

describe("rematch by consent", () => {
  async function finishedPair(): Promise<[TableRoom, TableRoom, TableRoom]> {
    const a = (await t
      .client()
      .create("table", { game: "xiangqi", name: "Red", seat: 0 })) as TableRoom;
    const b = (await t.client().joinById(a.roomId, { name: "Black", seat: 1 })) as TableRoom;
    const w = (await t.client().joinById(a.roomId, { spectate: true, name: "Wu" })) as TableRoom;
    await waitFor(a, (s) => s.seats[1]!.kind === "human");
    a.send("start");
    await waitFor(b, (s) => s.phase === "playing");
    b.send("resign");
    await waitFor(a, (s) => s.phase === "finished");
    return [a, b, w];
  }

  it("one playAgain does not start the next game; everyone's does, and everyone sees the request", async () => {
    const [a, b, w] = await finishedPair();
    a.send("playAgain");
    const seen = await waitFor(w, (s) => s.offer?.kind === "rematch");
    expect(seen.phase).toBe("finished");
    expect(seen.result).toBeDefined();
    expect((await refusal(a, "playAgain")).code).toBe("offer/pending");
    b.send("playAgain", { action: "accept" });
    await waitFor(w, (s) => s.phase === "playing" && s.gameNumber === 2);
    await Promise.all([a.leave(), b.leave(), w.leave()]);
  });

  it("a decliner who came back after a drop without giving a name watches under their seat's name", async () => {
    const [a, b, w] = await finishedPair();
    const bHello = await hello(b);
    // The connection drops; the device comes back with its seat token only.
    await b.leave(false);
    const back = (await t
      .client()
      .joinById(a.roomId, { seatToken: bHello.seats[0]!.token })) as TableRoom;
    await hello(back);
    a.send("playAgain");
    await waitFor(back, (s) => s.offer?.kind === "rematch");
    back.send("playAgain", { action: "decline" });
    const s = await waitFor(a, (x) => x.seats[1]!.kind === "open");
    expect(s.watchers).toContain("Black");
    expect(s.watchers).not.toContain("Player");
    await Promise.all([a.leave(), back.leave(), w.leave()]);
  });

  it("a decline gives up the seat at a private or public table: the decliner watches, the seat is free", async () => {
    const [a, b, w] = await finishedPair();
    const bHello = await hello(b);
    a.send("playAgain");
    await waitFor(b, (s) => s.offer?.kind === "rematch");
    b.send("playAgain", { action: "decline" });
    const s = await waitFor(a, (x) => x.seats[1]!.kind === "open");
    expect(s.phase).toBe("finished");
    expect(s.watchers).toContain("Black");
    // The decliner's seat token no longer holds anything.
    const back = await t
      .client()
      .joinById(a.roomId, { seatToken: bHello.seats[0]!.token, name: "Black" });
    const again = await hello(back as TableRoom);
    expect(again.role).toBe("spectator");
    // Someone sits in the free seat: that agrees, and the game starts.
    w.send("sit", { seat: 1 });
    const next = await waitFor(a, (x) => x.phase === "playing" && x.gameNumber === 2);
    expect(next.seats.map((x) => x.name)).toEqual(["Wu", "Red"]);
    await Promise.all([a.leave(), b.leave(), w.leave(), back.leave()]);
  });

  it("a leave at a quick-play table is replaced by a CPU, and the next game starts", async () => {
    const a = await stranger({ game: "xiangqi" }, "Stay");
    const b = await stranger({ game: "xiangqi" }, "Go");
    await waitFor(a.room, (x) => x.phase === "playing");
    b.room.send("resign");
    await waitFor(a.room, (x) => x.phase === "finished");
    a.room.send("playAgain");
    await waitFor(a.room, (x) => x.offer?.kind === "rematch");
    await b.room.leave();
    const s = await waitFor(a.room, (x) => x.phase === "playing" && x.gameNumber === 2);
    expect(s.seats.map((x) => x.kind).sort()).toEqual(["cpu", "human"]);
    await a.room.leave();
  });
});

describe("at the table", () => {
  it("phrases reach everyone as codes, spectators' under no seat, and too many are refused", async () => {
    const a = (await t
      .client()
      .create("table", { game: "xiangqi", name: "Ana", seat: 0 })) as TableRoom;
    const w = (await t.client().joinById(a.roomId, { spectate: true, name: "Budi" })) as TableRoom;
    await waitFor(a, (s) => s.watchers.includes("Budi"));
    const heard = nextMessage(w, "said");
    const own = nextMessage(a, "said");
    a.send("say", { phrase: "good-luck" });
    expect(await heard).toEqual({ phrase: "good-luck", seat: 0, name: "Ana" });
    expect(await own).toEqual({ phrase: "good-luck", seat: 0, name: "Ana" });
    const reaction = nextMessage(a, "said");
    w.send("say", { phrase: "oops" });
    expect(await reaction).toEqual({ phrase: "oops", seat: -1, name: "Budi" });
    expect((await refusal(a, "say", { phrase: "You are bad" })).code).toBe("payload/invalid");
    a.send("say", { phrase: "hello" });
    a.send("say", { phrase: "hello" });
    expect((await refusal(a, "say", { phrase: "hello" })).code).toBe("talk/too-fast");
    await Promise.all([a.leave(), w.leave()]);
  });

  it("the state names the first 20 spectators and counts them all", async () => {
    const a = (await t
      .client()
      .create("table", { game: "xiangqi", name: "Host", seat: 0 })) as TableRoom;
    const watchers: TableRoom[] = [];
    for (let i = 0; i < 22; i++)
      watchers.push(
        (await t.client().joinById(a.roomId, { spectate: true, name: `W${i}` })) as TableRoom,
      );
    const s = await waitFor(a, (x) => x.spectators === 22);
    expect(s.watchers).toHaveLength(20);
    expect(s.watchers[0]).toBe("W0");
    // A spectator is told apart from the people already there.
    const again = (await t
      .client()
      .joinById(a.roomId, { spectate: true, name: "Host" })) as TableRoom;
    const heard = nextMessage(a, "said");
    again.send("say", { phrase: "hello" });
    expect(await heard).toEqual({ phrase: "hello", seat: -1, name: "Host 2" });
    watchers.push(again);
    await Promise.all([a.leave(), ...watchers.map((w) => w.leave())]);
  });
});
