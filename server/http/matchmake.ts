/**
 * The matchmaking routes (`POST /matchmake/<method>/<room or id>`), served here rather than by
 * Colyseus' own listener so that each request is bounded before the matchmaker sees it: the
 * exact route, POST only, a small JSON object body, the caller's own origin (or a configured
 * one), and a budget per client address that every method draws on, reconnection included. A
 * failed reconnection answers the same whether or not the table exists, so table codes cannot
 * be probed through it. Answers keep the shape colyseus.js reads: the seat reservation, or
 * `{ code, error }`.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { ErrorCode, matchMaker, ServerError } from "@colyseus/core";
import type { ErrorCode as RefusalCode } from "../../shared/core/errors";
import { quote } from "../../shared/core/quote";
import { RECONNECTION_TOKEN, ROOM_NAME } from "../../shared/protocol/messages";
import { clientAddress, type Trust } from "../edge/address";
import { corsFor } from "../edge/origin";
import type { PenaltyBox } from "../edge/penalty";
import type { Limiter } from "../edge/ratelimit";
import type { AbuseLog } from "../ops/log";
import { joinError } from "../room/tableClient";
import type { Refusal } from "../table/connection";

const ROUTE = /^\/matchmake\/(joinOrCreate|create|join|joinById|reconnect)\/([A-Za-z0-9_-]{1,64})$/;
/** The largest matchmaking request body accepted (join options are small). */
export const MAX_MATCHMAKE_BODY = 8 * 1024;
/** The one answer to a reconnection that fails, whatever the reason. */
export const RECONNECT_FAILED = {
  code: 4212,
  error: "Cannot reconnect: the table is gone or the reconnection token is not valid.",
};

export interface MatchmakeOptions {
  /** Matchmaking calls per address: this process's own, or shared through Redis. */
  readonly limiter: Limiter;
  readonly trust: Trust;
  /** Origins besides the server's own that may call the matchmaker from a browser. */
  readonly origins: readonly string[];
  readonly abuse: AbuseLog;
  readonly penalties: PenaltyBox;
  /** The server is stopping: no new tables or joins. */
  readonly stopping: () => boolean;
  /** Redis, which every process's matchmaking needs, can be used now (always, for one). */
  readonly redisUp?: () => boolean;
  /** Brings a parked table back into a room: true once a room holds it. */
  readonly revive?: (id: string) => Promise<boolean>;
}

/** A matchmaking call is answered within this long, whatever the processes behind it do. */
const MATCHMAKE_DEADLINE_MS = 8000;

/** A refusal as colyseus.js reads it: a code of the catalogue, and its sentence as `error`. */
const refused = (code: RefusalCode, error: string) => ({ code, error });

