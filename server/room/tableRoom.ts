/**
 * The `table` room: an adapter between clients and the match reducer. Messages become reducer
 * actions; accepted actions go through `commit` (the table store, state sync, timers, CPU
 * turns); refusals are answered with an `error` message and change nothing. A table brought
 * back after a restart replays its stored actions through the same reducer.
 */
import { randomBytes, randomInt } from "node:crypto";
import {
  type AuthContext,
  type Client,
  ErrorCode,
  generateId,
  Room,
  ServerError,
} from "@colyseus/core";
import { GAMES } from "../../shared/games/catalog";
import {
  type Action,
  createMatch,
  type Match,
  type MoveBy,
  reduce,
} from "../../shared/match/match";
import { defaultRules, parseRules } from "../../shared/match/rules";
import {
  type CreateOptions,
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
import { type AbuseLog, log } from "../ops/log";
import type { StoreDown } from "../store/status";
import type { StoredTable, TableStore } from "../store/types";
import { admit, type Pending, RESERVATION_SECONDS } from "../table/admission";
import { archiveOf, gameIdOf } from "../table/archive";
import { TableCpu } from "../table/cpu";
import { listingOf, seatSummary } from "../table/listing";
import { noteTimes, replayActions } from "../table/restore";
import { Seating } from "../table/seating";
import { SeatTokens } from "../table/tokens";
import { TurnTimer } from "../table/turnTimer";
import { claimCode, claimThisCode, releaseCode } from "./codes";
import { listen } from "./messageTable";
import { driveClock } from "./roomClock";
import { TableSchema } from "./state";
import { syncState } from "./sync";
import { joinError, type Refusal, spectatorCount, userOf } from "./tableClient";

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
  readonly onCommit?: (game: Match["game"], action: Action, ms: number, by?: MoveBy) => void;
}

/** How malformed join options count until onJoin refuses them. */
const WATCHER: JoinOptions = { name: "", spectate: true, seatToken: null, seat: null };

/** A reservation refused because the table is closing. */
const CLOSING: Refusal = { code: "table/closing", message: "This table is closing." };

/** A table brought back waits this long for someone to come back before it closes for good. */
const RESTORED_WAIT_MS = 30 * 60_000;

/** The answer to every action while the table's store cannot write. */
const STORE_DOWN: Refusal = {
  code: "store/unavailable",
  message: "The server cannot store moves right now; the table waits and goes on by itself.",
};

export class TableRoom extends Room<TableSchema> {
  override state = new TableSchema();
  /** No patch interval: every change is sent at once (`flushSoon`), the clock runs itself. */
  override patchRate = 0;
  private config!: TableConfig;
  private match!: Match;
  private options!: CreateOptions;
  private store!: TableStore;
  private secret = "";
  /** Server time of each entry of the current game's move list, for the archive. */
  private times: number[] = [];
  /** Writes made to the store that are not known to be durable yet. */
  private unflushed = 0;
  private storedHost = "";
  private seating!: Seating;
  private timer!: TurnTimer;
  private cpu!: TableCpu;
  private guard!: FrameGuard;
  private code: string | null = null;
  private flushing = false;
  private disposed = false;
  private currentGameId = { number: 0, id: "" };
  /** Since when the table is paused because its store cannot write, or null. */
  private pausedSince: number | null = null;
  private unwatchStore: (() => void) | null = null;
  /** The table goes on again: to be said with the next patch that leaves. */
  private resumed = false;
  /** The address of the table's first connection (its opener), for the CPU pool's turns. */
  private opener = "";

