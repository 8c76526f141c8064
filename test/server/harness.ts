import { Client, type Room } from "colyseus.js";
import { afterAll, beforeAll } from "vitest";
import { type BotDriver, SimpleBots } from "../../server/bots/driver";
import { readConfig, type ServerConfig } from "../../server/config";
import { type RunningServer, startGameServer } from "../../server/gameServer";
import type { TableStore } from "../../server/store/types";
import type { Game } from "../../shared/games/types";
import type { TableView } from "../../shared/protocol/views";
import { replayView } from "../../shared/protocol/wire";

export interface TestServer {
  readonly server: RunningServer;
  readonly url: string;
  readonly http: string;
  client(): Client;
  close(): Promise<void>;
}

/**
 * The test file's server (see startTestServer): started before its tests, closed after them.
 * What it returns stands for the server once started.
 */
export function useTestServer(...args: Parameters<typeof startTestServer>): TestServer {
  let started: TestServer | null = null;
  beforeAll(async () => {
    started = await startTestServer(...args);
  });
  afterAll(() => started?.close());
  return new Proxy({} as TestServer, {
    get(_, key) {
      if (!started) throw new Error("The test server is started before the tests run.");
      const value: unknown = Reflect.get(started, key);
      return typeof value === "function" ? value.bind(started) : value;
    },
  });
}

/** A real game server on a free loopback port, with fast CPUs and short timers. */
export async function startTestServer(
  overrides: Partial<ServerConfig> = {},
  botDelayMs = 0,
  bots: BotDriver = new SimpleBots(botDelayMs),
  store?: TableStore,
): Promise<TestServer> {
  const config: ServerConfig = {
    ...readConfig({}, { clientDir: "/nonexistent" }),
    port: 0,
    listenAddress: "127.0.0.1",
    graceMs: 300,
    holdSeconds: 1,
    cpuDelayMs: 0,
    matchmakePerMinute: 100_000,
    playersPerMinute: 100_000,
    timerSecondMs: 20,
    cpuSeed: 1,
    // Quiet unless asked: the abuse tests provoke warnings on purpose.
    logLevel: "error",
    // Nothing kept unless a test asks for a data folder.
    dataDir: null,
    ...overrides,
  };
  const server = await startGameServer({ config, bots, ...(store ? { store } : {}) });
  const url = `ws://127.0.0.1:${server.port}`;
  return {
    server,
    url,
    http: `http://127.0.0.1:${server.port}`,
    client: () => new Client(url),
    close: () => server.close(),
  };
}

export type TableRoom = Room<TableView>;

/** Resolves once the room's state satisfies `test` (checked on every patch). */
export function waitFor(
  room: TableRoom,
  check: (s: TableView) => boolean,
  timeoutMs = 10_000,
): Promise<TableView> {
  // The state may still be half-decoded right after joining: treat a throw as "not yet".
  const test = (s: TableView) => {
    try {
      return check(s);
    } catch {
      return false;
    }
  };
  return new Promise((resolve, reject) => {
    if (room.state && test(room.state)) return resolve(room.state);
    const timer = setTimeout(() => {
      off();
      reject(new Error(`state condition not met in ${timeoutMs} ms: ${check.toString()}`));
    }, timeoutMs);
    const handler = (state: TableView) => {
      if (!test(state)) return;
      clearTimeout(timer);
      off();
      resolve(state);
    };
    room.onStateChange(handler);
    const off = () => room.onStateChange.remove(handler);
  });
}

/** Resolves with the next message of a type sent to this client. */
export function nextMessage<T = Record<string, unknown>>(
  room: TableRoom,
  type: string,
  timeoutMs = 5000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no "${type}" message in ${timeoutMs} ms`)),
      timeoutMs,
    );
    const off = room.onMessage(type, (msg: T) => {
      clearTimeout(timer);
      off();
      resolve(msg);
    });
  });
}

/** Sends a message and resolves with the error it provokes. */
export async function refusal(
  room: TableRoom,
  type: string,
  payload?: unknown,
): Promise<{ code: string; message: string; request: string }> {
  const error = nextMessage<{ code: string; message: string; request: string }>(room, "error");
  room.send(type, payload);
  return error;
}

/** The table's current game, worked out from its state with the shared rules. */
export function gameOf(s: TableView): Game {
  const r = replayView(s);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.game;
}

/** The current position as FEN4 or xiangqi FEN. */
export const fenOf = (s: TableView): string => gameOf(s).fen();

/** The legal moves of the player to move, as "from-to[=P]". */
export const legalOf = (s: TableView): string[] =>
  gameOf(s)
    .legalMoves()
    .map((m) => `${m.from}-${m.to}${m.promotion ? `=${m.promotion}` : ""}`);

/** A fresh snapshot of what matters for "nothing changed". */
export function snapshot(s: TableView): string {
  return JSON.stringify({
    fen: fenOf(s),
    turn: s.turn,
    phase: s.phase,
    moves: s.moves.length,
    seats: s.seats.map((x) => [x.kind, x.player]),
  });
}

export interface Hello {
  readonly player: string;
  readonly role: string;
  readonly host: boolean;
  readonly seats: { seat: number; token: string }[];
  readonly errors: { code: string }[];
}

/** Says hello and collects the answer: identity, role, and a token per seat held. */
export async function hello(room: TableRoom): Promise<Hello> {
  const seats: { seat: number; token: string }[] = [];
  const errors: { code: string }[] = [];
  const offSeat = room.onMessage("seat", (m: { seat: number; token: string }) => seats.push(m));
  const offError = room.onMessage("error", (m: { code: string }) => errors.push(m));
  const welcome = nextMessage<{ player: string; role: string; host: boolean }>(room, "welcome");
  room.send("hello");
  // Seat tokens and errors come before the welcome, which closes the answer.
  const w = await welcome;
  offSeat();
  offError();
  return { ...w, seats, errors };
}

/** Plays the first legal move of the player to move, as the shared rules list them. */
export function playFirstLegal(room: TableRoom): { from: string; to: string } {
  const move = gameOf(room.state).legalMoves()[0]!;
  room.send("move", move);
  return { from: move.from, to: move.to };
}
