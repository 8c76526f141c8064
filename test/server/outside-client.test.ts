/**
 * The outside-client flow of docs/protocol.md: a client built from colyseus.js and the shared
 * engine alone plays a game, working the position and its legal moves out of the state's
 * starting position and move list. (The server is started by the test harness; the client side
 * below imports nothing from server/ or client/.)
 */
import { Client } from "colyseus.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TableView } from "../../shared/protocol/views";
import { entryFromView, pieceFromView, replayView, unpackMove } from "../../shared/protocol/wire";
import { startTestServer, type TestServer } from "./harness";
import { playFromState } from "./playFromState";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({}, 0);
});
afterAll(() => t.close());

describe("a client made of colyseus.js and the shared engine", () => {
  for (const game of ["xiangqi", "fourchess"] as const) {
    it(`plays ${game} against the computer from startFen and the move list`, async () => {
      const client = new Client(t.url);
      const room = await client.create<TableView>("table", {
        game,
        mode: "computer",
        name: "Outside",
      });
      const s = await playFromState(room, 8);
      expect(s.moves.length).toBeGreaterThanOrEqual(8);
      // The replay numbers the pieces as the server does: the same ids on the same squares.
      const replayed = replayView(s, true);
      expect(replayed.ok).toBe(true);
      if (!replayed.ok) return;
      const shown = [...s.pieces].map(([key, p]) => pieceFromView(s.game, key, p));
      const sortById = (a: { id: number }, b: { id: number }) => a.id - b.id;
      expect(shown.sort(sortById)).toEqual([...(replayed.value.pieces ?? [])].sort(sortById));
      // Every entry reads back as a move of the seat that made it, with its notation.
      const entries = Array.from(s.moves, (m) => entryFromView(s.game, m));
      expect(entries.filter((e) => e.seat === 0).every((e) => e.by === "player")).toBe(true);
      expect(entries.filter((e) => e.seat !== 0).every((e) => e.by === "cpu")).toBe(true);
      const notation = replayed.value.game.moves.map((m) => m.notation);
      expect(notation).toHaveLength(entries.length);
      expect(notation.every((n) => n.length >= 2)).toBe(true);
      // The capture flag on the wire is the rules' own.
      expect(Array.from(s.moves, (m) => Boolean(unpackMove(m).captured))).toEqual(
        replayed.value.game.moves.map((m) => m.captured !== null),
      );
      await room.leave();
    });
  }
});