  override async onCreate(raw: Record<string, unknown>): Promise<void> {
    driveClock(this.clock);
    this.config = raw.server as TableConfig;
    this.store = this.config.store;
    const restoring =
      typeof raw.restore === "string" ? this.config.restoring.get(raw.restore) : undefined;
    if (restoring) this.config.restoring.delete(restoring.table.id);
    // A new table would start on a store that cannot take its first write.
    if (!restoring && !this.config.store.status.writable) throw joinError(STORE_DOWN);
    const parsed = parseCreateOptions(restoring ? restoring.table.options : raw);
    if (!parsed.ok) throw joinError(parsed.error);
    const options = parsed.value;
    const rules = parseRules(options.game, options.rules, defaultRules(options.game));
    if (!rules.ok) throw joinError(rules.error);
    this.options = options;
    const seats = GAMES[options.game].colors.length;
    // What listings and the monitor show. Who gets in is decided per reservation (_reserveSeat),
    // never by Colyseus' count, which would lock the table once unused reservations reached it.
    this.maxClients = seats + this.config.maxSpectators;
    this.setSeatReservationTime(RESERVATION_SECONDS);
    this.match = createMatch({
      game: options.game,
      rules: options.mode === "computer" ? { ...rules.value, takebackConsent: false } : rules.value,
      hotSeat: options.mode === "hotseat",
      graceMs: this.config.graceMs,
      secondMs: this.config.timerSecondMs,
    });
    if (restoring) {
      this.roomId = restoring.table.id;
      if (options.private) {
        if (!(await claimThisCode(this.presence, this.roomId)))
          throw new Error(`table code ${this.roomId} is taken`);
        this.code = this.roomId;
        await this.setPrivate(true);
      }
      this.replayStored(restoring);
      // Nobody is connected yet: wait for the players rather than closing at once.
      this.autoDispose = false;
      this.clock.setTimeout(() => {
        if (this.clients.length === 0) void this.disconnect();
        else this.autoDispose = true;
      }, RESTORED_WAIT_MS);
    } else if (options.private) {
      this.code = await claimCode(this.presence);
      this.roomId = this.code;
      await this.setPrivate(true);
    }
    const seed = restoring?.table.seed ?? this.config.botSeed?.() ?? randomInt(2 ** 31);
    this.secret = restoring?.table.secret ?? randomBytes(16).toString("base64url");
    if (!restoring) await this.config.claim?.(this.roomId);
    if (!restoring)
      this.store.createTable({
        id: this.roomId,
        options,
        seed,
        secret: this.secret,
        createdAt: Date.now(),
      });
    const tokens = new SeatTokens(
      (player, hash) => this.store.setToken(this.roomId, player, hash),
      restoring?.tokens,
    );
    this.storedHost = restoring?.host ?? "";
    const match = () => this.match;
    const commit = (action: Action) => this.commit(action);
    const table = () => this.roomId;
    this.seating = new Seating({
      tokens,
      host: this.storedHost,
      mode: options.mode,
      maxSpectators: this.config.maxSpectators,
      match,
      commit,
    });
    this.timer = new TurnTimer({ clock: this.clock, match, commit });
    this.cpu = new TableCpu({
      bots: this.config.bots,
      seed,
      match,
      commit,
      table,
      // The CPU pool serves the address that opened the table in turn with the others.
      queue: () => this.opener || this.roomId,
    });
    this.guard = new FrameGuard({
      limits: this.config.guard,
      abuse: this.config.abuse,
      penalties: this.config.penalties,
      table,
    });
    listen((type, handler) => this.onMessage(type, handler), {
      match,
      commit,
      isHost: (player) => player === this.seating.host,
      welcome: (client, user) => this.seating.welcome(client, user),
      sit: (client, user, seat) => this.seating.sit(client, user, seat),
      hint: (client, user) => this.cpu.hint(client, user),
    });
    // Connections that stop reading what they are sent are dropped between messages too.
    this.clock.setInterval(() => this.guard.sweep(this.clients), 2000);
    // Back after a restart: everyone counts as away, the running turn starts again.
    if (restoring) this.commit({ type: "resume" });
    this.unwatchStore = this.store.status.watch((down) => this.storeChanged(down));
    if (!this.store.status.writable) this.storeChanged(this.store.status.down);
    this.refresh();
  }

