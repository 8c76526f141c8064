/**
 * A joining connection gets the table's whole state before any change to it. The store here
 * takes its writes one at a time when the test says so, as PostgreSQL does over a network: an
 * action can be stored while a seat token written after it is not yet. A change published in
 * that gap once reached a client that had not had its first state, which then decoded it
 * against nothing ("refId not found") and lost what the change carried.
 */
import { matchMaker, Protocol } from "@colyseus/core";
import { SchemaSerializer } from "colyseus.js";
import { afterAll, describe, expect, it } from "vitest";
import { MemoryStore } from "../../server/store/memory";
import type { ActionRecord } from "../../server/store/types";
import { type TableRoom, useTestServer, waitFor } from "./harness";

/** A memory store whose writes are taken only when `take` says, in order, while held. */
class SteppedStore extends MemoryStore {
  private queued = 0;
  private taken = 0;
  private held = false;
  private waiting: { upTo: number; done: () => void }[] = [];
  private watchers: { pending: number; done: () => void }[] = [];

  hold(): void {
    this.held = true;
  }

  /** Takes the next `n` writes (all of them and stops holding, without `n`). */
  take(n?: number): void {
    if (n === undefined) this.held = false;
    this.taken = n === undefined ? this.queued : Math.min(this.queued, this.taken + n);
    const ready = this.waiting.filter((w) => w.upTo <= this.taken);
    this.waiting = this.waiting.filter((w) => w.upTo > this.taken);
    for (const w of ready) w.done();
  }

  get pending(): number {
    return this.queued - this.taken;
  }

  /** Resolves once `n` writes wait to be taken. */
  whenPending(n: number): Promise<void> {
    if (this.pending >= n) return Promise.resolve();
    return new Promise((done) => this.watchers.push({ pending: n, done }));
  }

  private wrote(): void {
    this.queued++;
    if (!this.held) this.taken = this.queued;
    const ready = this.watchers.filter((w) => w.pending <= this.pending);
    this.watchers = this.watchers.filter((w) => w.pending > this.pending);
    for (const w of ready) w.done();
  }

  override append(tableId: string, entry: ActionRecord): boolean {
    const ok = super.append(tableId, entry);
    if (ok) this.wrote();
    return ok;
  }

  override setToken(tableId: string, player: string, tokenHash: string | null): void {
    super.setToken(tableId, player, tokenHash);
    this.wrote();
  }

  override setHost(tableId: string, host: string): void {
    super.setHost(tableId, host);
    this.wrote();
  }

  /** Resolves once every write made before the call is taken, as a lane drains. */
  override flushed(): Promise<void> {
    const upTo = this.queued;
    if (upTo <= this.taken) return Promise.resolve();
    return new Promise((done) => this.waiting.push({ upTo, done }));
  }
}

const store = new SteppedStore();
const t = useTestServer({}, 0, undefined, store);

/** What each client's decoder was given, in order: its whole state or a change. */
const decoded = new Map<object, ("state" | "patch")[]>();
const { setState, patch } = SchemaSerializer.prototype;
SchemaSerializer.prototype.setState = function (this: SchemaSerializer, ...a) {
  decoded.set(this, [...(decoded.get(this) ?? []), "state"]);
  return setState.apply(this, a);
};
SchemaSerializer.prototype.patch = function (this: SchemaSerializer, ...a) {
  decoded.set(this, [...(decoded.get(this) ?? []), "patch"]);
  return patch.apply(this, a);
};
afterAll(() => {
  Object.assign(SchemaSerializer.prototype, { setState, patch });
});

/** Resolves when the table's room has read a joining connection's answer to JOIN_ROOM. */
function nextJoinAnswer(roomId: string): Promise<void> {
  const room = matchMaker.getLocalRoomById(roomId) as unknown as {
    _onMessage(client: unknown, buffer: Buffer): void;
  };
  const own = room._onMessage;
  return new Promise((answered) => {
    // Colyseus binds this method to each connection as it joins: the next one gets this.
    room._onMessage = function (this: unknown, client: unknown, buffer: Buffer) {
      own.call(this, client, buffer);
      if (buffer[0] === Protocol.JOIN_ROOM) answered();
    };
  });
}

describe("a joining connection's first state", () => {
  it("comes before any change, while the store takes the writes in flight one at a time", async () => {
    const red = (await t
      .client()
      .create("table", { game: "fourchess", name: "Red", seat: 0 })) as TableRoom;
    const blue = (await t
      .client()
      .joinById(red.roomId, { name: "Blue", spectate: true })) as TableRoom;
    await waitFor(red, (s) => s.spectators === 1);

    // Blue sits down: the seat and then Blue's seat token are written; the store takes neither.
    store.hold();
    blue.send("sit", { seat: 1 });
    await store.whenPending(2);
    // Green opens the table meanwhile.
    const answered = nextJoinAnswer(red.roomId);
    const green = (await t.client().joinById(red.roomId, { name: "Green" })) as TableRoom;
    await answered;

    // The seat is stored, the token not yet: the others see Blue sit down at once.
    store.take(1);
    await waitFor(red, (s) => s.seats[1]!.name === "Blue");
    store.take();
    const s = await waitFor(green, (x) => x.seats[1]?.name === "Blue");
    expect(s.seats.map((seat) => seat.name).slice(0, 2)).toEqual(["Red", "Blue"]);
    expect(decoded.get((green as unknown as { serializer: object }).serializer)?.[0]).toBe("state");

    // Later changes reach everyone, and Green's state stays whole.
    red.send("rules", { rules: { moveLimit: 100 } });
    await waitFor(green, (x) => x.rules.moveLimit === 100);
    expect(green.state.seats[0]!.name).toBe("Red");
    expect(green.state.pieces.size).toBe(red.state.pieces.size);
  });
});
