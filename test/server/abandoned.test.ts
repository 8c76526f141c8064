/**
 * A game its people leave: while someone still plays, CPUs take the seats of those who left
 * and the game is not in the archive yet; when the last person seated leaves, the game ends
 * there (`abandoned`) and is archived with a result, even after the table closes.
 */
import { describe, expect, it } from "vitest";
import { standings } from "../../shared/games/fourchess/standings";
import { replay, type SetupRules, setupOf } from "../../shared/match/replay";
import type { ArchivedGame } from "../../shared/protocol/archive";
import { playFirstLegal, type TableRoom, useTestServer, waitFor } from "./harness";

// CPU moves take a little while, so that a game CPUs play for a spectator lasts beyond the test.
const t = useTestServer({}, 10);

async function archived(id: string): Promise<ArchivedGame | null> {
  const res = await fetch(`${t.http}/api/games/${id}`);
  return res.status === 200 ? ((await res.json()) as ArchivedGame) : null;
}

/** The archive has the game (the last leave is stored before the table closes). */
async function untilArchived(id: string): Promise<ArchivedGame> {
  const end = Date.now() + 10_000;
  for (;;) {
    const game = await archived(id);
    if (game) return game;
    if (Date.now() > end) throw new Error(`game ${id} never reached the archive`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("a game left by its people", () => {
  it("Individual: out of the game, then gone: the game ends by points and is archived", async () => {
    const ana = (await t.client().create("table", {
      game: "fourchess",
      format: "individual",
      mode: "computer",
      name: "Ana",
    })) as TableRoom;
    await waitFor(ana, (s) => s.phase === "playing" && s.turn === 0);
    for (let i = 0; i < 2; i++) {
      const n = ana.state.moves.length;
      playFirstLegal(ana);
      await waitFor(ana, (s) => s.moves.length > n + 3 && s.turn === 0);
    }
    // Out of the game (Individual: the others play on), then Ana leaves the table.
    ana.send("resign");
    const out = await waitFor(ana, (s) => s.seats[0]?.out === "resigned");
    expect(out.phase).toBe("playing");
    const id = out.gameId;
    await ana.leave();

    const game = await untilArchived(id);
    expect(game.result.reason).toBe("abandoned");
    expect(game.result.message).toMatch(/^Everyone left the table\. .+ on points\.$/);
    // Places go by the points as they stood, Ana (who resigned) below every seat that stayed:
    // the record replayed gives the same places.
    const replayed = replay(
      "fourchess",
      setupOf(game.rules as unknown as SetupRules, 0, game.startFen),
      game.moves.map((m) => ({
        seat: m.seat,
        move:
          m.from && m.to
            ? { from: m.from, to: m.to, ...(m.promotion ? { promotion: m.promotion } : {}) }
            : null,
      })),
    );
    if (!replayed.ok) throw new Error(replayed.error.message);
    const scores = replayed.value.game.scores ?? [];
    expect(replayed.value.game.outcome).toBeNull();
    expect(game.result.placing).toEqual(standings(scores, [[0]]).placing);
    expect(game.result.placing[0]).toBe(4);
    expect(game.result.winners).toEqual(
      game.result.placing.flatMap((p, i) => (p === 1 ? [i] : [])),
    );
    // Named by who played the seat, though a CPU held it at the end.
    expect(game.players[0]).toEqual({ name: "Ana", kind: "human", left: true });
    expect(game.moves.length).toBeGreaterThanOrEqual(9);
  });

  it("xiangqi: the first to leave is replaced by a CPU; when both left, the game is drawn", async () => {
    const ana = (await t
      .client()
      .create("table", { game: "xiangqi", name: "Ana", seat: 0 })) as TableRoom;
    const budi = (await t.client().joinById(ana.roomId, { name: "Budi", seat: 1 })) as TableRoom;
    await waitFor(ana, (s) => s.seats[1]?.kind === "human");
    ana.send("start");
    await waitFor(budi, (s) => s.phase === "playing");
    playFirstLegal(ana);
    await waitFor(budi, (s) => s.moves.length === 1);
    playFirstLegal(budi);
    await waitFor(ana, (s) => s.moves.length === 2);
    const id = budi.state.gameId;

    // Ana leaves: a CPU plays Red on, and the game is not in the archive while it runs.
    await ana.leave();
    await waitFor(budi, (s) => s.seats[0]?.kind === "cpu" && s.moves.length >= 3);
    expect(budi.state.phase).toBe("playing");
    expect(await archived(id)).toBeNull();

    // Budi leaves too: both sides' people left, the game is drawn and archived.
    await budi.leave();
    const game = await untilArchived(id);
    expect(game.result).toMatchObject({
      reason: "abandoned",
      draw: true,
      winners: [],
      message: "Everyone left the table. The game is drawn.",
    });
  });

  it("against the computer: CPUs play on for a spectator; when they go too, the leaver loses", async () => {
    const ana = (await t.client().create("table", {
      game: "xiangqi",
      mode: "computer",
      name: "Ana",
    })) as TableRoom;
    await waitFor(ana, (s) => s.phase === "playing" && s.turn === 0);
    playFirstLegal(ana);
    await waitFor(ana, (s) => s.moves.length === 2);
    const id = ana.state.gameId;
    const cara = (await t
      .client()
      .joinById(ana.roomId, { name: "Cara", spectate: true })) as TableRoom;
    await waitFor(cara, (s) => s.phase === "playing");
    await ana.leave();
    // Cara watches the CPUs play on.
    await waitFor(cara, (s) => s.seats[0]?.kind === "cpu" && s.moves.length >= 4);
    expect(await archived(id)).toBeNull();
    await cara.leave();
    const game = await untilArchived(id);
    expect(game.result).toMatchObject({
      reason: "abandoned",
      draw: false,
      winners: [1],
      message: "Red left the game. Black wins.",
    });
  });
});
