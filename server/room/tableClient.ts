/** How the room answers a join the table refuses. */
import { ErrorCode, ServerError } from "@colyseus/core";
import type { Refusal } from "../table/connection";

/** A refused create or join: the client's matchmaking call fails with this reason. */
export function joinError(error: Refusal): ServerError {
  return new ServerError(ErrorCode.APPLICATION_ERROR, `${error.code}: ${error.message}`);
}
