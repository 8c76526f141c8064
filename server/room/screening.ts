/**
 * Frames screened before Colyseus 0.16 decodes them: every frame a client sends passes the frame
 * guard (size, rate, penalties) in `_onMessage`, a handler that throws changes nothing and is
 * logged, and connections that stop reading what they are sent are dropped between messages.
 */
import type { Socket } from "node:net";
import { type Client, ClientState, Protocol, Room } from "@colyseus/core";
import { refusal } from "../../shared/core/errors";
import { type ClientMessage, isClientMessage } from "../../shared/protocol/messages";
import { FrameGuard } from "../edge/frameGuard";
import type { GuardLimits } from "../edge/guard";
import type { PenaltyBox } from "../edge/penalty";
import type { AbuseLog } from "../ops/log";
import { refuse } from "../table/connection";

export abstract class ScreenedRoom<State extends object> extends Room<State> {
  private guard: FrameGuard | null = null;

  /**
   * Screens every frame from now on and hands each client message to `handle`, answering types
   * that are none. One handler for all types: Colyseus keeps a handler object, and here a
   * closure, per type and room, about 2 KB a table for the protocol's 14 types.
   */
  protected screen(
    config: {
      readonly guard: GuardLimits;
      readonly abuse: AbuseLog;
      readonly penalties: PenaltyBox;
    },
    handle: (client: Client, type: ClientMessage, payload: unknown) => void,
  ): void {
    const guard = new FrameGuard({
      limits: config.guard,
      abuse: config.abuse,
      penalties: config.penalties,
      table: () => this.roomId,
    });
    this.guard = guard;
    // Unknown types are answered by the frame guard before Colyseus dispatches; the check here
    // only keeps Colyseus from disconnecting anything that would still slip through.
    this.onMessage("*", (client, type, payload) => {
      if (typeof type === "string" && isClientMessage(type)) handle(client, type, payload);
      else refuse(client, typeof type === "string" ? type : "", refusal("message/unknown"));
    });
    this.clock.setInterval(() => guard.sweep(this.clients), 2000);
  }

  /**
   * The client's answer to JOIN_ROOM, handled as Colyseus 0.16 handles it (joined; the whole
   * state, then what was queued for it) except that the queue is emptied, not deleted: deleting
   * a property of the connection's object turns it into a dictionary, about 800 bytes a
   * connection for as long as it stays.
   */
  private joinAnswered(client: Parameters<Room["_onMessage"]>[0]): void {
    const c = client as typeof client & { _enqueuedMessages?: Buffer[]; _joinedAt: number };
    c.state = ClientState.JOINED;
    c._joinedAt = this.clock.elapsedTime;
    if (this.state) this.sendFullState(client);
    const queued = c._enqueuedMessages;
    c._enqueuedMessages = undefined;
    for (const bytes of queued ?? []) client.raw(bytes);
  }

  /** A frame the guard has admitted already (one held back a while), straight to Colyseus. */
  protected admitted(client: Parameters<Room["_onMessage"]>[0], buffer: Buffer): void {
    corkFor(client);
    if (buffer[0] === Protocol.JOIN_ROOM && client.state === ClientState.JOINING)
      this.joinAnswered(client);
    else super._onMessage(client, buffer);
  }

  protected override _onMessage(client: Parameters<Room["_onMessage"]>[0], buffer: Buffer): void {
    if (this.guard && !this.guard.admit(client, buffer)) return;
    corkFor(client);
    try {
      if (buffer[0] === Protocol.JOIN_ROOM && client.state === ClientState.JOINING)
        this.joinAnswered(client);
      else super._onMessage(client, buffer);
    } catch (e) {
      // A handler that throws must not take the server down; the message changes nothing, and
      // what the sender chose is logged once per window, with no stack.
      if (!this.guard) throw e;
      this.guard.failed(client, e);
    }
  }
}

/**
 * Holds what the handling of one frame sends to its sender in the socket, and lets it go as one
 * write once the handling is done (the current tick): a join's answer (its whole state and the
 * messages queued for it) or `hello`'s (seat tokens, welcome) are several frames, and each write
 * is a system call.
 */
function corkFor(client: Parameters<Room["_onMessage"]>[0]): void {
  const socket = (client as { ref?: { _socket?: Socket } }).ref?._socket;
  if (!socket || socket.destroyed) return;
  socket.cork();
  process.nextTick(() => socket.uncork());
}
