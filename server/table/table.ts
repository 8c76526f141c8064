/**
 * The authoritative table, apart from any transport: every action passes `commit` (the
 * reducer, then the store, then what it changed is published); a table brought back replays
 * its stored actions; the turn timer, stand-ins and CPU seats are scheduled from the match;
 * a finished game is archived; seats and their tokens are kept by `Seating`. Store, timers,
 * CPU driver, clock and the sink that publishes are passed in, so the same table runs in a
 * Colyseus room (server/room/tableRoom.ts) and in tests with a memory store and a fake clock.
 *
 * The store is the truth: an action it cannot take is refused (`store/unavailable`), and while
 * it is down the table is paused (no timer, no CPU) until it writes again.
 */
import { randomBytes, randomInt } from "node:crypto";
import { refusal } from "../../shared/core/errors";
import { GAMES } from "../../shared/games/catalog";
import type { MoveInput } from "../../shared/games/types";
import {
  type Action,
  createMatch,
  type Match,
  type MoveBy,
  reduce,
  seatsOf,
} from "../../shared/match/match";
import { isPlayerId, ratedGameOf } from "../../shared/match/rated";
import type { HouseRules } from "../../shared/match/rules";
import {
  type ClientMessage,
  type CreateOptions,
  type JoinOptions,
  type MyTable,
  type Phrase,
  SERVER_MESSAGES,
  type ServerPayloads,
} from "../../shared/protocol/messages";
import { WATCHERS_SHOWN } from "../../shared/protocol/views";
import type { RatedGame } from "../../shared/rating/types";
import type { BotDriver } from "../bots/driver";
import { log } from "../ops/log";
import type { StoreDown } from "../store/status";
import type { PlayerRecord, StoredTable, TableStore } from "../store/types";
import { actionBudget, bounded } from "./actionBudget";
import { admit, type Pending } from "./admission";
import { archiveOf, gameIdOf } from "./archive";
import type { ArchiveBudget } from "./archiveBudget";
import {
  type Connection,
  nameOf,
  type Refusal,
  spectatorCount,
  userOf,
  watcherNames,
} from "./connection";
import { TableCpu } from "./cpu";
import { type ErasedPerson, withNameErased } from "./erasure";
import { seatSummary } from "./listing";
import {
  addressKey,
  addressKeysOf,
  concluded,
  lastGameOf,
  type ParkingRules,
  parkedOf,
  parks,
} from "./parking";
import { type ShownRating, TableRatings } from "./ratings";
import { MESSAGES } from "./requests";
import { noteTimes, replayActions } from "./restore";
import { type HoldAnswer, SeatHolds } from "./seatHolds";
import { Seating } from "./seating";
import { SeatTokens } from "./tokens";
import { type Timers, TurnTimer } from "./turnTimer";

/** Where a table shows what it did. */
export interface TableSink {
  /** The match or the people at the table changed: show it. */
  changed(): void;
  /** Every write made so far is stored: what they changed may be shown now. */
  stored(): void;
  /** A message to every connection; `afterChanges`: only once what changed so far is shown. */
  broadcast(type: string, message: unknown, afterChanges?: boolean): void;
}

export interface TableSetup {
  /** The table's id: its code, or the public table's id. */
  readonly id: string;
  readonly options: CreateOptions;
  /** The house rules the table starts with (parsed from the options). */
  readonly rules: HouseRules;
  readonly store: TableStore;
  readonly bots: BotDriver;
  readonly timers: Timers;
  /** The server's clock (ms since the epoch). */
  readonly now: () => number;
  readonly sink: TableSink;
  /** The table's connections as they are now. */
  readonly connections: () => readonly Connection[];
  /** A dropped player's turn waits this long before the stand-in moves. */
  readonly graceMs: number;
  /** A four-player quick-play table starts this long after its second person sat. */
  readonly quickWaitMs: number;
  /** Milliseconds in one turn-timer second. */
  readonly timerSecondMs: number;
  readonly maxSpectators: number;
  /** How long the table is kept parked when nobody is at it, and how many per address. */
  readonly parking: ParkingRules;
  /** Seed of the CPU players (random when absent); a restored table keeps its own. */
  readonly seed?: number;
  /** The table as stored, to bring back. */
  readonly restoring?: StoredTable;
  /** Told of each accepted action and how long its commit took, in ms (metrics). */
  readonly onCommit?: (game: Match["gameId"], action: Action, ms: number, by?: MoveBy) => void;
  /** Bounds the finished games archived per opening address; none when absent. */
  readonly archiveBudget?: ArchiveBudget;
}

