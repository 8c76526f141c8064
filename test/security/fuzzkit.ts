/**
 * Helpers for fuzzing a live table: a seeded source of hostile messages (message types and
 * payloads of every shape msgpack can carry, some shaped almost like the real ones), a way to
 * send them through colyseus.js, and a flush that waits until the server has answered
 * everything a connection sent so far.
 */
import { encode } from "@colyseus/schema";
import type { Room } from "colyseus.js";
import { pick, type Random, seeded } from "../../shared/core/random";
import { CLIENT_MESSAGES, type ClientMessage } from "../../shared/protocol/messages";

export { type Random, seeded };

export const int = (r: Random, n: number): number => Math.floor(r() * n);
const one = <T>(r: Random, items: readonly T[]): T => pick(items, r) as T;

/** What kind of abuse a message is, for the counts the test reports. */
export type MessageKind =
  | "real" // a real message type with a payload shaped almost like the real one
  | "real-junk" // a real message type with a random payload
  | "unknown" // a type no handler is registered for (or one that confuses the dispatcher)
  | "random-name"
  | "long-name"
  | "number-type"
  | "bytes" // raw bytes (ROOM_DATA_BYTES) instead of msgpack
  | "oversize"; // more than the server's 4 KB frame limit: the connection is closed

export interface FuzzMessage {
  readonly kind: MessageKind;
  readonly type: string | number;
  readonly payload?: unknown;
  /** Sent with `sendBytes` instead of `send`. */
  readonly bytes?: Uint8Array;
}

/** A short description for logs and failure messages. */
export function describeMessage(m: FuzzMessage): string {
  const type = typeof m.type === "string" ? JSON.stringify(m.type.slice(0, 40)) : String(m.type);
  let payload: string;
  try {
    payload = m.bytes ? `<${m.bytes.length} bytes>` : shortJson(m.payload);
  } catch {
    payload = "<unprintable>";
  }
  return `${m.kind} ${type}${typeof m.type === "string" && m.type.length > 40 ? `…(${m.type.length})` : ""} ${payload}`;
}

function shortJson(x: unknown): string {
  const s = JSON.stringify(x, (_k, v) =>
    typeof v === "bigint" ? `${v}n` : typeof v === "number" && !Number.isFinite(v) ? String(v) : v,
  );
  if (s === undefined) return "undefined";
  return s.length > 80 ? `${s.slice(0, 80)}…(${s.length})` : s;
}

// ---------------------------------------------------------------------------------------------
// Scalars and strings

const NUMBERS = [
  0,
  -0,
  1,
  -1,
  2,
  3,
  4,
  13,
  14,
  99,
  255,
  256,
  65535,
  2 ** 31 - 1,
  -(2 ** 31),
  2 ** 32,
  2 ** 53,
  -(2 ** 53),
  Number.MAX_SAFE_INTEGER + 2,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  Number.EPSILON,
  0.5,
  1.5,
  -1.5,
  1e-300,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
];

const UNICODE = [
  "é",
  "ß",
  "漢",
  "字",
  "將",
  "帥",
  "♔",
  "🂡",
  "😀",
  "👨‍👩‍👧",
  "\u0301", // combining accent
  "\u200b", // zero-width space
  "\u202e", // right-to-left override
  "\ufeff",
  "\uffff",
  "\ud800", // lone high surrogate
  "\udc00", // lone low surrogate
  "\u0000",
  "\u0007",
  "\u001b[2J",
  "\n",
  "\r\n",
  "\t",
  "%s%n",
  "$" + "{x}",
  "<script>",
  "'; DROP TABLE",
  "..",
  "/",
  "\\",
];

const SQUARE_FILES = "abcdefghijklmn";

/** A board square, mostly valid for four-player chess or xiangqi, sometimes nearly so. */
export function randomSquare(r: Random): string {
  const roll = r();
  if (roll < 0.8) return `${SQUARE_FILES[int(r, 14)]}${int(r, 15)}`;
  return one(r, [
    "",
    "h",
    "2",
    "H2",
    "h2 ",
    " h2",
    "h02",
    "h15",
    "o1",
    "a-1",
    "z9",
    "h2h4",
    "e10",
    "n14",
    "a0",
    "h\u00002",
    "ｈ２",
    "h2\n",
  ]);
}

