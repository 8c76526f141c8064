/**
 * The connection to one table: joining, remembering the seat token, typed messages both ways,
 * and coming back after a dropped connection — first with the reconnection token (the same
 * connection resumed), then with the seat token (the same seat from a new connection), with
 * backoff between tries. Colyseus' room object stays inside this file.
 */
import { Client, type Room } from "colyseus.js";
import {
  type ClientMessage,
  type ClientPayloads,
  type CreateOptions,
  type JoinOptions,
  ROOM_NAME,
  type ServerPayloads,
} from "../../../shared/protocol/messages";
import type { TableView } from "../../../shared/protocol/views";
import { forgetTable, recallTable, rememberTable } from "./storage";

export type ConnectionStatus = "connected" | "reconnecting" | "lost";

/** Options for joining a table (a new table's creator joins it with the create options too). */
export type JoinRequest = Partial<JoinOptions>;
export type CreateRequest = Partial<CreateOptions> & JoinRequest;

export interface ConnectionEvents {
  /** Joined a table, or came back to it: its id. */
  joined(tableId: string): void;
  /** The table's state changed (the same object, patched, until a new connection). */
  state(s: TableView): void;
  status(status: ConnectionStatus, attempt: number): void;
  welcome(w: ServerPayloads["welcome"]): void;
  error(e: ServerPayloads["error"]): void;
  hint(move: ServerPayloads["hint"]): void;
}

/** The payload argument of a message: none for messages without one. */
export type PayloadArgs<K extends ClientMessage> = ClientPayloads[K] extends undefined
  ? []
  : [payload: ClientPayloads[K]];

/** Sends a message to the table. */
export type Send = <K extends ClientMessage>(type: K, ...payload: PayloadArgs<K>) => void;

const BACKOFF = [100, 200, 400, 800, 1600, 3000, 5000, 8000];

export function endpoint(): string {
  const { protocol, host } = window.location;
  return `${protocol === "https:" ? "wss" : "ws"}://${host}`;
}

export class TableConnection {
  private readonly client: Client;
  private room: Room<TableView> | null = null;
  /** This connection's public player id (from the welcome). */
  player: string | null = null;
  private closed = false;

  constructor(
    private readonly events: ConnectionEvents,
    url = endpoint(),
  ) {
    this.client = new Client(url);
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
    this.attach(await this.client.create<TableView>(ROOM_NAME, options));
  }

  /** Joins a table by id or code, reclaiming a remembered seat if this device has one. */
  async join(tableId: string, options: JoinRequest): Promise<void> {
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
    this.attach(await this.client.joinById<TableView>(tableId, withToken));
  }

  readonly send: Send = (type, ...payload) => {
    this.room?.send(type, payload[0]);
  };

  /** Leaves the table on purpose: a seat in a running game goes to a CPU. */
  async leave(): Promise<void> {
    this.closed = true;
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
      this.player = w.player;
      this.events.welcome(w);
    });
    on("seat", (m) => rememberTable(room.roomId, { seatToken: m.token }));
    on("error", (e) => this.events.error(e));
    on("hint", (m) => this.events.hint(m));
    room.onMessage("*", () => undefined);
    room.onStateChange((s) => {
      if (this.room === room && s.seats) this.events.state(s);
    });
    room.onLeave((code) => {
      if (this.room !== room) return;
      // 1000/4000: we left on purpose or the server closed the table.
      if (this.closed || code === 1000 || code === 4000) return;
      void this.recover(room.roomId, room.reconnectionToken);
    });
    this.events.joined(room.roomId);
    this.events.status("connected", 0);
    this.send("hello");
  }

  private async recover(tableId: string, token: string): Promise<void> {
    for (let attempt = 0; attempt < BACKOFF.length && !this.closed; attempt++) {
      this.events.status("reconnecting", attempt + 1);
      await new Promise((r) => setTimeout(r, BACKOFF[attempt]));
      try {
        this.attach(await this.client.reconnect<TableView>(token));
        return;
      } catch {
        const memory = recallTable(tableId);
        if (memory?.seatToken) {
          try {
            this.attach(
              await this.client.joinById<TableView>(tableId, { seatToken: memory.seatToken }),
            );
            return;
          } catch {
            // Try again after the next pause.
          }
        }
      }
    }
    this.events.status("lost", BACKOFF.length);
  }
}
