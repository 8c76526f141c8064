/**
 * Who speaks for each player at a table: the connection of each player, their seat tokens, the
 * host, and what happens when a connection joins, comes back, is taken over or leaves. Seats
 * themselves change only through actions the match accepts.
 */
import { type Action, type Match, seatsOf } from "../../shared/match/match";
import { nameApart } from "../../shared/match/seating";
import { ERASED_NAME } from "../../shared/protocol/erased";
import {
  type JoinOptions,
  type Mode,
  PROTOCOL,
  SERVER_MESSAGES,
} from "../../shared/protocol/messages";
import {
  type Connection,
  nameOf,
  type Refusal,
  Refused,
  setName,
  spectatorCount,
  type UserData,
  userOf,
} from "./connection";
import { newPlayerId, type SeatTokens } from "./tokens";

export interface SeatingOptions {
  readonly mode: Mode;
  /** The table's seat tokens (brought back with the table after a restart). */
  readonly tokens: SeatTokens;
  /** The host when the table was brought back ("" for a new table). */
  readonly host: string;
  readonly maxSpectators: number;
  /** The server's clock (ms since the epoch), told to each connection it welcomes. */
  readonly now: () => number;
  readonly match: () => Match;
  readonly commit: (action: Action) => Refusal | null;
}

export class Seating {
  private readonly tokens: SeatTokens;
  /** The connection currently speaking for each player. */
  private readonly clientOf = new Map<string, Connection>();
  /**
   * The name each player holding a seat token went by: they keep it when they come back with
   * the token alone (a dropped connection's return), seated or, having given up the seat,
   * watching.
   */
  private readonly tokenNames = new Map<string, string>();
  private hostPlayer: string;

  constructor(private readonly options: SeatingOptions) {
    this.tokens = options.tokens;
    this.hostPlayer = options.host;
  }

  get host(): string {
    return this.hostPlayer;
  }

  /** A quick-play table has no host. */
  private get hasHost(): boolean {
    return this.options.mode !== "quick";
  }

  /** The player a seat token belongs to at this table. */
  playerOf(token: string): string | undefined {
    return this.tokens.playerOf(token);
  }

  /**
   * The person asked to be erased: the name kept for their seat token is forgotten (coming
   * back with the token alone brings no name back, a name sent then is theirs again), and
   * their connections here go by no name.
   */
  forgetName(player: string, clients: readonly Connection[]): void {
    this.tokenNames.delete(player);
    for (const c of clients) if (userOf(c)?.player === player) setName(c, ERASED_NAME);
  }

  /**
   * Takes in a joining connection: a known seat token gets its seat back at once, otherwise it
   * sits where it asked or watches. Throws (refusing the join) when it could only watch and the
   * table has as many spectators as it can take.
   */
  join(
    client: Connection,
    opts: JoinOptions,
    clients: readonly Connection[],
    /** The joining person's public player id, when they came with a known player key. */
    keyed: string | null = null,
  ): void {
    const m = this.options.match();
    // A seat token names its player; so does a player key whose player holds a seat here (the
    // same person on another device).
    const known =
      (opts.seatToken ? this.tokens.playerOf(opts.seatToken) : undefined) ??
      (keyed && seatsOf(m, keyed).length > 0 ? keyed : undefined);
    const watching = spectatorCount(
      clients.filter((c) => c !== client),
      m,
    );
    const mayTakeSeat =
      !opts.spectate && m.phase === "waiting" && m.seats.some((x) => x.kind === "open");
    if (!known && !mayTakeSeat && watching >= this.options.maxSpectators)
      throw new Refused({
        code: "table/full",
        message: "This table has as many spectators as it can take.",
      });
    const player = known ?? keyed ?? newPlayerId();
    const user: UserData = {
      player,
      spectator: opts.spectate,
      tokenRefused:
        opts.seatToken !== null && !(opts.seatToken && this.tokens.playerOf(opts.seatToken)),
      hinting: false,
    };
    client.userData = user;
    // Spectators are named too (who is watching, their phrases): told apart from everyone here.
    setName(
      client,
      known
        ? opts.name || this.tokenNames.get(known) || ""
        : nameApart(
            opts.name,
            namesHere(
              m,
              clients.filter((c) => c !== client),
            ),
          ),
    );
    // The newest connection holding a seat token is the seat's only controller.
    const older = this.clientOf.get(player);
    if (older && older !== client) {
      // The same person watching from another window goes on watching there, as someone else.
      if (seatsOf(m, player).length > 0) this.demote(older);
      else {
        const u = userOf(older);
        if (u) u.player = newPlayerId();
      }
    }
    this.clientOf.set(player, client);
    if (!this.hostPlayer && this.hasHost) this.hostPlayer = player;

    if (known && seatsOf(this.options.match(), player).length > 0) {
      user.spectator = false;
      this.options.commit({ type: "return", player });
    } else if (!opts.spectate && !opts.seatToken) {
      this.autoSeat(client, user, opts.seat);
    }
  }

