/**
 * Game clocks and premoves over real sockets: the clock as the state names it, a flag falling,
 * the archive and its exports, and premoves that only their player ever hears of.
 */
import { describe, expect, it } from "vitest";
import type { ArchivedGame } from "../../shared/protocol/archive";
import { PROTOCOL, SERVER_MESSAGES, type ServerPayloads } from "../../shared/protocol/messages";
import type { TableView } from "../../shared/protocol/views";
import { unpackMove } from "../../shared/protocol/wire";
import {
  hello,
  nextMessage,
  refusal,
  type TableRoom,
  type TestServer,
  useTestServer,
  waitFor,
} from "./harness";

/**
 * Clock seconds of 10 ms: a 15-second clock falls in 150 ms, and the longest (5400 s) lasts
 * 54 s, longer than any of these tests.
 */
const t = useTestServer({ timerSecondMs: 10, graceMs: 60_000 });

/** The state as plain data, to compare. */
const plain = (room: TableRoom) =>
  JSON.stringify((room.state as unknown as { toJSON(): unknown }).toJSON());

type Premove = ServerPayloads["premove"];

/** Every message a connection gets (of the server's types, and any other), in order. */
function collect(room: TableRoom): [string, unknown][] {
  const all: [string, unknown][] = [];
  for (const type of Object.values(SERVER_MESSAGES))
    room.onMessage(type, (message: unknown) => all.push([type, message]));
  room.onMessage("*", (type, message) => all.push([String(type), message]));
  return all;
}

/** Xiangqi between Red and Black, with a spectator, started with `rules`. */
async function xiangqi(
  server: TestServer,
  rules: Record<string, unknown>,
): Promise<{ red: TableRoom; black: TableRoom; watcher: TableRoom }> {
  const red = (await server
    .client()
    .create("table", { game: "xiangqi", name: "Red", seat: 0, rules })) as TableRoom;
  const black = (await server
    .client()
    .joinById(red.roomId, { name: "Black", seat: 1 })) as TableRoom;
  const watcher = (await server
    .client()
    .joinById(red.roomId, { name: "Watcher", spectate: true })) as TableRoom;
  await Promise.all([hello(red), hello(black), hello(watcher)]);
  await waitFor(red, (s) => s.seats[1]!.kind === "human");
  return { red, black, watcher };
}

async function start(room: TableRoom, ...others: TableRoom[]): Promise<TableView> {
  room.send("start");
  for (const o of others) await waitFor(o, (s) => s.phase === "playing");
  return waitFor(room, (s) => s.phase === "playing");
}

const leaveAll = (...rooms: TableRoom[]) => Promise.all(rooms.map((r) => r.leave()));

