/**
 * The `table` room: an adapter between clients and the match reducer. Messages become reducer
 * actions; accepted actions go through `commit` (journal, state sync, timers, CPU turns);
 * refusals are answered with an `error` message and change nothing.
 */
import { randomInt } from "node:crypto";
import { type Client, type Delayed, ErrorCode, Protocol, Room, ServerError } from "@colyseus/core";
import { decode } from "@colyseus/schema";
import type { ReplaySpec } from "../shared/bots/play";
import { chooseMove } from "../shared/bots/simple";
import { GAMES } from "../shared/games/catalog";
import { type Action, createMatch, type Match, reduce, seatsOf } from "../shared/match/match";
import { setupOf } from "../shared/match/replay";
import { DEFAULT_LEVEL, defaultRules, parseRules } from "../shared/match/rules";
import { botTurn, nextTimedAction } from "../shared/match/timing";
import {
  CLIENT_MESSAGES,
  type CreateOptions,
  type MyTable,
  parseCreateOptions,
  parseDraw,
  parseJoinOptions,
  parseMove,
  parseRulesMessage,
  parseSeat,
  parseTakeback,
  SERVER_MESSAGES,
} from "../shared/protocol/messages";
import type { BotDriver } from "./bots";
import { claimCode, releaseCode } from "./codes";
import { type GuardLimits, MessageGuard } from "./guard";
import { Journal } from "./journal";
import { type AbuseLog, log } from "./log";
import type { PenaltyBox } from "./penalty";
import { TableSchema } from "./state";
import { syncState } from "./sync";
import { newPlayerId, SeatTokens } from "./tokens";

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

interface UserData {
  player: string;
  spectator: boolean;
  /** The client joined with a seat token this table does not know. */
  tokenRefused: boolean;
  /** A hint is being worked out for this connection. */
  hinting: boolean;
}

type Refusal = { code: string; message: string };

export class TableRoom extends Room<TableSchema> {
  override state = new TableSchema();
  private config!: TableConfig;
  private match!: Match;
  private options!: CreateOptions;
  private readonly journal = new Journal();
  private readonly tokens = new SeatTokens();
  /** The connection currently speaking for each player. */
  private readonly clientOf = new Map<string, Client>();
  private host = "";
  private code: string | null = null;
  private timer: { delayed: Delayed; key: string } | null = null;
  private bot: { key: string; abort: AbortController } | null = null;
  private seed = 0;
  private flushing = false;
  private disposed = false;
  private guard!: MessageGuard;

  override async onCreate(raw: Record<string, unknown>): Promise<void> {
    this.config = raw.server as TableConfig;
    const parsed = parseCreateOptions(raw);
    if (!parsed.ok)
      throw new ServerError(
        ErrorCode.APPLICATION_ERROR,
        `${parsed.error.code}: ${parsed.error.message}`,
      );
    const options = parsed.value;
    const rules = parseRules(options.game, options.rules, defaultRules(options.game));
    if (!rules.ok)
      throw new ServerError(
        ErrorCode.APPLICATION_ERROR,
        `${rules.error.code}: ${rules.error.message}`,
      );
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
    this.seed = this.config.botSeed?.() ?? randomInt(2 ** 31);
    this.guard = new MessageGuard(this.config.guard);
    this.registerMessages();
    // Connections that stop reading what they are sent are dropped between messages too.
    this.clock.setInterval(() => this.dropBackedUp(), 2000);
    this.refresh();
  }

  /**
   * Every frame a client sends passes here before Colyseus decodes it: it counts against the
   * sender's budget whatever it is. Over budget it is ignored (the sender is told once a
   * second); a sender that keeps on, or does not read its socket, is disconnected.
   */
  protected override _onMessage(client: Parameters<Room["_onMessage"]>[0], buffer: Buffer): void {
    const verdict = this.guard.admit(client, bufferedOf(client), Date.now());
    if (verdict.kind === "drop") {
      this.drop(client, verdict.reason);
      return;
    }
    if (verdict.kind === "refuse") {
      if (verdict.tell)
        this.refuse(client, "", { code: "rate/limited", message: "Too many messages; slow down." });
      return;
    }
    // Colyseus looks the type up in its own handler table, where "*", its fallback and
    // Object.prototype's names also sit: only the table's own messages reach it.
    const type = messageType(buffer);
    if (type !== null && !KNOWN_TYPES.has(type as string)) {
      this.refuse(client, String(type).slice(0, 32), {
        code: "message/unknown",
        message: "That is not a message this table understands.",
      });
      return;
    }
    try {
      super._onMessage(client, buffer);
    } catch (e) {
      // A handler that throws must not take the server down; the message changes nothing.
      log.error({ err: e, table: this.roomId }, "message handler failed");
    }
  }