  /** The `sit` request: on success the connection gets the seat's token. */
  sit(client: Connection, user: UserData, seat: number): Refusal | null {
    const r = this.options.commit({ type: "sit", player: user.player, name: nameOf(client), seat });
    if (!r) {
      user.spectator = false;
      this.sendTokens(client, user.player);
    }
    return r;
  }

  /**
   * The answer to `hello`: a refused seat token, the connection's seat tokens, then who it is.
   * Sent on request rather than on join, so the client has its handlers in place when the
   * answer arrives; `welcome` comes last, so whatever the answer holds has arrived by then.
   */
  welcome(client: Connection, user: UserData): null {
    if (user.tokenRefused) {
      user.tokenRefused = false;
      client.send(SERVER_MESSAGES.error, {
        code: "seat/token-unknown",
        message: "That seat token does not belong to a seat at this table; you are watching.",
        request: "join",
      });
    }
    this.sendTokens(client, user.player);
    const seats = seatsOf(this.options.match(), user.player);
    client.send(SERVER_MESSAGES.welcome, {
      player: user.player,
      role: seats.length > 0 ? "player" : "spectator",
      host: user.player === this.hostPlayer,
      now: this.options.now(),
      protocol: PROTOCOL,
    });
    return null;
  }

  /**
   * A person declined the next game and gave up their seat: their seat token no longer holds
   * anything here, and the connection watches.
   */
  gaveUp(user: UserData): void {
    this.tokens.revoke(user.player);
    this.tokenNames.delete(user.player);
    user.spectator = true;
    this.passHost(user.player);
  }

  /**
   * A connection went away. A seated player who did not mean to leave keeps the seat (but at a
   * quick-play table that has not started, where nobody should wait for them): `hold`
   * waits for the same connection to come back (it rejects past the hold), and meanwhile the
   * seat token can reclaim the seat from elsewhere.
   */
  async leave(
    client: Connection,
    consented: boolean,
    hold: (client: Connection) => PromiseLike<Connection>,
  ): Promise<void> {
    const user = userOf(client);
    if (!user) return;
    const m = this.options.match();
    const seated = seatsOf(m, user.player).length > 0;
    if (this.clientOf.get(user.player) !== client) return;
    // Strangers waiting for a quick-play game do not wait for someone who went away.
    const leftWaiting = this.options.mode === "quick" && m.phase === "waiting";
    if (consented || !seated || leftWaiting) {
      this.clientOf.delete(user.player);
      if (seated) {
        this.options.commit({ type: "leave", player: user.player });
        this.tokens.revoke(user.player);
        this.tokenNames.delete(user.player);
      }
      this.passHost(user.player);
      return;
    }
    this.options.commit({ type: "drop", player: user.player });
    try {
      const back = await hold(client);
      // The connection that came back is a new one: it goes by the same name.
      setName(back, nameOf(client));
      if (this.clientOf.get(user.player) === client || !this.clientOf.has(user.player)) {
        this.clientOf.set(user.player, back);
        this.options.commit({ type: "return", player: user.player });
      } else this.demote(back);
    } catch {
      // Past the hold: the seat stays held for the seat token; the stand-in plays meanwhile.
      if (this.clientOf.get(user.player) === client) {
        this.clientOf.delete(user.player);
        this.passHost(user.player);
      }
    }
  }