/** A table's match before its first action: its game, house rules and timings. */
export function startOf(
  options: CreateOptions,
  rules: HouseRules,
  timing: Pick<TableSetup, "quickWaitMs" | "graceMs" | "timerSecondMs">,
): Match {
  return createMatch({
    game: options.game,
    rules: options.mode === "computer" ? { ...rules, takebackConsent: false } : rules,
    hotSeat: options.mode === "hotseat",
    quick: options.mode === "quick",
    quickWaitMs: timing.quickWaitMs,
    graceMs: timing.graceMs,
    secondMs: timing.timerSecondMs,
  });
}

/**
 * How long a seat kept for someone the quick-play pool sent waits for them: the browser joins
 * right after the answer, and anyone sent here meanwhile waits for a kept seat to lapse.
 */
const HOLD_MS = 5_000;
/**
 * Rated quick play: a table takes people within this many points of its people's mean rating
 * at first, up to RATED_WIDEST as it waits, and anyone once it has waited RATED_WIDE_MS.
 */
const RATED_WINDOW = 150;
const RATED_WIDEST = 600;
const RATED_WIDE_MS = 30_000;
/** Table talk: at most this many phrases per connection within TALK_WINDOW_MS. */
const TALK_BURST = 3;
const TALK_WINDOW_MS = 10_000;

/** The answer to every action while the table's store cannot write. */
export const STORE_DOWN: Refusal = {
  code: "store/unavailable",
  message: "The server cannot store moves right now; the table waits and goes on by itself.",
};

export class Table {
  readonly id: string;
  readonly options: CreateOptions;
  private current: Match;
  private readonly store: TableStore;
  private readonly secret: string;
  /** Server time of each entry of the current game's move list, for the archive. */
  private times: number[] = [];
  /** Writes made to the store that are not known to be durable yet. */
  private unflushed = 0;
  private storedHost: string;
  private readonly seating: Seating;
  /** The table's seat tokens (by hash): the archive links each game's seats to them. */
  private readonly tokens: SeatTokens;
  /** Players erased on request while at the table (`erasePerson`), by public id. */
  private readonly erased = new Set<string>();
  private readonly timer: TurnTimer;
  private readonly cpu: TableCpu;
  private currentGameId = { number: 0, id: "" };
  /** Since when the table is paused because its store cannot write, or null. */
  private pausedSince: number | null = null;
  private readonly unwatchStore: () => void;
  /** The address of the table's first connection (its opener), for the CPU pool's turns. */
  private opener = "";
  private closed = false;
  /** The server is stopping: the table stood still at its `halt` and takes no more actions. */
  private halted = false;
  /** Set once built: nothing is published while the constructor runs. */
  private ready = false;
  /** The seats kept for those the quick-play pool sent here, one per address. */
  private readonly holds = new SeatHolds(HOLD_MS);
  /** When the last stored action of a table brought back was made (ms), or null. */
  private restoredAt: number | null = null;
  /** When the table opened (ms): how long a rated quick-play table has waited for people. */
  private readonly openedAt: number;
  /** Its people's ratings, and what the last rated game changed. */
  private readonly ratings = new TableRatings();
  /** The table's budget of stored actions that are not moves (actionBudget.ts), full at first. */
  private readonly actionBucket = actionBudget(0);

