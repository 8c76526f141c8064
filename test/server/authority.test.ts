/**
 * The server's side of a table, read through @colyseus/testing: what the room itself holds
 * after each request, not only what clients are sent.
 */

import { ColyseusTestServer } from "@colyseus/testing";
import type { Room } from "colyseus.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TableSchema } from "../../server/room/state";
import { CLIENT_MESSAGES } from "../../shared/protocol/messages";
import type { TableView } from "../../shared/protocol/views";
import { unpackMove } from "../../shared/protocol/wire";
import { fenOf, hello, nextMessage, startTestServer, type TestServer, waitFor } from "./harness";

let t: TestServer;
let colyseus: ColyseusTestServer;
beforeAll(async () => {
  t = await startTestServer();
  colyseus = new ColyseusTestServer(t.server.gameServer);
});
afterAll(() => t.close());

type ServerRoom = Awaited<ReturnType<ColyseusTestServer["createRoom"]>> & { state: TableSchema };

/** The room's match: an immutable value replaced on every accepted action. */
const matchOf = (room: ServerRoom): unknown =>
  (room as unknown as { table: { match: unknown } }).table.match;

/** Resolves once the room's handler of client messages (one for every type) has run for `type`. */
function dispatched(room: ServerRoom, type: string): Promise<void> {
  type Handler = { callback: (client: unknown, type: unknown, payload: unknown) => void };
  const handlers = (room as unknown as { onMessageHandlers: Record<string, Handler> })
    .onMessageHandlers;
  const all = handlers["*"]!;
  return new Promise((resolve) => {
    handlers["*"] = {
      ...all,
      callback: (client, t, payload) => {
        all.callback(client, t, payload);
        if (t !== type) return;
        handlers["*"] = all;
        resolve();
      },
    };
  });
}

/**
 * Sends a request and waits until the room has dealt with it: its handler has run, or, for a
 * type the table does not know, the refusal has come back.
 */
async function handled(room: ServerRoom, client: Room, type: string, payload?: unknown) {
  const known = (CLIENT_MESSAGES as readonly string[]).includes(type);
  const done = known
    ? dispatched(room, type)
    : new Promise<void>((resolve) => {
        const off = client.onMessage("error", (e: { code: string }) => {
          if (e.code !== "message/unknown") return;
          off();
          resolve();
        });
      });
  client.send(type, payload);
  await done;
}

describe("the authoritative table on the server", () => {
  for (const game of ["fourchess", "xiangqi"] as const) {
    it(`${game}: refused requests leave the room's match as it was; an accepted move replaces it`, async () => {
      const options = game === "fourchess" ? { game, format: "individual" } : { game };
      const room = (await colyseus.createRoom("table", options)) as ServerRoom;
      const a = (await colyseus.connectTo(room, { name: "A", seat: 0 })) as Room<TableView>;
      const b = (await colyseus.connectTo(room, { name: "B", seat: 1 })) as Room<TableView>;
      const w = (await colyseus.connectTo(room, { name: "W", spectate: true })) as Room<TableView>;
      await waitFor(a, (s) => s.seats[1]?.kind === "human");
      await handled(room, a, "start");
      expect(room.state.phase).toBe("playing");
      const ours = game === "fourchess" ? { from: "h2", to: "h4" } : { from: "h2", to: "e2" };
      const theirs = game === "fourchess" ? { from: "b7", to: "c7" } : { from: "h7", to: "e7" };
      const illegal = game === "fourchess" ? { from: "h2", to: "h9" } : { from: "h2", to: "g3" };

      const before = matchOf(room);
      const serverFen = () => fenOf(room.state as unknown as TableView);
      const fen = serverFen();
      const cases: [Room<TableView>, string, unknown][] = [
        [a, "move", illegal],
        [b, "move", theirs], // out of turn
        [b, "move", ours], // someone else's seat
        [w, "move", ours], // a spectator
        [w, "resign", undefined],
        [b, "sit", { seat: 0 }], // a taken seat, mid-game
        [a, "move", { from: 1, to: [] }], // malformed
        [a, "dance", { steps: 3 }], // unknown type
      ];
      for (const [client, type, payload] of cases) {
        const refused = nextMessage<{ code: string }>(client, "error");
        await handled(room, client, type, payload);
        expect((await refused).code, `${type} ${JSON.stringify(payload)}`).toMatch(/^[a-z]+\//);
        expect(matchOf(room), `${type} ${JSON.stringify(payload)}`).toBe(before);
      }
      expect(serverFen()).toBe(fen);
      expect(room.clients.length).toBe(3);

      await handled(room, a, "move", ours);
      expect(matchOf(room)).not.toBe(before);
      expect(room.state.moves.length).toBe(1);
      expect(unpackMove(room.state.moves[0]!).seat).toBe(0);
      expect(serverFen()).not.toBe(fen);
      // What the room holds is what every client is sent.
      await waitFor(w, (s) => s.moves.length === 1);
      expect(fenOf(w.state)).toBe(serverFen());
      for (const c of [w, b, a]) await c.leave();
    });
  }

  it("a seat token never reaches the synchronised state", async () => {
    const room = (await colyseus.createRoom("table", { game: "xiangqi" })) as ServerRoom;
    const a = (await colyseus.connectTo(room, { name: "A", seat: 0 })) as Room<TableView>;
    const { seats } = await hello(a);
    const token = seats[0]?.token ?? "";
    expect(token.length).toBeGreaterThanOrEqual(16);
    expect(JSON.stringify(room.state.toJSON())).not.toContain(token);
    await a.leave();
  });
});
