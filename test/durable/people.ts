/**
 * People at tables of a server run as its own process, for the durability tests: what each was
 * shown, told and refused, and how they come back after the server was stopped.
 */
import type { Client, Room } from "colyseus.js";
import { expect } from "vitest";
import type { TableView } from "../../shared/protocol/views";
import { unpackMove } from "../../shared/protocol/wire";
import type { ChildServer } from "../security/child";

export type TableRoom = Room<TableView>;

/** A person at a table: their seat token, and what they were shown, told and refused. */
export interface Person {
  readonly name: string;
  room: TableRoom;
  token: string;
  readonly seats: number[];
  /** The longest move list of the current game this person was shown. */
  seen: string[];
  /** What the `closing` message said, if it came. */
  closing: string | null;
  /** Every `paused` message, in order. */
  paused: (string | null)[];
  /** Codes of the refusals this person got. */
  refused: string[];
}

export const entryKey = (packed: TableView["moves"][number]) => {
  const m = unpackMove(packed);
  return `${m.seat}:${m.from ?? ""}-${m.to ?? ""}${m.promotion ?? ""}${m.resigned ? "R" : ""}`;
};

/** Follows the person's (new) room: the moves shown, the seat tokens and the messages. */
export function watch(p: Person): void {
  p.room.onStateChange((s) => {
    if (!s.moves) return;
    const keys = Array.from(s.moves, entryKey);
    if (keys.length >= p.seen.length) p.seen = keys;
  });
  p.room.onMessage("seat", (m: { seat: number; token: string }) => {
    p.token = m.token;
    if (!p.seats.includes(m.seat)) p.seats.push(m.seat);
  });
  p.room.onMessage("closing", (m: { message: string }) => {
    p.closing = m.message;
  });
  p.room.onMessage("paused", (m: { code: string | null }) => p.paused.push(m.code));
  p.room.onMessage("error", (e: { code: string }) => p.refused.push(e.code));
  for (const type of ["welcome", "hint"]) p.room.onMessage(type, () => undefined);
}

export async function join(
  client: Client,
  name: string,
  make: (c: Client) => Promise<TableRoom>,
): Promise<Person> {
  const p: Person = {
    name,
    room: await make(client),
    token: "",
    seats: [],
    seen: [],
    closing: null,
    paused: [],
    refused: [],
  };
  watch(p);
  p.room.send("hello");
  return p;
}

/** Comes back to a table with the seat token, and checks the seat is theirs again. */
export async function reclaim(server: ChildServer, tableId: string, p: Person): Promise<void> {
  p.room = await server.client().joinById<TableView>(tableId, { seatToken: p.token, name: p.name });
  watch(p);
  const welcome = new Promise<{ role: string }>((resolve) => p.room.onMessage("welcome", resolve));
  p.room.send("hello");
  expect((await welcome).role, `${p.name} reclaims the seat at ${tableId}`).toBe("player");
}

/** Comes back to a table to watch it. */
export async function spectate(server: ChildServer, tableId: string, p: Person): Promise<void> {
  p.room = await server.client().joinById<TableView>(tableId, { spectate: true });
  watch(p);
}

/** The longest move list any of them was shown. */
export const longestSeen = (people: readonly Person[]): string[] =>
  people.reduce<string[]>((a, p) => (p.seen.length > a.length ? p.seen : a), []);

/**
 * Xiangqi between two people at a private table, with one spectator, started: Dewi (red),
 * Eko (black) and Fajar watching, each with their seat token.
 */
export async function xiangqiForTwo(
  client: Client,
): Promise<{ id: string; people: Person[]; spectator: Person }> {
  const dewi = await join(client, "Dewi", (c) =>
    c.create<TableView>("table", { game: "xiangqi", name: "Dewi", seat: 0, private: true }),
  );
  const eko = await join(client, "Eko", (c) =>
    c.joinById<TableView>(dewi.room.roomId, { name: "Eko", seat: 1 }),
  );
  const fajar = await join(client, "Fajar", (c) =>
    c.joinById<TableView>(dewi.room.roomId, { name: "Fajar", spectate: true }),
  );
  await until("xiangqi seated", () => dewi.room.state.seats?.[1]?.kind === "human");
  dewi.room.send("start");
  await until("xiangqi start", () => fajar.room.state.phase === "playing");
  for (const p of [dewi, eko]) await until(`${p.name}'s seat token`, () => p.token !== "");
  return { id: dewi.room.roomId, people: [dewi, eko], spectator: fajar };
}

/** Resolves once `test` holds (looked at every few ms), or fails after `ms`. */
export function until(what: string, test: () => boolean, ms = 20_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const tick = () => {
      if (test()) return resolve();
      if (Date.now() - started > ms) return reject(new Error(`${what}: not reached in ${ms} ms`));
      setTimeout(tick, 5);
    };
    tick();
  });
}
