/**
 * A table with nothing happening costs the server nothing: no patch tick 20 times a second,
 * yet every change (a join, a move) still reaches the others at once and the turn timer still
 * runs out when it should.
 */
import { describe, expect, it, vi } from "vitest";
import { TableRoom as Room } from "../../server/room/tableRoom";
import { MOVE_BY, unpackMove } from "../../shared/protocol/wire";
import { playFirstLegal, type TableRoom, useTestServer, waitFor } from "./harness";

const t = useTestServer({ timerSecondMs: 10 });

describe("an idle table", () => {
  it("sends no patches and runs no ticks while nothing changes, and still sends each change", async () => {
    const patches = vi.spyOn(Room.prototype, "broadcastPatch");
    const host = (await t
      .client()
      .create("table", { game: "xiangqi", name: "A", seat: 0 })) as TableRoom;
    await waitFor(host, (s) => s.phase === "waiting");
    // A spectator's arrival reaches the host with no patch interval to carry it.
    const watcher = (await t.client().joinById(host.roomId, { spectate: true })) as TableRoom;
    await waitFor(host, (s) => s.spectators === 1);
    await waitFor(watcher, (s) => s.phase === "waiting");

    patches.mockClear();
    await new Promise((r) => setTimeout(r, 600));
    // Colyseus' default would have ticked 12 times in 600 ms.
    expect(patches).not.toHaveBeenCalled();

    host.send("start");
    await waitFor(watcher, (s) => s.phase === "playing");
    playFirstLegal(host);
    const seen = await waitFor(watcher, (s) => s.moves.length === 1);
    expect(unpackMove(seen.moves[0]!)).toMatchObject({ seat: 0 });
    patches.mockRestore();
    await Promise.all([host.leave(), watcher.leave()]);
  });

  it("still runs the turn timer out: the stand-in moves for the player who let it pass", async () => {
    const host = (await t.client().create("table", {
      game: "xiangqi",
      name: "A",
      seat: 0,
      rules: { turnTimer: 30 },
    })) as TableRoom;
    await waitFor(host, (s) => s.phase === "waiting");
    host.send("start");
    await waitFor(host, (x) => x.turnDeadline > 0);
    const moved = await waitFor(host, (x) => x.moves.length >= 1);
    // 30 timer seconds of 10 ms: the stand-in moved for Red.
    expect(unpackMove(moved.moves[0]!)).toMatchObject({ seat: 0, by: MOVE_BY.indexOf("stand-in") });
    await host.leave();
  });
});
