/**
 * A table's view of a connection: something it can send to and keep a little on. The
 * transport's own client (Colyseus' `Client`) is one as it is; tests pass plain objects.
 */

import type { AnyParams, Refusal } from "../../shared/core/errors";
import { quote } from "../../shared/core/quote";
import { type Match, seatsOf } from "../../shared/match/match";
import { SERVER_MESSAGES, type ServerPayloads } from "../../shared/protocol/messages";

export interface Connection {
  send(type: string, message?: unknown): void;
  userData?: unknown;
}

/** What a table keeps on each of its connections. */
export interface UserData {
  player: string;
  spectator: boolean;
  /** The client joined with a seat token this table does not know. */
  tokenRefused: boolean;
  /** A hint is being worked out for this connection (a new ask replaces it). */
  hinting: boolean;
  /** When this connection said its latest phrases (ms), for the rate of table talk. */
  said?: number[];
}

export type { Refusal };

/** A join the table refuses (the transport answers the join with the refusal). */
export class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super(`${refusal.code}: ${refusal.message}`);
  }
}

type Named = Connection & { name?: string };

export function userOf(c: Connection): UserData | undefined {
  return c.userData as UserData | undefined;
}

/**
 * Where a connection came from, as the server worked it out when its socket opened (behind a
 * trusted proxy, the forwarded address); "" when unknown (a test's plain object).
 */
export function addressOf(c: Connection): string {
  const address = (c as Connection & { ref?: { clientAddress?: unknown } }).ref?.clientAddress;
  return typeof address === "string" ? address : "";
}

export function nameOf(c: Connection): string {
  return (c as Named).name ?? "";
}

export function setName(c: Connection, name: string): void {
  (c as Named).name = name;
}

/**
 * Answers a refused request. The request's type and the params may be what the client sent, so
 * only a short, well-formed piece of each goes back; the message is cut too, as a last guard
 * for a refusal whose sentence was built from client text.
 */
export function refuse(c: Connection, request: string, error: Refusal): void {
  c.send(SERVER_MESSAGES.error, {
    code: error.code,
    message: quote(error.message, MESSAGE_POINTS),
    request: quote(request),
    ...(error.params && { params: quotedParams(error.params) }),
  } satisfies ServerPayloads["error"]);
}

/** Longer than any sentence of the catalogue with its params filled. */
const MESSAGE_POINTS = 400;

function quotedParams(params: AnyParams): AnyParams {
  return Object.fromEntries(
    Object.entries(params).map(([k, v]) => [k, typeof v === "string" ? quote(v) : v]),
  );
}

/** Connections that hold no seat in the match. */
export function spectatorCount(connections: readonly Connection[], match: Match): number {
  return connections.filter((c) => {
    const u = userOf(c);
    return u && seatsOf(match, u.player).length === 0;
  }).length;
}

/** The names of the first `max` connections that hold no seat, in the order they came. */
export function watcherNames(
  connections: readonly Connection[],
  match: Match,
  max: number,
): string[] {
  const names: string[] = [];
  for (const c of connections) {
    if (names.length >= max) break;
    const u = userOf(c);
    if (u && seatsOf(match, u.player).length === 0) names.push(nameOf(c));
  }
  return names;
}
