/**
 * Every table encodes its state in the process's scratch buffers, which start small, grow with
 * a long game and stay grown: what a joining client and every watcher of any table decode is
 * that table's whole state, and nothing is logged.
 */
import { matchMaker, SchemaSerializer } from "@colyseus/core";
import { Decoder } from "@colyseus/schema";
import { afterEach, describe, expect, it, vi } from "vitest";
import { leanBuffers, START_BYTES } from "../../server/room/encodeBuffers";
import { TableSchema } from "../../server/room/state";
import { packMove } from "../../shared/protocol/wire";
import { type TableRoom, useTestServer, waitFor } from "./harness";

const t = useTestServer();

/** A room as far as its serializer goes. */
function room() {
  const state = new TableSchema();
  const serializer = new SchemaSerializer<TableSchema>();
  serializer.reset(state);
  const r = { _serializer: serializer };
  leanBuffers(r);
  const patches: Buffer[] = [];
  const client = { state: 1, raw: (b: Buffer) => patches.push(Buffer.from(b)) };
  return { state, serializer, patches, client };
}

/** What a client joining now decodes (the first byte is the protocol's). */
function joined(serializer: SchemaSerializer<TableSchema>): TableSchema {
  const copy = new TableSchema();
  new Decoder(copy).decode(serializer.getFullState().subarray(1) as never);
  return copy;
}

afterEach(() => vi.restoreAllMocks());

/** The buffers a serializer encodes in now. */
function buffers(serializer: SchemaSerializer<TableSchema>) {
  const s = serializer as unknown as {
    fullEncodeBuffer: Buffer;
    encoder: { sharedBuffer: Buffer };
  };
  return { full: s.fullEncodeBuffer, patch: s.encoder.sharedBuffer };
}

/** Whether two serializers encode in the very same buffers (not copies alike). */
function sameBuffers(a: SchemaSerializer<TableSchema>, b: SchemaSerializer<TableSchema>) {
  return buffers(a).full === buffers(b).full && buffers(a).patch === buffers(b).patch;
}

