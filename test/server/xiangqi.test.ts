import { describe, expect, it } from "vitest";
import { unpackMove } from "../../shared/protocol/wire";
import {
  gameOf,
  hello,
  legalOf,
  nextMessage,
  refusal,
  type TableRoom,
  useTestServer,
  waitFor,
} from "./harness";

const t = useTestServer();

async function pair(): Promise<[TableRoom, TableRoom, string, string]> {
  const red = (await t
    .client()
    .create("table", { game: "xiangqi", name: "Red", seat: 0 })) as TableRoom;
  const black = (await t.client().joinById(red.roomId, { name: "Black", seat: 1 })) as TableRoom;
  const [r, b] = [await hello(red), await hello(black)];
  await waitFor(red, (s) => s.seats[1]!.kind === "human");
  red.send("start");
  await waitFor(black, (s) => s.phase === "playing");
  return [red, black, r.player, b.player];
}

describe("xiangqi tables", () => {
  it("a hot-seat table gives one device both seats and starts at once", async () => {
    const room = (await t
      .client()
      .create("table", { game: "xiangqi", mode: "hotseat", name: "Family" })) as TableRoom;
    const me = await hello(room);
    expect(me.seats.map((s) => s.seat)).toEqual([0, 1]);
    await waitFor(room, (s) => s.phase === "playing" && s.private);
    room.send("move", { from: "h2", to: "e2" });
    await waitFor(room, (s) => s.turn === 1);
    room.send("move", { from: "h9", to: "g7" });
    const s = await waitFor(room, (x) => x.moves.length === 2);
    expect(gameOf(s).moves.map((m) => m.notation)).toEqual(["C2=5", "H8+7"]);
    await room.leave();
  });

  it("against the computer the game starts at once, the CPU replies and hints are answered", async () => {
    const room = (await t
      .client()
      .create("table", { game: "xiangqi", mode: "computer", name: "Solo" })) as TableRoom;
    await waitFor(room, (s) => s.phase === "playing" && s.seats[1]!.kind === "cpu");
    const hint = nextMessage<{ from: string; to: string }>(room, "hint");
    room.send("hint");
    const move = await hint;
    expect(legalOf(room.state)).toContain(`${move.from}-${move.to}`);
    room.send("move", move);
    const s = await waitFor(room, (x) => x.moves.length === 2);
    expect(unpackMove(s.moves[1]!)).toMatchObject({ seat: 1, by: 1 });
    // Takebacks against the computer are immediate and unlimited.
    room.send("takeback", { action: "request" });
    await waitFor(room, (x) => x.moves.length === 0 && x.turn === 0);
    await room.leave();
  });

  it("a takeback: the player who just moved takes back one ply, with the opponent's consent", async () => {
    const [red, black] = await pair();
    red.send("move", { from: "h2", to: "e2" });
    await waitFor(black, (s) => s.turn === 1);
    red.send("takeback", { action: "request" });
    await waitFor(black, (s) => s.offer?.kind === "takeback" && s.offer.plies === 1);
    black.send("takeback", { action: "accept" });
    await waitFor(red, (s) => s.moves.length === 0 && s.turn === 0);
    await Promise.all([red.leave(), black.leave()]);
  });

  it("a takeback: the player to move takes back two plies, and a refusal changes nothing", async () => {
    const [red, black] = await pair();
    red.send("move", { from: "h2", to: "e2" });
    await waitFor(black, (s) => s.turn === 1);
    black.send("move", { from: "h9", to: "g7" });
    await waitFor(red, (s) => s.turn === 0 && s.moves.length === 2);
    red.send("takeback", { action: "request" });
    await waitFor(black, (s) => s.offer?.plies === 2);
    black.send("takeback", { action: "decline" });
    await waitFor(red, (s) => s.offer === undefined);
    await waitFor(black, (s) => s.offer === undefined);
    expect(red.state.moves.length).toBe(2);
    red.send("takeback", { action: "request" });
    await waitFor(black, (s) => s.offer?.plies === 2);
    black.send("takeback", { action: "accept" });
    await waitFor(red, (s) => s.moves.length === 0);
    await Promise.all([red.leave(), black.leave()]);
  });

  it("draw offers, resignation, and play again swaps colours", async () => {
    const [red, black, redId, blackId] = await pair();
    red.send("draw", { action: "offer" });
    await waitFor(black, (s) => s.offer?.kind === "draw");
    black.send("draw", { action: "decline" });
    await waitFor(red, (s) => s.offer === undefined);
    expect((await refusal(red, "draw", { action: "accept" })).code).toBe("offer/none");
    // Each side moves first: a resignation before that would abort the game.
    red.send("move", { from: "h2", to: "e2" });
    await waitFor(black, (x) => x.turn === 1);
    black.send("move", { from: "h9", to: "g7" });
    await waitFor(red, (x) => x.moves.length === 2);
    black.send("resign");
    const s = await waitFor(red, (x) => x.phase === "finished");
    expect(s.result).toMatchObject({ reason: "resignation", message: "Black resigned. Red wins." });
    red.send("playAgain");
    // A request alone starts nothing: Black is asked, as with a draw offer.
    const asked = await waitFor(black, (x) => x.offer?.kind === "rematch");
    expect(asked.phase).toBe("finished");
    expect(asked.offer!.seat).toBe(0);
    expect([...asked.offer!.needed]).toEqual([1]);
    expect([...asked.offer!.agreed]).toEqual([]);
    black.send("playAgain", { action: "accept" });
    const again = await waitFor(red, (x) => x.phase === "playing" && x.gameNumber === 2);
    expect(again.seats[0]!.player).toBe(blackId);
    expect(again.seats[1]!.player).toBe(redId);
    // The former Black now plays Red and moves first.
    black.send("move", { from: "h2", to: "e2" });
    await waitFor(red, (x) => x.moves.length === 1);
    await Promise.all([red.leave(), black.leave()]);
  });
});