describe("the clock in the state", () => {
  it("is in rules.clock and seats[i].clock: ms left, running only for the seat to move", async () => {
    const clock = { base: 5400, increment: 60, delay: 0 };
    const { red, black, watcher } = await xiangqi(t, { clock });
    const waiting = red.state;
    expect(waiting.rules.clock).toMatchObject(clock);
    // Before the start, every clock shows the base.
    expect(waiting.seats.map((s) => s.clock)).toEqual([54_000, 54_000]);
    // A clock and a turn timer together are refused, with the reason.
    const both = await refusal(red, "rules", { rules: { clock, turnTimer: 30 } });
    expect(both.code).toBe("rules/invalid");
    expect(both.message).toMatch(/clock or a turn timer/);

    const s = await start(red, black, watcher);
    expect(s.seats.map((x) => x.clock)).toEqual([54_000, 54_000]);
    // Red's flag falls when its whole clock has run from the turn's start.
    expect(s.turnDeadline).toBe(s.turnStarted + 54_000);
    const redStarted = s.clockBase + s.turnStarted;

    red.send("move", { from: "h2", to: "e2" });
    const after = await waitFor(watcher, (x) => x.moves.length === 1);
    const thought = Date.now() - redStarted;
    // Red paid for its thinking and got its increment; Black's clock did not move.
    expect(after.seats[0]!.clock).toBeLessThanOrEqual(54_600);
    expect(after.seats[0]!.clock).toBeGreaterThanOrEqual(54_600 - thought);
    expect(after.seats[1]!.clock).toBe(54_000);
    expect(after.turn).toBe(1);
    expect(after.turnDeadline).toBe(after.turnStarted + 54_000);
    await leaveAll(red, black, watcher);
  });

  it("a flag that falls before its side moved aborts the game: no winner, nothing archived", async () => {
    const { red, black, watcher } = await xiangqi(t, {
      clock: { base: 15, increment: 0, delay: 0 },
    });
    await start(red, black, watcher);
    // Red does not move: its 15 clock seconds (150 ms) run out.
    const s = await waitFor(watcher, (x) => x.phase === "finished");
    expect(s.result).toMatchObject({ reason: "aborted", code: "aborted", draw: false });
    expect([...s.result!.winners]).toEqual([]);
    expect(s.seats[0]!.out).toBeFalsy();
    expect((await fetch(`${t.http}/api/games/${s.gameId}`)).status).toBe(404);
    await leaveAll(red, black, watcher);
  });

  it("a flag that falls ends a xiangqi game on time, and the archive keeps the clock", async () => {
    // The 60 s delay gives each side time for its first move; then Red's 15 s run out.
    const { red, black, watcher } = await xiangqi(t, {
      clock: { base: 15, increment: 0, delay: 60 },
    });
    await start(red, black, watcher);
    red.send("move", { from: "h2", to: "e2" });
    await waitFor(black, (x) => x.turn === 1);
    black.send("move", { from: "h9", to: "g7" });
    const s = await waitFor(watcher, (x) => x.phase === "finished");
    expect(s.result).toMatchObject({ reason: "timeout", code: "timeout", draw: false });
    expect([...s.result!.winners]).toEqual([1]);
    expect(s.result!.message).toBe("Red ran out of time. Black wins.");
    expect(s.seats[0]).toMatchObject({ clock: 0, out: "timed-out" });
    expect(unpackMove(s.moves[2]!)).toMatchObject({ seat: 0, resigned: true, timeout: true });

    const game = (await (await fetch(`${t.http}/api/games/${s.gameId}`)).json()) as ArchivedGame;
    expect(game.rules.clock).toEqual({ base: 15, increment: 0, delay: 60 });
    expect(game.result.reason).toBe("timeout");
    expect(game.moves[2]).toMatchObject({ seat: 0, from: null, notation: "T", clock: 0 });
    const wxf = await (await fetch(`${t.http}/api/games/${s.gameId}?format=wxf`)).text();
    expect(wxf).toContain("[TimeControl ");
    await leaveAll(red, black, watcher);
  });

  it("every archived move keeps the clock it left; PGN4 carries the time control", async () => {
    const room = (await t.client().create("table", {
      game: "fourchess",
      mode: "computer",
      name: "Ana",
      rules: { clock: { base: 600, increment: 0, delay: 15 } },
    })) as TableRoom;
    await waitFor(room, (s) => s.phase === "playing");
    room.send("move", { from: "h2", to: "h3" });
    // The three CPUs answer; their clocks run too (a CPU is charged the time it takes).
    await waitFor(room, (s) => s.moves.length === 4 && s.turn === 0);
    room.send("resign");
    const s = await waitFor(room, (x) => x.phase === "finished");
    const game = (await (await fetch(`${t.http}/api/games/${s.gameId}`)).json()) as ArchivedGame;
    expect(game.moves).toHaveLength(5);
    // Each entry keeps what its seat's clock had left after it: the last of each seat is the
    // clock the state shows at the end.
    for (const m of game.moves) expect(m.clock).toBeGreaterThan(0);
    for (const [seat, x] of s.seats.entries())
      expect(game.moves.findLast((m) => m.seat === seat)?.clock).toBe(x.clock);
    const pgn4 = await (await fetch(`${t.http}/api/games/${s.gameId}?format=pgn4`)).text();
    expect(pgn4).toContain('[TimeControl "600d15"]');
    await room.leave();
  });
});

