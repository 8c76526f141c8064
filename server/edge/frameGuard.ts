/**
 * Every frame a client sends passes here before Colyseus decodes it: it counts against the
 * sender's budget whatever it is. Over budget it is ignored (the sender is told once a second);
 * a sender that keeps on, or does not read its socket, is disconnected. Only the table's own
 * message types go on to Colyseus, whose handler table also holds "*", its fallback and
 * Object.prototype's names, and only with a payload of plain values: Colyseus answers one its
 * decoder throws on by cutting the connection and logging a stack trace.
 */
import type { Client } from "@colyseus/core";
import { Protocol } from "@colyseus/core";
import { decode } from "@colyseus/schema";
import { refusal } from "../../shared/core/errors";
import { isClientMessage } from "../../shared/protocol/messages";
import type { AbuseLog } from "../ops/log";
import { refuse } from "../table/connection";
import { type GuardLimits, MessageGuard } from "./guard";
import type { PenaltyBox } from "./penalty";
import { isPlainPayload } from "./plainPayload";

export interface FrameGuardOptions {
  readonly limits: GuardLimits;
  readonly abuse: AbuseLog;
  readonly penalties: PenaltyBox;
  /** The table's id, for the abuse log. */
  readonly table: () => string;
}

export class FrameGuard {
  private readonly budgets: MessageGuard;

  constructor(private readonly options: FrameGuardOptions) {
    this.budgets = new MessageGuard(options.limits);
  }

  /** Whether Colyseus may handle the frame; when not, the sender was answered or dropped. */
  admit(client: Client, buffer: Buffer): boolean {
    const verdict = this.budgets.admit(client, bufferedOf(client), Date.now());
    if (verdict.kind === "drop") {
      this.drop(client, verdict.reason);
      return false;
    }
    if (verdict.kind === "refuse") {
      if (verdict.tell) refuse(client, "", refusal("rate/limited"));
      return false;
    }
    const read = messageType(buffer);
    if (read === null) return true;
    const type = String(read.type);
    if (typeof read.type !== "string" || !isClientMessage(read.type)) {
      refuse(client, type, refusal("message/unknown"));
      return false;
    }
    // No table message is raw bytes; the others must decode to plain values.
    if (buffer[0] === Protocol.ROOM_DATA_BYTES || !isPlainPayload(buffer, read.offset)) {
      this.malformed(client, type);
      return false;
    }
    return true;
  }

  /**
   * A handler threw on a message that passed every check: the message changed nothing, and the
   * log says so once per address and window, without the stack (the sender chose the input).
   */
  failed(client: Client, error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    this.options.abuse.report("message-failed", addressOf(client), {
      table: this.options.table(),
      error: message.slice(0, 200),
    });
  }

  /** A payload that is not plain values: answered, and reported once per window. */
  private malformed(client: Client, type: string): void {
    this.options.abuse.report("bad-frame", addressOf(client), {
      table: this.options.table(),
      reason: "payload is not plain values",
    });
    refuse(client, type, refusal("payload/invalid"));
  }

  /** Drops the connections that stopped reading what they are sent. */
  sweep(clients: readonly Client[]): void {
    for (const client of clients)
      if (this.budgets.backedUp(bufferedOf(client))) this.drop(client, "slow-reader");
  }

  /**
   * Cuts the connection at once: a flooder or a client that does not read would not read a
   * closing handshake either, and the server would go on receiving its frames meanwhile.
   */
  private drop(client: Client, reason: "flood" | "slow-reader"): void {
    const address = addressOf(client);
    this.options.abuse.report(reason, address, { table: this.options.table() });
    if (reason === "flood") this.options.penalties.add(address, Date.now());
    (client as Client & { ref?: { terminate?: () => void } }).ref?.terminate?.();
  }
}

function bufferedOf(client: Client): number {
  return (client as Client & { ref?: { bufferedAmount?: number } }).ref?.bufferedAmount ?? 0;
}

/** The client's address, as the server worked it out when the socket opened. */
function addressOf(client: Client): string {
  const ref = (client as Client & { ref?: { clientAddress?: string } }).ref;
  return ref?.clientAddress ?? "";
}

/**
 * The type of a data message (a string or a number) and where its payload starts, or null for
 * the protocol's own frames.
 */
function messageType(buffer: Buffer): { type: string | number; offset: number } | null {
  const code = buffer[0];
  if (code !== Protocol.ROOM_DATA && code !== Protocol.ROOM_DATA_BYTES) return null;
  const it = { offset: 1 };
  try {
    const type = decode.stringCheck(buffer, it)
      ? decode.string(buffer, it)
      : decode.number(buffer, it);
    return { type, offset: it.offset };
  } catch {
    return { type: "", offset: buffer.length };
  }
}
