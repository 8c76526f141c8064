/**
 * The wire protocol of the `table` room: message names in each direction, the payloads they
 * carry, and parsers that turn untrusted client input into typed values (or a coded error).
 * The server and the client both import this file; docs/protocol.md describes it for others.
 */

import type { AnyParams, ErrorCode } from "../core/errors";
import { type Failure, fail, ok, type Result } from "../core/result";
import { type Format, type GameId, isGameId } from "../games/catalog";
import type { MoveInput } from "../games/types";
import { PLAYER_KEY } from "../rating/types";
import { cleanName } from "./text";

export const ROOM_NAME = "table";

/**
 * The version of this protocol (messages and state), told in `welcome`. A page built for
 * another version reloads, so that a table resumed after an upgrade is never misread. 2: move
 * entries and pieces are packed numbers.
 */
export const PROTOCOL = 2;

/** Messages a client sends. */
export const CLIENT_MESSAGES = [
  "hello",
  "sit",
  "stand",
  "rules",
  "start",
  "move",
  "premove",
  "resign",
  "draw",
  "takeback",
  "playAgain",
  "hint",
  "say",
  "time",
] as const;
export type ClientMessage = (typeof CLIENT_MESSAGES)[number];
const CLIENT_MESSAGE_SET: ReadonlySet<string> = new Set(CLIENT_MESSAGES);
/** Whether a message type is one a client may send. */
export function isClientMessage(type: string): type is ClientMessage {
  return CLIENT_MESSAGE_SET.has(type);
}

/** Messages the server sends to one client. */
export const SERVER_MESSAGES = {
  /**
   * `{ code, message, request?, params? }`: an action was refused; nothing changed. `code` is
   * one of `ERRORS` (errors.ts), `params` the values its message names.
   */
  error: "error",
  /** `{ seat, token }`: the secret token that reclaims this seat later. */
  seat: "seat",
  /** `{ player, role, host }`: who this connection is; the answer to `hello`. */
  welcome: "welcome",
  /** `{ from, to, promotion? }`: a suggested move, to the asker alone. */
  hint: "hint",
  /** `{ reason, message }`: the server is about to close every connection (a restart). */
  closing: "closing",
  /**
   * `{ code }`: the table is paused and refuses every action, with why (`store/unavailable`:
   * the server cannot store moves); `{ code: null }`: it goes on. Sent on join while paused.
   */
  paused: "paused",
  /** `{ phrase, seat, name }`: someone at the table said a phrase (seat -1: a spectator). */
  said: "said",
  /**
   * `{ move, played?, dropped? }`: the sender's queued premove (`move`, or null for none), to
   * that player alone: the answer to `premove`, and news when it was played or dropped.
   */
  premove: "premove",
  /** `{ now }`: the server's clock (ms since the epoch), the answer to `time`. */
  time: "time",
} as const;

/**
 * How a table came to be: `online` (a host opened it for people), `quick` (the quick-play pool
 * opened it: no host, the pool's house rules, it starts by itself), `computer`, `hotseat`.
 */
export type Mode = "online" | "quick" | "computer" | "hotseat";

/**
 * What can be said at a table: fixed phrases sent as codes, each shown in the reader's own
 * language. No free text, so nothing to moderate.
 */
export const PHRASES = [
  "hello",
  "good-luck",
  "well-played",
  "thanks",
  "oops",
  "good-game",
  "one-more",
] as const;
export type Phrase = (typeof PHRASES)[number];

export type OfferAction = "offer" | "accept" | "decline";
export type TakebackAction = "request" | "accept" | "decline";
/** `offer` and `accept` both agree to the next game; `decline` leaves the seat. */
export type RematchAction = "offer" | "accept" | "decline";

