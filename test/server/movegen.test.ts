/**
 * A move costs the server one check of that move, not the whole legal-move list: players move
 * at a table with no CPU seats (whose search would list moves) while every way of listing the
 * legal moves in both engines is watched. The games are worked out beforehand, so the test's
 * own side lists nothing while the server plays them.
 */
import { describe, expect, it, vi } from "vitest";
import { chooseMove } from "../../shared/bots/simple";
import { FourChess } from "../../shared/games/fourchess/game";
import { Position as FourChessPosition } from "../../shared/games/fourchess/position";
import type { MoveInput } from "../../shared/games/types";
import { Xiangqi } from "../../shared/games/xiangqi/game";
import { Position as XiangqiPosition } from "../../shared/games/xiangqi/position";
import { advance, setupOf, startGame } from "../../shared/match/replay";
import { defaultRules } from "../../shared/match/rules";
import { type TableRoom, useTestServer, waitFor } from "./harness";

const t = useTestServer();

/** A seeded game of `plies` moves (captures first, like the simple CPU), and whether one took. */
function seededGame(id: "fourchess" | "xiangqi", plies: number): MoveInput[] {
  const started = startGame(id, setupOf(defaultRules(id)));
  if (!started.ok) throw new Error(started.error.message);
  let r = started.value;
  const moves: MoveInput[] = [];
  for (let i = 0; i < plies && !r.game.outcome; i++) {
    const move = chooseMove(r.game, 11 + i)!;
    const next = advance(r, { seat: r.game.turn, move });
    if (!next.ok) throw new Error(next.error.message);
    r = next.value;
    moves.push(move);
  }
  expect(r.game.moves.some((m) => m.captured)).toBe(true);
  return moves;
}

function watchListing() {
  const spies = [
    vi.spyOn(FourChessPosition.prototype, "legalMoves"),
    vi.spyOn(XiangqiPosition.prototype, "legalMoves"),
    vi.spyOn(FourChess.prototype, "legalMoves"),
    vi.spyOn(Xiangqi.prototype, "legalMoves"),
  ];
  // The watch sees a listing where there is one.
  for (const id of ["fourchess", "xiangqi"] as const) {
    const r = startGame(id, setupOf(defaultRules(id)));
    if (r.ok) r.value.game.legalMoves();
  }
  expect(spies.map((s) => s.mock.calls.length)).toEqual([1, 1, 1, 1]);
  for (const s of spies) s.mockClear();
  return spies;
}

async function playAll(seats: readonly TableRoom[], moves: readonly MoveInput[]): Promise<void> {
  for (const [i, move] of moves.entries()) {
    const room = seats[i % seats.length]!;
    room.send("move", move);
    await waitFor(room, (s) => s.moves.length === i + 1);
  }
}

describe("the server on a move", () => {
  it("never lists the legal moves: xiangqi on one device", async () => {
    const moves = seededGame("xiangqi", 40);
    const room = (await t
      .client()
      .create("table", { game: "xiangqi", mode: "hotseat", name: "Both" })) as TableRoom;
    await waitFor(room, (s) => s.phase === "playing");
    const spies = watchListing();
    try {
      await playAll([room], moves);
      expect(spies.map((s) => s.mock.calls.length)).toEqual([0, 0, 0, 0]);
    } finally {
      for (const s of spies) s.mockRestore();
    }
    await room.leave();
  });

  it("never lists the legal moves: four people at four-player chess", async () => {
    const moves = seededGame("fourchess", 40);
    const host = (await t
      .client()
      .create("table", { game: "fourchess", name: "P0", seat: 0 })) as TableRoom;
    const others: TableRoom[] = [];
    for (const seat of [1, 2, 3])
      others.push(
        (await t.client().joinById(host.roomId, { name: `P${seat}`, seat })) as TableRoom,
      );
    await waitFor(host, (s) => s.seats.every((x) => x.kind === "human"));
    host.send("start");
    await waitFor(host, (s) => s.phase === "playing");
    const spies = watchListing();
    try {
      await playAll([host, ...others], moves);
      expect(spies.map((s) => s.mock.calls.length)).toEqual([0, 0, 0, 0]);
    } finally {
      for (const s of spies) s.mockRestore();
    }
    for (const r of [host, ...others]) await r.leave();
  });
});
