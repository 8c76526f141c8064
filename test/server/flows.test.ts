import { describe, expect, it } from "vitest";
import { MOVE_BY, unpackMove } from "../../shared/protocol/wire";
import {
  fenOf,
  hello,
  playFirstLegal,
  refusal,
  type TableRoom,
  useTestServer,
  waitFor,
} from "./harness";

const t = useTestServer({ timerSecondMs: 10 });

async function twoPlayers(rules: Record<string, unknown> = {}): Promise<[TableRoom, TableRoom]> {
  const a = (await t
    .client()
    .create("table", { game: "fourchess", name: "A", seat: 0, rules })) as TableRoom;
  const b = (await t.client().joinById(a.roomId, { name: "B", seat: 1 })) as TableRoom;
  await waitFor(a, (s) => s.seats[1]!.kind === "human");
  a.send("start");
  await waitFor(a, (s) => s.phase === "playing");
  await waitFor(b, (s) => s.phase === "playing");
  return [a, b];
}

/** Red (a) and Blue (b) each make their first move: the game is no longer one to abort. */
async function eachMoves(a: TableRoom, b: TableRoom): Promise<void> {
  a.send("move", { from: "h2", to: "h3" });
  await waitFor(b, (s) => s.turn === 1);
  b.send("move", { from: "b7", to: "c7" });
  await waitFor(a, (s) => s.moves.length >= 2);
}

describe("turn timer", () => {
  it("publishes the deadline and, when it passes, the stand-in moves for the seat", async () => {
    const [a, b] = await twoPlayers({ turnTimer: 30 });
    const s = await waitFor(a, (x) => x.turnDeadline > 0);
    // Times are ms after the game's clock base: the first turn's deadline is its 30 timer seconds.
    expect(s.clockBase).toBeGreaterThan(Date.now() - 10_000);
    expect(s.turnDeadline).toBe(s.turnStarted + 300);
    // 30 timer seconds of 10 ms: Red does not move and the stand-in plays for it.
    const moved = await waitFor(a, (x) => x.moves.length >= 1);
    expect(unpackMove(moved.moves[0]!)).toMatchObject({ seat: 0, by: MOVE_BY.indexOf("stand-in") });
    await Promise.all([a.leave(), b.leave()]);
  });
});

describe("resign, draw, takeback", () => {
  it("resigning in Teams ends the game with the result in state", async () => {
    const [a, b] = await twoPlayers();
    await eachMoves(a, b);
    b.send("resign");
    const s = await waitFor(a, (x) => x.phase === "finished");
    expect(s.result).toMatchObject({ reason: "resignation", draw: false });
    expect([...s.result!.winners]).toEqual([0, 2]);
    await Promise.all([a.leave(), b.leave()]);
  });

  it("a draw offer can be declined, then accepted", async () => {
    const [a, b] = await twoPlayers();
    // Before each person moved, an agreed draw would abort the game.
    await eachMoves(a, b);
    a.send("draw", { action: "offer" });
    await waitFor(b, (x) => x.offer?.kind === "draw" && x.offer.seat === 0);
    expect((await refusal(a, "draw", { action: "accept" })).code).toBe("offer/not-yours");
    b.send("draw", { action: "decline" });
    await waitFor(a, (x) => x.offer === undefined);
    await waitFor(b, (x) => x.offer === undefined);
    a.send("draw", { action: "offer" });
    await waitFor(b, (x) => x.offer?.kind === "draw");
    b.send("draw", { action: "accept" });
    const s = await waitFor(a, (x) => x.phase === "finished");
    expect(s.result).toMatchObject({ reason: "agreement", draw: true });
    await Promise.all([a.leave(), b.leave()]);
  });

  it("a takeback needs the consent of the players who moved since", async () => {
    const [a, b] = await twoPlayers();
    playFirstLegal(a);
    await waitFor(b, (x) => x.turn === 1);
    const fenBefore = fenOf(b.state);
    playFirstLegal(b);
    await waitFor(a, (x) => x.turn === 0 && x.moves.length === 4);
    a.send("takeback", { action: "request" });
    await waitFor(b, (x) => x.offer?.kind === "takeback" && x.offer.plies === 4);
    b.send("takeback", { action: "accept" });
    const s = await waitFor(a, (x) => x.moves.length === 0 && x.offer === undefined);
    expect(s.turn).toBe(0);
    expect(fenOf(s)).not.toBe(fenBefore);
    expect(s.pieces.size).toBe(64);
    await Promise.all([a.leave(), b.leave()]);
  });

  it("against the computer, a takeback is immediate", async () => {
    const a = (await t
      .client()
      .create("table", { game: "fourchess", mode: "computer", name: "Solo" })) as TableRoom;
    await waitFor(a, (x) => x.phase === "playing" && x.turn === 0);
    playFirstLegal(a);
    await waitFor(a, (x) => x.turn === 0 && x.moves.length === 4);
    a.send("takeback", { action: "request" });
    await waitFor(a, (x) => x.moves.length === 0);
    await a.leave();
  });
});