  /**
   * Rebuilds the match from the stored actions, as far as they replay: the rest is cut from
   * the store (no client was shown it), so the table goes on from its last consistent version.
   */
  private replayStored(stored: StoredTable): void {
    const back = replayActions(this.match, stored.actions);
    this.match = back.match;
    this.times = back.times;
    if (!back.stopped) return;
    log.error(
      {
        event: "restore/cut",
        table: stored.table.id,
        version: back.match.version,
        dropped: stored.actions.length - back.applied,
        at: back.stopped.version,
        reason: back.stopped.reason,
      },
      "a stored table's actions stop replaying; it comes back at its last consistent version",
    );
    this.store.truncate(stored.table.id, back.match.version);
  }

  /**
   * The store stopped or started taking writes. While it cannot, the table is paused: every
   * action is refused, no timer runs and no CPU thinks; when it can again, the time paused is
   * charged to nobody and play goes on by itself.
   */
  private storeChanged(down: StoreDown | null): void {
    if (this.disposed) return;
    if (down) {
      if (this.pausedSince !== null) return;
      this.pausedSince = down.since;
      this.timer.stop();
      this.cpu.stop();
      // A message rather than state alone: a patch may be held behind a write in flight.
      this.broadcast(SERVER_MESSAGES.paused, { code: STORE_DOWN.code });
      this.refresh();
      return;
    }
    if (this.pausedSince === null) return;
    const since = this.pausedSince;
    this.pausedSince = null;
    this.commit({ type: "unpause", since });
    // Connections that came or went while nothing could be stored.
    this.seating.settle(this.clients);
    const now = Date.now();
    this.timer.schedule(now);
    this.scheduleCpu();
    // Said after the patch that shows the actions held while the store was away.
    this.resumed = true;
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
    this.opener ||= (client.auth as { address?: string } | undefined)?.address ?? "";
    this.seating.join(client, parsed.value, this.clients);
    if (this.pausedSince !== null) client.send(SERVER_MESSAGES.paused, { code: STORE_DOWN.code });
    this.scheduleCpu();
    this.refresh();
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
   * A join by id (server/http/matchmake.ts): a reservation for these options from this address, or
   * the reason there is none.
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
    const r = admit(opts, address, pending, {
      match: this.match,
      watching: spectatorCount(this.clients, this.match),
      maxSpectators: this.config.maxSpectators,
      playerOf: (token) => this.seating.playerOf(token),
    });
    if (!r.ok) return r.error;
    return (await super._reserveSeat(sessionId, raw, r.value)) ? null : CLOSING;
  }

  /**
   * A joining connection's first state waits for the writes in flight: it would otherwise show
   * actions the store has not taken yet (held for as long as the database is away).
   */
  override sendFullState(client: Client): void {
    if (this.unflushed === 0) {
      super.sendFullState(client);
      return;
    }
    void this.store.flushed(this.roomId).then(() => {
      if (!this.disposed && this.clients.includes(client)) this.sendFullState(client);
    });
  }

  override async onLeave(client: Client, consented: boolean): Promise<void> {
    // The server is stopping and closes every connection: the seats wait for the restart.
    if (!userOf(client) || this.config.lifecycle.stopping) return;
    // Nobody left to play or watch: the CPUs stop thinking until someone is back.
    if (this.clients.length === 0) this.cpu.stop();
    await this.seating.leave(client, consented, (c) =>
      this.allowReconnection(c, this.config.holdSeconds),
    );
    this.refresh();
  }

  override async onDispose(): Promise<void> {
    this.disposed = true;
    this.unwatchStore?.();
    this.cpu.stop();
    this.timer.stop();
    // A table closed while the server stops comes back on the next start; otherwise it is over.
    if (!this.config.lifecycle.stopping) this.store.closeTable(this.roomId);
    if (this.code) await releaseCode(this.presence, this.code);
  }

