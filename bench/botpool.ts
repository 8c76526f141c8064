/**
 * node --import tsx bench/botpool.ts — one table's CPU reply time while many Hard tables from
 * one address keep the worker pool busy: the pool as one line (no keys), with a key per table,
 * and with one key for the address (its tables share a place in the round). Also the time a
 * cancelled Hard search keeps its worker. ATTACKERS, ROUNDS, MAX_TIME_MS, WORKERS set the size.
 */
import { setMaxListeners } from "node:events";
import type { BotRequest } from "../server/bots/driver";
import { WorkerBots } from "../server/bots/pool";
import type { GameId } from "../shared/games/catalog";
import type { GameSetup } from "../shared/games/types";
import { replay } from "../shared/match/replay";

const ATTACKERS = Number(process.env.ATTACKERS ?? 24);
const ROUNDS = Number(process.env.ROUNDS ?? 6);
const MAX_TIME_MS = Number(process.env.MAX_TIME_MS ?? 400);
const WORKERS = Number(process.env.WORKERS ?? 1);

function request(id: GameId, level: string, seed: number, queue?: string): BotRequest {
  const setup: GameSetup = { format: "teams", moveLimit: null, handicap: "none", firstSeat: 0 };
  const r = replay(id, setup, []);
  if (!r.ok) throw new Error(r.error.message);
  return {
    game: r.value.game,
    replay: { id, setup, log: [] },
    seat: r.value.game.turn,
    level,
    seed,
    ...(queue ? { queue } : {}),
  };
}

const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

type Keys = "none" | "table" | "address";

async function victimUnderLoad(keys: Keys): Promise<number[]> {
  const pool = new WorkerBots({ workers: WORKERS, maxTimeMs: MAX_TIME_MS, minDelayMs: 0 });
  const stop = new AbortController();
  setMaxListeners(ATTACKERS + 10, stop.signal);
  const keyOf = (table: number) =>
    keys === "none" ? undefined : keys === "table" ? `t${table}` : "attacker";
  // Each attacking table always has its next CPU move asked for, as a table of CPUs does.
  const attack = (table: number, seed: number): void => {
    if (stop.signal.aborted) return;
    pool
      .request(request("fourchess", "hard", seed, keyOf(table)), stop.signal)
      .then(() => attack(table, seed + 1))
      .catch(() => undefined);
  };
  for (let i = 0; i < ATTACKERS; i++) attack(i, i * 1000);
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t0 = performance.now();
    await pool.request(
      request("xiangqi", "medium", i, keys === "none" ? undefined : "victim"),
      new AbortController().signal,
    );
    times.push(performance.now() - t0);
  }
  stop.abort(new Error("done"));
  await pool.close();
  return times;
}

async function cancelledHold(): Promise<number> {
  const pool = new WorkerBots({ workers: 1, maxTimeMs: 60_000, minDelayMs: 0 });
  // The same request on an idle worker first: what is left is the time the cut search held it.
  await pool.request(request("xiangqi", "beginner", 1), new AbortController().signal);
  const i0 = performance.now();
  await pool.request(request("xiangqi", "beginner", 1), new AbortController().signal);
  const idle = performance.now() - i0;
  const cut = new AbortController();
  const search = pool.request(request("fourchess", "hard", 1), cut.signal).catch(() => null);
  await new Promise((r) => setTimeout(r, 200));
  const t0 = performance.now();
  cut.abort(new Error("table closed"));
  await pool.request(request("xiangqi", "beginner", 1), new AbortController().signal);
  const held = performance.now() - t0 - idle;
  await search;
  await pool.close();
  return held;
}

// The pool's threads do not keep the process alive by themselves.
const alive = setInterval(() => undefined, 1000);
console.log(
  `node ${process.version}; ${WORKERS} worker(s), ${ATTACKERS} Hard tables from one address, ` +
    `search cap ${MAX_TIME_MS} ms, ${ROUNDS} replies of the other table`,
);
for (const keys of ["none", "table", "address"] as const) {
  const times = await victimUnderLoad(keys);
  console.log(
    `keys ${keys.padEnd(7)}: the other table's reply p50 ${p50(times).toFixed(0)} ms, ` +
      `max ${Math.max(...times).toFixed(0)} ms`,
  );
}
console.log(
  `a Hard search cancelled after 200 ms held its worker ${(await cancelledHold()).toFixed(1)} ms more`,
);
clearInterval(alive);