/** What each client message carries: the payload a typed `send(type, payload)` takes. */
export interface ClientPayloads {
  readonly hello: undefined;
  readonly sit: { readonly seat: number };
  readonly stand: undefined;
  /** Any subset of the house rules (shared/match/rules.ts); unknown keys are refused. */
  readonly rules: { readonly rules: Readonly<Record<string, unknown>> };
  readonly start: undefined;
  readonly move: MoveInput;
  /** A move to play when the seat's turn arrives; `{}` clears it. */
  readonly premove: MoveInput | Record<string, never>;
  readonly resign: undefined;
  readonly draw: { readonly action: OfferAction };
  readonly takeback: { readonly action: TakebackAction };
  /** No payload (or `offer`/`accept`): agree to the next game; `decline`: give up the seat. */
  readonly playAgain: { readonly action?: RematchAction } | undefined;
  readonly hint: undefined;
  readonly say: { readonly phrase: Phrase };
  /** No payload: asks for the server's clock, to time countdowns and clocks by. */
  readonly time: undefined;
}
// Every client message has a payload type, and nothing else does.
type _EveryMessage = [ClientMessage] extends [keyof ClientPayloads]
  ? [keyof ClientPayloads] extends [ClientMessage]
    ? true
    : never
  : never;
export const EVERY_CLIENT_MESSAGE_TYPED: _EveryMessage = true;

/** What each server message carries. */
export interface ServerPayloads {
  readonly error: {
    readonly code: ErrorCode;
    /** In English, for a client without a translation of the code. */
    readonly message: string;
    /** The message type refused. */
    readonly request?: string;
    /** The values the code's message names (`{square}`), when it names any. */
    readonly params?: AnyParams;
  };
  readonly seat: { readonly seat: number; readonly token: string };
  readonly welcome: {
    readonly player: string;
    readonly role: "player" | "spectator";
    readonly host: boolean;
    /** The server's clock (ms since the epoch) when it answered, to time countdowns by. */
    readonly now: number;
    /** The protocol's version (`PROTOCOL`). */
    readonly protocol: number;
  };
  readonly hint: MoveInput;
  /** The server is stopping; tables and seats come back when it is started again. */
  readonly closing: { readonly reason: "restart"; readonly message: string };
  /** The table is paused (why), or goes on again (null). */
  readonly paused: { readonly code: Extract<ErrorCode, "store/unavailable"> | null };
  /** A phrase said at the table; `seat` -1 when a spectator said it, `name` who said it. */
  readonly said: { readonly phrase: Phrase; readonly seat: number; readonly name: string };
  /**
   * The player's queued premove, or null. `played`: the one queued was just played; `dropped`:
   * it was not legal when the turn came (or the clock had run out), and why, as an error's
   * code, English message and params.
   */
  readonly premove: {
    readonly move: MoveInput | null;
    readonly played?: true;
    readonly dropped?: {
      readonly code: ErrorCode;
      readonly message: string;
      readonly params?: AnyParams;
    };
  };
  /** The server's clock (ms since the epoch) when it answered `time`. */
  readonly time: { readonly now: number };
}

export interface CreateOptions {
  readonly game: GameId;
  readonly format: Format;
  readonly private: boolean;
  readonly mode: Mode;
  /** Raw rules object, parsed against the game's defaults by the match layer. */
  readonly rules: unknown;
  readonly name: string;
}

export interface JoinOptions {
  readonly name: string;
  readonly spectate: boolean;
  readonly seatToken: string | null;
  /** Take this seat (or the first open one with "any") on joining. */
  readonly seat: number | "any" | null;
  /**
   * The player's key (`POST /api/players`): the table then knows the person by their public
   * player id, with their rating. Never stored with the table, never sent to anyone.
   */
  readonly playerKey: string | null;
}

/** What a reconnection token looks like (Colyseus makes them of nanoid's alphabet). */
export const RECONNECTION_TOKEN = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The token a join by id carries as `reconnectionToken` to resume the connection that dropped,
 * if the table still holds it (docs/protocol.md, "Seats that survive the network"): the part
 * after the colon of colyseus.js's `room.reconnectionToken` ("<table id>:<token>"), or null when
 * that is of another table or not a reconnection token.
 */
export function heldToken(tableId: string, reconnectionToken: string | undefined): string | null {
  const colon = reconnectionToken?.indexOf(":") ?? -1;
  if (!reconnectionToken || colon < 0 || reconnectionToken.slice(0, colon) !== tableId) return null;
  const token = reconnectionToken.slice(colon + 1);
  return RECONNECTION_TOKEN.test(token) ? token : null;
}