  constructor(private readonly setup: TableSetup) {
    const { options, restoring, store } = setup;
    this.id = setup.id;
    this.options = options;
    this.store = store;
    this.current = startOf(options, setup.rules, setup);
    this.openedAt = setup.now();
    if (restoring) this.replayStored(restoring);
    const seed = restoring?.table.seed ?? setup.seed ?? randomInt(2 ** 31);
    this.secret = restoring?.table.secret ?? randomBytes(16).toString("base64url");
    if (!restoring)
      store.createTable({
        id: this.id,
        options,
        seed,
        secret: this.secret,
        createdAt: setup.now(),
      });
    const tokens = new SeatTokens(
      (player, hash) => store.setToken(this.id, player, hash),
      restoring?.tokens,
    );
    this.tokens = tokens;
    this.storedHost = restoring?.host ?? "";
    const match = () => this.current;
    const commit = (action: Action) => this.commit(action);
    this.seating = new Seating({
      tokens,
      host: this.storedHost,
      mode: options.mode,
      maxSpectators: setup.maxSpectators,
      now: setup.now,
      match,
      commit,
    });
    this.timer = new TurnTimer({ clock: setup.timers, now: setup.now, match, commit });
    this.cpu = new TableCpu({
      bots: setup.bots,
      seed,
      match,
      commit,
      table: () => this.id,
      // The CPU pool serves the address that opened the table in turn with the others.
      queue: () => this.opener || this.id,
    });
    // Back after a restart: everyone counts as away, the running turn starts again; its clocks
    // go on from where they stood at the last stored action (the `halt` of a clean stop).
    if (restoring) {
      this.commit(
        this.restoredAt === null ? { type: "resume" } : { type: "resume", since: this.restoredAt },
      );
      // Open in a room again (back from a park): brought back if the server stops.
      if (restoring.parked) store.unparkTable(this.id);
      this.restoreRatings();
    }
    this.unwatchStore = store.status.watch((down) => this.storeChanged(down));
    if (!store.status.writable) this.storeChanged(store.status.down);
    this.ready = true;
  }

  /**
   * A table brought back: its keyed people's ratings are read again, and a rated game that
   * finished is handed to the store again, which applies its ratings unless it did already
   * (the process may have stopped between the game's end and the archive's write).
   */
  private restoreRatings(): void {
    const m = this.current;
    for (const id of new Set([...m.ids, ...m.seats.map((s) => s.player ?? "")]))
      if (isPlayerId(id))
        void this.store.player(id).then(
          (p) => {
            if (p && !this.closed) {
              this.ratings.learn(p);
              this.changed();
            }
          },
          () => undefined,
        );
    const rated = ratedGameOf(m);
    if (!rated) return;
    const record = archiveOf(m, {
      id: gameIdOf(this.secret, m.gameNumber),
      tableId: this.id,
      private: this.options.private,
      times: this.times,
      now: this.restoredAt ?? this.setup.now(),
      tokenOf: this.tokenOf,
    });
    if (!record) return;
    this.store.saveGame(record, rated);
    this.eraseAgain(rated);
    void this.ratedApplied(record.id, m.gameNumber, rated.players);
  }

  /** How many seats the game has. */
  get seats(): number {
    return GAMES[this.options.game].colors.length;
  }

  get match(): Match {
    return this.current;
  }

  /** The host's player id ("" before anyone joined). */
  get host(): string {
    return this.seating.host;
  }

  /** The table refuses every action: its store cannot write. */
  get paused(): boolean {
    return this.pausedSince !== null;
  }

  /** Writes in flight: nothing they changed may be shown before they are stored. */
  get pendingWrites(): number {
    return this.unflushed;
  }

  /** Resolves once every write made so far is stored. */
  stored(): Promise<void> {
    return this.store.flushed(this.id);
  }

  /** Connections that hold no seat. */
  spectators(): number {
    return spectatorCount(this.setup.connections(), this.current);
  }

  /** The names of the first spectators, as many as the state shows. */
  watchers(): string[] {
    return watcherNames(this.setup.connections(), this.current, WATCHERS_SHOWN);
  }

  /**
   * Keeps a seat for someone at `address` the quick-play pool sends here, until they join or
   * HOLD_MS passes (server/table/seatHolds.ts).
   */
  holdSeat(address: string, rating: number | null = null): HoldAnswer {
    const m = this.current;
    const now = this.setup.now();
    const open =
      m.phase === "waiting" && !this.paused ? m.seats.filter((s) => s.kind === "open").length : 0;
    if (open > 0 && m.rules.rated && !this.near(rating, now)) return "far";
    return this.holds.ask(address, open, now);
  }

