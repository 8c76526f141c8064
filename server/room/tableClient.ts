/** What a table keeps on each of its connections, and how it answers one. */
import { type Client, ErrorCode, ServerError } from "@colyseus/core";
import type { Failure } from "../../shared/core/result";
import { type Match, seatsOf } from "../../shared/match/match";
import { SERVER_MESSAGES } from "../../shared/protocol/messages";

export interface UserData {
  player: string;
  spectator: boolean;
  /** The client joined with a seat token this table does not know. */
  tokenRefused: boolean;
  /** A hint is being worked out for this connection. */
  hinting: boolean;
}

/** Why a request changed nothing: a code and a sentence, sent back to the client. */
export type Refusal = Failure;

type Named = Client & { name?: string };

export function userOf(client: Client): UserData | undefined {
  return client.userData as UserData | undefined;
}

export function nameOf(client: Client): string {
  return (client as Named).name ?? "Player";
}

export function setName(client: Client, name: string): void {
  (client as Named).name = name;
}

export function refuse(client: Client, request: string, error: Refusal): void {
  client.send(SERVER_MESSAGES.error, { code: error.code, message: error.message, request });
}

/** A refused create or join: the client's matchmaking call fails with this reason. */
export function joinError(error: Refusal): ServerError {
  return new ServerError(ErrorCode.APPLICATION_ERROR, `${error.code}: ${error.message}`);
}

/** Connections that hold no seat in the match. */
export function spectatorCount(clients: readonly Client[], match: Match): number {
  return clients.filter((c) => {
    const u = userOf(c);
    return u && seatsOf(match, u.player).length === 0;
  }).length;
}
