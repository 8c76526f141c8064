/**
 * npm run bench:wire — what a spectator receives, in bytes, for each move of a game.
 *
 * Starts the real server in its own process (seeded simple CPUs, no pause between moves) and
 * watches seeded CPU games from outside with colyseus.js: xiangqi, four-player Teams and
 * four-player Individual. Each state patch's payload is counted and charged to the moves it
 * brought; prints the median and maximum bytes per move, and the size of the full state a
 * spectator receives on joining before the start and in the middle of a game.
 *
 * BASELINE=<checkout> runs the same games against another checkout's server too (for example
 * `git worktree add /tmp/base <commit>` with node_modules linked) and prints both side by side.
 */
// First: colyseus.js connects with `ws` on every Node.js (wsClient.ts).
import "../loadtest/wsClient";
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { Client, Room } from "colyseus.js";

const MOVES = Number(process.env.MOVES ?? 120);
const LATE_JOIN_AT = 40;
const ROOM_STATE = 14;
const ROOM_STATE_PATCH = 15;

interface Scenario {
  readonly label: string;
  readonly options: Record<string, unknown>;
}

const SCENARIOS: readonly Scenario[] = [
  { label: "xiangqi", options: { game: "xiangqi" } },
  { label: "four-player Teams", options: { game: "fourchess", format: "teams" } },
  { label: "four-player Individual", options: { game: "fourchess", format: "individual" } },
];

interface Figures {
  readonly perMove: number[];
  readonly joinWaiting: number;
  readonly joinLate: number;
}

/** Counts every frame each room receives, by the room it belongs to. */
const frames = new WeakMap<object, { code: number; bytes: number }[]>();
type Receiving = { onMessageCallback(this: Room, event: MessageEvent): void };
// colyseus.js hands every frame of a room to this (protected) method: count it on the way.
const proto = Room.prototype as unknown as Receiving;
const original = proto.onMessageCallback;
proto.onMessageCallback = function (this: Room, event: MessageEvent) {
  const data = new Uint8Array(event.data as ArrayBuffer);
  const list = frames.get(this) ?? [];
  frames.set(this, list);
  list.push({ code: data[0] ?? -1, bytes: data.byteLength });
  return original.call(this, event);
};

function startServer(dir: string): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
      cwd: dir,
      env: {
        ...process.env,
        PORT: "0",
        DATA_DIR: ":memory:",
        HOST: "127.0.0.1",
        CPU_DELAY_MS: "0",
        CPU_WORKERS: "0",
        CPU_SEED: "7",
        // The same under their former names, for a baseline checkout from before the rename.
        BOT_WORKERS: "0",
        BOT_SEED: "7",
        MATCHMAKE_PER_MINUTE: "100000",
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    child.stdout?.on("data", (chunk: Buffer) => {
      for (const line of chunk.toString().split("\n")) {
        if (!line.includes('"listening"')) continue;
        resolve({ child, port: (JSON.parse(line) as { port: number }).port });
      }
    });
    child.on("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
}

interface Watched {
  phase: string;
  moves: { length: number };
}

function until(room: Room<Watched>, test: (s: Watched) => boolean): Promise<void> {
  return new Promise((resolve) => {
    const check = (s: Watched) => {
      // Before the first state arrives the room's state is an empty object.
      if (!s.moves || !test(s)) return;
      room.onStateChange.remove(check);
      resolve();
    };
    room.onStateChange(check);
    check(room.state);
  });
}

const fullStateOf = (room: Room) =>
  (frames.get(room) ?? []).find((f) => f.code === ROOM_STATE)?.bytes ?? 0;

async function watch(port: number, s: Scenario): Promise<Figures> {
  const client = new Client(`ws://127.0.0.1:${port}`);
  const host = await client.create<Watched>("table", { ...s.options, seat: 0, name: "Host" });
  await until(host, (x) => x.phase === "waiting");
  const watcher = await client.joinById<Watched>(host.roomId, { spectate: true, name: "W" });
  await until(watcher, (x) => x.phase === "waiting");
  const joinWaiting = fullStateOf(watcher);
  // Every patch from here on is charged to the moves it brings.
  const perMove: number[] = [];
  let pending = 0;
  let seen = 0;
  let counted = (frames.get(watcher) ?? []).length;
  watcher.onStateChange((x) => {
    const list = frames.get(watcher) ?? [];
    for (; counted < list.length; counted++)
      if (list[counted]!.code === ROOM_STATE_PATCH) pending += list[counted]!.bytes;
    const n = x.moves.length;
    if (n > seen) {
      const each = pending / (n - seen);
      for (let i = seen; i < n; i++) perMove.push(each);
      pending = 0;
      seen = n;
    } else if (n < seen) seen = n;
  });
  host.send("start");
  await until(watcher, (x) => x.phase === "playing");
  // The host leaves: a CPU takes the seat and CPUs play the game out.
  await host.leave();
  await until(watcher, (x) => x.moves.length >= LATE_JOIN_AT || x.phase === "finished");
  const late = await client.joinById<Watched>(watcher.roomId, { spectate: true, name: "L" });
  await until(late, (x) => x.moves.length > 0);
  const joinLate = fullStateOf(late);
  await late.leave();
  await until(watcher, (x) => x.moves.length >= MOVES || x.phase === "finished");
  await watcher.leave();
  return { perMove: perMove.slice(0, MOVES), joinWaiting, joinLate };
}

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

async function run(dir: string): Promise<Map<string, Figures>> {
  const { child, port } = await startServer(dir);
  const out = new Map<string, Figures>();
  try {
    for (const s of SCENARIOS) out.set(s.label, await watch(port, s));
  } finally {
    child.kill();
  }
  return out;
}

const row = (label: string, f: Figures) =>
  `${label.padEnd(24)} ${String(f.perMove.length).padStart(5)} ${median(f.perMove).toFixed(1).padStart(8)} ${Math.max(
    ...f.perMove,
  )
    .toFixed(0)
    .padStart(6)} ${String(f.joinWaiting).padStart(9)} ${String(f.joinLate).padStart(9)}`;

const header = `${"game".padEnd(24)} ${"moves".padStart(5)} ${"median".padStart(8)} ${"max".padStart(6)} ${"join@0".padStart(9)} ${`join@${LATE_JOIN_AT}`.padStart(9)}`;

const here = await run(process.cwd());
console.log("Bytes a spectator receives per move, and the full state on joining (bytes):");
console.log(header);
for (const [label, f] of here) console.log(row(label, f));
const baseline = process.env.BASELINE;
if (baseline) {
  const base = await run(path.resolve(baseline));
  console.log(`\nBaseline ${baseline}:`);
  console.log(header);
  for (const [label, f] of base) console.log(row(label, f));
  console.log("\nRatios (this / baseline):");
  for (const [label, f] of here) {
    const b = base.get(label)!;
    console.log(
      `${label.padEnd(24)} per move ${(median(f.perMove) / median(b.perMove)).toFixed(3)}, join@0 ${(f.joinWaiting / b.joinWaiting).toFixed(3)}, join@${LATE_JOIN_AT} ${(f.joinLate / b.joinLate).toFixed(3)}`,
    );
  }
}
// Pipes are written asynchronously: let the output reach them before the clients are cut off.
process.stdout.write("", () => process.exit(0));
