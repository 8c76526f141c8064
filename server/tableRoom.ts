/**
 * The `table` room: an adapter between clients and the match reducer. Messages become reducer
 * actions; accepted actions go through `commit` (journal, state sync, timers, CPU turns);
 * refusals are answered with an `error` message and change nothing.
 */
import { randomInt } from "node:crypto";
import { type Client, Room } from "@colyseus/core";
import { GAMES } from "../shared/games/catalog";
import { type Action, createMatch, type Match, reduce } from "../shared/match/match";
import { defaultRules, parseRules } from "../shared/match/rules";
import {
  type CreateOptions,
  type MyTable,
  parseCreateOptions,
  parseJoinOptions,
} from "../shared/protocol/messages";
import type { BotDriver } from "./bots";
import { claimCode, releaseCode } from "./codes";
import { TableCpu } from "./cpu";
import { FrameGuard } from "./frameGuard";
import type { GuardLimits } from "./guard";
import { Journal } from "./journal";
import { listingOf, seatSummary } from "./listing";
import { type AbuseLog, log } from "./log";
import { listen } from "./messageTable";
import type { PenaltyBox } from "./penalty";
import { Seating } from "./seating";
import { TableSchema } from "./state";
import { syncState } from "./sync";
import { joinError, type Refusal, spectatorCount, userOf } from "./tableClient";
import { TurnTimer } from "./turnTimer";

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
}

export class TableRoom extends Room<TableSchema> {
  override state = new TableSchema();
  private config!: TableConfig;
  private match!: Match;
  private options!: CreateOptions;
  private readonly journal = new Journal();
  private seating!: Seating;
  private timer!: TurnTimer;
  private cpu!: TableCpu;
  private guard!: FrameGuard;
  private code: string | null = null;
  private flushing = false;
  private disposed = false;

  override async onCreate(raw: Record<string, unknown>): Promise<void> {
    this.config = raw.server as TableConfig;
    const parsed = parseCreateOptions(raw);
    if (!parsed.ok) throw joinError(parsed.error);
    const options = parsed.value;
    const rules = parseRules(options.game, options.rules, defaultRules(options.game));
    if (!rules.ok) throw joinError(rules.error);
    this.options = options;
    const seats = GAMES[options.game].colors.length;
    // Room for every seat twice over (players coming back while their old connection is still
    // held) plus the spectators; spectators themselves are counted in onJoin.
    this.maxClients = seats * 2 + this.config.maxSpectators;
    this.match = createMatch({
      game: options.game,
      rules: options.mode === "computer" ? { ...rules.value, takebackConsent: false } : rules.value,
      hotSeat: options.mode === "hotseat",
      graceMs: this.config.graceMs,
      secondMs: this.config.timerSecondMs,
    });
    if (options.private) {
      this.code = await claimCode(this.presence);
      this.roomId = this.code;
      await this.setPrivate(true);
    }
    const match = () => this.match;
    const commit = (action: Action) => this.commit(action);
    const table = () => this.roomId;
    this.seating = new Seating({
      mode: options.mode,
      maxSpectators: this.config.maxSpectators,
      match,
      commit,
    });
    this.timer = new TurnTimer({ clock: this.clock, match, commit });
    this.cpu = new TableCpu({
      bots: this.config.bots,
      seed: this.config.botSeed?.() ?? randomInt(2 ** 31),
      match,
      commit,
      table,
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
    this.refresh();
  }

  /** Every frame a client sends is screened before Colyseus decodes it. */
  protected override _onMessage(client: Parameters<Room["_onMessage"]>[0], buffer: Buffer): void {
    if (!this.guard.admit(client, buffer)) return;
    try {
      super._onMessage(client, buffer);
    } catch (e) {
      // A handler that throws must not take the server down; the message changes nothing.
      log.error({ err: e, table: this.roomId }, "message handler failed");
    }
  }

  override onJoin(client: Client, raw: Record<string, unknown>): void {
    const parsed = parseJoinOptions(raw);
    if (!parsed.ok) throw joinError(parsed.error);
    this.seating.join(client, parsed.value, this.clients);
    this.refresh();
  }

  override async onLeave(client: Client, consented: boolean): Promise<void> {
    if (!userOf(client)) return;
    await this.seating.leave(client, consented, (c) =>
      this.allowReconnection(c, this.config.holdSeconds),
    );
    this.refresh();
  }

  override async onDispose(): Promise<void> {
    this.disposed = true;
    this.cpu.stop();
    this.timer.stop();
    if (this.code) await releaseCode(this.presence, this.code);
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
    const now = Date.now();
    const r = reduce(this.match, action, now);
    if (!r.ok) return r.error;
    this.journal.record({ at: now, version: r.value.version, action });
    this.match = r.value;
    this.refresh();
    this.flushSoon();
    this.timer.schedule(now);
    this.cpu.schedule();
    return null;
  }

  /** Writes state and listing metadata from the match and the room's connections. */
  private refresh(): void {
    const spectators = spectatorCount(this.clients, this.match);
    syncState(this.state, this.match, {
      host: this.seating.host,
      spectators,
      private: this.options.private,
      mode: this.options.mode,
    });
    if (!this.options.private) void this.setMetadata(listingOf(this.match, spectators));
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