  /**
   * A rated table takes an asker whose rating is within RATED_WINDOW of its people's mean at
   * first, wider the longer it has waited, and anyone after RATED_WIDE_MS.
   */
  private near(rating: number | null, now: number): boolean {
    if (rating === null) return false;
    const waited = now - this.openedAt;
    if (waited >= RATED_WIDE_MS) return true;
    const ratings = this.current.seats.flatMap((s) => {
      const r = s.kind === "human" ? this.ratingOf(s.player) : null;
      return r ? [r.rating] : [];
    });
    if (ratings.length === 0) return true;
    const mean = ratings.reduce((a, b) => a + b, 0) / ratings.length;
    const window = RATED_WINDOW + ((RATED_WIDEST - RATED_WINDOW) * waited) / RATED_WIDE_MS;
    return Math.abs(rating - mean) <= window;
  }

  /** The archive id of the current game, worked out once per game ("" before the first). */
  gameId(): string {
    const n = this.current.gameNumber;
    if (n > 0 && this.currentGameId.number !== n)
      this.currentGameId = { number: n, id: gameIdOf(this.secret, n) };
    return n > 0 ? this.currentGameId.id : "";
  }

  /**
   * Takes in a joining connection (its seat back for a known seat token, a seat if it asked,
   * else it watches); throws `Refused` when the table cannot take it. `address` is where it
   * came from ("" when unknown).
   */
  join(
    c: Connection,
    opts: JoinOptions,
    address: string,
    /** The joining person, when they came with a known player key. */
    player: PlayerRecord | null = null,
  ): void {
    this.opener ||= address;
    if (player) this.ratings.learn(player);
    this.seating.join(c, opts, this.setup.connections(), player?.id ?? null);
    if (player) this.store.seePlayer(player.id, nameOf(c) || player.name, this.setup.now());
    this.holds.use(address);
    if (this.pausedSince !== null) c.send(SERVER_MESSAGES.paused, { code: STORE_DOWN.code });
    this.scheduleCpu();
    this.changed();
  }

  /**
   * A connection went away. `hold` waits for the same connection to come back (and rejects
   * once it may no longer); meanwhile the seat stays held for its seat token.
   */
  async leave(
    c: Connection,
    consented: boolean,
    hold: (c: Connection) => PromiseLike<Connection>,
  ): Promise<void> {
    if (!userOf(c)) return;
    // Nobody left to play or watch: the CPUs stop thinking until someone is back.
    if (this.setup.connections().length === 0) this.cpu.stop();
    const leaving = this.seating.leave(c, consented, hold);
    this.abandonIfEmpty();
    await leaving;
    this.changed();
  }

  /**
   * Nobody is at the table and only CPUs play its game (everyone seated left it for good): it
   * ends as it stands, so it reaches the archive, rather than being played on for nobody or
   * lost with the table when it closes.
   */
  private abandonIfEmpty(): void {
    const m = this.current;
    if (this.setup.connections().length > 0 || m.phase !== "playing") return;
    if (m.seats.some((s) => s.kind === "human")) return;
    this.commit({ type: "abandon" });
  }

  /** A message from a connection: the refusal to answer it with, or null when it was done. */
  request(type: ClientMessage, c: Connection, payload: unknown): Refusal | null {
    const user = userOf(c);
    if (!user) return null;
    return MESSAGES[type].run(this.requests, c, user, payload);
  }

  /** Whether a join with these options from this address may have a reservation. */
  admit(opts: JoinOptions, address: string, pending: readonly Pending[]) {
    return admit(opts, address, pending, {
      match: this.current,
      watching: this.spectators(),
      maxSpectators: this.setup.maxSpectators,
      playerOf: (token) => this.seating.playerOf(token),
    });
  }

  /**
   * What a seat token's holder may learn of this table from outside it (the lobby's "your
   * tables"): null unless the token holds a seat here and a game is waiting or being played.
   */
  seatSummary(token: string): MyTable | null {
    return seatSummary(this.current, this.seating.playerOf(token), {
      id: this.id,
      private: this.options.private,
      mode: this.options.mode,
    });
  }

  /** A player's seat-token hash, for the archive (server/table/archive.ts). */
  private readonly tokenOf = (player: string): string | null => this.tokens.hashFor(player);