export function randomString(r: Random, max = 64): string {
  const roll = r();
  if (roll < 0.1) return "";
  if (roll < 0.25) return randomSquare(r);
  if (roll < 0.4) return one(r, UNICODE);
  const length = 1 + int(r, Math.max(1, max));
  let s = "";
  const charset = int(r, 4);
  while (s.length < length) {
    if (charset === 0) s += String.fromCharCode(32 + int(r, 95));
    else if (charset === 1) s += one(r, UNICODE);
    else if (charset === 2) s += String.fromCharCode(int(r, 0x10000));
    else s += "A";
  }
  return s.slice(0, length);
}

// ---------------------------------------------------------------------------------------------
// Structured values

/** Keys an object may get: real field names, ones that confuse JavaScript, and random ones. */
const KEYS = [
  "from",
  "to",
  "promotion",
  "seat",
  "seats",
  "action",
  "rules",
  "turnTimer",
  "clock",
  "base",
  "increment",
  "delay",
  "format",
  "moveLimit",
  "cpuLevel",
  "hints",
  "handicap",
  "name",
  "spectate",
  "seatToken",
  "player",
  "host",
  "type",
  "move",
  "accept",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "valueOf",
  "hasOwnProperty",
  "then",
  "length",
  "0",
  "",
];

interface Budget {
  /** Roughly how many encoded bytes are left for this payload. */
  left: number;
}

/** Sets a property as an own, enumerable data property, even for "__proto__". */
function put(o: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
}

/** An object whose one own key is `key` (an object literal would set `__proto__` instead). */
export function own(key: string, value: unknown): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  put(o, key, value);
  return o;
}

/** A value of any shape msgpack can carry, within a size budget (the server takes 4 KB frames). */
export function randomValue(r: Random, depth = 0, budget: Budget = { left: 2500 }): unknown {
  budget.left -= 2;
  const roll = r();
  const scalarOnly = budget.left <= 0 || depth >= 6;
  if (roll < 0.07) return undefined;
  if (roll < 0.14) return null;
  if (roll < 0.22) return r() < 0.5;
  if (roll < 0.42) {
    budget.left -= 8;
    return r() < 0.7 ? one(r, NUMBERS) : (r() - 0.5) * 10 ** int(r, 12);
  }
  if (roll < 0.6 || scalarOnly) {
    const s = randomString(r, r() < 0.1 ? 1000 : 40);
    const cut = s.slice(0, Math.max(0, budget.left / 3));
    budget.left -= cut.length * 3 + 2;
    return cut;
  }
  if (roll < 0.72) {
    const n = int(r, r() < 0.1 ? 60 : 6);
    const out: unknown[] = [];
    for (let i = 0; i < n && budget.left > 0; i++) out.push(randomValue(r, depth + 1, budget));
    return out;
  }
  if (roll < 0.9) {
    const o: Record<string, unknown> = {};
    const n = int(r, r() < 0.1 ? 40 : 6);
    for (let i = 0; i < n && budget.left > 0; i++) {
      const key = r() < 0.7 ? one(r, KEYS) : randomString(r, 20);
      budget.left -= key.length * 3 + 2;
      put(o, key, randomValue(r, depth + 1, budget));
    }
    return o;
  }
  if (roll < 0.93) {
    const n = Math.min(int(r, 300), Math.max(0, budget.left));
    budget.left -= n + 5;
    return Uint8Array.from({ length: n }, () => int(r, 256));
  }
  if (roll < 0.95) {
    budget.left -= 12;
    return new Date(r() < 0.5 ? 0 : 8.64e15 * (r() - 0.5));
  }
  if (roll < 0.97) {
    budget.left -= 9;
    return one(r, [0n, -1n, 2n ** 63n - 1n, -(2n ** 63n)]);
  }
  // Deep nesting: [[[[...]]]] or {a:{a:{...}}}, one to three bytes a level.
  const levels = Math.min(100 + int(r, 900), Math.max(0, Math.floor(budget.left / 3)));
  budget.left -= levels * 3;
  let v: unknown = r() < 0.5 ? 0 : "x";
  const arrays = r() < 0.7;
  for (let i = 0; i < levels; i++) v = arrays ? [v] : { a: v };
  return v;
}

// ---------------------------------------------------------------------------------------------
// Payloads shaped almost like the real ones

export interface FuzzContext {
  /** The legal moves of the player to move, as the attacker sees them in the state. */
  readonly legalMoves: readonly string[];
}

