/**
 * Finished games in the archive: `GET /api/games/:id` as JSON, PGN4 and WXF; unknown and
 * malformed ids answer alike; the id a table shows is its current game's; a private table's
 * game tells nobody the table's code.
 */
import { describe, expect, it } from "vitest";
import type { ArchivedGame } from "../../shared/protocol/archive";
import { GAME_ID } from "../../shared/protocol/archive";
import { playFirstLegal, type TableRoom, useTestServer, waitFor } from "./harness";

const t = useTestServer();

async function finishedGame(game: "xiangqi" | "fourchess"): Promise<{ id: string; moves: number }> {
  const room = (await t.client().create("table", {
    game,
    mode: game === "xiangqi" ? "hotseat" : "computer",
    name: "Ana",
  })) as TableRoom;
  await waitFor(room, (s) => s.phase === "playing" && s.turn === 0);
  for (let i = 0; i < 3; i++) {
    const n = room.state.moves.length;
    playFirstLegal(room);
    // Hot-seat: the one device plays both sides; against the computer, wait for our turn.
    await waitFor(room, (s) => s.moves.length > n && (game === "xiangqi" || s.turn === 0));
  }
  room.send("resign");
  const s = await waitFor(room, (x) => x.phase === "finished");
  await room.leave();
  return { id: s.gameId, moves: s.moves.length };
}

