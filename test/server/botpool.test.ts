import { afterAll, describe, expect, it } from "vitest";
import type { BotRequest } from "../../server/bots/driver";
import { type SearchReport, WorkerBots } from "../../server/bots/pool";
import type { Connection, UserData } from "../../server/table/connection";
import { TableCpu } from "../../server/table/cpu";
import type { GameId } from "../../shared/games/catalog";
import type { GameSetup } from "../../shared/games/types";
import { replay } from "../../shared/match/replay";
import { MOVE_BY, unpackMove } from "../../shared/protocol/wire";
import { newMatch, run } from "../match/helpers";
import { legalOf, nextMessage, refusal, startTestServer, type TableRoom, waitFor } from "./harness";

const pool = new WorkerBots({ workers: 2, maxTimeMs: 1000, minDelayMs: 0 });
afterAll(() => pool.close());

function request(
  id: GameId,
  level: string,
  seed: number,
  moves: { from: string; to: string }[] = [],
  queue?: string,
): BotRequest {
  const setup: GameSetup = { format: "teams", moveLimit: null, handicap: "none", firstSeat: 0 };
  const log = moves.map((move, i) => ({ seat: i % (id === "xiangqi" ? 2 : 4), move }));
  const r = replay(id, setup, log);
  if (!r.ok) throw new Error(r.error.message);
  const game = r.value.game;
  return {
    game,
    replay: { id, setup, log },
    seat: game.turn,
    level,
    seed,
    ...(queue ? { queue } : {}),
  };
}

const legal = (req: BotRequest, move: { from: string; to: string } | null) =>
  move !== null && req.game.legalMoves().some((m) => m.from === move.from && m.to === move.to);

describe("CPU players in worker threads", () => {
  it("answers with a legal move in both games, at every level", async () => {
    const cases: [GameId, string][] = [
      ["fourchess", "easy"],
      ["fourchess", "normal"],
      ["fourchess", "hard"],
      ["xiangqi", "beginner"],
      ["xiangqi", "medium"],
      ["xiangqi", "master"],
    ];
    const reqs = cases.map(([id, level], i) =>
      request(id, level, i + 1, id === "xiangqi" ? [{ from: "h2", to: "e2" }] : []),
    );
    const moves = await Promise.all(reqs.map((r) => pool.request(r, new AbortController().signal)));
    for (const [i, m] of moves.entries()) expect(legal(reqs[i]!, m), `${cases[i]}`).toBe(true);
  });

  it("gives the same move for the same seed", async () => {
    const a = await pool.request(request("xiangqi", "medium", 42), new AbortController().signal);
    const b = await pool.request(request("xiangqi", "medium", 42), new AbortController().signal);
    expect(a).toEqual(b);
  });

  it("drops a cancelled request, queued or running, and keeps serving others", async () => {
    const controllers = Array.from({ length: 5 }, () => new AbortController());
    const pending = controllers.map((c, i) =>
      pool.request(request("fourchess", "hard", 100 + i), c.signal),
    );
    for (const c of controllers.slice(0, 4)) c.abort(new Error("player came back"));
    const results = await Promise.allSettled(pending);
    expect(results.slice(0, 4).every((r) => r.status === "rejected")).toBe(true);
    expect(results[4]!.status).toBe("fulfilled");
    const after = await pool.request(
      request("fourchess", "normal", 7),
      new AbortController().signal,
    );
    expect(after).not.toBeNull();
  });
});