  /**
   * Erasure on request (`POST /api/erase`): the person whose seat token hashes to `tokenHash`,
   * or whose public id is `playerId`, goes by no name here from now on, at once for everyone
   * at the table; their moves stay. No action is stored: the store rewrites the table's stored
   * names itself (`TableStore.erasePerson`). Whether anyone here was that person.
   */
  erasePerson(who: ErasedPerson): boolean {
    const byToken = who.tokenHash ? this.tokens.playerOfHash(who.tokenHash) : undefined;
    const players = new Set([byToken, who.playerId].filter((p): p is string => !!p));
    let found = false;
    for (const player of players) {
      const m = this.current;
      const known = byToken === player || m.ids.includes(player) || seatsOf(m, player).length > 0;
      if (!known) continue;
      found = true;
      if (player === who.playerId) this.erased.add(player);
      this.current = withNameErased(m, player);
      this.seating.forgetName(player, this.setup.connections());
    }
    if (found) this.changed();
    return found;
  }

  /**
   * A rated game ends after one of its players was erased: the store rates it as it is (the
   * others' ratings count it), then erases that player's ratings, history and link to it again.
   */
  private eraseAgain(rated: RatedGame | null): void {
    for (const id of rated?.players ?? [])
      if (this.erased.has(id))
        void this.store
          .erasePerson({ playerId: id })
          .catch((err: unknown) =>
            log.warn(
              { err, event: "erase/failed", table: this.id },
              "an erased player's game kept",
            ),
          );
  }

  /**
   * The server is stopping and the table will come back on the next start: a game in play
   * with a clock stores a `halt`, the moment its clocks stop (the restart charges nobody for
   * the time away), and from now on the table takes no action, runs no timer and asks no CPU.
   */
  halt(): void {
    if (this.halted || this.closed) return;
    const m = this.current;
    if (m.phase === "playing" && m.rules.clock) this.commit({ type: "halt" });
    this.halted = true;
    this.timer.stop();
    this.cpu.stop();
  }

  /**
   * The table's room goes while the server runs on: nobody is at the table. People who only
   * dropped still hold seats in a game waiting or being played: the table is parked (it stands
   * still in the store, its clocks stopped as for a restart, until someone comes back by its
   * code or a seat token). Otherwise it is over, and a game still in play with a move (the
   * store refused its end while it was down) is archived as the table closes.
   */
  async dispose(): Promise<"parked" | "closed"> {
    if (this.closed) return "closed";
    const by = addressKey(this.opener);
    if (!parks(this.current) || (await this.parkedTooMany())) {
      this.close(true);
      return "closed";
    }
    this.halt();
    this.closed = true;
    this.unwatchStore();
    const now = this.setup.now();
    this.store.parkTable(
      this.id,
      parkedOf(
        this.current,
        { id: this.id, private: this.options.private, mode: this.options.mode },
        now,
        this.setup.parking,
        by,
      ),
    );
    log.info(
      { event: "table/parked", table: this.id, phase: this.current.phase },
      "nobody is at the table: parked until someone comes back",
    );
    return "parked";
  }

  /**
   * Whether the address that opened the table has as many tables parked as it may: one address
   * cannot keep the store filling with tables it opened and walked away from.
   */
  private async parkedTooMany(): Promise<boolean> {
    const bound = this.setup.parking.perAddress;
    const keys = addressKeysOf(this.opener);
    if (bound <= 0 || keys.length === 0) return false;
    // Under each day's key of the keeping time: the key changes daily, the bound does not.
    const counts = await Promise.all(keys.map((k) => this.store.parkedBy(k).catch(() => 0)));
    const parked = counts.reduce((a, b) => a + b, 0);
    if (parked < bound) return false;
    log.warn(
      { event: "table/not-parked", table: this.id, parked },
      "the address that opened the table has too many tables parked: it closes instead",
    );
    return true;
  }

  /**
   * The table closes. `forGood`: it is over (not brought back), and a game in play with a move
   * is archived in the same write; otherwise the server is stopping and it comes back on the
   * next start.
   */
  close(forGood: boolean): void {
    this.closed = true;
    this.unwatchStore();
    this.cpu.stop();
    this.timer.stop();
    if (!forGood) return;
    const now = this.setup.now();
    const ended = concluded(this.current, now);
    const game = lastGameOf(
      this.current,
      ended,
      { id: this.id, secret: this.secret, private: this.options.private, tokenOf: this.tokenOf },
      noteTimes([...this.times], this.current, ended, now),
      now,
    );
    const rated = game ? ratedGameOf(ended) : null;
    this.store.closeTable(this.id, game, rated);
    this.eraseAgain(rated);
  }

