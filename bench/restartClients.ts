/**
 * One client process of `npm run bench:restart` (bench/restart.ts forks one per 2 500
 * connections): its share of xiangqi tables opened with colyseus.js (host in seat 0, guest in
 * seat 1, spectators if asked), the game started and a few moves made and answered; then, after
 * each restart of the server, every person comes back the way the browser does once the server
 * went away (client/src/net/connection.ts `tryOnce`: `joinById` with the seat token, and the
 * reconnection token beside it unless the server said it restarts; tries paused 0.1 s doubling
 * to 5 s), the first try at a time spread over the first seconds after the server listens. Each
 * table reports when its players were back in their seats and when everyone was, whether its
 * move list kept every move they saw acknowledged, and when its first move after the restart
 * (made once its players are back) was answered.
 */
// First: colyseus.js connects with `ws` on every Node.js (wsClient.ts).
import "../loadtest/wsClient";
import http from "node:http";
import { Client, type Room } from "colyseus.js";
import { quietColyseus } from "../loadtest/quietColyseus";
import { shareSchemas } from "../loadtest/schemaSerializer";
import { heldToken, SERVER_MESSAGES, type ServerPayloads } from "../shared/protocol/messages";
import type { TableView } from "../shared/protocol/views";
import { replayView, squareNumber, unpackMove } from "../shared/protocol/wire";

shareSchemas();

quietColyseus();

type TableRoom = Room<TableView>;

export interface OpenOrder {
  readonly type: "open";
  readonly url: string;
  readonly tables: number;
  readonly spectators: number;
  /** Moves made (and answered) at each table before the first restart. */
  readonly moves: number;
  /** Connections being opened at once. */
  readonly concurrency: number;
  readonly prefix: string;
}

export interface ComebackOrder {
  readonly type: "comeback";
  /** When the new server process was spawned and when it listened (ms since the epoch). */
  readonly spawnedAt: number;
  readonly listenedAt: number;
  /** Each person's first try falls uniformly within this many ms after `listenedAt`. */
  readonly spreadMs: number;
  /** Tries stop this long after `spawnedAt`. */
  readonly giveUpMs: number;
}

export type ToClients = OpenOrder | ComebackOrder | { readonly type: "quit" };

/** One table after one restart, as its people saw it. Times in ms after the spawn. */
export interface TableBack {
  readonly id: string;
  /** Both players back in their seats, or null. */
  readonly seatedMs: number | null;
  /** Everyone back, the spectators too, or null. */
  readonly everyoneMs: number | null;
  /** The first move after the restart answered (the mover saw it in the state), or null. */
  readonly playableMs: number | null;
  /** Moves acknowledged before the stop, and how many of them the table still had. */
  readonly ackedBefore: number;
  readonly kept: number;
  readonly problems: readonly string[];
  /** Failed tries to come back, by code and message. */
  readonly failures: Readonly<Record<string, number>>;
  /** Matchmaking calls its people made to come back (tries, failed or not). */
  readonly calls: number;
}

export type FromClients =
  | { readonly type: "opened"; readonly tables: number; readonly errors: readonly string[] }
  | { readonly type: "back"; readonly tables: readonly TableBack[] };

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The browser's pause before try number `attempt` (client/src/net/recovery.ts `retryDelay`). */
const retryDelay = (attempt: number) => Math.min(5000, 100 * 2 ** Math.min(attempt, 30));

const codeOf = (e: unknown): string => {
  const code = (e as { code?: unknown }).code;
  return code === undefined ? "network" : String(code);
};

/** A failed try's code and message, with ids blanked so that like failures count together. */
const failureOf = (e: unknown): string =>
  `${codeOf(e)} ${String((e as Error).message ?? "")
    .replace(/[A-Za-z0-9_-]{9,}/g, "…")
    .slice(0, 60)}`.trim();

/** Waits until `test` holds for the room's state (checked on every state), or times out. */
function until(room: TableRoom, test: (s: TableView) => boolean, ms: number): Promise<TableView> {
  return new Promise((resolve, reject) => {
    if (room.state?.moves && test(room.state)) return resolve(room.state);
    const timer = setTimeout(() => {
      off();
      reject(new Error("timeout"));
    }, ms);
    const listener = (s: TableView) => {
      if (!s.moves || !test(s)) return;
      clearTimeout(timer);
      off();
      resolve(s);
    };
    const off = () => {
      const i = handlers.indexOf(listener);
      if (i >= 0) handlers.splice(i, 1);
    };
    const handlers = stateListeners(room);
    handlers.push(listener);
  });
}

const listeners = new WeakMap<TableRoom, ((s: TableView) => void)[]>();

/** The room's state listeners, one onStateChange hook per room. */
function stateListeners(room: TableRoom): ((s: TableView) => void)[] {
  let list = listeners.get(room);
  if (!list) {
    const made: ((s: TableView) => void)[] = [];
    list = made;
    listeners.set(room, made);
    room.onStateChange((s) => {
      for (const l of [...made]) l(s);
    });
  }
  return list;
}

