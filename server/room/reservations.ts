/**
 * Seat reservations under the table's own admission. Colyseus 0.16 reserves a seat for every
 * matchmaking call (create, join by criteria) and counts reservations against `maxClients`; a
 * table instead decides each one by who asks (seat or spectator, the caller's address) and what
 * is already pending, so these overrides route every reservation through `admit`.
 */
import { type AuthContext, ErrorCode, ServerError } from "@colyseus/core";
import type { Result } from "../../shared/core/result";
import { type JoinOptions, parseJoinOptions } from "../../shared/protocol/messages";
import type { Pending } from "../table/admission";
import type { Refusal } from "../table/connection";
import { randomId } from "../table/tokens";
import { ScreenedRoom } from "./screening";

/** How malformed join options count until onJoin refuses them. */
const WATCHER: JoinOptions = {
  name: "",
  spectate: true,
  seatToken: null,
  seat: null,
  playerKey: null,
};

/** A reservation refused because the room is closing. */
const CLOSING: Refusal = { code: "table/closing", message: "This table is closing." };

export abstract class AdmittingRoom<State extends object> extends ScreenedRoom<State> {
  /** Set when the room is disposed: it takes no one any more. */
  protected closed = false;

  /** Whether these options from this address may have a reservation, given those pending. */
  protected abstract admit(
    opts: JoinOptions,
    address: string,
    pending: readonly Pending[],
  ): Result<Pending, Refusal>;

  /** The address of a matchmaking call Colyseus handles, for the reservation it makes. */
  static override async onAuth(
    _token: string,
    _options: unknown,
    context: AuthContext,
  ): Promise<{ address: string }> {
    return { address: String(context?.ip ?? "") };
  }

  /** Only a closing room is full: who else gets in is decided in `_reserveSeat`. */
  override hasReachedMaxClients(): boolean {
    return this.closed;
  }

  /**
   * Every seat reservation Colyseus makes passes `admit` too, under the caller's address
   * (onAuth); a held connection's reconnection keeps its own.
   */
  protected override async _reserveSeat(
    sessionId: string,
    joinOptions?: unknown,
    authData?: unknown,
    seconds?: number,
    allowReconnection = false,
    devModeReconnection?: boolean,
  ): Promise<boolean> {
    if (allowReconnection)
      return super._reserveSeat(
        sessionId,
        joinOptions,
        authData,
        seconds,
        true,
        devModeReconnection,
      );
    const parsed = parseJoinOptions(joinOptions);
    // Malformed options are refused by onJoin, with their reason; until then they only watch.
    const opts = parsed.ok ? parsed.value : WATCHER;
    const address = (authData as { address?: unknown } | undefined)?.address;
    return (await this.reserve(sessionId, joinOptions, opts, String(address ?? ""))) === null;
  }

  /**
   * A join by id (server/http/matchmake.ts): a reservation for these options from this
   * address, or the reason there is none.
   */
  async reserveFor(
    options: unknown,
    address: string,
  ): Promise<{ sessionId: string } | { refusal: Refusal }> {
    const parsed = parseJoinOptions(options);
    if (!parsed.ok) return { refusal: parsed.error };
    // Colyseus' ids are 9 of nanoid's characters; these are 10 of the same alphabet.
    const sessionId = randomId(7);
    const refusal = await this.reserve(sessionId, options, parsed.value, String(address));
    if (refusal === CLOSING)
      throw new ServerError(ErrorCode.MATCHMAKE_INVALID_ROOM_ID, `room "${this.roomId}" not found`);
    return refusal ? { refusal } : { sessionId };
  }

  private async reserve(
    sessionId: string,
    raw: unknown,
    opts: JoinOptions,
    address: string,
  ): Promise<Refusal | null> {
    const pending: Pending[] = [];
    for (const [, auth, consumed, reconnection] of Object.values(this.reservedSeats))
      if (!consumed && !reconnection && auth) pending.push(auth as Pending);
    const r = this.admit(opts, address, pending);
    if (!r.ok) return r.error;
    return (await super._reserveSeat(sessionId, raw, r.value)) ? null : CLOSING;
  }
}