function nearMove(r: Random, ctx: FuzzContext): unknown {
  const legal = ctx.legalMoves.length > 0 && r() < 0.5 ? one(r, ctx.legalMoves) : null;
  if (legal) {
    // A move the player to move may make: refused, because it is not the attacker's seat.
    const [from, rest = ""] = legal.split("-");
    const [to, promotion] = rest.split("=");
    return promotion ? { from, to, promotion } : { from, to };
  }
  const move: Record<string, unknown> = { from: randomSquare(r), to: randomSquare(r) };
  if (r() < 0.2) move.promotion = one(r, ["Q", "q", "K", "P", "", "QQ", null, 5, ["Q"], "♕"]);
  if (r() < 0.1) move.seat = one(r, [0, 1, 2, 3, -1, 99]);
  if (r() < 0.1) move.player = randomString(r, 12);
  if (r() < 0.05) delete move.to;
  return one(r, [
    move,
    move,
    move,
    { ...move, from: 7 },
    [move.from, move.to],
    `${move.from}-${move.to}`,
  ]);
}

const SEATS: readonly unknown[] = [
  0,
  1,
  2,
  3,
  -1,
  4,
  99,
  -0,
  1.5,
  "1",
  "any",
  null,
  true,
  [1],
  { seat: 1 },
  Number.NaN,
  Number.POSITIVE_INFINITY,
  2 ** 31,
];

const RULES: readonly unknown[] = [
  { turnTimer: 9999 },
  { turnTimer: 30 },
  { turnTimer: -1 },
  { format: "individual" },
  { format: "chaos" },
  { cpuLevel: "easy" },
  { cpuLevel: "master" },
  { hints: true },
  { hints: "yes" },
  { moveLimit: 4 },
  { moveLimit: 1e9 },
  { handicap: "red-one-horse" },
  { showLegalMoves: false },
  { clock: { base: 300, increment: 3, delay: 0 } },
  { clock: { base: 60, increment: 0, delay: 15 } },
  { clock: { base: 1e9, increment: -1, delay: Number.NaN } },
  { clock: { base: 60, increment: 5, delay: 5 } },
  { clock: "5+3" },
  { clock: null, turnTimer: 30 },
  { clock: { base: 60, increment: 0, delay: 0 }, turnTimer: 60 },
  { takebackConsent: false },
  { rotateFirst: 0 },
  { unknown: 1 },
  {},
  null,
  [],
  "all",
];

const ACTIONS: readonly unknown[] = [
  "offer",
  "accept",
  "decline",
  "request",
  "ACCEPT",
  "accept ",
  "",
  null,
  1,
  true,
  ["accept"],
  { action: "accept" },
];

/** A payload a careless or hostile client might send with a real message type. */
export function nearPayload(r: Random, type: ClientMessage, ctx: FuzzContext): unknown {
  switch (type) {
    case "move":
      return nearMove(r, ctx);
    case "premove":
      return r() < 0.8 ? nearMove(r, ctx) : one(r, [{}, null, [], { from: "h9" }]);
    case "sit":
      return r() < 0.8 ? { seat: one(r, SEATS) } : one(r, SEATS);
    case "rules":
      return r() < 0.8 ? { rules: one(r, RULES) } : one(r, RULES);
    case "draw":
    case "takeback":
      return r() < 0.85 ? { action: one(r, ACTIONS) } : one(r, ACTIONS);
    case "resign":
      return one(r, [undefined, {}, { seat: one(r, SEATS) }, { player: randomString(r, 10) }]);
    case "hello":
      return one(r, [
        undefined,
        {},
        { name: randomString(r, 40) },
        { seatToken: "A".repeat(22) },
        { seat: 0 },
      ]);
    default:
      return one(r, [undefined, {}, null, 0, "", { seat: one(r, SEATS) }]);
  }
}

// ---------------------------------------------------------------------------------------------
// Message types

/** Types no handler exists for, including names that look up inherited or internal entries. */
export const UNKNOWN_TYPES = [
  "dance",
  "MOVE",
  "Move",
  "move ",
  " move",
  "moves",
  "move\u0000",
  "hello\n",
  "sitt",
  "error",
  "welcome",
  "seat",
  "i12",
  "__proto__",
  "constructor",
  "toString",
  "hasOwnProperty",
  "valueOf",
  "prototype",
  // Keys of the room's own handler table: "*" is the catch-all, "__no_message_handler" the
  // fallback Colyseus uses when there is no catch-all.
  "*",
  "__no_message_handler",
  "🂡",
  "ходить",
  "\u202emove",
  "",
];