  /**
   * Takes the seat a joining client asked for. The creator of a table against the computer
   * sits and starts at once; on a hot-seat table they hold both seats.
   */
  private autoSeat(client: Connection, user: UserData, wanted: number | "any" | null): void {
    const { commit, mode } = this.options;
    const name = nameOf(client);
    const m = this.options.match();
    const creator =
      user.player === this.hostPlayer &&
      m.phase === "waiting" &&
      m.seats.every((s) => s.kind === "open");
    if (creator && mode === "hotseat") {
      for (let seat = 0; seat < m.seats.length; seat++)
        commit({ type: "sit", player: user.player, name, seat });
      commit({ type: "start", player: user.player, host: true });
    } else if (creator && mode === "computer") {
      commit({
        type: "sit",
        player: user.player,
        name,
        seat: typeof wanted === "number" ? wanted : 0,
      });
      commit({ type: "start", player: user.player, host: true });
    } else if (wanted !== null) {
      const seats = this.options.match().seats;
      const seat = wanted === "any" ? seats.findIndex((s) => s.kind === "open") : wanted;
      if (seat >= 0) commit({ type: "sit", player: user.player, name, seat });
    }
    user.spectator = seatsOf(this.options.match(), user.player).length === 0;
  }

  /**
   * A connection whose seat was taken over by a newer one (the same seat token, another
   * window): it is told, and watches from now on under an identity of its own.
   */
  private demote(client: Connection): void {
    const user = userOf(client);
    if (!user) return;
    user.player = newPlayerId();
    user.spectator = true;
    client.send(SERVER_MESSAGES.error, {
      code: "seat/taken-over",
      message: "Your seat is now played from another window or device; this one watches.",
      request: "",
    });
    client.send(SERVER_MESSAGES.welcome, {
      player: user.player,
      role: "spectator",
      host: false,
      now: this.options.now(),
      protocol: PROTOCOL,
    });
  }

  private passHost(leaving: string): void {
    if (this.hostPlayer !== leaving || !this.hasHost) return;
    const seated = this.options
      .match()
      .seats.find((s) => s.kind === "human" && s.player && this.clientOf.has(s.player));
    this.hostPlayer = seated?.player ?? this.clientOf.keys().next().value ?? "";
  }

  /**
   * Brings the match's connected flags in line with the connections as they are: drops and
   * returns that could not be stored (the table was paused) are made now.
   */
  settle(clients: readonly Connection[]): void {
    const here = new Set(clients.map((c) => userOf(c)?.player));
    for (const seat of this.options.match().seats) {
      if (seat.kind !== "human" || !seat.player) continue;
      const present = here.has(seat.player) && this.clientOf.has(seat.player);
      if (present !== seat.connected)
        this.options.commit({ type: present ? "return" : "drop", player: seat.player });
    }
  }

  /**
   * Hands a seated person their seat token. Someone who holds no seat gets none: a token only
   * reclaims seats, and each new one is a write to the store and kept for the table's life.
   */
  private sendTokens(client: Connection, player: string): void {
    const seats = seatsOf(this.options.match(), player);
    if (seats.length === 0) return;
    this.tokenNames.set(player, nameOf(client));
    const token = this.tokens.tokenFor(player);
    for (const seat of seats) client.send(SERVER_MESSAGES.seat, { seat, token });
  }
}

/** The names of the people seated and of the other connections. */
function namesHere(m: Match, others: readonly Connection[]): string[] {
  return [
    ...m.seats.filter((s) => s.kind === "human").map((s) => s.name),
    ...others.map((c) => nameOf(c)),
  ];
}
