/**
 * The authoritative table driven in process, with no sockets and no Colyseus: the memory
 * store, a clock moved by hand, connections that keep what they are sent.
 */
import { describe, expect, it } from "vitest";
import type { Match } from "../../shared/match/match";
import { connection, type FakeConnection, joinOptions, type Rig, rig, settle } from "./rig";

/** Two people at a xiangqi table, seated and started. */
function xiangqi(rules = {}): Rig & { ana: FakeConnection; budi: FakeConnection } {
  const r = rig({ game: "xiangqi", name: "Ana" }, { rules });
  const ana = r.join({ name: "Ana", seat: 0 });
  const budi = r.join({ name: "Budi", seat: 1 });
  for (const c of [ana, budi]) r.table.request("hello", c, undefined);
  expect(r.table.request("start", ana, undefined)).toBeNull();
  return Object.assign(r, { ana, budi });
}

/** The person to move plays the first legal move; returns the refusal or null. */
function move(r: Rig, c: FakeConnection, m: Match = r.table.match) {
  const legal = m.game!.legalMoves()[0]!;
  return r.table.request("move", c, legal);
}

const mover = (r: ReturnType<typeof xiangqi>) => (r.table.match.game!.turn === 0 ? r.ana : r.budi);

describe("commit", () => {
  it("stores every action before it is shown, in order, and shows nothing while a write is in flight", async () => {
    const r = xiangqi();
    await settle();
    let release: () => void = () => undefined;
    const flushed = r.store.flushed.bind(r.store);
    r.store.flushed = (id?: string) =>
      new Promise<void>((resolve) => {
        release = () => void flushed(id).then(resolve);
      });
    const stored = r.published.stored;
    expect(move(r, mover(r))).toBeNull();
    expect(r.table.pendingWrites).toBe(1);
    const [back] = await r.store.openTables();
    expect(back!.actions.at(-1)!.version).toBe(r.table.match.version);
    await settle();
    expect(r.published.stored, "nothing may be shown yet").toBe(stored);
    release();
    await settle();
    expect(r.table.pendingWrites).toBe(0);
    expect(r.published.stored).toBe(stored + 1);
    const versions = (await r.store.openTables())[0]!.actions.map((a) => a.version);
    expect(versions).toEqual(versions.map((_, i) => i + 1));
  });

  it("refuses what the rules refuse and changes nothing, not even the store", async () => {
    const r = xiangqi();
    const before = r.table.match;
    const count = (await r.store.openTables())[0]!.actions.length;
    const wrong = r.table.match.game!.turn === 0 ? r.budi : r.ana;
    expect(move(r, wrong)?.code).toBe("turn/not-yours");
    expect(r.table.request("move", mover(r), { from: "e5", to: "e9" })?.code).toMatch(/^move\//);
    expect(r.table.match).toBe(before);
    expect((await r.store.openTables())[0]!.actions.length).toBe(count);
  });
});

describe("restore by replay", () => {
  it("brings a table back as it was, everyone away until they return with their seat token", async () => {
    const r = xiangqi();
    for (let i = 0; i < 6; i++) expect(move(r, mover(r))).toBeNull();
    const token = r.ana.last<{ token: string }>("seat")!.token;
    const [stored] = await r.store.openTables();
    const back = rig({ game: "xiangqi", name: "Ana" }, { store: r.store, restoring: stored! });
    expect(back.table.match.log).toEqual(r.table.match.log);
    expect(back.table.match.seats.map((s) => s.connected)).toEqual([false, false]);
    const ana = back.join({ name: "Ana", seatToken: token });
    back.table.request("hello", ana, undefined);
    expect(ana.last("welcome")).toMatchObject({ role: "player" });
    expect(back.table.match.seats[0]!.connected).toBe(true);
  });
});

describe("seat takeover", () => {
  it("the newest connection with a seat token controls the seat; the older one is told and watches", () => {
    const r = xiangqi();
    const token = r.ana.last<{ token: string }>("seat")!.token;
    const again = connection();
    r.connections.push(again);
    r.table.join(again, joinOptions({ name: "Ana", seatToken: token }), "192.0.2.9");
    expect(r.ana.last("error")).toMatchObject({ code: "seat/taken-over" });
    expect(r.ana.last("welcome")).toMatchObject({ role: "spectator" });
    if (r.table.match.game!.turn !== 0) expect(move(r, r.budi)).toBeNull();
    expect(move(r, r.ana)?.code).toBe("role/spectator");
    expect(move(r, again)).toBeNull();
  });
});

describe("seat tokens", () => {
  it("go to the seated only: a spectator's visit gives no token and stores nothing", async () => {
    const r = xiangqi();
    await settle();
    const [before] = await r.store.openTables();
    const seated = [...before!.tokens.keys()];
    expect(seated).toHaveLength(2);
    const eve = r.join({ name: "Eve", spectate: true });
    r.table.request("hello", eve, undefined);
    expect(eve.last("welcome")).toMatchObject({ role: "spectator" });
    expect(eve.last("seat")).toBeUndefined();
    await settle();
    const [after] = await r.store.openTables();
    expect([...after!.tokens.keys()]).toEqual(seated);
  });
});

describe("timers and stand-ins", () => {
  it("when the turn timer runs out the stand-in moves for the seat, marked as such", async () => {
    const r = xiangqi({ turnTimer: 30 });
    const seat = r.table.match.game!.turn;
    expect(r.table.match.deadline).toBe(r.clock.now + 30_000);
    r.clock.advance(29_999);
    expect(r.table.match.standIn).toBeNull();
    r.clock.advance(1);
    expect(r.table.match.standIn).toMatchObject({ seat, reason: "timeout" });
    await settle();
    expect(r.table.match.log.at(-1)).toMatchObject({ seat, by: "stand-in" });
    expect(r.table.match.game!.turn).not.toBe(seat);
  });

  it("a dropped player's stand-in moves after the grace, and the seat is theirs again when they return", async () => {
    const r = xiangqi();
    const seat = r.table.match.game!.turn;
    const away = mover(r);
    r.connections.splice(r.connections.indexOf(away), 1);
    let back: (c: FakeConnection) => void = () => undefined;
    const leaving = r.table.leave(away, false, () => new Promise((resolve) => (back = resolve)));
    expect(r.table.match.seats[seat]!.connected).toBe(false);
    r.clock.advance(9_999);
    expect(r.table.match.log.length).toBe(0);
    r.clock.advance(1);
    await settle();
    expect(r.table.match.log.at(-1)).toMatchObject({ seat, by: "stand-in" });
    r.connections.push(away);
    back(away);
    await leaving;
    expect(r.table.match.seats[seat]!.connected).toBe(true);
  });
});

describe("a store that cannot write", () => {
  it("pauses the table: actions refused, no timer runs out; then it goes on, the pause charged to nobody", () => {
    const r = xiangqi({ turnTimer: 30 });
    const deadline = r.table.match.deadline!;
    r.store.status.fail(Object.assign(new Error("disk full (test)"), { code: "SQLITE_FULL" }));
    expect(r.table.paused).toBe(true);
    expect(r.published.broadcasts.at(-1)).toEqual(["paused", { code: "store/unavailable" }]);
    expect(move(r, mover(r))?.code).toBe("store/unavailable");
    r.clock.advance(120_000);
    expect(r.table.match.standIn, "no timer ran out while paused").toBeNull();
    r.store.status.ok();
    expect(r.table.paused).toBe(false);
    expect(r.table.match.deadline).toBe(deadline + 120_000);
    expect(r.published.broadcasts.at(-1)).toEqual(["paused", { code: null }]);
    expect(move(r, mover(r))).toBeNull();
  });
});