  private readonly requests = {
    match: () => this.current,
    commit: (action: Action) => this.commit(action),
    isHost: (player: string) => player === this.seating.host,
    welcome: (c: Connection, user: NonNullable<ReturnType<typeof userOf>>) => {
      // A premove queued before the connection was lost is still there: say so before `welcome`.
      const queued = this.premoveOf(user.player);
      if (queued) c.send(SERVER_MESSAGES.premove, { move: queued });
      return this.seating.welcome(c, user);
    },
    sit: (c: Connection, user: NonNullable<ReturnType<typeof userOf>>, seat: number) =>
      this.seating.sit(c, user, seat),
    hint: (c: Connection, user: NonNullable<ReturnType<typeof userOf>>) => this.cpu.hint(c, user),
    decline: (user: NonNullable<ReturnType<typeof userOf>>) => {
      const refused = this.commit({ type: "decline-rematch", player: user.player });
      if (!refused) {
        this.seating.gaveUp(user);
        this.changed();
      }
      return refused;
    },
    say: (c: Connection, user: NonNullable<ReturnType<typeof userOf>>, phrase: Phrase) =>
      this.say(c, user, phrase),
    premove: (
      c: Connection,
      user: NonNullable<ReturnType<typeof userOf>>,
      move: MoveInput | null,
    ) => {
      const refused = this.commit({ type: "premove", player: user.player, move });
      if (!refused) c.send(SERVER_MESSAGES.premove, { move: this.premoveOf(user.player) });
      return refused;
    },
    time: (c: Connection) => {
      c.send(SERVER_MESSAGES.time, { now: this.setup.now() });
      return null;
    },
  };

  /** The player's queued premove, or null. */
  private premoveOf(player: string): MoveInput | null {
    const m = this.current;
    for (const seat of seatsOf(m, player)) {
      const move = m.premoves[seat];
      if (move) return move;
    }
    return null;
  }

  /**
   * Tells the players whose premoves the last action played or dropped (them alone, on each of
   * their connections: a premove is nobody else's business).
   */
  private tellPremoves(news: Match["premoveNews"]): void {
    for (const n of news) {
      const message: ServerPayloads["premove"] = {
        move: this.premoveOf(n.player),
        ...(n.played ? { played: true as const } : {}),
        ...(n.refusal
          ? {
              dropped: {
                code: n.refusal.code,
                message: n.refusal.message,
                ...(n.refusal.params ? { params: n.refusal.params } : {}),
              },
            }
          : {}),
      };
      for (const c of this.setup.connections())
        if (userOf(c)?.player === n.player) c.send(SERVER_MESSAGES.premove, message);
    }
  }

  /**
   * A phrase said at the table, to everyone there: a seated person's under their seat, a
   * spectator's under no seat. Not an action of the match: nothing is stored.
   */
  private say(c: Connection, user: NonNullable<ReturnType<typeof userOf>>, phrase: Phrase) {
    const now = this.setup.now();
    const recent = (user.said ?? []).filter((at) => at > now - TALK_WINDOW_MS);
    if (recent.length >= TALK_BURST) return refusal("talk/too-fast");
    user.said = [...recent, now];
    const seat = seatsOf(this.current, user.player)[0] ?? -1;
    const name = seat >= 0 ? (this.current.seats[seat]?.name ?? "") : nameOf(c);
    this.setup.sink.broadcast(SERVER_MESSAGES.said, { phrase, seat, name });
    return null;
  }

  /**
   * The one place every action passes: applied by the reducer, stored, then published (what
   * it changed is shown once the store has it). Returns the refusal, or null when accepted.
   */
  private commit(action: Action): Refusal | null {
    if (this.halted) return refusal("server/stopping");
    if (this.pausedSince !== null || !this.store.status.writable) return STORE_DOWN;
    const started = performance.now();
    const now = this.setup.now();
    const r = reduce(this.current, action, now);
    if (!r.ok) return r.error;
    // It changed nothing: nothing to store, and it was done all the same.
    if (r.value === this.current) return null;
    if (bounded(action) && !this.actionBucket.take(now)) return refusal("rate/limited");
    // An action the store cannot take is not applied at all.
    if (!this.store.append(this.id, { at: now, version: r.value.version, action }))
      return STORE_DOWN;
    this.unflushed++;
    void this.store.flushed(this.id).finally(() => {
      this.unflushed--;
      if (!this.closed) this.setup.sink.stored();
    });
    const finishing = this.current.phase !== "finished" && r.value.phase === "finished";
    this.times = noteTimes(this.times, this.current, r.value, now);
    this.current = r.value;
    if (finishing) this.archive(now);
    this.tellPremoves(this.current.premoveNews);
    this.changed();
    this.timer.schedule(now);
    this.scheduleCpu();
    this.setup.onCommit?.(
      this.current.gameId,
      action,
      performance.now() - started,
      action.type === "cpu-move" ? this.current.log.at(-1)?.by : undefined,
    );
    return null;
  }

