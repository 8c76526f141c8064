/**
 * npm run loadtest:view -- [--endpoint ws://localhost:2567] [--numClients 20] [--delay 200]
 *                          [--roomId CODE]
 *
 * `@colyseus/loadtest`'s interactive terminal view (connections, failures, CPU, memory, bytes
 * in and out, a log) over a small room script: each client opens a xiangqi table on one device
 * (hot-seat: it holds both seats) and plays both sides with legal moves after 2–6 s of thought,
 * starting the next game when one ends. With `--roomId` each client watches that table instead.
 * It runs until Ctrl-C (or q); `--output FILE` writes a summary there on the way out.
 * For figures a run can be judged by, use `npm run loadtest` (loadtest/run.ts).
 */
// First: colyseus.js connects with `ws` on every Node.js (wsClient.ts).
import "./wsClient";
import { cli, type Options } from "@colyseus/loadtest";
import { Client, type Room } from "colyseus.js";
import { advance, type Replayed } from "../shared/match/replay";
import type { TableView } from "../shared/protocol/views";
import { entryFromView, replayView } from "../shared/protocol/wire";

const THINK_MS: readonly [number, number] = [2000, 6000];

// The tool needs a room name or id; the server's one room type is `table`.
if (!process.argv.some((a) => /^--room(Id)?(=|$)/.test(a))) process.argv.push("--room", "table");

/** Plays both sides of a hot-seat table, following its game one entry at a time. */
function play(room: Room<TableView>): void {
  let followed: { game: number; entries: number; replayed: Replayed } | null = null;
  let thinking: ReturnType<typeof setTimeout> | null = null;
  const think = () => THINK_MS[0] + Math.random() * (THINK_MS[1] - THINK_MS[0]);
  room.onMessage("error", (e: { code: string; message: string }) =>
    console.warn(`${room.roomId}: ${e.code} ${e.message}`),
  );
  room.onMessage("*", () => undefined);
  room.onLeave((code) => {
    if (thinking) clearTimeout(thinking);
    if (code > 1000) console.warn(`${room.roomId}: closed with ${code}`);
  });
  room.onStateChange((s) => {
    if (!s.moves || thinking) return;
    if (s.phase === "finished") {
      thinking = setTimeout(() => {
        thinking = null;
        room.send("playAgain");
      }, think());
      return;
    }
    if (s.phase !== "playing") return;
    if (!followed || followed.game !== s.gameNumber || followed.entries > s.moves.length) {
      const r = replayView(s);
      if (!r.ok) return console.error(`${room.roomId}: ${r.error.message}`);
      followed = { game: s.gameNumber, entries: s.moves.length, replayed: r.value };
    }
    for (let i = followed.entries; i < s.moves.length; i++) {
      const r = advance(followed.replayed, entryFromView(s.game, s.moves[i]!));
      if (!r.ok) return console.error(`${room.roomId}: ${r.error.message}`);
      followed = { ...followed, entries: i + 1, replayed: r.value };
    }
    const ply = s.moves.length;
    const game = followed.replayed.game;
    thinking = setTimeout(() => {
      thinking = null;
      // Another patch may have come meanwhile; the move is for the position it was chosen in.
      if (room.state.moves.length !== ply || room.state.phase !== "playing") return;
      const legal = game.legalMoves();
      const move = legal[Math.floor(Math.random() * legal.length)];
      if (move) room.send("move", move);
    }, think());
  });
}

async function main(options: Options): Promise<void> {
  if (options.roomId) {
    const room = await new Client(options.endpoint).joinById<TableView>(options.roomId, {
      spectate: true,
      name: "Watcher",
    });
    room.onMessage("*", () => undefined);
    return;
  }
  const room = await new Client(options.endpoint).create<TableView>(options.roomName, {
    game: "xiangqi",
    mode: "hotseat",
    name: "Bot",
  });
  play(room);
}

cli(main);