function send(res: ServerResponse, status: number, body: unknown, headers = {}): void {
  if (res.headersSent) return;
  res.writeHead(status, { "Content-Type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

/** Handles the request if it is for the matchmaker; false lets the web app have it. */
export function handleMatchmake(
  req: IncomingMessage,
  res: ServerResponse,
  opts: MatchmakeOptions,
): boolean {
  const path = (req.url ?? "").split("?")[0] ?? "";
  if (!path.startsWith("/matchmake/") && path !== "/matchmake") return false;
  const address = clientAddress(req, opts.trust);
  const call = screenCall(req, res, opts, path, address);
  if (!call) return true;
  const now = Date.now();
  const refuse = (kind: string, code: number, error: string) => {
    opts.abuse.report(kind, address);
    send(res, 429, { code, error }, call.cors);
  };
  if (opts.penalties.has(address, now)) {
    // The catalogue's code first in the text, as on a refused join, for the browser to read.
    refuse(
      "matchmake-penalised",
      4291,
      "rate/limited: This address was cut off for flooding; wait a minute.",
    );
    return true;
  }
  const proceed = (allowed: boolean) => {
    if (allowed) answer(req, res, call, address);
    else
      refuse(
        "matchmake-rate",
        4290,
        "rate/limited: Too many table requests from this address; wait a minute.",
      );
  };
  // Shared between processes the budget is kept in Redis; the body waits unread meanwhile.
  const allowed = opts.limiter.take(address, now);
  if (typeof allowed === "boolean") proceed(allowed);
  else void allowed.then(proceed, () => proceed(true));
  return true;
}

/** A matchmaking call that passed the checks that need no budget. */
interface Call {
  readonly method: string;
  readonly room: string;
  readonly cors: Record<string, string>;
  readonly revive: ((id: string) => Promise<boolean>) | undefined;
}

/**
 * Answers what can be answered before the call's budget is drawn (the server stopping, a
 * foreign origin, a preflight, Redis away, an unknown route or method): null when answered,
 * else the call.
 */
function screenCall(
  req: IncomingMessage,
  res: ServerResponse,
  opts: MatchmakeOptions,
  path: string,
  address: string,
): Call | null {
  if (opts.stopping() || matchMaker.state === matchMaker.MatchMakerState.SHUTTING_DOWN) {
    send(res, 503, refused("server/stopping", "The server is stopping; try again shortly."));
    return null;
  }
  const cors = corsFor(req, opts.origins);
  if (cors === null) {
    opts.abuse.report("matchmake-origin", address, {
      origin: String(req.headers.origin).slice(0, 100),
    });
    send(res, 403, refused("http/origin", "This origin may not use the matchmaker."));
    return null;
  }
  if (req.method === "OPTIONS") {
    res.writeHead(204, cors);
    res.end();
    return null;
  }
  if (opts.redisUp && !opts.redisUp()) {
    send(
      res,
      503,
      // The code first, as a table's refusals put it, for the browser to read.
      refused(
        "server/unavailable",
        "server/unavailable: Tables cannot be reached right now; try again shortly.",
      ),
      { ...cors, "Retry-After": "5" },
    );
    return null;
  }
  const route = ROUTE.exec(path);
  if (!route) {
    send(res, 404, refused("http/not-found", "No such matchmaking route."), cors);
    return null;
  }
  if (req.method !== "POST") {
    send(res, 405, refused("http/method", "The matchmaker takes POST."), {
      ...cors,
      Allow: "POST",
    });
    return null;
  }
  const [, method, room] = route as unknown as [string, string, string];
  return { method, room, cors, revive: opts.revive };
}

/** Reads the body and answers with the matchmaker's answer, within MATCHMAKE_DEADLINE_MS. */
function answer(req: IncomingMessage, res: ServerResponse, call: Call, address: string): void {
  const { method, room, cors } = call;
  readBody(req, res, cors, (options) => {
    // Quick-play tables are the pools' own (POST /api/quickplay): one made by hand, with rules
    // of its own, would be a table strangers are sent to outside every pool.
    if (options.mode === "quick" && (method === "create" || method === "joinOrCreate")) {
      send(
        res,
        400,
        refused(
          "payload/invalid",
          "payload/invalid: Quick-play tables are opened by quick play (POST /api/quickplay).",
        ),
        cors,
      );
      return;
    }
    const deadline = setTimeout(() => {
      send(
        res,
        503,
        refused(
          "server/unavailable",
          "server/unavailable: The table did not answer in time; try again.",
        ),
        { ...cors, "Retry-After": "5" },
      );
    }, MATCHMAKE_DEADLINE_MS);
    void invoke(method, room, options, req, address, call.revive)
      .then(
        (answer) => send(res, 200, answer, cors),
        (e: { code?: unknown; message?: unknown }) => {
          if (method === "reconnect") send(res, 200, RECONNECT_FAILED, cors);
          else send(res, 200, { code: codeOf(e), error: quote(e.message, 300) }, cors);
        },
      )
      .finally(() => clearTimeout(deadline));
  });
}

/**
 * The code of a failed matchmaking call: the matchmaker's own, or for a table whose process
 * does not answer (it died; the table comes back when a process starts) the same as for a
 * table that is not there, 4212, which tells a browser to keep trying.
 */
function codeOf(e: { code?: unknown; message?: unknown }): number {
  const message = String(e.message);
  if (/^process \S+ is not available|^remote room \(\S+\) timed out/.test(message)) return 4212;
  return typeof e.code === "number" ? e.code : 4213;
}

function readBody(
  req: IncomingMessage,
  res: ServerResponse,
  cors: Record<string, string>,
  then: (body: Record<string, unknown>) => void,
): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let done = false;
  req.on("data", (chunk: Buffer) => {
    if (done) return;
    size += chunk.length;
    if (size > MAX_MATCHMAKE_BODY) {
      done = true;
      send(res, 413, refused("payload/too-large", "The request body is too large."), {
        ...cors,
        Connection: "close",
      });
      req.destroy();
      return;
    }
    chunks.push(chunk);
  });
  req.on("end", () => {
    if (done) return;
    done = true;
    let body: unknown;
    try {
      const raw = Buffer.concat(chunks).toString("utf8");
      body = raw === "" ? {} : JSON.parse(raw);
    } catch {
      send(res, 400, refused("payload/invalid", "The body is not JSON."), cors);
      return;
    }
    if (body === null || typeof body !== "object" || Array.isArray(body)) {
      send(res, 400, refused("payload/invalid", "The body must be a JSON object."), cors);
      return;
    }
    then(body as Record<string, unknown>);
  });
  req.on("error", () => {
    done = true;
  });
}

function invoke(
  method: string,
  room: string,
  options: Record<string, unknown>,
  req: IncomingMessage,
  ip: string,
  revive?: (id: string) => Promise<boolean>,
): Promise<unknown> {
  if (method === "joinById") return joinById(room, options, ip, revive);
  if (method === "reconnect") return reconnect(room, options);
  const auth = req.headers.authorization;
  return matchMaker.controller.invokeMethod(method, room, options, {
    token: auth?.startsWith("Bearer ") ? auth.slice(7) : undefined,
    headers: req.headers,
    ip,
    req,
  } as never);
}

/**
 * Joining a table by its id or code, bringing it back first when it is parked. The table itself takes or refuses the seat reservation
 * (server/table/admission.ts) and says why not; Colyseus' own `joinById` would refuse a table whose
 * unused reservations had locked it, seat-token holders included, with no reason to show.
 */
async function joinById(
  roomId: string,
  options: Record<string, unknown>,
  address: string,
  revive?: (id: string) => Promise<boolean>,
): Promise<unknown> {
  let listing = await listingOf(roomId);
  // Nobody was at the table: it waits in the store and comes back for this join.
  if (!listing && revive && (await revive(roomId))) listing = await listingOf(roomId);
  if (!listing || listing.name !== ROOM_NAME)
    throw new ServerError(ErrorCode.MATCHMAKE_INVALID_ROOM_ID, `room "${roomId}" not found`);
  // The connection this person dropped, when the table still holds it: resumed (the same
  // session, seat and all) by this one call; otherwise the seat token or the stands, below.
  const held = await heldSession(roomId, options.reconnectionToken);
  if (held) return { room: listing, sessionId: held.sessionId, reconnectionToken: held.token };
  const answer = await matchMaker.remoteRoomCall<{ sessionId: string } | { refusal: Refusal }>(
    roomId,
    "reserveFor",
    [options, address],
  );
  if ("refusal" in answer) throw joinError(answer.refusal);
  return { room: listing, sessionId: answer.sessionId };
}

/**
 * The session a table holds for this reconnection token (a dropped connection within its hold),
 * or null. A join by id may carry the token of the connection that dropped beside its seat token
 * (`reconnectionToken`, the part after the colon of colyseus.js's `room.reconnectionToken`), so
 * that a browser comes back in one call whether the table held its connection (a network that
 * dropped) or not (the server restarted, or the hold is over). A token of any other shape is
 * refused, as any malformed join option.
 */
async function heldSession(
  roomId: string,
  token: unknown,
): Promise<{ sessionId: string; token: string } | null> {
  if (token === undefined || token === null) return null;
  if (typeof token !== "string" || !RECONNECTION_TOKEN.test(token))
    throw joinError({
      code: "payload/invalid",
      message: "reconnectionToken is not a reconnection token.",
    });
  const sessionId = await matchMaker.remoteRoomCall<string | false | undefined>(
    roomId,
    "checkReconnectionToken",
    [token],
  );
  return sessionId ? { sessionId, token } : null;
}

/**
 * A table's listing: this process's own room's at once, else the driver's (a table of another
 * process, through Redis). Colyseus' in-process driver finds a room by copying and scanning the
 * list of every room, once per call: after a restart, thousands of players coming back at
 * thousands of tables made that a quadratic cost.
 */
function listingOf(roomId: string): ReturnType<typeof matchMaker.getRoomById> {
  const local = matchMaker.getLocalRoomById(roomId);
  return local ? Promise.resolve(local.listing) : matchMaker.getRoomById(roomId);
}

/**
 * Colyseus' `reconnect` (a held connection's token), with the table found by listingOf; every
 * failure is the one RECONNECT_FAILED.
 */
async function reconnect(roomId: string, options: Record<string, unknown>): Promise<unknown> {
  const listing = await listingOf(roomId);
  const token = options.reconnectionToken;
  if (!listing || typeof token !== "string" || token === "") return RECONNECT_FAILED;
  const sessionId = await matchMaker.remoteRoomCall<string | false>(
    roomId,
    "checkReconnectionToken",
    [token],
  );
  // Every connection tries its token first after a restart, when none is held: answered
  // without an error object (and its stack) each time.
  return sessionId ? { room: listing, sessionId } : RECONNECT_FAILED;
}