describe("the server's time", () => {
  it("is told to whoever asks, a spectator too, and to nobody else; nothing at the table changes", async () => {
    const { red, black, watcher } = await xiangqi(t, {});
    // The welcome says which protocol the server speaks: a page of another one reloads.
    expect(await hello(watcher)).toMatchObject({ protocol: PROTOCOL });
    const before = plain(red);
    const heard = collect(black);
    const asked = Date.now();
    const answer = nextMessage<ServerPayloads["time"]>(watcher, "time");
    watcher.send("time");
    const { now } = await answer;
    expect(now).toBeGreaterThanOrEqual(asked);
    expect(now).toBeLessThanOrEqual(Date.now());
    // Black hears nothing of it: a round trip of Black's own shows what reached Black since.
    const own = nextMessage(black, "time");
    black.send("time");
    await own;
    expect(heard.map(([type]) => type)).toEqual(["time"]);
    expect(plain(red)).toBe(before);
    await Promise.all([red.leave(), black.leave(), watcher.leave()]);
  });
});

describe("premoves", () => {
  it("are answered only to their sender, played at once when the turn comes, and never shown to anyone else", async () => {
    const { red, black, watcher } = await xiangqi(t, {
      clock: { base: 5400, increment: 60, delay: 0 },
    });
    const heardByRed = collect(red);
    const heardByWatcher = collect(watcher);
    await start(red, black, watcher);
    const before = plain(watcher);

    expect((await refusal(watcher, "premove", { from: "h9", to: "g7" })).code).toBe(
      "role/spectator",
    );
    expect((await refusal(red, "premove", { from: "h2", to: "e2" })).code).toBe(
      "premove/your-turn",
    );
    expect((await refusal(black, "premove", { from: "h2", to: "e2" })).code).toBe(
      "move/not-your-piece",
    );
    expect((await refusal(black, "premove", { from: "h9" })).code).toBe("payload/invalid");

    const queued = nextMessage<Premove>(black, "premove");
    black.send("premove", { from: "h9", to: "g7" });
    expect(await queued).toEqual({ move: { from: "h9", to: "g7" } });
    // The shared state did not change at all.
    expect(plain(watcher)).toBe(before);

    const played = nextMessage<Premove>(black, "premove");
    red.send("move", { from: "h2", to: "e2" });
    expect(await played).toEqual({ move: null, played: true });
    const s = await waitFor(watcher, (x) => x.moves.length === 2);
    expect(unpackMove(s.moves[1]!)).toMatchObject({ seat: 1 });
    expect(s.turn).toBe(0);
    // Black's premove used no time and earned the increment.
    expect(s.seats[1]!.clock).toBe(54_600);

    // Queued, then cleared with {}.
    const again = nextMessage<Premove>(black, "premove");
    black.send("premove", { from: "b9", to: "c7" });
    expect(await again).toEqual({ move: { from: "b9", to: "c7" } });
    const cleared = nextMessage<Premove>(black, "premove");
    black.send("premove", {});
    expect(await cleared).toEqual({ move: null });

    // One that is not legal when the turn comes is dropped, and Black alone is told why.
    const illegal = nextMessage<Premove>(black, "premove");
    black.send("premove", { from: "g7", to: "g3" });
    await illegal;
    const dropped = nextMessage<Premove>(black, "premove");
    red.send("move", { from: "b2", to: "c2" });
    const news = await dropped;
    expect(news.move).toBeNull();
    expect(news.dropped?.code).toBe("move/horse-step");
    const after = await waitFor(watcher, (x) => x.moves.length === 3);
    expect(after.turn).toBe(1);

    // Nobody else heard of any of it: no premove message, no premove square in their messages.
    for (const heard of [heardByRed, heardByWatcher]) {
      expect(heard.map(([type]) => type)).not.toContain("premove");
      expect(JSON.stringify(heard)).not.toMatch(/g7|g3|c7/);
    }
    await leaveAll(red, black, watcher);
  });

  it("a player who comes back is told the premove still queued", async () => {
    const { red, black, watcher } = await xiangqi(t, {});
    await start(red, black, watcher);
    const tokens = await hello(black);
    const queued = nextMessage<Premove>(black, "premove");
    black.send("premove", { from: "h9", to: "g7" });
    await queued;
    const again = (await t.client().joinById(red.roomId, {
      name: "Black",
      seatToken: tokens.seats[0]!.token,
    })) as TableRoom;
    const told = nextMessage<Premove>(again, "premove");
    const welcome = hello(again);
    expect(await told).toEqual({ move: { from: "h9", to: "g7" } });
    expect((await welcome).role).toBe("player");
    await leaveAll(red, again, watcher);
  });
});
