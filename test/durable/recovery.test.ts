/**
 * A damaged store never loses a table: the real server stores two hot-seat xiangqi games in
 * SQLite and stops; one table's log then gets an unreadable action in the middle, the other's
 * an action the rules refuse at its end, and a third table's log is cut short. On the next start
 * every table comes back, each at its last consistent version, the cut said in the log with the
 * table's id; play goes on from there, and the moves made after the cut are kept by the next
 * restart (the damaged rows are gone, not in their way).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import type { Room } from "colyseus.js";
import { describe, expect, it } from "vitest";
import { chooseMove } from "../../shared/bots/simple";
import type { TableView } from "../../shared/protocol/views";
import { replayView, unpackMove } from "../../shared/protocol/wire";
import { type ChildServer, startChildServer } from "../security/child";
import { until } from "./people";

type TableRoom = Room<TableView>;

interface Table {
  id: string;
  room: TableRoom;
  token: string;
}

async function open(server: ChildServer): Promise<Table> {
  const room = await server
    .client()
    .create<TableView>("table", { game: "xiangqi", mode: "hotseat", name: "Ana" });
  const t: Table = { id: room.roomId, room, token: "" };
  room.onMessage("seat", (m: { token: string }) => {
    t.token = m.token;
  });
  for (const type of ["welcome", "error", "hint", "closing", "paused"])
    room.onMessage(type, () => undefined);
  room.send("hello");
  await until("hot-seat start", () => room.state.phase === "playing" && t.token !== "");
  return t;
}

/** Plays `n` moves at a hot-seat table (both sides), each one shown. */
async function play(t: Table, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const s = t.room.state;
    const r = replayView(s);
    if (!r.ok) throw new Error(r.error.message);
    const move = chooseMove(r.value.game, s.moves.length * 31 + 7)!;
    const before = s.moves.length;
    t.room.send("move", move);
    await until(`${t.id} move ${before + 1}`, () => t.room.state.moves.length > before);
  }
}

async function rejoin(server: ChildServer, t: Table): Promise<void> {
  t.room = await server.client().joinById<TableView>(t.id, { seatToken: t.token, name: "Ana" });
  for (const type of ["welcome", "error", "hint", "closing", "paused", "seat"])
    t.room.onMessage(type, () => undefined);
  t.room.send("hello");
  await until(`${t.id} state`, () => t.room.state.moves !== undefined);
}

const keys = (t: Table) =>
  Array.from(t.room.state.moves, (n) => {
    const m = unpackMove(n);
    return `${m.from}-${m.to}`;
  });

describe("recovery from a damaged action log", () => {
  it("brings every table back at its last consistent version and goes on from there", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "crossboard-damaged-"));
    const env = { DATA_DIR: dir, MATCHMAKE_PER_MINUTE: "10000" };
    let server = await startChildServer(env);
    try {
      const [gap, bad, short] = [await open(server), await open(server), await open(server)];
      for (const t of [gap, bad, short]) await play(t, 10);
      const before = new Map([gap, bad, short].map((t) => [t.id, keys(t)]));
      expect(await server.kill("SIGTERM")).toBe(0);

      // The damage, written straight into the file while the server is stopped.
      const db = new Database(path.join(dir, "crossboard.db"));
      const last = (id: string) =>
        (
          db.prepare("SELECT max(version) AS v FROM actions WHERE table_id = ?").get(id) as {
            v: number;
          }
        ).v;
      const gapLast = last(gap.id);
      // The 6th move of `gap` no longer reads: versions 1–3 are the seats and the start.
      db.prepare("UPDATE actions SET action = '{not json' WHERE table_id = ? AND version = ?").run(
        gap.id,
        3 + 6,
      );
      // An action the rules refuse after the last of `bad`.
      const badLast = last(bad.id);
      db.prepare("INSERT INTO actions (table_id, version, at, action) VALUES (?, ?, ?, ?)").run(
        bad.id,
        badLast + 1,
        Date.now(),
        JSON.stringify({ type: "move", player: "nobody", move: { from: "a0", to: "a9" } }),
      );
      // `short` loses its last two actions (a truncated log).
      db.prepare("DELETE FROM actions WHERE table_id = ? AND version > ?").run(
        short.id,
        last(short.id) - 2,
      );
      db.close();

      server = await startChildServer(env);
      const started = JSON.parse(server.lines.find((l) => l.includes('"event":"listening"'))!) as {
        restored: number;
      };
      expect(started.restored, "every table came back").toBe(3);
      for (const t of [gap, bad, short]) await rejoin(server, t);
      expect(keys(gap)).toEqual(before.get(gap.id)!.slice(0, 5));
      expect(keys(bad)).toEqual(before.get(bad.id));
      expect(keys(short)).toEqual(before.get(short.id)!.slice(0, 8));
      const cuts = server.lines
        .filter((l) => l.includes('"event":"restore/cut"'))
        .map((l) => JSON.parse(l) as { table: string; version: number; at: number });
      expect(cuts.map((c) => [c.table, c.version, c.at]).sort()).toEqual(
        [
          [gap.id, 3 + 5, 3 + 7],
          [bad.id, badLast, badLast + 1],
        ].sort(),
      );
      expect(gapLast).toBeGreaterThan(3 + 6);

      // Play goes on at each; after another restart the new moves are there.
      for (const t of [gap, bad, short]) await play(t, 3);
      const now = new Map([gap, bad, short].map((t) => [t.id, keys(t)]));
      expect(await server.kill("SIGTERM")).toBe(0);
      server = await startChildServer(env);
      for (const t of [gap, bad, short]) await rejoin(server, t);
      for (const t of [gap, bad, short]) expect(keys(t), t.id).toEqual(now.get(t.id));
      expect(server.lines.some((l) => l.includes('"event":"restore/cut"'))).toBe(false);
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