describe("the tables' encoding buffers", () => {
  it("start small, grow with a long game's state, keep the growth, and say nothing", () => {
    const warn = vi.spyOn(console, "warn");
    const { state, serializer, patches, client } = room();
    const internals = serializer as unknown as {
      fullEncodeBuffer: Buffer;
      encoder: { sharedBuffer: Buffer };
    };
    expect(internals.fullEncodeBuffer.length).toBe(START_BYTES);
    expect(internals.encoder.sharedBuffer.length).toBe(START_BYTES);
    // A short game at another table, set up before the long one grows the buffers.
    const short = room();
    expect(sameBuffers(short.serializer, serializer)).toBe(true);
    const shortWatcher = joined(short.serializer);
    const shortDecoder = new Decoder(shortWatcher);
    short.state.startFen = "short";

    // A watcher who joined at the start follows by patches.
    const watcher = joined(serializer);
    const decoder = new Decoder(watcher);
    state.startFen = "start";
    const moves = Array.from({ length: 3000 }, (_, i) =>
      packMove({ seat: i % 4, from: i % 196, to: (i * 7) % 196, ...(i % 5 ? {} : { by: 1 }) }),
    );
    // 1 500 entries in one patch (a takeback rewrites the list at once), then one at a time.
    state.moves.push(...moves.slice(0, 1500));
    serializer.applyPatches([client] as never);
    for (const m of moves.slice(1500, 1600)) {
      state.moves.push(m);
      serializer.applyPatches([client] as never);
    }
    for (const p of patches) decoder.decode(p.subarray(1) as never);
    expect([...watcher.moves]).toEqual(moves.slice(0, 1600));

    // Someone joining now gets all 1 600 entries, twice in a row from a grown buffer.
    expect([...joined(serializer).moves]).toEqual(moves.slice(0, 1600));
    const grown = internals.fullEncodeBuffer;
    expect(grown.length).toBeGreaterThan(1600 * 4);
    state.moves.push(...moves.slice(1600));
    serializer.applyPatches([client] as never);
    expect([...joined(serializer).moves]).toEqual(moves);
    expect(internals.encoder.sharedBuffer.length).toBeGreaterThan(START_BYTES);

    // The short game's table, whose buffers were outgrown by the long one, encodes in the
    // grown ones: its patches and its joiners read its own state, not the long game's.
    short.state.moves.push(moves[7]!, moves[8]!);
    short.serializer.applyPatches([short.client] as never);
    for (const p of short.patches) shortDecoder.decode(p.subarray(1) as never);
    expect(shortWatcher.startFen).toBe("short");
    expect([...shortWatcher.moves]).toEqual([moves[7], moves[8]]);
    expect([...joined(short.serializer).moves]).toEqual([moves[7], moves[8]]);
    expect(sameBuffers(short.serializer, serializer)).toBe(true);
    expect(buffers(short.serializer).full.length).toBeGreaterThan(1600 * 4);
    expect(warn).not.toHaveBeenCalled();
  });

  it("serve tables that encode one after the other, each its own state", () => {
    const tables = [room(), room(), room()];
    const watchers = tables.map((t) => {
      const w = joined(t.serializer);
      return { w, decoder: new Decoder(w) };
    });
    const played: number[][] = tables.map(() => []);
    for (let i = 0; i < 60; i++) {
      const k = (i * 7) % 3;
      const m = packMove({ seat: k, from: i % 90, to: (i * 11) % 90 });
      tables[k]!.state.moves.push(m);
      played[k]!.push(m);
      for (const t of tables) t.serializer.applyPatches([t.client] as never);
    }
    tables.forEach((t, k) => {
      for (const p of t.patches) watchers[k]!.decoder.decode(p.subarray(1) as never);
      expect([...watchers[k]!.w.moves]).toEqual(played[k]);
      expect([...joined(t.serializer).moves]).toEqual(played[k]);
    });
  });

  it("are never what a slow client's socket still holds: each patch and full state is a copy", () => {
    // A socket that cannot write keeps what it was given, as it was given, until the client
    // reads: here every patch and first state is kept by reference and read only at the end.
    const { state, serializer } = room();
    const kept: Buffer[] = [];
    const slow = { state: 1, raw: (b: Buffer) => kept.push(b) };
    const first = serializer.getFullState();
    state.startFen = "start";
    const moves = Array.from({ length: 40 }, (_, i) =>
      packMove({ seat: i % 2, from: i, to: i + 9 }),
    );
    for (const m of moves) {
      state.moves.push(m);
      serializer.applyPatches([slow] as never);
    }
    const later = serializer.getFullState();
    state.moves.push(moves[0]!);
    serializer.applyPatches([slow] as never);
    expect(serializer.getFullState()).not.toBe(later);

    const watcher = new TableSchema();
    const decoder = new Decoder(watcher);
    decoder.decode(first.subarray(1) as never);
    for (const p of kept) decoder.decode(p.subarray(1) as never);
    expect([...watcher.moves]).toEqual([...moves, moves[0]]);
    // The first state taken after 40 moves still reads as it was sent.
    const joiner = new TableSchema();
    new Decoder(joiner).decode(later.subarray(1) as never);
    expect([...joiner.moves]).toEqual(moves);
  });

  it("leave each table's kept full state in memory of its own size, not in a shared slab", () => {
    // The serializer keeps the last full state for the next joiner as long as the table does
    // not change: a view of Node.js' shared pool would keep the pool's whole slab alive.
    const tables = Array.from({ length: 20 }, () => room());
    for (const [i, { state, serializer }] of tables.entries()) {
      state.startFen = `start ${i}`;
      serializer.getFullState();
      // Patches in between, as tables play: these may come from the pool, they are let go.
      state.moves.push(packMove({ seat: 0, from: i, to: i + 9 }));
      serializer.applyPatches([tables[0]!.client] as never);
    }
    for (const { serializer } of tables) {
      const kept = serializer.getFullState();
      expect(kept.buffer.byteLength).toBe(kept.byteLength);
      expect(joined(serializer).startFen).toMatch(/^start \d+$/);
    }
  });

  it("are what a table's room encodes in", async () => {
    const red = (await t
      .client()
      .create("table", { game: "xiangqi", name: "Red", seat: 0 })) as TableRoom;
    await waitFor(red, (s) => s.seats[0]?.kind === "human");
    const serverRoom = matchMaker.getLocalRoomById(red.roomId) as unknown as {
      _serializer: { fullEncodeBuffer: Buffer; encoder: { sharedBuffer: Buffer } };
    };
    // They are the process's: no 8 KB buffers of the room's own.
    const scratch = buffers(room().serializer);
    expect(serverRoom._serializer.fullEncodeBuffer).toBe(scratch.full);
    expect(serverRoom._serializer.encoder.sharedBuffer).toBe(scratch.patch);
    // The handshake every joining client got is one copy for all tables, of its own size.
    const black = (await t
      .client()
      .create("table", { game: "xiangqi", name: "Black", seat: 0 })) as TableRoom;
    await waitFor(black, (s) => s.seats[0]?.kind === "human");
    const other = matchMaker.getLocalRoomById(black.roomId) as unknown as typeof serverRoom;
    const handshake = (r: typeof serverRoom) =>
      (r._serializer as unknown as { handshake(): Buffer }).handshake();
    expect(handshake(other)).toBe(handshake(serverRoom));
    expect(handshake(other).buffer.byteLength).toBe(handshake(other).length);
    await Promise.all([red.leave(), black.leave()]);
  });
});
