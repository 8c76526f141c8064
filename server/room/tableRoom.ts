/**
 * The `table` room: Colyseus' side of a table (server/table/table.ts). It takes the table's id
 * (opening.ts), hands messages, joins and leaves to the table, reserves seats by the table's
 * admission (reservations.ts), and publishes the table's changes as schema patches — none
 * before the writes they show are stored. Everything Colyseus 0.16 needs worked around lives in
 * this folder: the `broadcastPatch` gate with `patchRate = 0`, the clock driven by `driveClock`
 * and the deferred first state here, the screened `_onMessage` in screening.ts, the reservation
 * overrides in reservations.ts.
 */
import { type Client, ClientState, Protocol, type Room } from "@colyseus/core";
import { refusal } from "../../shared/core/errors";
import type { Result } from "../../shared/core/result";
import {
  type JoinOptions,
  type MyTable,
  parseJoinOptions,
  SERVER_MESSAGES,
} from "../../shared/protocol/messages";
import type { PlayerRecord } from "../store/types";
import { type Pending, RESERVATION_SECONDS } from "../table/admission";
import { type Refusal, Refused, refuse, userOf } from "../table/connection";
import { listingOf } from "../table/listing";
import type { HoldAnswer } from "../table/seatHolds";
import { STORE_DOWN, Table } from "../table/table";
import { hashKey } from "../table/tokens";
import { releaseCode } from "./codes";
import type { TableConfig } from "./config";
import { leanBuffers } from "./encodeBuffers";
import { openingOf, takeTableId } from "./opening";
import { AdmittingRoom } from "./reservations";
import { driveClock } from "./roomClock";
import { TableSchema } from "./state";
import { syncState } from "./sync";
import { joinError } from "./tableClient";

/** A connection as Colyseus hands it to `_onMessage`. */
type Joining = Parameters<Room["_onMessage"]>[0];

export class TableRoom extends AdmittingRoom<TableSchema> {
  override state = new TableSchema();
  /** No patch interval: every change is sent at once (`flushSoon`), the clock runs itself. */
  override patchRate = 0;
  private config!: TableConfig;
  private table!: Table;
  private code: string | null = null;
  private flushing = false;
  /** The listing last written (JSON), so that a move, which changes none of it, writes nothing. */
  private listed = "";
  /** Messages to send once the changes made so far are shown. */
  private afterPatch: [type: string, message: unknown][] = [];
  /** Connections whose answer to JOIN_ROOM waits for the writes in flight (`_onMessage`). */
  private joining: [client: Joining, buffer: Buffer][] = [];

  override async onCreate(raw: Record<string, unknown>): Promise<void> {
    try {
      await this.open(raw);
    } catch (e) {
      // A table refused (the store cannot take it, options a table cannot have): Colyseus
      // keeps the room it made until a first reservation would have expired; it goes now.
      this.resetAutoDisposeTimeout(0);
      throw e;
    }
  }

  private async open(raw: Record<string, unknown>): Promise<void> {
    driveClock(this.clock);
    leanBuffers(this);
    this.config = raw.server as TableConfig;
    const opening = openingOf(raw, this.config);
    const { options, restoring } = opening;
    this.setSeatReservationTime(RESERVATION_SECONDS);
    this.code = await takeTableId(this, opening, this.config);
    if (!restoring) await this.config.claim?.(this.roomId);
    const seed = restoring ? undefined : this.config.cpuSeed?.();
    this.table = new Table({
      id: this.roomId,
      options,
      rules: opening.rules,
      store: this.config.store,
      bots: this.config.bots,
      timers: this.clock,
      now: Date.now,
      connections: () => this.clients,
      graceMs: this.config.graceMs,
      quickWaitMs: this.config.quickWaitMs,
      timerSecondMs: this.config.timerSecondMs,
      maxSpectators: this.config.maxSpectators,
      parking: this.config.parking,
      ...(seed !== undefined ? { seed } : {}),
      ...(restoring ? { restoring } : {}),
      ...(this.config.onCommit ? { onCommit: this.config.onCommit } : {}),
      ...(this.config.archiveBudget ? { archiveBudget: this.config.archiveBudget } : {}),
      sink: {
        changed: () => this.refresh(),
        stored: () => this.flushSoon(),
        broadcast: (type, message, afterChanges) => {
          if (afterChanges) this.afterPatch.push([type, message]);
          else this.broadcast(type, message);
        },
      },
    });
    // What listings and the monitor show. Who gets in is decided per reservation (_reserveSeat),
    // never by Colyseus' count, which would lock the table once unused reservations reached it.
    this.maxClients = this.table.seats + this.config.maxSpectators;
    this.screen(this.config, (client, type, payload) => {
      const problem = this.table.request(type, client, payload);
      if (problem) refuse(client, type, problem);
    });
    this.refresh();
  }

  override async onJoin(client: Client, raw: Record<string, unknown>): Promise<void> {
    const parsed = parseJoinOptions(raw);
    if (!parsed.ok) throw joinError(parsed.error);
    const address = (client.auth as { address?: string } | undefined)?.address ?? "";
    const key = parsed.value.playerKey;
    let player: PlayerRecord | null = null;
    if (key) {
      try {
        player = await this.config.store.playerByKey(hashKey(key));
      } catch {
        throw joinError(STORE_DOWN);
      }
      if (!player) throw joinError(refusal("player/unknown"));
    }
    try {
      this.table.join(client, parsed.value, address, player);
    } catch (e) {
      throw e instanceof Refused ? joinError(e.refusal) : e;
    }
  }

