/**
 * The `table` room: Colyseus' side of a table (server/table/table.ts). It picks the table's id
 * (a claimed code for a private one), hands messages, joins and leaves to the table, decides
 * seat reservations by the table's admission, and publishes the table's changes as schema
 * patches — none before the writes they show are stored. Everything Colyseus 0.16 needs worked
 * around lives here: the screened `_onMessage`, the `broadcastPatch` gate with `patchRate = 0`
 * and the clock driven by `driveClock`, the reservation overrides, the deferred first state.
 */
import {
  type AuthContext,
  type Client,
  ErrorCode,
  generateId,
  Room,
  ServerError,
} from "@colyseus/core";
import type { Action, Match, MoveBy } from "../../shared/match/match";
import { defaultRules, parseRules } from "../../shared/match/rules";
import {
  CLIENT_MESSAGES,
  type JoinOptions,
  type MyTable,
  parseCreateOptions,
  parseJoinOptions,
  SERVER_MESSAGES,
} from "../../shared/protocol/messages";
import type { BotDriver } from "../bots/driver";
import { FrameGuard } from "../edge/frameGuard";
import type { GuardLimits } from "../edge/guard";
import type { PenaltyBox } from "../edge/penalty";
import type { AbuseLog } from "../ops/log";
import type { StoredTable, TableStore } from "../store/types";
import { type Pending, RESERVATION_SECONDS } from "../table/admission";
import { type Refusal, Refused, refuse, userOf } from "../table/connection";
import { listingOf } from "../table/listing";
import { STORE_DOWN, Table } from "../table/table";
import { claimCode, claimThisCode, releaseCode } from "./codes";
import { driveClock } from "./roomClock";
import { TableSchema } from "./state";
import { syncState } from "./sync";
import { joinError } from "./tableClient";

export interface TableConfig {
  readonly bots: BotDriver;
  /** A dropped player's turn waits this long before the stand-in moves. */
  readonly graceMs: number;
  /** How long a dropped connection may come back with its reconnection token. */
  readonly holdSeconds: number;
  /** Milliseconds in one turn-timer second. */
  readonly timerSecondMs: number;
  /** Seeds the CPU players of each new table; random per table when absent. */
  readonly botSeed?: () => number;
  readonly maxSpectators: number;
  /** What one connection may send (messages per second, burst, when to drop it). */
  readonly guard: GuardLimits;
  readonly abuse: AbuseLog;
  readonly penalties: PenaltyBox;
  /** Where accepted actions, seat tokens and finished games are kept. */
  readonly store: TableStore;
  /** Tables read back from the store on start, by id, waiting for their rooms. */
  readonly restoring: Map<string, StoredTable>;
  /** Set while the server stops: tables disposed then come back on the next start. */
  readonly lifecycle: { stopping: boolean };
  /** Marks a new table as this process's before it is stored (processes sharing a store). */
  readonly claim?: (tableId: string) => Promise<void>;
  /** Told of each accepted action and how long its commit took, in ms (metrics). */
  readonly onCommit?: (game: Match["gameId"], action: Action, ms: number, by?: MoveBy) => void;
}

/** How malformed join options count until onJoin refuses them. */
const WATCHER: JoinOptions = { name: "", spectate: true, seatToken: null, seat: null };

/** A reservation refused because the table is closing. */
const CLOSING: Refusal = { code: "table/closing", message: "This table is closing." };

/** A table brought back waits this long for someone to come back before it closes for good. */
const RESTORED_WAIT_MS = 30 * 60_000;

export class TableRoom extends Room<TableSchema> {
  override state = new TableSchema();
  /** No patch interval: every change is sent at once (`flushSoon`), the clock runs itself. */
  override patchRate = 0;
  private config!: TableConfig;
  private table!: Table;
  private guard!: FrameGuard;
  private code: string | null = null;
  private flushing = false;
  private disposed = false;
  /** Messages to send once the changes made so far are shown. */
  private afterPatch: [type: string, message: unknown][] = [];