class Person {
  room: TableRoom | null = null;
  seatToken = "";
  reconnectionToken = "";
  /** The server said it is restarting (`closing`): its connections are not held for anyone. */
  announced = false;
  player = "";
  role: "player" | "spectator" = "player";
  constructor(
    readonly table: BenchTable,
    readonly seat: number,
    readonly name: string,
  ) {
    if (seat < 0) this.role = "spectator";
  }

  /** Follows a joined room: seat token, who this connection is. Resolves on `welcome`. */
  adopt(room: TableRoom): Promise<ServerPayloads["welcome"]> {
    this.room = room;
    this.reconnectionToken = room.reconnectionToken;
    this.announced = false;
    room.onError.clear();
    room.onError(() => undefined);
    stateListeners(room);
    room.onMessage(SERVER_MESSAGES.seat, (m: ServerPayloads["seat"]) => {
      this.seatToken = m.token;
    });
    room.onMessage(SERVER_MESSAGES.error, (e: ServerPayloads["error"]) => {
      this.table.problems.push(`error ${e.code}`);
    });
    const welcomed = new Promise<ServerPayloads["welcome"]>((resolve) =>
      room.onMessage(SERVER_MESSAGES.welcome, (w: ServerPayloads["welcome"]) => {
        this.player = w.player;
        resolve(w);
      }),
    );
    room.onMessage(SERVER_MESSAGES.closing, () => {
      this.announced = true;
    });
    for (const type of Object.values(SERVER_MESSAGES))
      if (type !== "seat" && type !== "error" && type !== "welcome" && type !== "closing")
        room.onMessage(type, () => undefined);
    room.onMessage("*", () => undefined);
    room.onLeave(() => {
      if (this.room === room) this.room = null;
    });
    room.send("hello");
    return welcomed;
  }
}

class BenchTable {
  id = "";
  readonly people: Person[] = [];
  /** Move-list entries (packed) acknowledged to their movers so far. */
  acked: number[] = [];
  problems: string[] = [];
  failures: Record<string, number> = {};
  /** Matchmaking calls made to come back after the last restart. */
  calls = 0;
  constructor(readonly index: number) {}
  get players(): Person[] {
    return this.people.filter((p) => p.role === "player");
  }
}

/** Makes one move for whoever is to move; resolves once the mover sees it in the state. */
async function moveOnce(t: BenchTable, timeoutMs: number): Promise<void> {
  const here = t.players.filter((p) => p.room);
  if (here.length === 0) throw new Error("nobody at the table");
  // Every player's view caught up with the moves acknowledged so far: each one's turn agrees.
  const known = t.acked.length;
  const views = await Promise.all(
    here.map((p) =>
      until(p.room!, (v) => v.phase === "playing" && v.moves.length >= known, timeoutMs),
    ),
  );
  const s = views[0]!;
  const mover = here.find((p) => s.seats[s.turn]?.player === p.player);
  if (!mover?.room) throw new Error("the player to move is not here");
  const room = mover.room;
  const r = replayView(room.state);
  if (!r.ok) throw new Error(`replay: ${r.error.message}`);
  const legal = r.value.game.legalMoves();
  const move = legal[Math.floor(Math.random() * legal.length)];
  if (!move) throw new Error("no legal move");
  const ply = room.state.moves.length;
  const from = squareNumber("xiangqi", move.from);
  const to = squareNumber("xiangqi", move.to);
  room.send("move", move);
  const after = await until(room, (v) => v.moves.length > ply, timeoutMs);
  const entry = after.moves[ply]!;
  const m = unpackMove(entry);
  if (m.from !== from || m.to !== to) throw new Error("another entry took the move's place");
  t.acked = Array.from(after.moves);
}