  /**
   * Cuts the connection at once: a flooder or a client that does not read would not read a
   * closing handshake either, and the server would go on receiving its frames meanwhile.
   */
  private drop(client: Client, reason: "flood" | "slow-reader"): void {
    const address = addressOf(client);
    this.config.abuse.report(reason, address, { table: this.roomId });
    if (reason === "flood") this.config.penalties.add(address, Date.now());
    (client as Client & { ref?: { terminate?: () => void } }).ref?.terminate?.();
  }

  private dropBackedUp(): void {
    for (const client of this.clients)
      if (this.guard.backedUp(bufferedOf(client))) this.drop(client, "slow-reader");
  }

  private registerMessages(): void {
    const on = <T>(
      type: string,
      parse: (x: unknown) => { ok: true; value: T } | { ok: false; error: Refusal },
      act: (client: Client, user: UserData, value: T) => Refusal | null,
    ) => {
      this.onMessage(type, (client, payload) => {
        const user = client.userData as UserData | undefined;
        if (!user) return;
        const value = parse(payload);
        if (!value.ok) return this.refuse(client, type, value.error);
        const problem = act(client, user, value.value);
        if (problem) this.refuse(client, type, problem);
      });
    };
    const none = () => ({ ok: true as const, value: null });
    const player = (user: UserData): Refusal | null =>
      user.spectator && seatsOf(this.match, user.player).length === 0
        ? { code: "role/spectator", message: "Spectators can only watch." }
        : null;

    on("hello", none, (client, user) => this.welcome(client, user));
    on("sit", parseSeat, (client, user, seat) => {
      const r = this.commit({ type: "sit", player: user.player, name: this.nameOf(client), seat });
      if (!r) {
        user.spectator = false;
        this.sendTokens(client, user.player);
      }
      return r;
    });
    on("stand", none, (_c, user) => this.commit({ type: "stand", player: user.player }));
    on("rules", parseRulesMessage, (_c, user, input) => {
      const rules = parseRules(this.match.game, input, this.match.rules);
      if (!rules.ok) return rules.error;
      return this.commit({
        type: "rules",
        player: user.player,
        host: user.player === this.host,
        rules: rules.value,
      });
    });
    on("start", none, (_c, user) =>
      this.commit({ type: "start", player: user.player, host: user.player === this.host }),
    );
    on(
      "move",
      parseMove,
      (_c, user, move) => player(user) ?? this.commit({ type: "move", player: user.player, move }),
    );
    on(
      "resign",
      none,
      (_c, user) => player(user) ?? this.commit({ type: "resign", player: user.player }),
    );
    on(
      "draw",
      parseDraw,
      (_c, user, action) =>
        player(user) ??
        this.commit(
          action === "offer"
            ? { type: "offer-draw", player: user.player }
            : { type: "answer-draw", player: user.player, accept: action === "accept" },
        ),
    );
    on(
      "takeback",
      parseTakeback,
      (_c, user, action) =>
        player(user) ??
        this.commit(
          action === "request"
            ? { type: "request-takeback", player: user.player }
            : { type: "answer-takeback", player: user.player, accept: action === "accept" },
        ),
    );
    on(
      "playAgain",
      none,
      (_c, user) => player(user) ?? this.commit({ type: "play-again", player: user.player }),
    );
    on("hint", none, (client, user) => player(user) ?? this.hint(client, user));
    // Unknown types are answered in _onMessage before Colyseus dispatches; this catch-all only
    // keeps Colyseus from disconnecting anything that would still slip through.
    this.onMessage("*", (client, type) => {
      this.refuse(client, typeof type === "string" ? type.slice(0, 32) : "", {
        code: "message/unknown",
        message: "That is not a message this table understands.",
      });
    });
  }

