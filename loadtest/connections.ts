/**
 * A generator's connections over their lives: joined and followed (every state, every message
 * the server sends), dropped at random without a goodbye, and brought back after a while with
 * the reconnection token, the seat token, or as a spectator joining again.
 */
import { performance } from "node:perf_hooks";
import { SERVER_MESSAGES, type ServerPayloads } from "../shared/protocol/messages";
import type { TableView } from "../shared/protocol/views";
import { type Conn, type GeneratorRun, playing, sleep, type TableRoom } from "./generatorState";
import { decide, observe } from "./moves";
import { onPatchFrames } from "./schemaSerializer";
import { addCount } from "./stats";

function codeOf(e: unknown): string {
  const code = (e as { code?: unknown }).code;
  return code === undefined ? "network" : String(code);
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e)).slice(0, 200);

/** Opens a connection and follows it; false (and the error counted) if it failed. */
export async function connect(
  run: GeneratorRun,
  c: Conn,
  kind: string,
  how: () => Promise<TableRoom>,
): Promise<boolean> {
  try {
    const room = await how();
    addCount(run.figures.joins, kind);
    attach(run, c, room);
    return true;
  } catch (e) {
    run.figures.error(`join ${codeOf(e)}`, messageOf(e));
    return false;
  }
}

/** The server's messages: errors, seat tokens and who this connection is; the rest ignored. */
function listen(run: GeneratorRun, c: Conn, room: TableRoom): void {
  const f = run.figures;
  const t = c.table;
  room.onMessage(SERVER_MESSAGES.error, (e: ServerPayloads["error"]) => {
    if (c.room !== room) return;
    f.error(e.code, `${e.request ?? ""}: ${e.message}`);
    if (e.request === "move" && c.pending) {
      c.pending = null;
      f.moves.refused++;
    }
  });
  room.onMessage(SERVER_MESSAGES.seat, (m: ServerPayloads["seat"]) => {
    c.seatToken = m.token;
  });
  room.onMessage(SERVER_MESSAGES.welcome, (w: ServerPayloads["welcome"]) => {
    if (c.room !== room) return;
    c.player = w.player;
    if (c.role === "player" && w.role !== "player")
      f.error("check/seat-lost", `${t.id}: ${c.name} came back as a spectator`);
    if (room.state.moves) decide(run, c, room.state);
  });
  const handled: string[] = [SERVER_MESSAGES.error, SERVER_MESSAGES.seat, SERVER_MESSAGES.welcome];
  for (const type of Object.values(SERVER_MESSAGES))
    if (!handled.includes(type)) room.onMessage(type, () => undefined);
  // Anything else the server may add: colyseus.js would print a line for each.
  room.onMessage("*", () => undefined);
}

function attach(run: GeneratorRun, c: Conn, room: TableRoom): void {
  c.room = room;
  c.online = true;
  c.game = -1;
  c.seen = 0;
  c.hadState = false;
  // colyseus.js prints every room error; they are counted here instead.
  room.onError.clear();
  room.onError((code, message) => run.figures.error(`room ${code}`, String(message)));
  // A room left behind by a drop may still deliver a frame or two: only the current one counts.
  room.onStateChange((s) => {
    if (c.room === room) observe(run, c, s);
  });
  listen(run, c, room);
  room.onLeave((code) => left(run, c, room, code));
  if (c.role === "spectator")
    onPatchFrames(room, (bytes) => {
      if (playing(run)) run.figures.countFrame(bytes);
    });
  room.send("hello");
  if (playing(run)) c.nextDrop = performance.now() + dropDelay(run);
}

/** Time to a connection's next drop: drops come at random, `dropsPerMinute` on average. */
export function dropDelay(run: GeneratorRun): number {
  const perMs = run.b.dropsPerMinute / 60_000;
  return perMs > 0 ? -Math.log(1 - run.random()) / perMs : Number.POSITIVE_INFINITY;
}

/** The connection drops without saying goodbye, then comes back after a while. */
export function drop(run: GeneratorRun, c: Conn): void {
  const { b, random } = run;
  const room = c.room!;
  run.figures.drops++;
  c.online = false;
  c.room = null;
  c.stopThinking();
  const player = c.role === "player";
  const away = player && random() < b.awayShare;
  const [min, max] = b.offlineMs;
  const offline = away ? b.graceMs + 1000 + random() * 2000 : min + random() * (max - min);
  const token = player && random() < b.reconnectShare ? room.reconnectionToken : null;
  void room.leave(false);
  c.rejoining = true;
  setTimeout(() => void rejoin(run, c, token), offline);
}

/** Back with the reconnection token, retried with back-off while the server has not seen the drop. */
async function reconnect(run: GeneratorRun, c: Conn, token: string): Promise<TableRoom | null> {
  const f = run.figures;
  for (let attempt = 0, wait = 100; attempt < 8 && !c.table.closing; attempt++, wait *= 2) {
    try {
      const room = await run.client.reconnect<TableView>(token);
      addCount(f.reconnects, "reconnection token");
      return room;
    } catch (e) {
      if (codeOf(e) === "4212" && attempt < 7) {
        f.reconnectRetries++;
        await sleep(wait);
        continue;
      }
      f.error(`reconnect ${codeOf(e)}`, messageOf(e));
      return null;
    }
  }
  return null;
}

/** Back by joining again: a player with the seat token, a spectator to watch. */
async function joinAgain(run: GeneratorRun, c: Conn): Promise<TableRoom | null> {
  try {
    const room = await run.client.joinById<TableView>(
      c.table.id,
      c.role === "player"
        ? { name: c.name, seatToken: c.seatToken }
        : { name: c.name, spectate: true },
    );
    addCount(run.figures.reconnects, c.role === "player" ? "seat token" : "spectator");
    return room;
  } catch (e) {
    run.figures.error(`rejoin ${codeOf(e)}`, messageOf(e));
    return null;
  }
}

/**
 * Back after a drop: within the hold with the reconnection token, else with the seat token;
 * spectators join again. A failed comeback is counted and tried again with the seat token, as
 * the browser client does, until the run's final check gives up.
 */
async function rejoin(run: GeneratorRun, c: Conn, token: string | null, wait = 1000) {
  const t = c.table;
  if (run.gaveUp) {
    c.rejoining = false;
    return;
  }
  let room = token ? await reconnect(run, c, token) : null;
  if (!room && !t.closing) room = await joinAgain(run, c);
  if (!room && !t.closing) {
    setTimeout(() => void rejoin(run, c, null, Math.min(wait * 2, 8000)), wait);
    return;
  }
  c.rejoining = false;
  if (!room) return;
  if (t.closing) {
    void room.leave(true);
    return;
  }
  attach(run, c, room);
}

/** A connection closed: expected when we closed it, else counted and brought back. */
function left(run: GeneratorRun, c: Conn, room: TableRoom, code: number): void {
  if (c.room !== room) return;
  c.online = false;
  c.room = null;
  c.stopThinking();
  if (c.table.closing || run.stopping) return;
  run.figures.error(`close ${code}`, `${c.table.id}: ${c.name}`);
  c.rejoining = true;
  setTimeout(() => void rejoin(run, c, null), 500);
}