describe("the table after a game", () => {
  it("play again rotates the first player", async () => {
    const [a, b] = await twoPlayers();
    b.send("resign");
    await waitFor(a, (x) => x.phase === "finished");
    a.send("playAgain");
    b.send("playAgain");
    const s = await waitFor(a, (x) => x.phase === "playing" && x.gameNumber === 2);
    expect(s.moves.length === 0 || unpackMove(s.moves[0]!).seat === 1).toBe(true);
    expect(s.startFen.startsWith("B-")).toBe(true);
    await Promise.all([a.leave(), b.leave()]);
  });

  it("the host role passes on when the host leaves", async () => {
    const a = (await t
      .client()
      .create("table", { game: "fourchess", name: "A", seat: 0 })) as TableRoom;
    const b = (await t.client().joinById(a.roomId, { name: "B", seat: 1 })) as TableRoom;
    const bHello = await hello(b);
    await waitFor(b, (x) => x.host !== "" && x.host !== bHello.player);
    await a.leave();
    await waitFor(b, (x) => x.host === bHello.player);
    b.send("start");
    await waitFor(b, (x) => x.phase === "playing");
    await b.leave();
  });
});

describe("time used", () => {
  it("the state carries when the turn began and each seat's time used, reset by play again", async () => {
    const before = Date.now();
    const [a, b] = await twoPlayers();
    const s0 = await waitFor(a, (x) => x.clockBase > 0);
    // The first turn starts with the game; times are ms after the clock base.
    expect(s0.clockBase).toBeGreaterThanOrEqual(before);
    expect(s0.clockBase).toBeLessThanOrEqual(Date.now());
    expect(s0.turnStarted).toBe(0);
    const firstBase = s0.clockBase;
    expect(s0.seats.map((x) => x.used)).toEqual([0, 0, 0, 0]);
    const started = s0.turnStarted;
    await new Promise((r) => setTimeout(r, 60));
    playFirstLegal(a);
    const s1 = await waitFor(b, (x) => x.turn === 1);
    // The ended turn is charged exactly: from its start to the start of the next.
    expect(s1.seats[0]!.used).toBe(s1.turnStarted - started);
    expect(s1.seats[0]!.used).toBeGreaterThanOrEqual(50);
    expect(s1.seats.slice(1).map((x) => x.used)).toEqual([0, 0, 0]);
    b.send("resign");
    const done = await waitFor(a, (x) => x.phase === "finished");
    expect(done.turnStarted).toBe(0);
    expect(done.seats[0]!.used).toBe(s1.seats[0]!.used);
    a.send("playAgain");
    b.send("playAgain");
    const again = await waitFor(a, (x) => x.phase === "playing" && x.gameNumber === 2);
    expect(again.clockBase).toBeGreaterThan(firstBase);
    expect(again.turnStarted).toBe(0);
    expect(again.seats.map((x) => x.used)).toEqual([0, 0, 0, 0]);
    await Promise.all([a.leave(), b.leave()]);
  });
});
