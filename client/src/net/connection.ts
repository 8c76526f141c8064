/**
 * The connection to one table: joining, remembering the seat token, typed messages both ways,
 * and coming back after a dropped connection or a server restart — each try first with the
 * reconnection token (the same connection resumed, while the same server holds it), then with
 * the seat token (the same seat from a new connection, also after a restart), or as a spectator
 * again; tries go on for as long as the page stays at the table (recovery.ts). Colyseus' room
 * object stays inside this file.
 */

import { Client, type Room } from "colyseus.js";
import {
  type ClientMessage,
  type ClientPayloads,
  type CreateOptions,
  heldToken,
  type JoinOptions,
  ROOM_NAME,
  type ServerPayloads,
} from "../../../shared/protocol/messages";
import type { TableView } from "../../../shared/protocol/views";
import { devicePlayer, ensurePlayer, forgetPlayer } from "../device/player";
import { forgetTable, recallTable, rememberTable } from "../device/tables";
import {
  type ConnectionNotice,
  failureOf,
  noticeOf,
  recover,
  startRecovery,
  type TryOutcome,
} from "./recovery";
import { ServerTime, TIME_ASK_EVERY_MS, TIME_ASKS_MS } from "./serverTime";
import { reloadIfOutdated } from "./version";

export type { ConnectionNotice } from "./recovery";

/** Options for joining a table (a new table's creator joins it with the create options too). */
export type JoinRequest = Partial<JoinOptions> & {
  /** Coming back: the dropped connection's token, resumed if the table still holds it. */
  readonly reconnectionToken?: string;
};
export type CreateRequest = Partial<CreateOptions> & JoinRequest;

export interface ConnectionEvents {
  /** Joined a table, or came back to it: its id. */
  joined(tableId: string): void;
  /** The table's state changed (the same object, patched, until a new connection). */
  state(s: TableView): void;
  /** Connected, or coming back (and what to tell the person meanwhile). */
  status(notice: ConnectionNotice): void;
  welcome(w: ServerPayloads["welcome"]): void;
  error(e: ServerPayloads["error"]): void;
  hint(move: ServerPayloads["hint"]): void;
  /** The table is paused (why), or goes on again (null). */
  paused(error: ServerPayloads["paused"]["code"]): void;
  /** Someone at the table said a phrase. */
  said(m: ServerPayloads["said"]): void;
  /** This player's queued premove (to them alone): queued, cleared, played or dropped. */
  premove(m: ServerPayloads["premove"]): void;
  /** A better idea of how far the server's clock is ahead of this device's (ms). */
  time(offset: number | null): void;
}

/** The payload argument of a message: none for messages without one. */
export type PayloadArgs<K extends ClientMessage> = ClientPayloads[K] extends undefined
  ? []
  : [payload: ClientPayloads[K]];

/** Sends a message to the table. */
export type Send = <K extends ClientMessage>(type: K, ...payload: PayloadArgs<K>) => void;

/** How long a join waits for this device's first player to be made before going on without. */
const PLAYER_WAIT_MS = 4000;

export function endpoint(): string {
  const { protocol, host } = window.location;
  return `${protocol === "https:" ? "wss" : "ws"}://${host}`;
}

export class TableConnection {
  private readonly client: Client;
  private room: Room<TableView> | null = null;
  /** This connection's public player id (from the welcome). */
  player: string | null = null;
  /** Round trips that tell where the server's clock stands (`hello`/`welcome`, `time`). */
  private readonly serverTime = new ServerTime();
  /** When the question now awaiting its answer left (`hello` or `time`), or null. */
  private asked: number | null = null;
  private timeAsks: ReturnType<typeof setTimeout>[] = [];
  private closed = false;
  /** The server said it is restarting: the close that follows is not the table's end. */
  private announced = false;
  private recovering = false;
  /** The name this person joined with: they come back by it after a dropped connection. */
  private name = "";

  constructor(
    private readonly events: ConnectionEvents,
    url = endpoint(),
  ) {
    this.client = new Client(url);
  }

  /**
   * How far the server's clock is ahead of this device's, in ms (null before the welcome, or
   * from a server that does not send its time).
   */
  get serverOffset(): number | null {
    return this.serverTime.offset;
  }

  /** The table's id (its code for a private table), once joined. */
  get tableId(): string | null {
    return this.room?.roomId ?? null;
  }

  /** The table's state, once it has arrived. */
  get state(): TableView | null {
    const s = this.room?.state;
    return s?.seats ? s : null;
  }

  async create(options: CreateRequest): Promise<void> {
    this.name = options.name ?? "";
    this.attach(await this.keyed(options, (o) => this.client.create<TableView>(ROOM_NAME, o)));
  }

  /**
   * Joins or creates with this device's player key, if it has one. A key the server no longer
   * knows is forgotten on this device and the same request made again without it.
   */
  private async keyed<O extends JoinRequest>(
    options: O,
    request: (options: O) => Promise<Room<TableView>>,
  ): Promise<Room<TableView>> {
    // A seat at a table with people may need a player (a rated table): made on this first need,
    // without holding the join up for long. Games against the computer or on one device never do.
    const mode = (options as CreateRequest).mode;
    const player =
      mode === "computer" || mode === "hotseat"
        ? devicePlayer()
        : await Promise.race([
            ensurePlayer(options.name ?? ""),
            new Promise<null>((r) => setTimeout(() => r(null), PLAYER_WAIT_MS)),
          ]);
    if (!player) return request(options);
    try {
      return await request({ ...options, playerKey: player.key });
    } catch (e) {
      if (!(e instanceof Error) || !e.message.startsWith("player/unknown")) throw e;
      forgetPlayer();
      return request(options);
    }
  }