  override async onCreate(raw: Record<string, unknown>): Promise<void> {
    driveClock(this.clock);
    this.config = raw.server as TableConfig;
    const { store } = this.config;
    const restoring =
      typeof raw.restore === "string" ? this.config.restoring.get(raw.restore) : undefined;
    if (restoring) this.config.restoring.delete(restoring.table.id);
    // A new table would start on a store that cannot take its first write.
    if (!restoring && !store.status.writable) throw joinError(STORE_DOWN);
    const parsed = parseCreateOptions(restoring ? restoring.table.options : raw);
    if (!parsed.ok) throw joinError(parsed.error);
    const options = parsed.value;
    const rules = parseRules(options.game, options.rules, defaultRules(options.game));
    if (!rules.ok) throw joinError(rules.error);
    this.setSeatReservationTime(RESERVATION_SECONDS);
    if (restoring) {
      this.roomId = restoring.table.id;
      if (options.private) {
        if (!(await claimThisCode(this.presence, this.roomId)))
          throw new Error(`table code ${this.roomId} is taken`);
        this.code = this.roomId;
      }
      // Nobody is connected yet: wait for the players rather than closing at once.
      this.autoDispose = false;
      this.clock.setTimeout(() => {
        if (this.clients.length === 0) void this.disconnect();
        else this.autoDispose = true;
      }, RESTORED_WAIT_MS);
    } else if (options.private) {
      this.code = await claimCode(this.presence);
      this.roomId = this.code;
    }
    if (options.private) await this.setPrivate(true);
    if (!restoring) await this.config.claim?.(this.roomId);
    const seed = restoring ? undefined : this.config.botSeed?.();
    this.table = new Table({
      id: this.roomId,
      options,
      rules: rules.value,
      store,
      bots: this.config.bots,
      timers: this.clock,
      now: Date.now,
      connections: () => this.clients,
      graceMs: this.config.graceMs,
      timerSecondMs: this.config.timerSecondMs,
      maxSpectators: this.config.maxSpectators,
      ...(seed !== undefined ? { seed } : {}),
      ...(restoring ? { restoring } : {}),
      ...(this.config.onCommit ? { onCommit: this.config.onCommit } : {}),
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
    this.guard = new FrameGuard({
      limits: this.config.guard,
      abuse: this.config.abuse,
      penalties: this.config.penalties,
      table: () => this.roomId,
    });
    for (const type of CLIENT_MESSAGES)
      this.onMessage(type, (client, payload) => {
        const problem = this.table.request(type, client, payload);
        if (problem) refuse(client, type, problem);
      });
    // Unknown types are answered by the frame guard before Colyseus dispatches; this catch-all
    // only keeps Colyseus from disconnecting anything that would still slip through.
    this.onMessage("*", (client, type) =>
      refuse(client, typeof type === "string" ? type.slice(0, 32) : "", {
        code: "message/unknown",
        message: "That is not a message this table understands.",
      }),
    );
    // Connections that stop reading what they are sent are dropped between messages too.
    this.clock.setInterval(() => this.guard.sweep(this.clients), 2000);
    this.refresh();
  }

  /** Every frame a client sends is screened before Colyseus decodes it. */
  protected override _onMessage(client: Parameters<Room["_onMessage"]>[0], buffer: Buffer): void {
    if (!this.guard.admit(client, buffer)) return;
    try {
      super._onMessage(client, buffer);
    } catch (e) {
      // A handler that throws must not take the server down; the message changes nothing, and
      // what the sender chose is logged once per window, with no stack.
      this.guard.failed(client, e);
    }
  }

  override onJoin(client: Client, raw: Record<string, unknown>): void {
    const parsed = parseJoinOptions(raw);
    if (!parsed.ok) throw joinError(parsed.error);
    const address = (client.auth as { address?: string } | undefined)?.address ?? "";
    try {
      this.table.join(client, parsed.value, address);
    } catch (e) {
      throw e instanceof Refused ? joinError(e.refusal) : e;
    }
  }

  /** The address of a matchmaking call Colyseus handles, for the reservation it makes. */
  static override async onAuth(
    _token: string,
    _options: unknown,
    context: AuthContext,
  ): Promise<{ address: string }> {
    return { address: String(context?.ip ?? "") };
  }

  /** Only a closing table is full: who else gets in is decided in `_reserveSeat`. */
  override hasReachedMaxClients(): boolean {
    return this.disposed;
  }

  /**
   * Every seat reservation Colyseus makes (create, join by criteria) passes the table's own
   * admission too, under the caller's address (onAuth); a held connection's reconnection keeps
   * its own.
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
    const sessionId = generateId();
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
    const r = this.table.admit(opts, address, pending);
    if (!r.ok) return r.error;
    return (await super._reserveSeat(sessionId, raw, r.value)) ? null : CLOSING;
  }

  /**
   * A joining connection's first state waits for the writes in flight: it would otherwise show
   * actions the store has not taken yet (held for as long as the database is away).
   */
  override sendFullState(client: Client): void {
    if (this.table.pendingWrites === 0) {
      super.sendFullState(client);
      return;
    }
    void this.table.stored().then(() => {
      if (!this.disposed && this.clients.includes(client)) this.sendFullState(client);
    });
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
    this.disposed = true;
    // A table closed while the server stops comes back on the next start; otherwise it is over.
    this.table.close(!this.config.lifecycle.stopping);
    if (this.code) await releaseCode(this.presence, this.code);
  }

  /** Tells every connection the server is about to stop (they will find the table again). */
  announceStop(message: string): void {
    this.broadcast(SERVER_MESSAGES.closing, { reason: "restart", message });
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
      private: t.options.private,
      mode: t.options.mode,
      gameId: t.gameId(),
    });
    if (!t.options.private) void this.setMetadata(listingOf(t.match, spectators));
    this.flushSoon();
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
      if (!this.disposed) this.broadcastPatch();
    });
  }
}
