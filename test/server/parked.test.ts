/**
 * Nobody loses a game by stepping away: a table whose connections all dropped — closed, or gone
 * silent as a phone asleep — is parked in the store when its seats' hold runs out, listed in
 * "your tables" meanwhile, and comes back by a seat token with every move, well past the hold;
 * a restart parks what nobody came back to the same way; a table parked longer than its keeping
 * time ends by the abandoned rule and its game is in the archive.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { matchMaker } from "@colyseus/core";
import { afterAll, describe, expect, it } from "vitest";
import type { WebSocket } from "ws";
import { MemoryStore } from "../../server/store/memory";
import type { MyTable } from "../../shared/protocol/messages";
import { startChildServer } from "../security/child";
import {
  hello,
  playFirstLegal,
  startTestServer,
  type TableRoom,
  type TestServer,
  waitFor,
} from "./harness";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves once no room of this process holds the table. */
async function roomGone(id: string, ms = 40_000): Promise<void> {
  const until = Date.now() + ms;
  while (matchMaker.getLocalRoomById(id)) {
    if (Date.now() > until) throw new Error(`table ${id} still has a room after ${ms} ms`);
    await sleep(50);
  }
}

async function mine(
  t: TestServer,
  tables: { id: string; seatToken: string }[],
): Promise<MyTable[]> {
  const res = await fetch(`${t.http}/api/tables/mine`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ tables }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { tables: MyTable[] }).tables;
}

interface Seated {
  readonly id: string;
  readonly token: string;
  readonly seat: number;
  /** Every move as the person last saw it, "from-to" by seat. */
  readonly seen: string[];
}

const movesOf = (room: TableRoom): string[] => room.state.moves.map((m) => JSON.stringify(m));

/** Comes back with the seat token: the same seat, every move seen before. */
async function comeBack(t: TestServer, who: Seated, name: string): Promise<TableRoom> {
  const room = (await t.client().joinById(who.id, { name, seatToken: who.token })) as TableRoom;
  const answer = await hello(room);
  expect(answer).toMatchObject({ role: "player", seats: [{ seat: who.seat, token: who.token }] });
  await waitFor(room, (s) => s.moves.length >= who.seen.length);
  expect(movesOf(room).slice(0, who.seen.length)).toEqual(who.seen);
  return room;
}

/** A computer table with one move of Ana's and the CPU's answer. */
async function computerTable(
  t: Pick<TestServer, "client">,
): Promise<{ room: TableRoom; ana: Seated }> {
  const room = (await t.client().create("table", {
    game: "xiangqi",
    mode: "computer",
    name: "Ana",
  })) as TableRoom;
  const { seats } = await hello(room);
  await waitFor(room, (s) => s.phase === "playing" && s.turn === seats[0]!.seat);
  playFirstLegal(room);
  await waitFor(room, (s) => s.moves.length >= 2);
  return {
    room,
    ana: { id: room.roomId, token: seats[0]!.token, seat: seats[0]!.seat, seen: movesOf(room) },
  };
}

/** A xiangqi table of two people, two moves in. */
async function twoPeople(t: TestServer) {
  const bo = (await t
    .client()
    .create("table", { game: "xiangqi", name: "Bo", seat: 0 })) as TableRoom;
  const cy = (await t.client().joinById(bo.roomId, { name: "Cy", seat: 1 })) as TableRoom;
  const boSeat = (await hello(bo)).seats[0]!;
  const cySeat = (await hello(cy)).seats[0]!;
  await waitFor(bo, (s) => s.seats[1]?.kind === "human");
  bo.send("start");
  await waitFor(bo, (s) => s.phase === "playing");
  playFirstLegal(bo);
  await waitFor(cy, (s) => s.moves.length === 1);
  playFirstLegal(cy);
  await waitFor(bo, (s) => s.moves.length === 2);
  const seen = movesOf(bo);
  return {
    bo,
    cy,
    boSeated: { id: bo.roomId, token: boSeat.token, seat: boSeat.seat, seen },
    cySeated: { id: bo.roomId, token: cySeat.token, seat: cySeat.seat, seen },
  };
}

