/**
 * npm run bench:redis — the Redis commands a table costs with several processes behind one
 * Redis: a throw-away redis-server on loopback, two server processes sharing it (as an
 * operator runs them, see docs/operations.md), and Redis' own count of commands by type
 * (`INFO commandstats`) read before and after each phase:
 *
 *   idle — nobody connected, IDLE_SECONDS (30, one sweep of dead processes per process): the
 *     processes' background traffic per second
 *   create — a private xiangqi table created (its creator seated)
 *   join by code — a second player joins by the code through the process not holding the table
 *   spectators (other) / spectators (host) — SPECTATORS (10) spectators join one after
 *     another through either process
 *   start — the host starts the game
 *   moves — MOVES (40) moves between the two players, each seen by both before the next
 *   reconnection — a player drops and comes back with the reconnection token through the
 *     process not holding the table
 *   public moves — the same MOVES on a public table, for the listing every public table keeps
 *
 * Each phase's figures are shown raw and net of the idle rate over the phase's duration (the
 * background is periodic, so on a short phase the net figure is ±1 background command). The
 * benchmark's own INFO calls are left out. SEED (1) picks the moves. MONITOR=1 also prints
 * every command of each phase but the idle one, as Redis' MONITOR shows it.
 */

// First: colyseus.js connects with `ws` on every Node.js (wsClient.ts).
import "../loadtest/wsClient";
import { Client, type Room } from "colyseus.js";
import { Redis } from "ioredis";
import { seeded } from "../shared/core/random";
import type { TableView } from "../shared/protocol/views";
import { replayView } from "../shared/protocol/wire";
import { type ChildServer, startChildServer } from "../test/security/child";
import { freePort } from "../tools/ports";
import { startRedis } from "../tools/redis";

const IDLE_SECONDS = Number(process.env.IDLE_SECONDS ?? 30);
const MOVES = Number(process.env.MOVES ?? 40);
const SPECTATORS = Number(process.env.SPECTATORS ?? 10);
const random = seeded(Number(process.env.SEED ?? 1));
/**
 * After a phase's last visible effect: writes sent without waiting land in this time, and
 * Colyseus' process stats (room count, connections) are written at most once a second, late.
 */
const SETTLE_MS = 1100;

type Table = Room<TableView>;
type Counts = Map<string, number>;

function waitFor(room: Table, check: (s: TableView) => boolean, timeoutMs = 10_000): Promise<void> {
  const test = (s: TableView) => {
    try {
      return check(s);
    } catch {
      return false;
    }
  };
  return new Promise((resolve, reject) => {
    if (room.state && test(room.state)) return resolve();
    const timer = setTimeout(() => {
      room.onStateChange.remove(handler);
      reject(new Error(`state condition not met in ${timeoutMs} ms: ${check.toString()}`));
    }, timeoutMs);
    const handler = (state: TableView) => {
      if (!test(state)) return;
      clearTimeout(timer);
      room.onStateChange.remove(handler);
      resolve();
    };
    room.onStateChange(handler);
  });
}

/** Says hello; resolves with the welcome, and the seat token if one came before it. */
function hello(room: Table): Promise<{ role: string; token?: string }> {
  let token: string | undefined;
  const offSeat = room.onMessage("seat", (m: { token: string }) => {
    token = m.token;
  });
  return new Promise((resolve) => {
    const off = room.onMessage("welcome", (w: { role: string }) => {
      off();
      offSeat();
      resolve({ role: w.role, token });
    });
    room.send("hello");
  });
}

/** The player to move plays a legal move picked by SEED; resolves when everyone has seen it. */
async function playOne(players: readonly { seat: number; room: Table }[]): Promise<boolean> {
  const state = players[0]!.room.state;
  if (state.phase !== "playing") return false;
  const before = state.moves.length;
  const mover = players.find((p) => p.seat === state.turn);
  if (!mover) throw new Error(`nobody here holds seat ${state.turn}`);
  const replayed = replayView(mover.room.state);
  if (!replayed.ok) throw new Error(replayed.error.message);
  const legal = replayed.value.game.legalMoves();
  mover.room.send("move", legal[Math.floor(random() * legal.length)]);
  for (const p of players) await waitFor(p.room, (s) => s.moves.length === before + 1);
  return true;
}

