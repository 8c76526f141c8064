/**
 * Server processes sharing one Redis, as an operator runs them: each a child process on its
 * own loopback port with `REDIS_URL` and `PUBLIC_ADDRESS` set.
 */
import { Client } from "colyseus.js";
import { expect } from "vitest";
import type { TableView } from "../../shared/protocol/views";
import { unpackMove } from "../../shared/protocol/wire";
import { freePort } from "../../tools/ports";
import { type ChildServer, startChildServer } from "../security/child";
import { hello, playFirstLegal, type TableRoom, waitFor } from "../server/harness";

/** A server process of the group, and what its listening line said. */
export interface Member extends ChildServer {
  readonly started: { restored: number; held: number; process: string };
}

export async function startMember(
  redisUrl: string,
  env: Record<string, string> = {},
): Promise<Member> {
  const port = await freePort();
  const server = await startChildServer({
    PORT: String(port),
    PUBLIC_ADDRESS: `127.0.0.1:${port}`,
    REDIS_URL: redisUrl,
    ...env,
  });
  const line = server.lines.find((l) => l.includes('"event":"listening"')) ?? "{}";
  const started = JSON.parse(line) as Member["started"];
  return Object.assign(server, { started });
}

/** A colyseus.js client of one process, seen as coming from `address` (through a trusted proxy). */
export function clientOf(server: ChildServer, address: string): Client {
  return new Client(server.ws, { headers: { "X-Forwarded-For": address } });
}

/** The port of the process a room's connection went to (its public address). */
export function hostOf(room: TableRoom): number {
  const ws = (room as unknown as { connection: { transport: { ws: { url: string } } } }).connection
    .transport.ws;
  return Number(new URL(ws.url).port);
}

/** The other of two processes. */
export function otherThan<T extends { port: number }>(port: number, pair: readonly [T, T]): T {
  return pair[0].port === port ? pair[1] : pair[0];
}

/** Whether the process is still running (it has not exited by itself). */
export function running(server: ChildServer): boolean {
  try {
    return server.rss() > 0;
  } catch {
    return false;
  }
}

/**
 * Resolves with the first log line of this event the process writes from line `from` on (its
 * log is read as it comes; a line is looked for every 20 ms).
 */
export async function logged(
  server: ChildServer,
  event: string,
  from = 0,
  timeoutMs = 20_000,
): Promise<Record<string, unknown>> {
  const needle = `"event":"${event}"`;
  const until = Date.now() + timeoutMs;
  for (;;) {
    const line = server.lines.slice(from).find((l) => l.includes(needle));
    if (line) return JSON.parse(line) as Record<string, unknown>;
    if (Date.now() > until) throw new Error(`no ${event} line on port ${server.port}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A person at a table: where they sit and the token that gives the seat back. */
export interface Person {
  readonly name: string;
  readonly seat: number;
  token: string;
  room: TableRoom;
}

/** A stopping server says so; these people just come back. */
export function quiet(room: TableRoom): TableRoom {
  room.onMessage("closing", () => undefined);
  return room;
}

/** Comes back with the seat token through `via`; retried while the table is not back yet. */
export async function rejoin(p: Person, table: string, via: ChildServer): Promise<void> {
  for (let delay = 100; ; delay *= 2) {
    try {
      p.room = quiet(
        (await clientOf(via, "127.0.0.1").joinById(table, {
          name: p.name,
          seatToken: p.token,
        })) as TableRoom,
      );
      break;
    } catch (e) {
      if (delay > 3200) throw e;
      await new Promise((r) => setTimeout(r, delay));
    }
  }
  const welcome = await hello(p.room);
  expect(welcome, `${p.name} is back in seat ${p.seat}`).toMatchObject({
    role: "player",
    seats: [{ seat: p.seat }],
  });
}

/** The person to move plays, once everyone sees the same position, and everyone sees the move. */
export async function playOne(people: readonly Person[]): Promise<number> {
  const before = Math.max(...people.map((p) => p.room.state?.moves?.length ?? 0));
  for (const p of people)
    await waitFor(p.room, (x) => x.phase === "playing" && x.moves.length === before);
  const turn = people[0]!.room.state.turn;
  const mover = people.find((p) => p.seat === turn)!;
  playFirstLegal(mover.room);
  for (const p of people) await waitFor(p.room, (x) => x.moves.length === before + 1);
  return before + 1;
}

export const movesOf = (s: TableView): string[] =>
  Array.from(s.moves, (n) => {
    const m = unpackMove(n);
    return `${m.from}-${m.to}`;
  });