describe("the archive", () => {
  it("serves a finished xiangqi game as JSON and as WXF with ICCS", async () => {
    const { id, moves } = await finishedGame("xiangqi");
    expect(id).toMatch(GAME_ID);
    const res = await fetch(`${t.http}/api/games/${id}`);
    expect(res.status).toBe(200);
    const game = (await res.json()) as ArchivedGame;
    expect(game).toMatchObject({ id, game: "xiangqi", private: true });
    expect(game.moves).toHaveLength(moves);
    expect(game.moves.at(-1)).toMatchObject({ notation: "R", from: null });
    expect(game.result.reason).toBe("resignation");
    expect(game.players.map((p) => p.name)).toEqual(["Ana", "Ana"]);
    const wxf = await (await fetch(`${t.http}/api/games/${id}?format=wxf`)).text();
    expect(wxf).toContain('[Red "Ana"]');
    expect(wxf).toMatch(/ {2}1\. \S+\s+\S+\s+; [a-i]\d[a-i]\d [a-i]\d[a-i]\d/);
    // Three moves in, Black is to move and resigns (on one device the side to move resigns).
    expect(game.result.winners).toEqual([0]);
    expect(wxf).toContain("1-0");
    const wrong = await fetch(`${t.http}/api/games/${id}?format=pgn4`);
    expect(wrong.status).toBe(400);
  });

  it("serves a finished four-player game as PGN4", async () => {
    const { id } = await finishedGame("fourchess");
    const text = await (await fetch(`${t.http}/api/games/${id}?format=pgn4`)).text();
    expect(text).toContain('[Variant "Teams"]');
    expect(text).toContain('[Red "Ana"]');
    // The CPUs' moves carry a comment that readers skip.
    expect(text).toMatch(/1\. \S+ \.\. \S+ \{cpu\} \.\. \S+ \{cpu\} \.\. \S+ \{cpu\}/);
    expect(text).toContain('[BlueType "program"]');
  });

  it("names who played a seat they left before the end, the CPU's moves after it marked", async () => {
    const ana = (await t
      .client()
      .create("table", { game: "fourchess", name: "Ana", seat: 0 })) as TableRoom;
    const budi = (await t.client().joinById(ana.roomId, { name: "Budi", seat: 1 })) as TableRoom;
    await waitFor(ana, (s) => s.seats[1]?.kind === "human");
    ana.send("start");
    await waitFor(budi, (s) => s.phase === "playing" && s.turn === 0);
    playFirstLegal(ana);
    await waitFor(budi, (s) => s.turn === 1);
    playFirstLegal(budi);
    await waitFor(ana, (s) => s.moves.length >= 2);
    // Budi leaves for good: a CPU plays Blue from here on.
    await budi.leave(true);
    await waitFor(ana, (s) => s.seats[1]?.kind === "cpu");
    await waitFor(ana, (s) => s.turn === 0);
    playFirstLegal(ana);
    await waitFor(ana, (s) => s.moves.length >= 8 && s.turn === 0);
    ana.send("resign");
    const s = await waitFor(ana, (x) => x.phase === "finished");

    const game = (await (await fetch(`${t.http}/api/games/${s.gameId}`)).json()) as ArchivedGame;
    expect(game.players[0]).toEqual({ name: "Ana", kind: "human" });
    expect(game.players[1]).toEqual({ name: "Budi", kind: "human", left: true });
    expect(game.players[2]).toEqual({ name: "CPU", kind: "cpu" });
    expect(game.moves.filter((m) => m.seat === 1).map((m) => m.by)).toEqual(["player", "cpu"]);
    const pgn4 = await (await fetch(`${t.http}/api/games/${s.gameId}?format=pgn4`)).text();
    expect(pgn4).toContain('[Blue "Budi"]');
    expect(pgn4).toContain('[BlueType "human"]');
    expect(pgn4).toMatch(/2\. \S+ \.\. \S+ \{cpu\}/);
    await ana.leave();
  });

  it("keeps a private table private: its game's archive names no code and opens no way in", async () => {
    const ana = (await t
      .client()
      .create("table", { game: "xiangqi", name: "Ana", seat: 0, private: true })) as TableRoom;
    const code = ana.roomId;
    const budi = (await t.client().joinById(code, { name: "Budi", seat: 1 })) as TableRoom;
    await waitFor(ana, (s) => s.seats[1]?.kind === "human");
    ana.send("start");
    await waitFor(budi, (s) => s.phase === "playing");
    for (const [mover, other] of [
      [ana, budi],
      [budi, ana],
      [ana, budi],
    ] as const) {
      const n = mover.state.moves.length;
      playFirstLegal(mover);
      await waitFor(other, (s) => s.moves.length > n);
    }
    budi.send("resign");
    const s = await waitFor(ana, (x) => x.phase === "finished");
    await waitFor(budi, (x) => x.phase === "finished");
    // The table is still open, with both players at it: a link to it would let anyone in.
    const bodies: [string, string][] = [];
    for (const path of [
      `/api/games/${s.gameId}`,
      `/api/games/${s.gameId}?format=wxf`,
      "/api/games",
      "/api/tables",
      "/api/tables?game=xiangqi",
    ]) {
      const res = await fetch(`${t.http}${path}`);
      bodies.push([path, await res.text()]);
    }
    const game = JSON.parse(bodies[0]![1]) as Record<string, unknown>;
    expect(game).toMatchObject({ id: s.gameId, private: true, game: "xiangqi" });
    expect(game).not.toHaveProperty("tableId");
    expect(bodies[1]![1]).toContain('[Red "Ana"]');
    for (const [path, body] of bodies) expect(body, path).not.toContain(code);
    // The game's id is no table's id: it opens nothing, to play or to watch.
    for (const options of [{ name: "Eve" }, { spectate: true }])
      await expect(t.client().joinById(s.gameId, options)).rejects.toThrow();
    await Promise.all([ana.leave(), budi.leave()]);
  });

  it("answers unknown and malformed ids alike, and a running game is not served", async () => {
    const room = (await t
      .client()
      .create("table", { game: "xiangqi", mode: "hotseat" })) as TableRoom;
    const s = await waitFor(room, (x) => x.phase === "playing" && x.gameId !== "");
    for (const id of [s.gameId, "A".repeat(22), "nope", "../../etc/passwd"]) {
      const res = await fetch(`${t.http}/api/games/${encodeURIComponent(id)}`);
      expect(res.status, id).toBe(404);
      expect(await res.json()).toMatchObject({ code: "game/not-found" });
    }
    await room.leave();
  });
});