/** Calls per command since Redis started, from `INFO commandstats`. */
async function commandStats(redis: Redis): Promise<Counts> {
  const counts: Counts = new Map();
  for (const line of (await redis.info("commandstats")).split("\r\n")) {
    const m = /^cmdstat_([^:]+):calls=(\d+)/.exec(line);
    if (m && m[1] !== "info") counts.set(m[1]!, Number(m[2]));
  }
  return counts;
}

function minus(after: Counts, before: Counts): Counts {
  const d: Counts = new Map();
  for (const [cmd, n] of after)
    if (n - (before.get(cmd) ?? 0) > 0) d.set(cmd, n - (before.get(cmd) ?? 0));
  return d;
}

const sum = (c: Counts) => [...c.values()].reduce((a, b) => a + b, 0);
const show = (c: Counts, scale = 1) =>
  [...c]
    .filter(([, n]) => Math.abs(n / scale) >= 0.05)
    .sort((a, b) => b[1] - a[1])
    .map(([cmd, n]) => `${cmd} ${+(n / scale).toFixed(1)}`)
    .join(", ") || "none";

interface Phase {
  readonly name: string;
  readonly seconds: number;
  readonly raw: Counts;
  readonly net: Counts;
  /** How many events (moves, joins) the phase had. */
  readonly per: number;
}

const redisServer = await startRedis();
const stats = new Redis(redisServer.url, { lazyConnect: true });
await stats.connect();

async function member(): Promise<ChildServer> {
  const port = await freePort();
  return startChildServer({
    PORT: String(port),
    PUBLIC_ADDRESS: `127.0.0.1:${port}`,
    REDIS_URL: redisServer.url,
    TRUST_PROXY: "loopback",
    MATCHMAKE_PER_MINUTE: "10000",
  });
}
const [a, b] = await Promise.all([member(), member()]);
const pair = [a, b] as const;
let addresses = 0;
const clientOf = (server: ChildServer) =>
  new Client(server.ws, { headers: { "X-Forwarded-For": `198.51.100.${++addresses}` } });
/** The processes say they are closing at the end; nobody here needs telling. */
function quiet(room: Room): Table {
  room.onMessage("closing", () => undefined);
  return room as Table;
}
const hostOf = (room: Table) => {
  const ws = (room as unknown as { connection: { transport: { ws: { url: string } } } }).connection
    .transport.ws;
  const port = Number(new URL(ws.url).port);
  return pair.find((m) => m.port === port)!;
};
const otherThan = (m: ChildServer) => (m === a ? b : a);

/** Every command Redis ran since the phase began (MONITOR=1). */
const seen: string[] = [];
if (process.env.MONITOR === "1") {
  const monitor = await stats.monitor();
  monitor.on("monitor", (_time: string, args: string[]) => {
    if (args[0]?.toLowerCase() !== "info") seen.push(args.map((x) => x.slice(0, 60)).join(" "));
  });
}

const phases: Phase[] = [];
let idleRate: Counts = new Map();

async function measure(name: string, per: number, run: () => Promise<void>): Promise<void> {
  const before = await commandStats(stats);
  seen.length = 0;
  const t0 = performance.now();
  await run();
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  const seconds = (performance.now() - t0) / 1000;
  const raw = minus(await commandStats(stats), before);
  const net: Counts = new Map();
  for (const cmd of new Set([...raw.keys(), ...idleRate.keys()])) {
    const n = (raw.get(cmd) ?? 0) - (idleRate.get(cmd) ?? 0) * seconds;
    if (Math.abs(n) >= 0.5) net.set(cmd, n);
  }
  phases.push({ name, seconds, raw, net, per });
  if (seen.length > 0 && name !== "idle") console.log(`— ${name}\n  ${seen.join("\n  ")}`);
}

