/**
 * npm run bench:parked — what a parked table costs the server: TABLES computer tables (1 000 by
 * default) are opened on a real server with a SQLite store, each with one move played and its
 * connection open; then every connection drops and, once the seat hold is over, every table is
 * parked. The process's CPU time over IDLE_S seconds (10) and its memory (the JavaScript heap
 * after full collections, and resident) are read with nothing open, with the tables open and
 * idle (their clients in this process too), and with them parked and the clients gone; then one
 * table is brought back by its seat token, timed. The server runs in this process so that its
 * heap can be collected before each reading.
 */
// First: colyseus.js connects with `ws` on every Node.js (wsClient.ts).
import "../loadtest/wsClient";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { matchMaker } from "@colyseus/core";
import { Client, type Room } from "colyseus.js";
import { SimpleBots } from "../server/bots/driver";
import { readConfig } from "../server/config";
import { startGameServer } from "../server/gameServer";
import type { TableView } from "../shared/protocol/views";
import { replayView } from "../shared/protocol/wire";

const TABLES = Number(process.env.TABLES ?? 1000);
const IDLE_S = Number(process.env.IDLE_S ?? 10);
const BATCH = 50;

const dataDir = mkdtempSync(join(tmpdir(), "crossboard-parked-"));
const running = await startGameServer({
  config: {
    ...readConfig({}, { clientDir: "/nonexistent" }),
    port: 0,
    listenAddress: "127.0.0.1",
    holdSeconds: 1,
    cpuDelayMs: 0,
    matchmakePerMinute: 1_000_000,
    maxConnectionsPerAddress: 0,
    // Every table here is opened from one address; the bound per address is not measured here.
    parkedPerAddress: 0,
    logLevel: "warn",
    dataDir,
  },
  bots: new SimpleBots(0),
});
const ws = `ws://127.0.0.1:${running.port}`;
const http = `http://127.0.0.1:${running.port}`;
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with --expose-gc (npm run bench:parked does)");

/** The tables open in rooms now. */
const rooms = async () => (await matchMaker.query({})).length;

async function reading(what: string) {
  await new Promise((r) => setTimeout(r, 2000));
  const cpu0 = process.cpuUsage();
  await new Promise((r) => setTimeout(r, IDLE_S * 1000));
  const used = process.cpuUsage(cpu0);
  gc?.();
  gc?.();
  const memory = process.memoryUsage();
  const figures = {
    what,
    cpuPercent: ((used.user + used.system) / 1000 / (IDLE_S * 1000)) * 100,
    rssMb: memory.rss / 2 ** 20,
    heapMb: memory.heapUsed / 2 ** 20,
  };
  console.log(
    `${what.padEnd(28)} CPU ${figures.cpuPercent.toFixed(2)} % of a core over ${IDLE_S} s, ` +
      `heap ${figures.heapMb.toFixed(1)} MB, resident ${figures.rssMb.toFixed(1)} MB (${await rooms()} rooms)`,
  );
  return figures;
}

interface Opened {
  readonly room: Room;
  readonly token: string;
}

/** A computer xiangqi table with Ana's first move and the CPU's answer. */
async function open(): Promise<Opened> {
  const room = await new Client(ws).create("table", {
    game: "xiangqi",
    mode: "computer",
    name: "Ana",
  });
  const token = await new Promise<string>((resolve) => {
    room.onMessage("seat", (m: { token: string }) => resolve(m.token));
    room.onMessage("*", () => undefined);
    room.send("hello");
  });
  await until(room, (s) => s.phase === "playing" && s.turn === 0);
  const game = replayView(room.state as TableView);
  if (!game.ok) throw new Error(game.error.message);
  const move = game.value.game.legalMoves()[0]!;
  room.send("move", move);
  await until(room, (s) => s.moves.length >= 2);
  return { room, token };
}

function until(
  room: Room,
  test: (s: { phase: string; turn: number; moves: unknown[] }) => boolean,
) {
  return new Promise<void>((resolve) => {
    const check = (s: unknown) => {
      try {
        if (test(s as never)) {
          room.onStateChange.remove(check);
          resolve();
        }
      } catch {}
    };
    room.onStateChange(check);
    if (room.state) check(room.state);
  });
}

const before = await reading("no table");
const opened: Opened[] = [];
for (let i = 0; i < TABLES; i += BATCH)
  opened.push(...(await Promise.all(Array.from({ length: Math.min(BATCH, TABLES - i) }, open))));
const live = await reading(`${TABLES} tables open, idle`);
await Promise.all(opened.map((o) => o.room.leave(false)));
// What the bench keeps of each table is its id and token: the clients' rooms are let go.
const kept = opened.splice(0).map((o) => ({ id: o.room.roomId, token: o.token }));
// The hold (1 s) runs out, the rooms go, the tables are parked.
while ((await rooms()) > 0) await new Promise((r) => setTimeout(r, 100));
const parked = await reading(`${TABLES} tables parked`);
const mine = await fetch(`${http}/api/tables/mine`, {
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify({ tables: [{ id: kept[0]!.id, seatToken: kept[0]!.token }] }),
});
const listed = ((await mine.json()) as { tables: unknown[] }).tables.length;
const t0 = performance.now();
const back = await new Client(ws).joinById(kept[0]!.id, { name: "Ana", seatToken: kept[0]!.token });
await until(back, (s) => s.moves.length >= 2);
const backMs = performance.now() - t0;
console.log(
  `parked over open: CPU ${(parked.cpuPercent - before.cpuPercent).toFixed(2)} vs ` +
    `${(live.cpuPercent - before.cpuPercent).toFixed(2)} points above none, heap +${(parked.heapMb - before.heapMb).toFixed(1)} MB vs +${(live.heapMb - before.heapMb).toFixed(1)} MB; ` +
    `listed in "your tables" while parked: ${listed === 1}; one brought back in ${backMs.toFixed(0)} ms`,
);
await back.leave(true);
await running.close();
rmSync(dataDir, { recursive: true, force: true });