export type ProtocolError = Failure<"payload/invalid">;
const bad = (message: string) => fail("payload/invalid", message);

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === "object" && x !== null && !Array.isArray(x);

export function parseCreateOptions(x: unknown): Result<CreateOptions, ProtocolError> {
  const o = isObject(x) ? x : {};
  const game = o.game ?? "fourchess";
  if (!isGameId(game)) return bad(`game must be "fourchess" or "xiangqi".`);
  const format = o.format ?? "teams";
  if (format !== "teams" && format !== "individual")
    return bad(`format must be "teams" or "individual".`);
  const mode = o.mode ?? "online";
  if (mode !== "online" && mode !== "quick" && mode !== "computer" && mode !== "hotseat")
    return bad(`mode must be "online", "quick", "computer" or "hotseat".`);
  if (mode === "hotseat" && game !== "xiangqi") return bad("Hot-seat tables are for xiangqi.");
  if (o.private !== undefined && typeof o.private !== "boolean")
    return bad("private must be true or false.");
  const rules = isObject(o.rules) ? { ...o.rules } : o.rules === undefined ? {} : null;
  if (rules === null) return bad("rules must be an object.");
  return ok({
    game,
    format,
    // Tables against the computer or on one device are nobody else's business; quick-play
    // tables are for strangers.
    private: mode === "quick" ? false : mode !== "online" || o.private === true,
    mode,
    rules: { format, ...rules },
    name: cleanName(o.name, ""),
  });
}

/** The shape of a seat token (the server issues 22 base64url characters). */
const SEAT_TOKEN = /^[A-Za-z0-9_-]{16,64}$/;
/** The shape of a table id: its code (a table stored before codes kept its longer id). */
const TABLE_ID = /^[A-Za-z0-9_-]{4,16}$/;

export function parseJoinOptions(x: unknown): Result<JoinOptions, ProtocolError> {
  const o = isObject(x) ? x : {};
  const token = o.seatToken;
  if (
    token !== undefined &&
    token !== null &&
    (typeof token !== "string" || !SEAT_TOKEN.test(token))
  )
    return bad("seatToken is not a seat token.");
  const seat = o.seat;
  if (
    seat !== undefined &&
    seat !== null &&
    seat !== "any" &&
    !(Number.isInteger(seat) && (seat as number) >= 0 && (seat as number) < 4)
  )
    return bad(`seat must be a seat number or "any".`);
  const key = o.playerKey;
  if (key !== undefined && key !== null && (typeof key !== "string" || !PLAYER_KEY.test(key)))
    return bad("playerKey is not a player key.");
  return ok({
    name: cleanName(o.name, ""),
    spectate: o.spectate === true,
    seatToken: typeof token === "string" ? token : null,
    seat: (seat as number | "any" | undefined) ?? null,
    playerKey: typeof key === "string" ? key : null,
  });
}

export function parseSeat(x: unknown): Result<number, ProtocolError> {
  const seat = isObject(x) ? x.seat : undefined;
  if (!Number.isInteger(seat) || (seat as number) < 0 || (seat as number) > 3)
    return bad("sit needs { seat } with a seat number.");
  return ok(seat as number);
}

const SQUARE = /^[a-n](1[0-4]|[0-9])$/;

export function parseMove(x: unknown): Result<MoveInput, ProtocolError> {
  if (!isObject(x)) return bad("move needs { from, to, promotion? }.");
  const { from, to, promotion } = x;
  if (typeof from !== "string" || !SQUARE.test(from))
    return bad(`"from" must be a square like "h2".`);
  if (typeof to !== "string" || !SQUARE.test(to)) return bad(`"to" must be a square like "h4".`);
  if (
    promotion !== undefined &&
    promotion !== null &&
    (typeof promotion !== "string" || !/^[QRBNqrbn]$/.test(promotion))
  )
    return bad(`"promotion" must be one of Q, R, B, N.`);
  return ok(
    typeof promotion === "string" ? { from, to, promotion: promotion.toUpperCase() } : { from, to },
  );
}