try {
  // Past the processes' first writes (the first sweep of dead processes comes 5 s after start).
  await new Promise((r) => setTimeout(r, 6000));
  await measure("idle", IDLE_SECONDS, () => new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000)));
  const idle = phases[0]!;
  idleRate = new Map([...idle.raw].map(([cmd, n]) => [cmd, n / idle.seconds]));

  let dewi!: Table;
  let host!: ChildServer;
  await measure("create a private table", 1, async () => {
    dewi = quiet(
      await clientOf(a).create("table", {
        game: "xiangqi",
        name: "Dewi",
        seat: 0,
        private: true,
      }),
    );
    host = hostOf(dewi);
    await hello(dewi);
  });
  const code = dewi.roomId;
  const other = otherThan(host);

  let eko!: Table;
  await measure("join by code (other process)", 1, async () => {
    eko = quiet(await clientOf(other).joinById(code, { name: "Eko", seat: 1 }));
    await hello(eko);
    await waitFor(dewi, (s) => s.seats[1]?.kind === "human");
  });
  for (const [where, via] of [
    ["other", other],
    ["host", host],
  ] as const)
    await measure(`${SPECTATORS} spectators join (${where} process)`, SPECTATORS, async () => {
      for (let i = 0; i < SPECTATORS; i++)
        await hello(quiet(await clientOf(via).joinById(code, { name: "Fajar", spectate: true })));
    });
  await measure("start", 1, async () => {
    dewi.send("start");
    await waitFor(eko, (s) => s.phase === "playing");
    await waitFor(dewi, (s) => s.phase === "playing");
  });
  let played = 0;
  const players = () => [
    { seat: 0, room: dewi },
    { seat: 1, room: eko },
  ];
  await measure("moves (private table)", MOVES, async () => {
    while (played < MOVES && (await playOne(players()))) played++;
  });
  if (played < MOVES) console.log(`the game ended after ${played} moves`);

  await measure("reconnection (other process)", 1, async () => {
    const token = eko.reconnectionToken;
    await eko.leave(false);
    await waitFor(dewi, (s) => s.seats[1]?.connected === false);
    for (let delay = 50; ; delay *= 2) {
      try {
        eko = quiet(await clientOf(other).reconnect(token));
        break;
      } catch (e) {
        if (delay > 3200) throw e;
        await new Promise((r) => setTimeout(r, delay));
      }
    }
    await waitFor(dewi, (s) => s.seats[1]?.connected === true);
  });

  // A public table: set up unmeasured, only its moves measured.
  const hana = quiet(
    await clientOf(a).create("table", {
      game: "xiangqi",
      name: "Hana",
      seat: 0,
    }),
  );
  await hello(hana);
  const indra = quiet(
    await clientOf(otherThan(hostOf(hana))).joinById(hana.roomId, { name: "Indra", seat: 1 }),
  );
  await hello(indra);
  await waitFor(hana, (s) => s.seats[1]?.kind === "human");
  hana.send("start");
  await waitFor(indra, (s) => s.phase === "playing");
  await waitFor(hana, (s) => s.phase === "playing");
  // The setup's last late write (the process's counts) lands before the moves are measured.
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  let publicPlayed = 0;
  await measure("moves (public table)", MOVES, async () => {
    const both = [
      { seat: 0, room: hana },
      { seat: 1, room: indra },
    ];
    while (publicPlayed < MOVES && (await playOne(both))) publicPlayed++;
  });
  if (publicPlayed < MOVES) console.log(`the public game ended after ${publicPlayed} moves`);

  console.log(
    `Redis commands by phase: two processes, one Redis; net = raw minus the idle rate over the phase\n`,
  );
  console.log(
    `idle: ${show(idle.raw, idle.seconds)} per second (${(sum(idle.raw) / idle.seconds).toFixed(1)}/s); raw ${sum(idle.raw)} over ${idle.seconds.toFixed(1)} s (${show(idle.raw)})`,
  );
  for (const p of phases.slice(1)) {
    const per =
      p.per > 1
        ? ` — per ${p.name.includes("moves") ? "move" : "join"}: ${(sum(p.net) / p.per).toFixed(2)} (${show(p.net, p.per)})`
        : "";
    console.log(
      `${p.name} (${p.seconds.toFixed(2)} s): raw ${sum(p.raw)} (${show(p.raw)}); net ${sum(p.net).toFixed(1)} (${show(p.net)})${per}`,
    );
  }
} finally {
  for (const m of pair) await m.close();
  stats.disconnect();
  await redisServer.stop();
}
process.exit(0);