  override onJoin(client: Client, raw: Record<string, unknown>): void {
    const parsed = parseJoinOptions(raw);
    if (!parsed.ok)
      throw new ServerError(
        ErrorCode.APPLICATION_ERROR,
        `${parsed.error.code}: ${parsed.error.message}`,
      );
    const opts = parsed.value;
    const known = opts.seatToken ? this.tokens.playerOf(opts.seatToken) : undefined;
    const watching = this.clients.filter((c) => {
      const u = c.userData as UserData | undefined;
      return c !== client && u && seatsOf(this.match, u.player).length === 0;
    }).length;
    const mayTakeSeat =
      !opts.spectate &&
      this.match.phase === "waiting" &&
      this.match.seats.some((x) => x.kind === "open");
    if (!known && !mayTakeSeat && watching >= this.config.maxSpectators)
      throw new ServerError(
        ErrorCode.APPLICATION_ERROR,
        "table/full: This table has as many spectators as it can take.",
      );
    const player = known ?? newPlayerId();
    const user: UserData = {
      player,
      spectator: opts.spectate,
      tokenRefused: opts.seatToken !== null && !known,
      hinting: false,
    };
    client.userData = user;
    (client as Client & { name?: string }).name = opts.name;
    // The newest connection holding a seat token is the seat's only controller.
    const older = this.clientOf.get(player);
    if (older && older !== client) this.demote(older);
    this.clientOf.set(player, client);
    if (!this.host) this.host = player;

    if (known && seatsOf(this.match, player).length > 0) {
      user.spectator = false;
      this.commit({ type: "return", player });
    } else if (!opts.spectate && !opts.seatToken) {
      this.autoSeat(client, user, opts.seat);
    }
    this.refresh();
  }

  /**
   * Takes the seat a joining client asked for. The creator of a table against the computer
   * sits and starts at once; on a hot-seat table they hold both seats.
   */
  private autoSeat(client: Client, user: UserData, wanted: number | "any" | null): void {
    const name = this.nameOf(client);
    const m = this.match;
    const creator =
      user.player === this.host && m.phase === "waiting" && m.seats.every((s) => s.kind === "open");
    if (creator && this.options.mode === "hotseat") {
      for (let seat = 0; seat < m.seats.length; seat++)
        this.commit({ type: "sit", player: user.player, name, seat });
      this.commit({ type: "start", player: user.player, host: true });
    } else if (creator && this.options.mode === "computer") {
      this.commit({
        type: "sit",
        player: user.player,
        name,
        seat: typeof wanted === "number" ? wanted : 0,
      });
      this.commit({ type: "start", player: user.player, host: true });
    } else if (wanted !== null) {
      const seat = wanted === "any" ? this.match.seats.findIndex((s) => s.kind === "open") : wanted;
      if (seat >= 0) this.commit({ type: "sit", player: user.player, name, seat });
    }
    user.spectator = seatsOf(this.match, user.player).length === 0;
  }

  /**
   * The answer to `hello`: a refused seat token, the connection's seat tokens, then who it is.
   * Sent on request rather than on join, so the client has its handlers in place when the
   * answer arrives; `welcome` comes last, so whatever the answer holds has arrived by then.
   */
  private welcome(client: Client, user: UserData): null {
    if (user.tokenRefused) {
      user.tokenRefused = false;
      client.send(SERVER_MESSAGES.error, {
        code: "seat/token-unknown",
        message: "That seat token does not belong to a seat at this table; you are watching.",
        request: "join",
      });
    }
    this.sendTokens(client, user.player);
    const seats = seatsOf(this.match, user.player);
    client.send(SERVER_MESSAGES.welcome, {
      player: user.player,
      role: seats.length > 0 ? "player" : "spectator",
      host: user.player === this.host,
    });
    return null;
  }