/** `premove`: `{ from, to, promotion? }` queues a move (read as `move` reads it), `{}` clears. */
export function parsePremove(x: unknown): Result<MoveInput | null, ProtocolError> {
  if (isObject(x) && Object.keys(x).length === 0) return ok(null);
  if (!isObject(x)) return bad("premove needs { from, to, promotion? }, or {} to clear it.");
  return parseMove(x);
}

export function parseDraw(x: unknown): Result<OfferAction, ProtocolError> {
  const action = isObject(x) ? x.action : undefined;
  if (action !== "offer" && action !== "accept" && action !== "decline")
    return bad(`draw needs { action: "offer" | "accept" | "decline" }.`);
  return ok(action);
}

export function parseTakeback(x: unknown): Result<TakebackAction, ProtocolError> {
  const action = isObject(x) ? x.action : undefined;
  if (action !== "request" && action !== "accept" && action !== "decline")
    return bad(`takeback needs { action: "request" | "accept" | "decline" }.`);
  return ok(action);
}

export function parseRematch(x: unknown): Result<RematchAction, ProtocolError> {
  if (x === undefined || x === null) return ok("offer");
  const action = isObject(x) ? (x.action ?? "offer") : undefined;
  if (action !== "offer" && action !== "accept" && action !== "decline")
    return bad(`playAgain takes { action?: "offer" | "accept" | "decline" }.`);
  return ok(action);
}

export function parseSay(x: unknown): Result<Phrase, ProtocolError> {
  const phrase = isObject(x) ? x.phrase : undefined;
  if (!PHRASES.includes(phrase as Phrase))
    return bad(`say needs { phrase } with one of ${PHRASES.join(", ")}.`);
  return ok(phrase as Phrase);
}

export function parseRulesMessage(x: unknown): Result<unknown, ProtocolError> {
  const rules = isObject(x) ? x.rules : undefined;
  if (!isObject(rules)) return bad("rules needs { rules: { ... } }.");
  return ok(rules);
}

/** The most tables one `POST /api/tables/mine` may ask about. */
export const MY_TABLES_MAX = 20;

/** One table the browser holds a seat token for: the body of `POST /api/tables/mine` lists them. */
export interface MyTableQuery {
  readonly id: string;
  readonly seatToken: string;
}

/** A table still in play where a seat token holds seats: the answer of `POST /api/tables/mine`. */
export interface MyTable {
  readonly id: string;
  readonly game: GameId;
  /** How the table came to be (a quick-play table starts by itself). */
  readonly mode: Mode;
  /** "teams" or "individual" in four-player chess, "" in xiangqi. */
  readonly format: Format | "";
  /** "waiting" or "playing" (finished games are not listed). */
  readonly phase: "waiting" | "playing";
  /** The seats the token holds (two on a hot-seat table). */
  readonly seats: readonly number[];
  /** Entries in the current game's move list (0 while waiting). */
  readonly moves: number;
  /** Seat to move (-1 while waiting). */
  readonly turn: number;
  readonly private: boolean;
}

/** The body of `POST /api/tables/mine`: `{ tables: [{ id, seatToken }] }`, nothing else. */
export function parseMyTables(x: unknown): Result<readonly MyTableQuery[], ProtocolError> {
  const usage = `tables/mine needs { tables: [{ id, seatToken }] } with at most ${MY_TABLES_MAX} entries.`;
  if (!isObject(x) || !Array.isArray(x.tables) || Object.keys(x).length !== 1) return bad(usage);
  if (x.tables.length > MY_TABLES_MAX) return bad(usage);
  const tables: MyTableQuery[] = [];
  for (const [i, e] of x.tables.entries()) {
    if (!isObject(e) || Object.keys(e).length !== 2) return bad(`tables[${i}]: ${usage}`);
    const { id, seatToken } = e;
    if (typeof id !== "string" || !TABLE_ID.test(id))
      return bad(`tables[${i}].id is not a table id.`);
    if (typeof seatToken !== "string" || !SEAT_TOKEN.test(seatToken))
      return bad(`tables[${i}].seatToken is not a seat token.`);
    tables.push({ id, seatToken });
  }
  return ok(tables);
}