/** Runs `work` over `items`, `limit` at a time. */
async function pool<T>(items: readonly T[], limit: number, work: (x: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

// A browser waits for a matchmaking call's answer (colyseus.js sets no time limit); Node.js's
// shared agent closes a socket silent for 5 s, which colyseus.js' requests take as a hang-up.
Reflect.deleteProperty((http.globalAgent as unknown as { options: object }).options, "timeout");

let client: Client;
const tables: BenchTable[] = [];

async function open(o: OpenOrder): Promise<string[]> {
  client = new Client(o.url);
  const errors: string[] = [];
  for (let i = 0; i < o.tables; i++) tables.push(new BenchTable(i));
  await pool(tables, o.concurrency, async (t) => {
    try {
      const host = new Person(t, 0, `${o.prefix}${t.index}a`);
      const guest = new Person(t, 1, `${o.prefix}${t.index}b`);
      t.people.push(host, guest);
      const created = await client.create<TableView>("table", {
        game: "xiangqi",
        private: true,
        name: host.name,
        seat: 0,
      });
      t.id = created.roomId;
      await host.adopt(created);
      await guest.adopt(await client.joinById<TableView>(t.id, { name: guest.name, seat: 1 }));
      for (let k = 0; k < o.spectators; k++) {
        const watcher = new Person(t, -1, `${o.prefix}${t.index}s${k}`);
        t.people.push(watcher);
        await watcher.adopt(
          await client.joinById<TableView>(t.id, { name: watcher.name, spectate: true }),
        );
      }
      created.send("start");
      for (let m = 0; m < o.moves; m++) await moveOnce(t, 15_000);
      if (!host.seatToken || !guest.seatToken) throw new Error("no seat token");
    } catch (e) {
      errors.push(
        `open ${t.id || t.index}: ${codeOf(e)} ${(e as Error).message} ${t.problems.slice(0, 3).join(", ")}`.slice(
          0,
          300,
        ),
      );
    }
  });
  return errors;
}

/** One person back at the table as the browser comes back; the time (epoch ms) or null. */
async function comeBack(p: Person, o: ComebackOrder): Promise<number | null> {
  const t = p.table;
  const giveUpAt = o.spawnedAt + o.giveUpMs;
  await sleep(Math.max(0, o.listenedAt + Math.random() * o.spreadMs - Date.now()));
  for (let attempt = 0; Date.now() < giveUpAt; attempt++) {
    let room: TableRoom;
    // As the browser: one call, the seat token (or the stands) with the dropped connection's
    // reconnection token beside it unless the server said it restarts.
    const held = p.announced ? null : heldToken(t.id, p.reconnectionToken);
    const options =
      p.role === "player"
        ? { seatToken: p.seatToken, name: p.name }
        : { spectate: true, name: p.name };
    t.calls++;
    try {
      room = await client.joinById<TableView>(
        t.id,
        held ? { ...options, reconnectionToken: held } : options,
      );
    } catch (e) {
      const key = failureOf(e);
      t.failures[key] = (t.failures[key] ?? 0) + 1;
      await sleep(retryDelay(attempt));
      continue;
    }
    const welcome = await p.adopt(room);
    const s = await until(room, () => true, 10_000).catch(() => null);
    if (p.role === "player") {
      if (welcome.role !== "player")
        t.problems.push(`seat ${p.seat}: came back as ${welcome.role}`);
      else if (s && s.seats[p.seat]?.player !== welcome.player)
        t.problems.push(`seat ${p.seat}: came back in another seat`);
    }
    return Date.now();
  }
  t.problems.push(`${p.role} ${p.seat}: not back`);
  return null;
}

async function comeback(o: ComebackOrder): Promise<TableBack[]> {
  const open = tables.filter((t) => t.id && t.players.every((p) => p.seatToken));
  return Promise.all(
    open.map(async (t): Promise<TableBack> => {
      t.problems = [];
      t.failures = {};
      t.calls = 0;
      const before = t.acked;
      for (const p of t.people) p.room = null;
      // Everyone comes back at once; the players play on as soon as both are back, as people
      // would: nobody waits for the spectators.
      const coming = new Map(t.people.map((p) => [p, comeBack(p, o)]));
      const latest = (times: readonly (number | null)[]) =>
        times.every((x) => x !== null) ? Math.max(...(times as number[])) : null;
      const seated = latest(await Promise.all(t.players.map((p) => coming.get(p)!)));
      let kept = 0;
      const room = t.players.find((p) => p.room)?.room;
      if (room?.state?.moves) {
        const now = Array.from(room.state.moves);
        while (kept < before.length && now[kept] === before[kept]) kept++;
        if (kept < before.length)
          t.problems.push(`moves: ${before.length - kept} of ${before.length} acknowledged lost`);
      }
      const playable: Promise<number | null> =
        seated === null
          ? Promise.resolve(null)
          : moveOnce(t, 15_000)
              .then(() => Date.now())
              .catch((e: Error) => {
                t.problems.push(`first move: ${e.message}`);
                return null;
              });
      const everyone = latest(await Promise.all(coming.values()));
      const played = await playable;
      return {
        id: t.id,
        seatedMs: seated === null ? null : seated - o.spawnedAt,
        everyoneMs: everyone === null ? null : everyone - o.spawnedAt,
        playableMs: played === null ? null : played - o.spawnedAt,
        ackedBefore: before.length,
        kept,
        problems: t.problems,
        failures: t.failures,
        calls: t.calls,
      };
    }),
  );
}

const send = (m: FromClients) => process.send?.(m);

process.on("message", (m: ToClients) => {
  if (m.type === "open")
    void open(m).then((errors) =>
      send({ type: "opened", tables: tables.filter((t) => t.id).length, errors }),
    );
  else if (m.type === "comeback")
    void comeback(m).then((back) => send({ type: "back", tables: back }));
  else if (m.type === "quit") {
    for (const t of tables)
      for (const p of t.people) void p.room?.leave(true).catch(() => undefined);
    setTimeout(() => process.exit(0), 300);
  }
});
process.on("disconnect", () => process.exit(0));