  /** Tells every connection the server is about to stop (they will find the table again). */
  announceStop(message: string): void {
    this.broadcast(SERVER_MESSAGES.closing, { reason: "restart", message });
  }

  /**
   * What a seat token's holder may learn of this table from outside it (the lobby's "your
   * tables"): null unless the token holds a seat here and a game is waiting or being played.
   */
  seatSummary(token: string): MyTable | null {
    return seatSummary(this.match, this.seating.playerOf(token), {
      id: this.roomId,
      private: this.options.private,
    });
  }

  /**
   * The one place every action passes: applied by the reducer, journaled, then written to the
   * state that is broadcast. Returns the refusal, or null when the action was accepted.
   */
  private commit(action: Action): Refusal | null {
    if (this.pausedSince !== null || !this.store.status.writable) return STORE_DOWN;
    const started = performance.now();
    const now = Date.now();
    const r = reduce(this.match, action, now);
    if (!r.ok) return r.error;
    // Stored before its effect can reach anyone: a patch waits for the write (broadcastPatch).
    // An action the store cannot take is not applied at all.
    if (!this.store.append(this.roomId, { at: now, version: r.value.version, action }))
      return STORE_DOWN;
    this.unflushed++;
    void this.store.flushed(this.roomId).finally(() => {
      this.unflushed--;
      this.flushSoon();
    });
    const finishing = this.match.phase !== "finished" && r.value.phase === "finished";
    this.times = noteTimes(this.times, this.match, r.value, now);
    this.match = r.value;
    if (finishing) this.archive(now);
    this.refresh();
    this.flushSoon();
    this.timer.schedule(now);
    this.scheduleCpu();
    this.config.onCommit?.(
      this.match.game,
      action,
      performance.now() - started,
      action.type === "cpu-move" ? this.match.log.at(-1)?.by : undefined,
    );
    return null;
  }

  /**
   * Asks the CPU for a move when one is due, while someone is at the table and it is not
   * paused: a table everyone left costs no searches.
   */
  private scheduleCpu(): void {
    if (this.pausedSince !== null || this.clients.length === 0) this.cpu.stop();
    else this.cpu.schedule();
  }

  /** Keeps the finished game in the archive. */
  private archive(now: number): void {
    const record = archiveOf(this.match, {
      id: gameIdOf(this.secret, this.match.gameNumber),
      tableId: this.roomId,
      private: this.options.private,
      times: this.times,
      now,
    });
    if (record) this.store.saveGame(record);
  }

  /** No patch leaves before the actions it shows are stored. */
  override broadcastPatch(): boolean {
    if (this.unflushed > 0) {
      this.clock.tick();
      return false;
    }
    const sent = super.broadcastPatch();
    if (this.resumed) {
      this.resumed = false;
      this.broadcast(SERVER_MESSAGES.paused, { code: null });
    }
    return sent;
  }

  /** Writes state and listing metadata from the match and the room's connections. */
  private refresh(): void {
    const spectators = spectatorCount(this.clients, this.match);
    if (this.seating.host !== this.storedHost) {
      this.storedHost = this.seating.host;
      this.store.setHost(this.roomId, this.storedHost);
    }
    syncState(this.state, this.match, {
      host: this.seating.host,
      spectators,
      private: this.options.private,
      mode: this.options.mode,
      gameId: this.gameId(),
    });
    if (!this.options.private) void this.setMetadata(listingOf(this.match, spectators));
    this.flushSoon();
  }

  /** The archive id of the current game, worked out once per game ("" before the first). */
  private gameId(): string {
    const n = this.match.gameNumber;
    if (n > 0 && this.currentGameId.number !== n)
      this.currentGameId = { number: n, id: gameIdOf(this.secret, n) };
    return n > 0 ? this.currentGameId.id : "";
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