  protected override admit(
    opts: JoinOptions,
    address: string,
    pending: readonly Pending[],
  ): Result<Pending, Refusal> {
    return this.table.admit(opts, address, pending);
  }

  /**
   * A joining connection's answer to JOIN_ROOM, which makes Colyseus send it the whole state, is
   * read only once no write is in flight: the state would otherwise show actions the store has
   * not taken yet (held for as long as the database is away). Until then the connection stays
   * joining, so that no patch reaches it before its first state, and what is sent to it waits.
   */
  protected override _onMessage(client: Joining, buffer: Buffer): void {
    if (
      buffer[0] === Protocol.JOIN_ROOM &&
      client.state === ClientState.JOINING &&
      this.table.pendingWrites > 0
    ) {
      if (!this.joining.some(([c]) => c === client)) this.joining.push([client, buffer]);
      return;
    }
    super._onMessage(client, buffer);
  }

  /** The connections whose answer to JOIN_ROOM waited: their first state goes now. */
  private admitJoining(): void {
    for (const [client, buffer] of this.joining.splice(0))
      if (client.state === ClientState.JOINING && this.clients.includes(client))
        this.admitted(client, buffer);
  }

  override async onLeave(client: Client, consented: boolean): Promise<void> {
    // The server is stopping and closes every connection: the seats wait for the restart.
    if (!userOf(client) || this.config.lifecycle.stopping) return;
    await this.table.leave(
      client,
      consented,
      // Colyseus' Deferred is awaited like a promise of the same connection, back.
      (c) =>
        this.allowReconnection(c as Client, this.config.holdSeconds) as unknown as PromiseLike<
          typeof c
        >,
    );
  }

  override async onDispose(): Promise<void> {
    this.closed = true;
    // A table closed while the server stops comes back on the next start; otherwise nobody is
    // at it: parked, or over. A parked table's code stays its own through the store (codes.ts).
    // A room whose table was refused (onCreate) has none.
    const table = this.table as Table | undefined;
    if (table && this.config.lifecycle.stopping) table.close(false);
    else if (table) await table.dispose();
    if (this.code) await releaseCode(this.presence, this.code);
  }

  /**
   * The server is about to stop: the table stands still where it is (its clocks stop, stored
   * for the restart), and every connection is told (they will find the table again).
   */
  announceStop(message: string): void {
    this.table.halt();
    this.broadcast(SERVER_MESSAGES.closing, { reason: "restart", message });
  }

  /** Keeps a seat for someone the quick-play pool sends here (server/room/quickPool.ts). */
  holdSeat(address: string, rating?: unknown): HoldAnswer {
    return this.table.holdSeat(String(address), typeof rating === "number" ? rating : null);
  }

  /**
   * Erasure on request (server/http/erase.ts): the person goes by no name at this table from
   * now on. Called in this process, or from another one through `remoteRoomCall` (plain JSON).
   */
  erasePerson(who: unknown): boolean {
    const w = (typeof who === "object" && who !== null ? who : {}) as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === "string" && v !== "" ? v : undefined);
    const tokenHash = text(w.tokenHash);
    const playerId = text(w.playerId);
    return this.table.erasePerson({
      ...(tokenHash ? { tokenHash } : {}),
      ...(playerId ? { playerId } : {}),
    });
  }

  /** What a seat token's holder may learn of this table from outside it (the lobby). */
  seatSummary(token: string): MyTable | null {
    return this.table.seatSummary(token);
  }

  /** No patch leaves before the actions it shows are stored. */
  override broadcastPatch(): boolean {
    if (this.table.pendingWrites > 0) {
      this.clock.tick();
      return false;
    }
    const sent = super.broadcastPatch();
    // After the patch, which skipped them: their first state holds what it carried.
    this.admitJoining();
    for (const [type, message] of this.afterPatch.splice(0)) this.broadcast(type, message);
    return sent;
  }

  /** Writes state and listing metadata from the table. */
  private refresh(): void {
    const t = this.table;
    const spectators = t.spectators();
    syncState(this.state, t.match, {
      host: t.host,
      spectators,
      watchers: t.watchers(),
      private: t.options.private,
      mode: t.options.mode,
      gameId: t.gameId(),
      rating: (player) => t.ratingOf(player),
      deltas: t.ratingDeltas(),
    });
    if (!t.options.private)
      this.list(listingOf(t.match, spectators, t.options.mode, (player) => t.ratingOf(player)));
    this.flushSoon();
  }

  /**
   * Writes the lobby's listing of a public table when it changed. Colyseus saves the whole of it
   * to the shared presence (Redis) on every call, so a call per move would cost a write per move.
   * A write that fails is tried again at the next change of anything.
   */
  private list(listing: ReturnType<typeof listingOf>): void {
    const json = JSON.stringify(listing);
    if (json === this.listed) return;
    this.listed = json;
    this.setMetadata(listing).catch(() => {
      if (this.listed === json) this.listed = "";
    });
  }

  /**
   * Sends the change right after this turn of the event loop rather than at the next patch
   * tick, so a move shows up at once. Not synchronously: inside a clock timer a patch would
   * tick the clock again, and a joining client must get the full state before any patch.
   */
  private flushSoon(): void {
    if (this.flushing) return;
    this.flushing = true;
    setImmediate(() => {
      this.flushing = false;
      if (!this.closed) this.broadcastPatch();
    });
  }
}