/** The connection stops answering, as a phone asleep: the server's liveness pings find it. */
function goSilent(room: TableRoom): void {
  const ws = (room.connection.transport as unknown as { ws: WebSocket }).ws;
  ws.pause();
}

describe("parked tables", () => {
  it("a computer table and a table of two come back by seat token a minute after the hold, closed or silent", async () => {
    const t = await startTestServer({ holdSeconds: 1, graceMs: 60_000 });
    try {
      const { room, ana } = await computerTable(t);
      const { bo, cy, boSeated, cySeated } = await twoPeople(t);
      // Ana's socket closes; Bo's closes; Cy's goes silent.
      await room.leave(false);
      await bo.leave(false);
      goSilent(cy);
      const droppedAt = Date.now();
      await roomGone(ana.id);
      await roomGone(boSeated.id);
      // Parked: no room, listed in "your tables" with its moves.
      const listed = await mine(t, [
        { id: ana.id, seatToken: ana.token },
        { id: boSeated.id, seatToken: cySeated.token },
      ]);
      expect(listed).toEqual([
        expect.objectContaining({ id: ana.id, game: "xiangqi", phase: "playing", moves: 2 }),
        expect.objectContaining({ id: boSeated.id, phase: "playing", moves: 2, seats: [1] }),
      ]);
      // A token of another table lists nothing.
      expect(await mine(t, [{ id: ana.id, seatToken: cySeated.token }])).toEqual([]);
      await sleep(Math.max(0, droppedAt + 61_000 - Date.now()));

      const anaBack = await comeBack(t, ana, "Ana");
      // The game goes on: Ana moves, the CPU answers.
      const n = anaBack.state.moves.length;
      playFirstLegal(anaBack);
      await waitFor(anaBack, (s) => s.moves.length >= n + 2);

      const cyBack = await comeBack(t, cySeated, "Cy");
      const boBack = await comeBack(t, boSeated, "Bo");
      await waitFor(boBack, (s) => s.seats.every((x) => x.connected));
      const turn = boBack.state.turn === boSeated.seat ? boBack : cyBack;
      playFirstLegal(turn);
      await waitFor(boBack, (s) => s.moves.length === 3);
      for (const r of [anaBack, cyBack, boBack]) await r.leave(true);
    } finally {
      await t.close();
    }
  }, 150_000);

  it("after a restart: what was parked stays parked, what nobody came back to is parked in turn, and both come back", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "parked-"));
    dirs.push(dataDir);
    const first = await startTestServer({ holdSeconds: 1, graceMs: 60_000, dataDir });
    const { room, ana } = await computerTable(first);
    const { bo, cy, boSeated, cySeated } = await twoPeople(first);
    await bo.leave(false);
    await cy.leave(false);
    await roomGone(boSeated.id);
    // Ana is still at her table when the server stops.
    expect(matchMaker.getLocalRoomById(ana.id)).toBeTruthy();
    await first.server.stop();
    void room;

    const second = await startTestServer({ holdSeconds: 1, graceMs: 60_000, dataDir });
    try {
      // Only the table someone was at comes back on start; nobody returns within the hold.
      expect(second.server.restored).toBe(1);
      await roomGone(ana.id);
      expect(
        await mine(second, [
          { id: ana.id, seatToken: ana.token },
          { id: boSeated.id, seatToken: boSeated.token },
        ]),
      ).toEqual([
        expect.objectContaining({ id: ana.id, moves: 2 }),
        expect.objectContaining({ id: boSeated.id, moves: 2, seats: [0] }),
      ]);
      const anaBack = await comeBack(second, ana, "Ana");
      const boBack = await comeBack(second, boSeated, "Bo");
      const cyBack = await comeBack(second, cySeated, "Cy");
      const turn = boBack.state.turn === boSeated.seat ? boBack : cyBack;
      playFirstLegal(turn);
      await waitFor(boBack, (s) => s.moves.length === 3);
      for (const r of [anaBack, cyBack, boBack]) await r.leave(true);
    } finally {
      await second.close();
    }
  }, 90_000);

  it("a table parked longer than its keeping time ends by the abandoned rule, its game archived", async () => {
    const store = new MemoryStore();
    const t = await startTestServer(
      { holdSeconds: 1, graceMs: 60_000, tableKeepMs: 1500 },
      0,
      undefined,
      store,
    );
    try {
      const { room, ana } = await computerTable(t);
      const gameId = room.state.gameId;
      await room.leave(false);
      await roomGone(ana.id);
      expect(await mine(t, [{ id: ana.id, seatToken: ana.token }])).toHaveLength(1);
      const until = Date.now() + 15_000;
      let archived: Response | null = null;
      while (Date.now() < until) {
        archived = await fetch(`${t.http}/api/games/${gameId}`);
        if (archived.status === 200) break;
        await sleep(200);
      }
      expect(archived?.status).toBe(200);
      const game = (await archived!.json()) as {
        result: { reason: string };
        moves: unknown[];
        players: { name: string; left?: boolean }[];
      };
      expect(game.result.reason).toBe("abandoned");
      expect(game.moves).toHaveLength(2);
      expect(game.players).toContainEqual(expect.objectContaining({ name: "Ana", left: true }));
      // Gone for good: not listed, and its code no longer opens it.
      expect(await mine(t, [{ id: ana.id, seatToken: ana.token }])).toEqual([]);
      await expect(
        t.client().joinById(ana.id, { name: "Ana", seatToken: ana.token }),
      ).rejects.toThrow(/not found/);
    } finally {
      await t.close();
    }
  }, 60_000);

  it("logs the park and the return once each, with the table id", async () => {
    const server = await startChildServer({ SEAT_HOLD_SECONDS: "1", STAND_IN_GRACE_MS: "60000" });
    try {
      const { room, ana } = await computerTable(server);
      await room.leave(false);
      const events = (event: string) =>
        server.lines.filter((l) => l.includes(`"event":"${event}"`) && l.includes(room.roomId));
      const until = Date.now() + 20_000;
      while (events("table/parked").length === 0 && Date.now() < until) await sleep(50);
      const back = (await server
        .client()
        .joinById(room.roomId, { name: "Ana", seatToken: ana.token })) as TableRoom;
      await waitFor(back, (s) => s.moves.length >= 2);
      expect(events("table/parked")).toHaveLength(1);
      expect(events("table/returned")).toHaveLength(1);
      expect(JSON.parse(events("table/returned")[0]!)).toMatchObject({
        level: "info",
        table: room.roomId,
      });
      // A seat token is never in the log.
      expect(server.lines.some((l) => l.includes(ana.token))).toBe(false);
      await back.leave(true);
    } finally {
      await server.close();
    }
  }, 60_000);

  it("one address keeps at most PARKED_PER_ADDRESS tables parked: past it a table closes, its game archived", async () => {
    const t = await startTestServer({ holdSeconds: 1, graceMs: 60_000, parkedPerAddress: 2 });
    try {
      const tables: { id: string; token: string; gameId: string }[] = [];
      for (let i = 0; i < 3; i++) {
        const { room, ana } = await computerTable(t);
        const gameId = room.state.gameId;
        await room.leave(false);
        await roomGone(ana.id);
        tables.push({ id: ana.id, token: ana.token, gameId });
      }
      const listed = await mine(
        t,
        tables.map((x) => ({ id: x.id, seatToken: x.token })),
      );
      expect(listed.map((x) => x.id)).toEqual([tables[0]!.id, tables[1]!.id]);
      // The third closed as when everyone leaves: its game is in the archive, as abandoned.
      const res = await fetch(`${t.http}/api/games/${tables[2]!.gameId}`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { result: { reason: string } }).result.reason).toBe(
        "abandoned",
      );
    } finally {
      await t.close();
    }
  }, 60_000);
});