const NUMBER_TYPES = [
  0,
  1,
  -1,
  7,
  13,
  123,
  255,
  65535,
  2 ** 32,
  -(2 ** 31),
  1.5,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
];

/** One hostile message: a real or bogus type with a payload of any shape. */
export function randomMessage(r: Random, ctx: FuzzContext): FuzzMessage {
  const roll = r();
  if (roll < 0.32) {
    const type = one(r, CLIENT_MESSAGES);
    return { kind: "real", type, payload: nearPayload(r, type, ctx) };
  }
  if (roll < 0.55)
    return { kind: "real-junk", type: one(r, CLIENT_MESSAGES), payload: randomValue(r) };
  if (roll < 0.7) {
    const type = one(r, UNKNOWN_TYPES);
    // The dispatcher's own table entries get mostly objects: they are where confusion bites.
    const payload =
      type === "*" || type === "__no_message_handler" ? nearObject(r) : randomValue(r);
    return { kind: "unknown", type, payload };
  }
  if (roll < 0.78)
    return { kind: "random-name", type: randomString(r, 64), payload: randomValue(r) };
  if (roll < 0.82) {
    // 200 bytes to 1 KB of UTF-8.
    const bytes = 200 + int(r, 825);
    const unit = one(r, ["m", "é", "漢", "move", "\u0000"]);
    const length = Math.floor(bytes / new TextEncoder().encode(unit[0]).length);
    return {
      kind: "long-name",
      type: unit.repeat(Math.ceil(length / unit.length)).slice(0, length),
      payload: randomValue(r, 0, { left: 1000 }),
    };
  }
  if (roll < 0.9)
    return { kind: "number-type", type: one(r, NUMBER_TYPES), payload: randomValue(r) };
  if (roll < 0.995) {
    const type = r() < 0.7 ? one(r, CLIENT_MESSAGES) : one(r, UNKNOWN_TYPES);
    const bytes = Uint8Array.from({ length: int(r, 200) }, () => int(r, 256));
    return { kind: "bytes", type, bytes };
  }
  return {
    kind: "oversize",
    type: one(r, CLIENT_MESSAGES),
    payload: { from: "h2", to: "h4", pad: "x".repeat(5000 + int(r, 5000)) },
  };
}

/** An object with a few keys, often ones JavaScript treats specially. */
function nearObject(r: Random): unknown {
  const o: Record<string, unknown> = {};
  const n = 1 + int(r, 3);
  for (let i = 0; i < n; i++) put(o, one(r, KEYS), randomValue(r, 1, { left: 200 }));
  return r() < 0.8 ? o : randomValue(r);
}

/**
 * Hand-picked messages every run sends first, whatever the seed: the shapes most likely to
 * find a handler that trusts its input.
 */
export const CORPUS: readonly FuzzMessage[] = [
  { kind: "real", type: "move", payload: { from: "h2", to: "h4" } },
  { kind: "real", type: "move", payload: { from: "h2", to: "e2" } },
  { kind: "real", type: "premove", payload: { from: "h9", to: "g7" } },
  { kind: "real", type: "premove", payload: {} },
  {
    kind: "real",
    type: "rules",
    payload: { rules: { clock: { base: 15, increment: 0, delay: 0 } } },
  },
  { kind: "real", type: "sit", payload: { seat: 99 } },
  { kind: "real", type: "sit", payload: { seat: -1 } },
  { kind: "real", type: "sit", payload: { seat: 1 } },
  { kind: "real", type: "rules", payload: { rules: { turnTimer: 9999 } } },
  { kind: "real", type: "rules", payload: { rules: { turnTimer: 30 } } },
  { kind: "real", type: "draw", payload: { action: "accept" } },
  { kind: "real", type: "draw", payload: { action: "offer" } },
  { kind: "real", type: "takeback", payload: { action: "request" } },
  { kind: "real", type: "takeback", payload: { action: "accept" } },
  { kind: "real", type: "resign" },
  { kind: "real", type: "resign", payload: { seat: 0 } },
  { kind: "real", type: "playAgain" },
  { kind: "real", type: "start" },
  { kind: "real", type: "stand" },
  { kind: "real", type: "hint" },
  { kind: "real-junk", type: "move", payload: own("__proto__", { from: "h2", to: "h4" }) },
  { kind: "real-junk", type: "move", payload: Object.create(null) },
  { kind: "real-junk", type: "move", payload: { from: { toString: 1 }, to: "h4" } },
  { kind: "real-junk", type: "rules", payload: { rules: { toString: 1, valueOf: 1 } } },
  { kind: "real-junk", type: "sit", payload: { seat: { valueOf: 1 } } },
  { kind: "unknown", type: "dance", payload: { toString: 1 } },
  { kind: "unknown", type: "constructor", payload: null },
  { kind: "unknown", type: "__proto__", payload: own("__proto__", { toString: 1 }) },
  { kind: "unknown", type: "*", payload: "dance" },
  { kind: "unknown", type: "*", payload: { action: "accept" } },
  { kind: "unknown", type: "__no_message_handler" },
  { kind: "number-type", type: 0, payload: { from: "h2", to: "h4" } },
  { kind: "number-type", type: Number.NaN },
  { kind: "long-name", type: "m".repeat(1024), payload: null },
];