  /** Publishes a change, keeping the stored host in step. */
  private changed(): void {
    if (this.seating.host !== this.storedHost) {
      this.storedHost = this.seating.host;
      this.store.setHost(this.id, this.storedHost);
    }
    if (this.ready) this.setup.sink.changed();
  }

  /**
   * Asks the CPU for a move when one is due, while someone is at the table and it is not
   * paused: a table everyone left costs no searches.
   */
  private scheduleCpu(): void {
    if (this.pausedSince !== null || this.setup.connections().length === 0) this.cpu.stop();
    else this.cpu.schedule();
  }

  /**
   * Keeps the finished game in the archive: not an abort, and only within the budget of the
   * address that opened the table (archiveBudget.ts).
   */
  private archive(now: number): void {
    const record = archiveOf(this.current, {
      id: gameIdOf(this.secret, this.current.gameNumber),
      tableId: this.id,
      private: this.options.private,
      times: this.times,
      now,
      tokenOf: this.tokenOf,
    });
    if (!record) return;
    const budget = this.setup.archiveBudget;
    if (budget && !budget.charge(this.opener || this.id, now, this.id)) return;
    const rated = ratedGameOf(this.current);
    this.store.saveGame(record, rated);
    this.eraseAgain(rated);
    if (rated) void this.ratedApplied(record.id, this.current.gameNumber, rated.players);
  }

  /**
   * Once the store has the rated game, its record says how each seat's rating changed: the
   * result card shows it, and the names show the new ratings.
   */
  private async ratedApplied(
    gameId: string,
    gameNumber: number,
    players: readonly string[],
  ): Promise<void> {
    try {
      await this.store.flushed(this.id);
      const record = await this.store.game(gameId);
      const known = await Promise.all(players.map((id) => this.store.player(id)));
      if (this.closed || !record?.rated) return;
      for (const p of known) if (p) this.ratings.learn(p);
      this.ratings.applied(gameNumber, record);
      this.changed();
    } catch (err) {
      log.warn(
        { err, event: "rating/unread", table: this.id },
        "a rated game's ratings were not read back",
      );
    }
  }

  /** The rating shown beside a seat's person, or null. */
  ratingOf(player: string | null): ShownRating | null {
    return this.ratings.shown(this.current, player, this.setup.now());
  }

  /** Each seat's rating change in the last rated game, once known. */
  ratingDeltas(): readonly number[] {
    return this.ratings.deltas(this.current);
  }

  /**
   * Rebuilds the match from the stored actions, as far as they replay: the rest is cut from
   * the store (no client was shown it), so the table goes on from its last consistent version.
   */
  private replayStored(stored: StoredTable): void {
    const back = replayActions(this.current, stored.actions);
    this.current = back.match;
    this.times = back.times;
    this.restoredAt = back.lastAt;
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
    if (this.closed) return;
    if (down) {
      if (this.pausedSince !== null) return;
      // On the table's own clock, which the pause is charged against.
      this.pausedSince = this.setup.now();
      this.timer.stop();
      this.cpu.stop();
      // A message rather than state alone: what changed may be held behind a write in flight.
      if (this.ready) this.setup.sink.broadcast(SERVER_MESSAGES.paused, { code: STORE_DOWN.code });
      this.changed();
      return;
    }
    if (this.pausedSince === null) return;
    const since = this.pausedSince;
    this.pausedSince = null;
    this.commit({ type: "unpause", since });
    // Connections that came or went while nothing could be stored.
    this.seating.settle(this.setup.connections());
    this.timer.schedule(this.setup.now());
    this.scheduleCpu();
    // Said once the actions held while the store was away are shown.
    this.setup.sink.broadcast(SERVER_MESSAGES.paused, { code: null }, true);
    this.changed();
  }
}