  override async onLeave(client: Client, consented: boolean): Promise<void> {
    const user = client.userData as UserData | undefined;
    if (!user) return;
    const seated = seatsOf(this.match, user.player).length > 0;
    const current = this.clientOf.get(user.player) === client;
    if (!current) return this.refresh();
    if (consented || !seated) {
      this.clientOf.delete(user.player);
      if (seated) {
        this.commit({ type: "leave", player: user.player });
        this.tokens.revoke(user.player);
      }
      this.passHost(user.player);
      return this.refresh();
    }
    this.commit({ type: "drop", player: user.player });
    try {
      const back = await this.allowReconnection(client, this.config.holdSeconds);
      if (this.clientOf.get(user.player) === client || !this.clientOf.has(user.player)) {
        this.clientOf.set(user.player, back);
        this.commit({ type: "return", player: user.player });
      } else this.demote(back);
    } catch {
      // Past the hold: the seat stays held for the seat token; the stand-in plays meanwhile.
      if (this.clientOf.get(user.player) === client) {
        this.clientOf.delete(user.player);
        this.passHost(user.player);
      }
    }
    this.refresh();
  }

  override async onDispose(): Promise<void> {
    this.disposed = true;
    this.bot?.abort.abort(new Error("table closed"));
    this.timer?.delayed.clear();
    if (this.code) await releaseCode(this.presence, this.code);
  }

  /**
   * What a seat token's holder may learn of this table from outside it (the lobby's "your
   * tables"): null unless the token holds a seat here and a game is waiting or being played.
   */
  seatSummary(token: string): MyTable | null {
    const m = this.match;
    const player = this.tokens.playerOf(token);
    const seats = player ? seatsOf(m, player) : [];
    if (seats.length === 0 || m.phase === "finished") return null;
    return {
      id: this.roomId,
      game: m.game,
      format: m.game === "fourchess" ? m.rules.format : "",
      phase: m.phase,
      seats,
      moves: m.log.length,
      turn: m.phase === "playing" && m.table ? m.table.turn : -1,
      private: this.options.private,
    };
  }

  /**
   * A connection whose seat was taken over by a newer one (the same seat token, another
   * window): it is told, and watches from now on under an identity of its own.
   */
  private demote(client: Client): void {
    const user = client.userData as UserData | undefined;
    if (!user) return;
    user.player = newPlayerId();
    user.spectator = true;
    client.send(SERVER_MESSAGES.error, {
      code: "seat/taken-over",
      message: "Your seat is now played from another window or device; this one watches.",
      request: "",
    });
    client.send(SERVER_MESSAGES.welcome, { player: user.player, role: "spectator", host: false });
  }

  private passHost(leaving: string): void {
    if (this.host !== leaving) return;
    const seated = this.match.seats.find(
      (s) => s.kind === "human" && s.player && this.clientOf.has(s.player),
    );
    this.host = seated?.player ?? this.clientOf.keys().next().value ?? "";
  }

  private nameOf(client: Client): string {
    return (client as Client & { name?: string }).name ?? "Player";
  }

  private sendTokens(client: Client, player: string): void {
    const token = this.tokens.tokenFor(player);
    for (const seat of seatsOf(this.match, player))
      client.send(SERVER_MESSAGES.seat, { seat, token });
  }

  private refuse(client: Client, request: string, error: Refusal): void {
    client.send(SERVER_MESSAGES.error, { code: error.code, message: error.message, request });
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
    this.scheduleTimer(now);
    this.scheduleBot();
    return null;
  }

  /** Writes state and listing metadata from the match and the room's connections. */
  private refresh(): void {
    const spectators = this.clients.filter((c) => {
      const u = c.userData as UserData | undefined;
      return u && seatsOf(this.match, u.player).length === 0;
    }).length;
    syncState(this.state, this.match, {
      host: this.host,
      spectators,
      private: this.options.private,
      mode: this.options.mode,
    });
    if (!this.options.private) {
      const taken = this.match.seats.filter((s) => s.kind === "human").length;
      void this.setMetadata({
        game: this.match.game,
        format: this.match.game === "fourchess" ? this.match.rules.format : "",
        phase: this.match.phase,
        seats: this.match.seats.length,
        taken,
        spectators,
      });
    }
  }

