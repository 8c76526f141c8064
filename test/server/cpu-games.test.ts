import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WorkerBots } from "../../server/bots/pool";
import { GAMES, isGameId } from "../../shared/games/catalog";
import { CPU_LEVELS } from "../../shared/match/rules";
import { gameOf, startTestServer, type TableRoom, type TestServer, waitFor } from "./harness";

// The CPUs the server runs in production: the engines in a worker thread, here at their
// lowest level so that a whole game takes well under a second.
const pool = new WorkerBots({ workers: 1, maxTimeMs: 5000, minDelayMs: 0 });
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({}, 0, pool);
});
afterAll(async () => {
  await t.close();
  pool.close();
});

const games = [
  { game: "fourchess", format: "teams" },
  { game: "fourchess", format: "individual" },
  { game: "xiangqi", format: "teams" },
].filter((g) => isGameId(g.game));

describe("complete games played by CPU seats", () => {
  for (const { game, format } of games) {
    it(`${game} ${format}: played to its end, with the result in state`, async () => {
      const host = (await t.client().create("table", {
        game,
        format,
        name: "Host",
        seat: 0,
        rules: { cpuLevel: CPU_LEVELS[game as keyof typeof CPU_LEVELS][0] },
      })) as TableRoom;
      await waitFor(host, (s) => s.seats[0]?.kind === "human");
      const watcher = (await t
        .client()
        .joinById(host.roomId, { name: "Watcher", spectate: true })) as TableRoom;
      host.send("start");
      await waitFor(watcher, (s) => s.phase === "playing");
      // The only player leaves on purpose: their seat becomes a CPU and the CPUs play it out.
      await host.leave();
      const s = await waitFor(watcher, (x) => x.phase === "finished", 60_000);
      expect(s.seats.every((seat) => seat.kind === "cpu")).toBe(true);
      expect(s.result?.reason).toBeTruthy();
      expect(s.result?.message.length).toBeGreaterThan(5);
      expect(s.result?.placing.length).toBe(GAMES[s.game].colors.length);
      expect(s.moves.length).toBeGreaterThan(4);
      expect(gameOf(s).outcome).not.toBeNull();
      expect(gameOf(s).legalMoves().length).toBe(0);
      console.log(`${game} ${format}: ${s.moves.length} moves, ${s.result?.reason}`);
      await watcher.leave();
    }, 90_000);
  }
});