  /** Joins a table by id or code, reclaiming a remembered seat if this device has one. */
  async join(tableId: string, options: JoinRequest): Promise<void> {
    this.name = options.name ?? "";
    const memory = recallTable(tableId);
    if (memory?.reconnectionToken) {
      try {
        this.attach(await this.client.reconnect<TableView>(memory.reconnectionToken));
        return;
      } catch {
        // The old connection's hold is over: the seat token below still works.
      }
    }
    const withToken = memory?.seatToken ? { ...options, seatToken: memory.seatToken } : options;
    this.attach(await this.keyed(withToken, (o) => this.client.joinById<TableView>(tableId, o)));
  }

  readonly send: Send = (type, ...payload) => {
    this.room?.send(type, payload[0]);
  };

  /** Leaves the table on purpose: a seat in a running game goes to a CPU. */
  async leave(): Promise<void> {
    this.closed = true;
    this.stopAskingTime();
    const room = this.room;
    this.room = null;
    if (room) {
      forgetTable(room.roomId);
      await room.leave(true).catch(() => undefined);
    }
  }

  private attach(room: Room<TableView>): void {
    this.room = room;
    if (performance.getEntriesByName("table-joined").length === 0) performance.mark("table-joined");
    rememberTable(room.roomId, { reconnectionToken: room.reconnectionToken });
    const on = <K extends keyof ServerPayloads>(
      type: K,
      handler: (payload: ServerPayloads[K]) => void,
    ) => room.onMessage(type, handler);
    on("welcome", (w) => {
      if (reloadIfOutdated(w.protocol)) return;
      this.player = w.player;
      this.timed(w.now);
      this.events.welcome(w);
      this.askTimeLater(room);
    });
    on("time", (m) => {
      this.timed(m.now);
      this.events.time(this.serverTime.offset);
    });
    on("seat", (m) => rememberTable(room.roomId, { seatToken: m.token }));
    on("error", (e) => this.events.error(e));
    on("hint", (m) => this.events.hint(m));
    on("paused", (m) => this.events.paused(m.code));
    on("said", (m) => this.events.said(m));
    on("premove", (m) => this.events.premove(m));
    on("closing", () => {
      this.announced = true;
      const now = Date.now();
      this.events.status(noticeOf(startRecovery(now, true), now, this.seated(room.roomId)));
    });
    room.onMessage("*", () => undefined);
    room.onStateChange((s) => {
      if (this.room === room && s.seats) this.events.state(s);
    });
    room.onLeave((closeStatus) => {
      if (this.room !== room || this.closed) return;
      // 1000: we left on purpose. 4000: the server closed the table, unless it said just before
      // that it is restarting (then every table comes back).
      if (closeStatus === 1000 || (closeStatus === 4000 && !this.announced)) return;
      void this.rideThrough(room.roomId, room.reconnectionToken);
    });
    this.announced = false;
    this.events.joined(room.roomId);
    this.events.status({ state: "connected" });
    this.asked = Date.now();
    this.send("hello");
  }

  /** An answer carrying the server's clock arrived: a sample, if a question awaited it. */
  private timed(now: unknown): void {
    const sent = this.asked;
    this.asked = null;
    if (sent !== null && typeof now === "number") {
      this.serverTime.add({ sent, now, received: Date.now() });
    }
  }

  /** Asks the server's time a few times soon after joining, then now and then. */
  private askTimeLater(room: Room<TableView>): void {
    this.stopAskingTime();
    const ask = () => {
      if (this.room !== room || this.asked !== null) return;
      this.asked = Date.now();
      room.send("time");
    };
    this.timeAsks = TIME_ASKS_MS.map((ms) => setTimeout(ask, ms));
    const every = setInterval(ask, TIME_ASK_EVERY_MS);
    this.timeAsks.push(every as unknown as ReturnType<typeof setTimeout>);
  }

  private stopAskingTime(): void {
    for (const t of this.timeAsks) clearTimeout(t);
    this.timeAsks = [];
  }

  private seated(tableId: string): boolean {
    return typeof recallTable(tableId)?.seatToken === "string";
  }

  private async rideThrough(tableId: string, token: string): Promise<void> {
    if (this.recovering) return;
    this.recovering = true;
    try {
      await recover(
        {
          attempt: () => this.tryOnce(tableId, token),
          sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
          now: () => Date.now(),
          random: Math.random,
          stopped: () => this.closed,
          seated: () => this.seated(tableId),
          notify: (notice) => this.events.status(notice),
        },
        this.announced,
      );
    } finally {
      this.recovering = false;
    }
  }

  /**
   * One try at coming back to the table, in one matchmaking call: the seat token (or the
   * stands) and, unless the server said it restarts (it then holds no connection for anyone),
   * the dropped connection's reconnection token beside it. A server that still holds the
   * connection resumes it; one that does not (it restarted, or the hold is over) seats by the
   * token. One call a try whatever happened, not two after a restart or a long sleep.
   */
  private async tryOnce(tableId: string, lastToken: string): Promise<TryOutcome> {
    const memory = recallTable(tableId);
    const options: JoinRequest = memory?.seatToken
      ? { seatToken: memory.seatToken, name: this.name }
      : { spectate: true, name: this.name };
    const held = this.announced ? null : heldToken(tableId, memory?.reconnectionToken ?? lastToken);
    try {
      this.adopt(
        await this.client.joinById<TableView>(
          tableId,
          held ? { ...options, reconnectionToken: held } : options,
        ),
      );
      return "joined";
    } catch (e) {
      return failureOf(e);
    }
  }

  /** A room joined while coming back: used, unless the person left in the meantime. */
  private adopt(room: Room<TableView>): void {
    if (this.closed) void room.leave(true).catch(() => undefined);
    else this.attach(room);
  }
}