describe("the pool's queues", () => {
  // One worker, so that the order of service is the order the answers come back in.
  const reports: SearchReport[] = [];
  const single = new WorkerBots({
    workers: 1,
    maxTimeMs: 60_000,
    minDelayMs: 0,
    onSearch: (r) => reports.push(r),
  });
  afterAll(() => single.close());
  const quick = (queue: string, seed: number) =>
    request("xiangqi", "beginner", seed, [{ from: "h2", to: "e2" }], queue);

  it("serves tables in turn: one with many requests waits its turn like the others", async () => {
    const served: string[] = [];
    const ask = (queue: string, seed: number) =>
      single
        .request(quick(queue, seed), new AbortController().signal)
        .then(() => served.push(`${queue}${seed}`));
    // The first goes to the worker at once; the others wait.
    const all = [
      ask("busy", 0),
      ask("A", 1),
      ask("A", 2),
      ask("A", 3),
      ask("A", 4),
      ask("B", 1),
      ask("C", 1),
      ask("B", 2),
    ];
    expect(single.queued).toBe(7);
    await Promise.all(all);
    expect(served).toEqual(["busy0", "A1", "B1", "C1", "A2", "B2", "A3", "A4"]);
  });

  it("takes a cancelled request out of its queue at once; it is never searched", async () => {
    reports.length = 0;
    const running = single.request(quick("busy", 0), new AbortController().signal);
    const dropped = Array.from({ length: 5 }, () => new AbortController());
    const gone = dropped.map((c, i) => single.request(quick("gone", i), c.signal));
    const kept = single.request(quick("kept", 1), new AbortController().signal);
    expect(single.queued).toBe(6);
    for (const c of dropped) c.abort(new Error("table closed"));
    expect(single.queued).toBe(1);
    const settled = await Promise.allSettled(gone);
    expect(settled.every((r) => r.status === "rejected")).toBe(true);
    await Promise.all([running, kept]);
    expect(reports.map((r) => r.queue)).toEqual(["busy", "kept"]);
  });

  it("stops a cancelled search in its worker, which then serves the next table", async () => {
    const hard = request("fourchess", "hard", 5, [], "dropped");
    reports.length = 0;
    await single.request(hard, new AbortController().signal);
    const whole = reports[0]!;
    expect(whole.stopped).toBe(false);
    reports.length = 0;
    const cut = new AbortController();
    const search = single.request(hard, cut.signal);
    const next = single.request(quick("next", 1), new AbortController().signal);
    cut.abort(new Error("table closed"));
    await expect(search).rejects.toThrow("table closed");
    expect(legal(quick("next", 1), await next)).toBe(true);
    // The same search, cut: it searched a fraction of the nodes, and the worker went on.
    expect(reports.map((r) => r.queue)).toEqual(["dropped", "next"]);
    expect(reports[0]!.stopped).toBe(true);
    expect(reports[0]!.nodes).toBeLessThan(whole.nodes / 2);
  });
});

