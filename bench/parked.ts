/**
 * npm run bench:parked — what a parked table costs the server: TABLES computer tables (1 000 by
 * default) are opened on a real server process with a SQLite store, each with one move played
 * and its connection open; then every connection drops and, once the seat hold is over, every
 * table is parked. The server's CPU time over IDLE_S seconds (10) and its memory (resident,
 * and the JavaScript heap from /metrics) are read with nothing open, with the tables open and
 * idle, and with them parked; then one table is brought back by its seat token, timed.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Room } from "colyseus.js";
import type { TableView } from "../shared/protocol/views";
import { replayView } from "../shared/protocol/wire";
import { startChildServer } from "../test/security/child";

const TABLES = Number(process.env.TABLES ?? 1000);
const IDLE_S = Number(process.env.IDLE_S ?? 10);
const BATCH = 50;

const dataDir = mkdtempSync(join(tmpdir(), "crossboard-parked-"));
const server = await startChildServer({
  DATA_DIR: dataDir,
  SEAT_HOLD_SECONDS: "1",
  MATCHMAKE_PER_MINUTE: "100000",
  MAX_CONNECTIONS_PER_ADDRESS: "0",
});

async function heapMb(): Promise<number> {
  const text = await (await fetch(`${server.http}/metrics`)).text();
  const bytes = Number(/^nodejs_heap_size_used_bytes (\S+)$/m.exec(text)?.[1] ?? Number.NaN);
  return bytes / 2 ** 20;
}

async function reading(what: string) {
  await new Promise((r) => setTimeout(r, 2000));
  const cpu0 = server.cpu();
  await new Promise((r) => setTimeout(r, IDLE_S * 1000));
  const cpuMs = server.cpu() - cpu0;
  const figures = {
    what,
    cpuPercent: (cpuMs / (IDLE_S * 1000)) * 100,
    rssMb: server.rss() / 2 ** 20,
    heapMb: await heapMb(),
  };
  console.log(
    `${what.padEnd(28)} CPU ${figures.cpuPercent.toFixed(2)} % of a core over ${IDLE_S} s, ` +
      `resident ${figures.rssMb.toFixed(1)} MB, heap ${figures.heapMb.toFixed(1)} MB`,
  );
  return figures;
}

interface Opened {
  readonly room: Room;
  readonly token: string;
}

/** A computer xiangqi table with Ana's first move and the CPU's answer. */
async function open(): Promise<Opened> {
  const room = await server.client().create("table", {
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
  });
}

const before = await reading("no table");
const opened: Opened[] = [];
for (let i = 0; i < TABLES; i += BATCH)
  opened.push(...(await Promise.all(Array.from({ length: Math.min(BATCH, TABLES - i) }, open))));
const live = await reading(`${TABLES} tables open, idle`);
await Promise.all(opened.map((o) => o.room.leave(false)));
// The hold (1 s) runs out, the rooms go, the tables are parked.
const parked = await reading(`${TABLES} tables parked`);
const mine = await fetch(`${server.http}/api/tables/mine`, {
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify({ tables: [{ id: opened[0]!.room.roomId, seatToken: opened[0]!.token }] }),
});
const listed = ((await mine.json()) as { tables: unknown[] }).tables.length;
const t0 = performance.now();
const back = await server.client().joinById(opened[0]!.room.roomId, {
  name: "Ana",
  seatToken: opened[0]!.token,
});
await until(back, (s) => s.moves.length >= 2);
const backMs = performance.now() - t0;
console.log(
  `parked over open: CPU ${(parked.cpuPercent - before.cpuPercent).toFixed(2)} vs ` +
    `${(live.cpuPercent - before.cpuPercent).toFixed(2)} points above none, heap +${(parked.heapMb - before.heapMb).toFixed(1)} MB vs +${(live.heapMb - before.heapMb).toFixed(1)} MB; ` +
    `listed in "your tables" while parked: ${listed === 1}; one brought back in ${backMs.toFixed(0)} ms`,
);
await back.leave(true);
await server.close();
rmSync(dataDir, { recursive: true, force: true });
