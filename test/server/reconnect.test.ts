import type { Client } from "colyseus.js";
import { describe, expect, it } from "vitest";
import { heldToken } from "../../shared/protocol/messages";
import { entryFromView, MOVE_BY, unpackMove } from "../../shared/protocol/wire";
import { hello, playFirstLegal, type TableRoom, useTestServer, waitFor } from "./harness";

const t = useTestServer({ graceMs: 300, holdSeconds: 1 });

/** Reconnects with backoff: right after a drop the server may not have noticed it yet. */
async function reconnect(client: Client, token: string): Promise<TableRoom> {
  for (let delay = 50; ; delay *= 2) {
    try {
      return (await client.reconnect(token)) as TableRoom;
    } catch (e) {
      if (delay > 1600) throw e;
      await new Promise((r) => setTimeout(r, delay));
    }
  }
}

/** A four-player table in play: Red (host, seat 0) and Blue (seat 1, with its seat token). */
async function redAndBluePlaying() {
  const red = (await t
    .client()
    .create("table", { game: "fourchess", name: "Red", seat: 0 })) as TableRoom;
  const blueClient = t.client();
  const blue = (await blueClient.joinById(red.roomId, { name: "Blue", seat: 1 })) as TableRoom;
  const { token } = (await hello(blue)).seats[0]!;
  await waitFor(red, (s) => s.seats[1]!.kind === "human");
  red.send("start");
  await waitFor(red, (s) => s.phase === "playing");
  return { red, blueClient, blue, token };
}

describe("seats that survive the network", () => {
  it("stands in after the grace, gives the seat back on reconnection and later by seat token", async () => {
    const { red, blueClient, blue, token } = await redAndBluePlaying();

    // Blue drops; on Blue's turn the stand-in moves after the grace, marked in the move list.
    const reconnectionToken = blue.reconnectionToken;
    await blue.leave(false);
    await waitFor(red, (s) => !s.seats[1]!.connected && s.seats[1]!.standIn);
    red.send("move", { from: "h2", to: "h4" });
    let s = await waitFor(red, (x) => x.moves.length >= 2);
    expect(MOVE_BY[unpackMove(s.moves[1]!).by ?? 0]).toBe("stand-in");
    expect(unpackMove(s.moves[1]!).seat).toBe(1);
    expect(s.seats[1]!.kind).toBe("human");

    // Back within the hold: the same seat, the stand-in stops.
    const back = await reconnect(blueClient, reconnectionToken);
    s = await waitFor(red, (x) => x.seats[1]!.connected && !x.seats[1]!.standIn);
    await waitFor(red, (x) => x.turn === 0);
    playFirstLegal(red);
    await waitFor(back, (x) => x.turn === 1);
    playFirstLegal(back);
    s = await waitFor(red, (x) => x.moves.map(unpackMove).some((m) => m.seat === 1 && !m.by));
    expect(
      s.moves
        .map(unpackMove)
        .filter((m) => m.seat === 1)
        .map((m) => MOVE_BY[m.by ?? 0]),
    ).toEqual(["stand-in", "player"]);

    // Dropped past the hold: the seat waits for its token; coming back with it gives the seat.
    await back.leave(false);
    await new Promise((r) => setTimeout(r, 1300));
    await expect(blueClient.reconnect(back.reconnectionToken)).rejects.toThrow();
    const again = (await t
      .client()
      .joinById(red.roomId, { name: "Blue", seatToken: token })) as TableRoom;
    const welcome = await hello(again);
    expect(welcome).toMatchObject({ role: "player", seats: [{ seat: 1, token }] });
    s = await waitFor(red, (x) => x.seats[1]!.connected && x.seats[1]!.name === "Blue");
    playFirstLegal(red);
    await waitFor(again, (x) => x.turn === 1);
    const count = again.state.moves.length;
    const { from, to } = playFirstLegal(again);
    s = await waitFor(red, (x) => x.moves.length > count);
    expect(entryFromView(s.game, s.moves[count]!)).toMatchObject({
      seat: 1,
      by: "player",
      move: { from, to },
    });
    await again.leave();
    await red.leave();
  });

  it("one join by id comes back either way: it resumes a connection the table holds, else seats by the seat token", async () => {
    const { red, blueClient, blue, token } = await redAndBluePlaying();

    // A malformed reconnection token is refused, and nobody's seat changes.
    await expect(
      t.client().joinById(red.roomId, { name: "X", seatToken: token, reconnectionToken: "no pe" }),
    ).rejects.toThrow(/payload\/invalid/);
    expect(heldToken(red.roomId, blue.reconnectionToken)).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(heldToken("ELSEWHERE", blue.reconnectionToken)).toBeNull();

    // Within the hold: the same connection (session) back, the stand-in gone, the turn its own.
    await blue.leave(false);
    await waitFor(red, (s) => !s.seats[1]!.connected);
    const back = (await blueClient.joinById(red.roomId, {
      name: "Blue",
      seatToken: token,
      reconnectionToken: heldToken(red.roomId, blue.reconnectionToken)!,
    })) as TableRoom;
    expect(back.sessionId).toBe(blue.sessionId);
    await waitFor(red, (s) => s.seats[1]!.connected && !s.seats[1]!.standIn);
    playFirstLegal(red);
    await waitFor(back, (s) => s.turn === 1);
    const count = back.state.moves.length;
    const { from, to } = playFirstLegal(back);
    let s = await waitFor(red, (x) => x.moves.length > count);
    expect(entryFromView(s.game, s.moves[count]!)).toMatchObject({
      seat: 1,
      by: "player",
      move: { from, to },
    });

    // Past the hold the same call, with that connection's token, takes the seat by the seat token.
    await back.leave(false);
    await waitFor(red, (x) => !x.seats[1]!.connected);
    await new Promise((r) => setTimeout(r, 1300));
    const again = (await blueClient.joinById(red.roomId, {
      name: "Blue",
      seatToken: token,
      reconnectionToken: heldToken(red.roomId, back.reconnectionToken)!,
    })) as TableRoom;
    expect(again.sessionId).not.toBe(back.sessionId);
    expect(await hello(again)).toMatchObject({ role: "player", seats: [{ seat: 1, token }] });
    s = await waitFor(red, (x) => x.seats[1]!.connected && x.seats[1]!.name === "Blue");
    expect(s.seats.filter((x) => x.kind === "human")).toHaveLength(2);
    await again.leave();
    await red.leave();
  });

  it("a seat whose player leaves on purpose becomes a CPU seat", async () => {
    const a = (await t
      .client()
      .create("table", { game: "fourchess", name: "A", seat: 0 })) as TableRoom;
    const b = (await t.client().joinById(a.roomId, { name: "B", seat: 1 })) as TableRoom;
    await waitFor(a, (s) => s.seats[1]!.kind === "human");
    a.send("start");
    await waitFor(a, (s) => s.phase === "playing");
    await b.leave(true);
    const s = await waitFor(a, (x) => x.seats[1]!.kind === "cpu");
    expect(s.seats[1]!.name).toBe("CPU");
    await a.leave();
  });

  it("a seat token from elsewhere seats nobody", async () => {
    const a = (await t
      .client()
      .create("table", { game: "fourchess", name: "A", seat: 0 })) as TableRoom;
    const stranger = (await t
      .client()
      .joinById(a.roomId, { name: "S", seatToken: "AAAAAAAAAAAAAAAAAAAAAA" })) as TableRoom;
    const answer = await hello(stranger);
    expect(answer.role).toBe("spectator");
    expect(answer.errors[0]?.code).toBe("seat/token-unknown");
    await stranger.leave();
    await a.leave();
  });
});