/**
 * Hand-picked messages sent last, one per connection, as each may end its connection: the
 * names of entries in the room's own handler table, which Colyseus looks up before the
 * catch-all, with payloads that hurt if the handler found there takes the payload for the
 * message type: "*" (the room's catch-all then gets the payload as the type) and
 * "__no_message_handler" (Colyseus' own fallback writes it into a close reason, which may be
 * at most 123 bytes).
 */
export const CORPUS_LAST: readonly FuzzMessage[] = [
  { kind: "unknown", type: "*", payload: { toString: 1 } },
  { kind: "unknown", type: "__no_message_handler", payload: { toString: 1 } },
  { kind: "unknown", type: "__no_message_handler", payload: "x".repeat(200) },
];

// ---------------------------------------------------------------------------------------------
// Sending and flushing

/** The first byte of a room message with a msgpack payload (colyseus.js `Protocol.ROOM_DATA`). */
const ROOM_DATA = 13;

/**
 * Sends one message; false when it could not be encoded (never expected). colyseus.js frames
 * a type name of more than 255 bytes wrongly (its packer keeps only the low byte of the offset
 * and sends its whole 8 KB buffer, which the server refuses as too large), so long names are
 * framed here the way colyseus.js frames short ones.
 */
export function sendMessage(room: Room, m: FuzzMessage): boolean {
  try {
    if (m.bytes) room.sendBytes(m.type as string, m.bytes);
    else if (typeof m.type === "string" && new TextEncoder().encode(m.type).length > 200)
      room.connection.send(frame(room, m.type, m.payload));
    else room.send(m.type as string, m.payload);
    return true;
  } catch {
    return false;
  }
}

function frame(room: Room, type: string, payload: unknown): Uint8Array {
  const head = new Uint8Array(8 + 4 * type.length);
  head[0] = ROOM_DATA;
  const it = { offset: 1 };
  encode.string(head as unknown as Buffer, type, it);
  const packr = (room as unknown as { packr: { pack(x: unknown): Uint8Array } }).packr;
  const body = payload === undefined ? new Uint8Array(0) : packr.pack(payload);
  const out = new Uint8Array(it.offset + body.length);
  out.set(head.subarray(0, it.offset));
  out.set(body, it.offset);
  return out;
}

interface PingingSocket {
  ping(): void;
  once(event: "pong", listener: () => void): void;
  off(event: "pong", listener: () => void): void;
}

/**
 * Resolves true once the server has answered everything this connection sent before the call:
 * a WebSocket ping is answered after the frames before it were handled, and the room answers
 * each message synchronously. False if the connection is closed, or no pong came in time (the
 * server stopped reading this connection).
 */
export function flush(room: Room, timeoutMs: number): Promise<boolean> {
  const ws = (room.connection as unknown as { transport?: { ws?: Partial<PingingSocket> } })
    .transport?.ws;
  if (!room.connection.isOpen || typeof ws?.ping !== "function") return Promise.resolve(false);
  const socket = ws as PingingSocket;
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      socket.off("pong", onPong);
      resolve(ok);
    };
    const onPong = () => done(true);
    const timer = setTimeout(() => done(false), timeoutMs);
    socket.once("pong", onPong);
    try {
      socket.ping();
    } catch {
      done(false);
    }
  });
}

/** Waits `ms` unless `signal` is aborted first (attackers pace themselves with it). */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
  });
}
