/**
 * Rated play over sockets: players made with `POST /api/players` sit under their public ids
 * with their ratings; a rated game's end changes each one's rating in the pool by Glicko-2
 * (shared/rating) as item 2 of the ratings' rules says, exactly once, with the archive record
 * saying before and after; games that are not rated (a CPU seat, one device, casual, aborted)
 * change nothing; a person who left before the end scores a loss.
 */
import { describe, expect, it } from "vitest";
import type { ArchivedGame } from "../../shared/protocol/archive";
import { rateGame, START } from "../../shared/rating/glicko2";
import type { Pool, RatedGame, Rating } from "../../shared/rating/types";
import { playFirstLegal, refusal, type TableRoom, useTestServer, waitFor } from "./harness";

const t = useTestServer();

interface Made {
  readonly id: string;
  readonly key: string;
  readonly name: string;
}

interface RatingView {
  rating: number;
  rd: number;
  volatility: number;
  games: number;
  provisional: boolean;
}

async function newPlayer(name: string): Promise<Made> {
  const res = await fetch(`${t.http}/api/players`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name }),
  });
  expect(res.status).toBe(201);
  const body = (await res.json()) as { id: string; key: string };
  return { ...body, name };
}

async function ratingsOf(p: Made): Promise<Record<Pool, RatingView>> {
  const res = await fetch(`${t.http}/api/players/${p.id}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { ratings: Record<Pool, RatingView> }).ratings;
}

/** A rated table of `game` with each player in their seat, in seat order. */
async function seated(
  game: "xiangqi" | "fourchess",
  players: readonly Made[],
  rules: Record<string, unknown> = { rated: true },
  format: "teams" | "individual" = "teams",
): Promise<TableRoom[]> {
  const [first, ...others] = players;
  const host = (await t.client().create("table", {
    game,
    format,
    rules,
    name: first!.name,
    seat: 0,
    playerKey: first!.key,
  })) as TableRoom;
  const rooms = [host];
  for (const [i, p] of others.entries())
    rooms.push(
      (await t
        .client()
        .joinById(host.roomId, { name: p.name, seat: i + 1, playerKey: p.key })) as TableRoom,
    );
  await waitFor(host, (s) => s.seats.every((x) => x.kind === "human"));
  return rooms;
}

/** Each seat makes one move, in turn from the seat to move (so the game is not aborted). */
async function everyoneMoves(rooms: readonly TableRoom[]): Promise<void> {
  for (let i = 0; i < rooms.length; i++) {
    const s = await waitFor(rooms[0]!, (x) => x.phase === "playing" && x.turn >= 0);
    const room = rooms[s.turn]!;
    const n = s.moves.length;
    await waitFor(room, (x) => x.moves.length === n && x.turn === s.turn);
    playFirstLegal(room);
    await waitFor(rooms[0]!, (x) => x.moves.length > n);
  }
}

/** The archive's record of a game, once the store has it with its ratings. */
async function ratedRecord(id: string): Promise<ArchivedGame> {
  for (let i = 0; ; i++) {
    const res = await fetch(`${t.http}/api/games/${id}`);
    if (res.status === 200) {
      const record = (await res.json()) as ArchivedGame;
      if (record.rated) return record;
    }
    if (i > 200) throw new Error(`game ${id} has no rated record`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** What the ratings' rules say the game does to ratings that stood at `before`. */
const expected = (game: RatedGame, before: readonly Rating[], at: number) =>
  rateGame(game, before, at);

describe("rated play", () => {
  it("a rated xiangqi game between two new players gives both the Glicko-2 figures", async () => {
    const ana = await newPlayer("Ana");
    const budi = await newPlayer("Budi");
    const [a, b] = await seated("xiangqi", [ana, budi]);
    // Seats carry the players' public ids and their starting ratings, provisional.
    expect(a!.state.seats.map((s) => s.player)).toEqual([ana.id, budi.id]);
    expect(a!.state.seats.map((s) => [s.rating, s.provisional])).toEqual([
      [1500, true],
      [1500, true],
    ]);
    expect(a!.state.rules.rated).toBe(true);
    a!.send("start");
    await everyoneMoves([a!, b!]);
    // Hints and takebacks are off in a rated game.
    expect((await refusal(a!, "hint")).code).toBe("hint/off");
    expect((await refusal(a!, "takeback", { action: "request" })).code).toBe("takeback/rated");
    b!.send("resign");
    const end = await waitFor(a!, (s) => s.phase === "finished" && s.seats[0]!.delta !== 0);
    const record = await ratedRecord(end.gameId);
    const want = expected(
      { pool: "xiangqi", players: [ana.id, budi.id], results: [1, 0] },
      [START, START],
      record.finishedAt,
    ).map((r) => r.rating);
    expect(record.players.map((p) => p.player)).toEqual([ana.id, budi.id]);
    expect(record.players.map((p) => p.rating?.before)).toEqual([1500, 1500]);
    expect(record.players[0]!.rating!.after).toBeCloseTo(want[0]!, 6);
    expect(record.players[1]!.rating!.after).toBeCloseTo(want[1]!, 6);
    // Ana won her first game against an equal new player: Glickman's figures.
    expect(want[0]).toBeCloseTo(1662.31, 1);
    expect(want[1]).toBeCloseTo(1337.69, 1);
    // The result card's change, and the new ratings beside the names.
    expect(end.seats.map((s) => s.delta)).toEqual([
      Math.round(want[0]!) - 1500,
      Math.round(want[1]!) - 1500,
    ]);
    expect(end.seats.map((s) => s.rating)).toEqual(want.map((r) => Math.round(r)));
    const [ra, rb] = await Promise.all([ratingsOf(ana), ratingsOf(budi)]);
    expect(ra.xiangqi.rating).toBeCloseTo(want[0]!, 6);
    expect(ra.xiangqi.games).toBe(1);
    expect(rb.xiangqi.rating).toBeCloseTo(want[1]!, 6);
    // Other pools are untouched.
    expect(ra.teams).toMatchObject({ rating: 1500, rd: 350, games: 0, provisional: true });
    // The lobby's list shows the table rated, with its people's ratings.
    const listed = (await (await fetch(`${t.http}/api/tables`)).json()) as {
      tables: { id: string; rated: boolean; people: { rating: number }[] }[];
    };
    const row = listed.tables.find((x) => x.id === a!.roomId);
    expect(row?.rated).toBe(true);
    expect(row?.people.map((p) => p.rating)).toEqual(want.map((r) => Math.round(r)));
    await Promise.all([a!.leave(), b!.leave()]);
  });

  it("a Teams game rates each player against the other team as one opponent", async () => {
    const people = await Promise.all(["Ana", "Budi", "Citra", "Dewi"].map(newPlayer));
    const ids = people.map((p) => p.id);
    const rooms = await seated("fourchess", people);
    rooms[0]!.send("start");
    await everyoneMoves(rooms);
    rooms[1]!.send("resign");
    let end = await waitFor(rooms[0]!, (s) => s.phase === "finished");
    expect([...end.result!.winners]).toEqual([0, 2]);
    const first = await ratedRecord(end.gameId);
    const afterFirst = expected(
      { pool: "teams", players: ids, results: [1, 0, 1, 0] },
      [START, START, START, START],
      first.finishedAt,
    );
    for (const [i, p] of first.players.entries())
      expect(p.rating!.after).toBeCloseTo(afterFirst[i]!.rating, 6);

    // A second game at the same table, between different ratings: Ana's team loses it.
    for (const r of rooms) r.send("playAgain");
    await waitFor(rooms[0]!, (s) => s.phase === "playing" && s.gameNumber === 2);
    await everyoneMoves(rooms);
    rooms[0]!.send("resign");
    end = await waitFor(rooms[0]!, (s) => s.phase === "finished" && s.gameNumber === 2);
    expect([...end.result!.winners]).toEqual([1, 3]);
    const second = await ratedRecord(end.gameId);
    const want = expected(
      { pool: "teams", players: ids, results: [0, 1, 0, 1] },
      afterFirst,
      second.finishedAt,
    );
    const stored = await Promise.all(people.map(ratingsOf));
    second.players.forEach((p, i) => {
      expect(p.rating!.before).toBeCloseTo(afterFirst[i]!.rating, 6);
      expect(p.rating!.after).toBeCloseTo(want[i]!.rating, 6);
      expect(stored[i]!.teams.rating).toBeCloseTo(want[i]!.rating, 6);
      expect(stored[i]!.teams.games).toBe(2);
    });
    // The losers of the first game gained more than the winners of it lost back.
    expect(want[1]!.rating - afterFirst[1]!.rating).toBeGreaterThan(0);
    expect(want[0]!.rating - afterFirst[0]!.rating).toBeLessThan(0);
    await Promise.all(rooms.map((r) => r.leave()));
  });

  it("an Individual game rates each player by final place against the mean of the others", async () => {
    const people = await Promise.all(["Eka", "Fajar", "Gita", "Hadi"].map(newPlayer));
    const ids = people.map((p) => p.id);
    const rooms = await seated("fourchess", people, { rated: true }, "individual");
    rooms[0]!.send("start");
    await everyoneMoves(rooms);
    // Red leaves the game: last place for Red, the others placed by their points.
    rooms[0]!.send("resign");
    await waitFor(rooms[1]!, (s) => s.seats[0]!.out !== "");
    for (const seat of [1, 2]) {
      await waitFor(rooms[seat]!, (s) => s.phase !== "playing" || s.turn === seat);
      if (rooms[seat]!.state.phase === "playing") rooms[seat]!.send("resign");
    }
    const end = await waitFor(rooms[3]!, (s) => s.phase === "finished");
    const record = await ratedRecord(end.gameId);
    const places = [...record.result.placing];
    const want = expected(
      { pool: "individual", players: ids, results: places },
      [START, START, START, START],
      record.finishedAt,
    );
    const stored = await Promise.all(people.map(ratingsOf));
    record.players.forEach((p, i) => {
      expect(p.rating!.after).toBeCloseTo(want[i]!.rating, 6);
      expect(stored[i]!.individual.rating).toBeCloseTo(want[i]!.rating, 6);
      expect(stored[i]!.individual.games).toBe(1);
      expect(stored[i]!.individual.rd).toBeLessThan(350);
    });
    // The one who played on to the end placed first and gained the most.
    const best = places.indexOf(Math.min(...places));
    expect(want[best]!.rating).toBe(Math.max(...want.map((r) => r.rating)));
    expect(want[best]!.rating).toBeGreaterThan(1500);
    await Promise.all(rooms.map((r) => r.leave()));
  });

  it("a person who left before the end loses, whatever the CPU did for their seat", async () => {
    const ana = await newPlayer("Ana");
    const budi = await newPlayer("Budi");
    const [a, b] = await seated("xiangqi", [ana, budi]);
    a!.send("start");
    await everyoneMoves([a!, b!]);
    // Budi leaves for good; a CPU plays his seat; then Ana resigns, so his seat "wins".
    await b!.leave(true);
    await waitFor(a!, (s) => s.seats[1]!.kind === "cpu");
    await waitFor(a!, (s) => s.turn === 0);
    a!.send("resign");
    const end = await waitFor(a!, (s) => s.phase === "finished");
    expect([...end.result!.winners]).toEqual([1]);
    const record = await ratedRecord(end.gameId);
    const want = expected(
      { pool: "xiangqi", players: [ana.id, budi.id], results: [0, 0] },
      [START, START],
      record.finishedAt,
    );
    const [ra, rb] = await Promise.all([ratingsOf(ana), ratingsOf(budi)]);
    expect(ra.xiangqi.rating).toBeCloseTo(want[0]!.rating, 6);
    expect(rb.xiangqi.rating).toBeCloseTo(want[1]!.rating, 6);
    expect(rb.xiangqi.rating).toBeLessThan(1500);
    await a!.leave();
  });

  it("games with a CPU seat, on one device, casual or aborted change nobody's rating", async () => {
    const ana = await newPlayer("Ana");
    const budi = await newPlayer("Budi");
    // Against the computer or on one device: refused at once.
    for (const mode of ["computer", "hotseat"]) {
      const refused = t
        .client()
        .create("table", { game: "xiangqi", mode, rules: { rated: true }, playerKey: ana.key });
      await expect(refused).rejects.toThrow(/never rated/);
    }
    // A rated table with an empty seat does not start: no CPU takes a seat in a rated game.
    const alone = (await t.client().create("table", {
      game: "fourchess",
      rules: { rated: true },
      name: "Ana",
      seat: 0,
      playerKey: ana.key,
    })) as TableRoom;
    expect((await refusal(alone, "start")).code).toBe("rated/seats");
    // Someone without a key cannot sit at a rated table.
    const stranger = (await t.client().joinById(alone.roomId, { name: "Tamu" })) as TableRoom;
    expect((await refusal(stranger, "sit", { seat: 1 })).code).toBe("rated/key");
    await Promise.all([alone.leave(), stranger.leave()]);
    // A casual game between two keyed players, and a rated one aborted before Budi moved.
    const [a, b] = await seated("xiangqi", [ana, budi], {});
    a!.send("start");
    await everyoneMoves([a!, b!]);
    b!.send("resign");
    const casual = await waitFor(a!, (s) => s.phase === "finished");
    await Promise.all([a!.leave(), b!.leave()]);
    const [c, d] = await seated("xiangqi", [ana, budi]);
    c!.send("start");
    await waitFor(c!, (s) => s.phase === "playing");
    d!.send("resign");
    const aborted = await waitFor(c!, (s) => s.phase === "finished");
    expect(aborted.result!.code).toBe("aborted");
    await Promise.all([c!.leave(), d!.leave()]);
    const record = await (await fetch(`${t.http}/api/games/${casual.gameId}`)).json();
    expect(record.rated).toBeUndefined();
    for (const p of [ana, budi]) {
      const r = await ratingsOf(p);
      expect(r.xiangqi).toMatchObject({ rating: 1500, rd: 350, games: 0 });
    }
    // An unknown key is refused.
    const unknown = t.client().create("table", {
      game: "xiangqi",
      playerKey: "A".repeat(32),
    });
    await expect(unknown).rejects.toThrow(/not known/);
  });

  it("makes few players per address, and answers unknown players and pools with a code", async () => {
    const bad = await fetch(`${t.http}/api/players/${"Z".repeat(12)}`);
    expect(bad.status).toBe(404);
    expect(await bad.json()).toMatchObject({ code: "player/unknown" });
    const pool = await fetch(`${t.http}/api/leaderboard/chess`);
    expect(pool.status).toBe(404);
    const who = await fetch(`${t.http}/api/players/whoami`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ key: "A".repeat(32) }),
    });
    expect(who.status).toBe(404);
    const ana = await newPlayer("Ana");
    const me = await fetch(`${t.http}/api/players/whoami`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ key: ana.key }),
    });
    expect(await me.json()).toEqual({ id: ana.id, name: "Ana" });
    // The key is at least 128 random bits and never part of what anyone else can read.
    expect(ana.key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const page = await (await fetch(`${t.http}/api/players/${ana.id}`)).text();
    expect(page).not.toContain(ana.key);
  });

  it("rated quick play pairs people with keys apart from casual play and starts rated", async () => {
    const ask = async (body: Record<string, unknown>) =>
      fetch(`${t.http}/api/quickplay`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const noKey = await ask({ game: "xiangqi", rated: true });
    expect(noKey.status).toBe(400);
    expect(await noKey.json()).toMatchObject({ code: "rated/key" });
    const eka = await newPlayer("Eka");
    const fajar = await newPlayer("Fajar");
    const casual = (await (await ask({ game: "xiangqi" })).json()) as { roomId: string };
    const first = (await (
      await ask({ game: "xiangqi", rated: true, playerKey: eka.key })
    ).json()) as { roomId: string; created: boolean };
    expect(first.roomId).not.toBe(casual.roomId);
    const a = (await t
      .client()
      .joinById(first.roomId, { name: "Eka", seat: "any", playerKey: eka.key })) as TableRoom;
    const second = (await (
      await ask({ game: "xiangqi", rated: true, playerKey: fajar.key })
    ).json()) as { roomId: string };
    expect(second.roomId).toBe(first.roomId);
    const b = (await t
      .client()
      .joinById(second.roomId, { name: "Fajar", seat: "any", playerKey: fajar.key })) as TableRoom;
    // Both seats taken by people with keys: it starts by itself, rated.
    const s = await waitFor(a, (x) => x.phase === "playing");
    expect(s.rules.rated).toBe(true);
    expect(s.mode).toBe("quick");
    expect(s.seats.map((x) => x.player).sort()).toEqual([eka.id, fajar.id].sort());
    await Promise.all([a.leave(), b.leave()]);
  });
});