  private scheduleTimer(now: number): void {
    const next = nextTimedAction(this.match);
    const key = next ? `${next.at}:${JSON.stringify(next.action)}` : "";
    if (this.timer?.key === key) return;
    this.timer?.delayed.clear();
    this.timer = null;
    if (!next) return;
    const fire = () => {
      this.timer = null;
      const refusal = this.commit(next.action);
      if (refusal?.code.endsWith("/early")) this.scheduleTimer(Date.now());
    };
    this.timer = { key, delayed: this.clock.setTimeout(fire, Math.max(0, next.at - now)) };
  }

  /** Asks the CPU for a move when a CPU seat or a stand-in is to move; cancels stale asks. */
  private scheduleBot(): void {
    const turn = botTurn(this.match);
    const key = turn ? `${turn.seat}:${turn.ply}:${turn.by}:${this.match.gameNumber}` : "";
    if (this.bot?.key === key) return;
    this.bot?.abort.abort(new Error("superseded"));
    this.bot = null;
    if (!turn || !this.match.table) return;
    const abort = new AbortController();
    this.bot = { key, abort };
    const game = this.match.table;
    this.config.bots
      .request(
        {
          game,
          replay: this.replaySpec(),
          seat: turn.seat,
          level: turn.level,
          seed: this.seed + turn.ply * 7919 + this.match.gameNumber,
        },
        abort.signal,
      )
      .then((move) => {
        if (abort.signal.aborted || this.bot?.key !== key) return;
        this.bot = null;
        if (!move) return;
        const refused = this.commit({ type: "cpu-move", seat: turn.seat, ply: turn.ply, move });
        if (refused && refused.code !== "move/stale") {
          // An engine fault must never stall a table: play the simple policy's move instead.
          log.error(
            { table: this.roomId, move, code: refused.code },
            "CPU move refused; the simple policy plays instead",
          );
          const fallback = chooseMove(game, turn.ply);
          if (fallback)
            this.commit({ type: "cpu-move", seat: turn.seat, ply: turn.ply, move: fallback });
        }
      })
      .catch(() => {
        if (this.bot?.key === key) this.bot = null;
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
      if (!this.disposed) this.broadcastPatch();
    });
  }

  /** The current game as plain data, for CPUs that search in worker threads. */
  private replaySpec(): ReplaySpec {
    const m = this.match;
    return {
      id: m.game,
      setup: setupOf(m.rules, m.firstSeat, m.table?.startFen),
      log: m.log.map((e) => ({ seat: e.seat, move: e.move })),
    };
  }

  private hint(client: Client, user: UserData): Refusal | null {
    const m = this.match;
    if (!m.rules.hints) return { code: "hint/off", message: "Hints are off at this table." };
    if (m.phase !== "playing" || !m.table)
      return { code: "phase/not-playing", message: "No game is being played." };
    if (!seatsOf(m, user.player).includes(m.table.turn))
      return { code: "turn/not-yours", message: "Hints are for the player to move." };
    if (user.hinting) return { code: "hint/pending", message: "A hint is already on its way." };
    user.hinting = true;
    const game = m.table;
    const ply = m.log.length;
    this.config.bots
      .request(
        {
          game,
          replay: this.replaySpec(),
          seat: game.turn,
          level: DEFAULT_LEVEL[m.game],
          seed: this.seed ^ ply,
        },
        new AbortController().signal,
      )
      .then((move) => {
        if (move && this.match.log.length === ply) client.send(SERVER_MESSAGES.hint, move);
      })
      .catch(() => undefined)
      .finally(() => {
        user.hinting = false;
      });
    return null;
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

const KNOWN_TYPES: ReadonlySet<string> = new Set(CLIENT_MESSAGES);

/** The type of a data message (a string or a number), or null for the protocol's own frames. */
function messageType(buffer: Buffer): string | number | null {
  const code = buffer[0];
  if (code !== Protocol.ROOM_DATA && code !== Protocol.ROOM_DATA_BYTES) return null;
  const it = { offset: 1 };
  try {
    return decode.stringCheck(buffer, it) ? decode.string(buffer, it) : decode.number(buffer, it);
  } catch {
    return "";
  }
}
