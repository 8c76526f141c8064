/**
 * A table nobody is at costs no CPU: when the one person at a computer table drops, the search
 * for the CPU's move is cancelled at once, none is asked for while they are away, and the CPU
 * thinks again the moment they are back. Every search of a table waits in the pool's queue of
 * the address that opened it.
 */
import { describe, expect, it } from "vitest";
import type { BotDriver, BotRequest } from "../../server/bots/driver";
import type { MoveInput } from "../../shared/games/types";
import { type TableRoom, useTestServer, waitFor } from "./harness";

/** A CPU that thinks until told: each search stays open, the test answers or watches it. */
class HeldBots implements BotDriver {
  readonly asked: { req: BotRequest; signal: AbortSignal; answer(m: MoveInput | null): void }[] =
    [];
  request(req: BotRequest, signal: AbortSignal): Promise<MoveInput | null> {
    return new Promise((resolve, reject) => {
      signal.addEventListener("abort", () => reject(signal.reason), { once: true });
      this.asked.push({ req, signal, answer: resolve });
    });
  }
  get open() {
    return this.asked.filter((a) => !a.signal.aborted);
  }
}

const bots = new HeldBots();
const t = useTestServer({ holdSeconds: 5, graceMs: 60_000 }, 0, bots);

async function until(test: () => boolean, what: string): Promise<void> {
  const end = Date.now() + 10_000;
  while (!test()) {
    if (Date.now() > end) throw new Error(`${what}: not reached`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe("CPU searches follow the people at the table", () => {
  it("stop the moment the last person drops and start again when they are back", async () => {
    const room: TableRoom = await t.client().create("table", {
      game: "xiangqi",
      mode: "computer",
      name: "Ana",
    });
    room.onMessage("*", () => undefined);
    const token = room.reconnectionToken;
    room.send("hello");
    await waitFor(room, (s) => s.phase === "playing");
    // Ana moves; the CPU is asked for its reply.
    const s = room.state;
    expect(s.turn).toBe(0);
    room.send("move", { from: "h2", to: "e2" });
    await until(() => bots.open.length === 1, "the CPU is asked");
    const search = bots.open[0]!;
    // The search waits in the queue of the address that opened the table.
    expect(search.req.queue).toBe("127.0.0.1");

    // The connection drops (no consent): the search is cancelled at once.
    const dropped = (room as unknown as { connection: { close(): void } }).connection;
    dropped.close();
    await until(() => search.signal.aborted, "the search is cancelled");
    expect(bots.open).toEqual([]);

    // Back within the hold: the CPU is asked again, answers, and the game goes on.
    const back: TableRoom = await t.client().reconnect(token);
    back.onMessage("*", () => undefined);
    await until(() => bots.open.length === 1, "the CPU is asked again");
    const again = bots.open[0]!;
    expect(again.req.seat).toBe(1);
    const reply = again.req.game.legalMoves()[0]!;
    again.answer(reply);
    await waitFor(back, (x) => x.moves.length === 2 && x.turn === 0);
    await back.leave();
  });
});