describe("hints in the pool's round", () => {
  const reports: SearchReport[] = [];
  const single = new WorkerBots({
    workers: 1,
    maxTimeMs: 60_000,
    minDelayMs: 0,
    onSearch: (r) => reports.push(r),
  });
  afterAll(() => single.close());

  /** A xiangqi table with hints on where `player` holds both seats, opened by `opener`. */
  function hintTable(opener: string, player: string): TableCpu {
    let m = newMatch("xiangqi", { hints: true }, true);
    m = run(
      m,
      0,
      { type: "sit", player, name: "P", seat: 0 },
      { type: "sit", player, name: "P", seat: 1 },
      { type: "start", player, host: true },
    );
    return new TableCpu({
      bots: single,
      seed: 1,
      match: () => m,
      commit: () => null,
      table: () => opener,
      queue: () => opener,
    });
  }

  /** A connection from `address`, as the socket server gives it, keeping what it is sent. */
  function asker(address: string) {
    const sent: string[] = [];
    const connection: Connection & { ref: { clientAddress: string } } = {
      send: (type) => sent.push(type),
      ref: { clientAddress: address },
    };
    const user: UserData = { player: "p", spectator: false, tokenRefused: false, hinting: false };
    return { connection, user, sent };
  }

  it("one address asking hints at 40 tables does not hold another address's CPU move back", async () => {
    reports.length = 0;
    const busy = single.request(
      request("xiangqi", "beginner", 0, [{ from: "h2", to: "e2" }], "busy"),
      new AbortController().signal,
    );
    // Tables opened by 40 others; one address sits at each and asks for a hint.
    const tables = Array.from({ length: 40 }, (_, i) => hintTable(`opener-${i}`, "p"));
    for (const table of tables) {
      const { connection, user } = asker("203.0.113.9");
      expect(table.hint(connection, user)).toBeNull();
    }
    const move = single.request(
      request("xiangqi", "beginner", 1, [{ from: "h2", to: "e2" }], "198.51.100.7"),
      new AbortController().signal,
    );
    expect(single.queued).toBe(41);
    await Promise.all([busy, move]);
    // Served after the search running when it asked and one hint: its fair turn.
    expect(reports.map((r) => r.queue).slice(0, 3)).toEqual([
      "busy",
      "203.0.113.9",
      "198.51.100.7",
    ]);
    for (const table of tables) table.stop();
    expect(single.queued).toBe(0);
  });

  it("keeps one hint per connection: a new ask replaces the one waiting", async () => {
    reports.length = 0;
    const busy = single.request(
      request("xiangqi", "beginner", 0, [{ from: "h2", to: "e2" }], "busy"),
      new AbortController().signal,
    );
    const table = hintTable("opener", "p");
    const { connection, user, sent } = asker("192.0.2.44");
    const before = single.queued;
    for (let i = 0; i < 5; i++) expect(table.hint(connection, user)).toBeNull();
    expect(single.queued).toBe(before + 1);
    await busy;
    await expect.poll(() => sent, { timeout: 30_000 }).toEqual(["hint"]);
    expect(reports.filter((r) => r.queue === "192.0.2.44")).toHaveLength(1);
    expect(user.hinting).toBe(false);
  });
});

describe("a table whose CPUs search in the worker pool", () => {
  it("the computer answers with the engine's moves, and the hint comes from it too", async () => {
    const t = await startTestServer({}, 0, pool);
    try {
      const room = (await t.client().create("table", {
        game: "xiangqi",
        mode: "computer",
        rules: { cpuLevel: "master" },
      })) as TableRoom;
      await waitFor(room, (s) => s.phase === "playing" && s.turn === 0);
      room.send("move", { from: "h2", to: "e2" });
      const s = await waitFor(room, (x) => x.moves.length === 2, 20_000);
      expect(unpackMove(s.moves[1]!)).toMatchObject({ seat: 1, by: MOVE_BY.indexOf("cpu") });
      const hint = new Promise<{ from: string; to: string }>((resolve) =>
        room.onMessage("hint", resolve),
      );
      room.send("hint");
      const move = await hint;
      expect(legalOf(room.state)).toContain(`${move.from}-${move.to}`);
      await room.leave();
    } finally {
      await t.close();
    }
  });

  it("four-player chess with hints on: each hint is a legal move for the player to move", async () => {
    const t = await startTestServer({}, 0, pool);
    try {
      const room = (await t.client().create("table", {
        game: "fourchess",
        mode: "computer",
        seat: 1,
        rules: { hints: true },
      })) as TableRoom;
      for (let round = 0; round < 2; round++) {
        // Red (a CPU) moves first; the player sits Blue, seat 1.
        await waitFor(room, (s) => s.turn === 1 && s.moves.length === round * 4 + 1, 20_000);
        const hint = nextMessage<{ from: string; to: string; promotion?: string }>(
          room,
          "hint",
          10_000,
        );
        room.send("hint");
        const move = await hint;
        const text = `${move.from}-${move.to}${move.promotion ? `=${move.promotion}` : ""}`;
        expect(legalOf(room.state)).toContain(text);
        room.send("move", move);
      }
      await room.leave();
      // Off by default in four-player chess.
      const plain = (await t
        .client()
        .create("table", { game: "fourchess", mode: "computer" })) as TableRoom;
      await waitFor(plain, (s) => s.phase === "playing" && s.turn === 0);
      expect((await refusal(plain, "hint")).code).toBe("hint/off");
      await plain.leave();
    } finally {
      await t.close();
    }
  });
});
