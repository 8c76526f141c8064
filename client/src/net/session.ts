/**
 * The connection to one table: joining, remembering the seat token, and coming back after a
 * dropped connection — first with the reconnection token (the same connection resumed), then
 * with the seat token (the same seat from a new connection), with backoff between tries.
 */
import { Client, type Room } from "colyseus.js";
import { ROOM_NAME } from "../../../shared/protocol/messages";
import type { TableView } from "../../../shared/protocol/views";
import { forgetTable, recallTable, rememberTable } from "./storage";

export type TableRoom = Room<TableView>;
export type ConnectionStatus = "connected" | "reconnecting" | "lost";

export interface Welcome {
  readonly player: string;
  readonly role: "player" | "spectator";
  readonly host: boolean;
}

export interface SessionEvents {
  /** A (new) room object to listen to: after joining and after every reconnection. */
  room(room: TableRoom): void;
  status(status: ConnectionStatus, attempt: number): void;
  welcome(w: Welcome): void;
  error(e: { code: string; message: string; request?: string }): void;
  hint(move: { from: string; to: string; promotion?: string }): void;
}

const BACKOFF = [100, 200, 400, 800, 1600, 3000, 5000, 8000];

export function endpoint(): string {
  const { protocol, host } = window.location;
  return `${protocol === "https:" ? "wss" : "ws"}://${host}`;
}

export class Session {
  readonly client: Client;
  room: TableRoom | null = null;
  player: string | null = null;
  private closed = false;

  constructor(
    private readonly events: SessionEvents,
    url = endpoint(),
  ) {
    this.client = new Client(url);
  }

  async create(options: Record<string, unknown>): Promise<TableRoom> {
    return this.attach(await this.client.create<TableView>(ROOM_NAME, options));
  }

  /** Joins a table by id or code, reclaiming a remembered seat if this device has one. */
  async join(roomId: string, options: Record<string, unknown>): Promise<TableRoom> {
    const memory = recallTable(roomId);
    if (memory?.reconnectionToken) {
      try {
        return this.attach(await this.client.reconnect<TableView>(memory.reconnectionToken));
      } catch {
        // The old connection's hold is over: the seat token below still works.
      }
    }
    const withToken = memory?.seatToken ? { ...options, seatToken: memory.seatToken } : options;
    return this.attach(await this.client.joinById<TableView>(roomId, withToken));
  }

  private attach(room: TableRoom): TableRoom {
    this.room = room;
    if (performance.getEntriesByName("table-joined").length === 0) performance.mark("table-joined");
    rememberTable(room.roomId, { reconnectionToken: room.reconnectionToken });
    room.onMessage("welcome", (w: Welcome) => {
      this.player = w.player;
      this.events.welcome(w);
    });
    room.onMessage("seat", (m: { seat: number; token: string }) =>
      rememberTable(room.roomId, { seatToken: m.token }),
    );
    room.onMessage("error", (e: { code: string; message: string; request?: string }) =>
      this.events.error(e),
    );
    room.onMessage("hint", (m: { from: string; to: string; promotion?: string }) =>
      this.events.hint(m),
    );
    room.onMessage("*", () => undefined);
    room.onLeave((code) => {
      if (this.room !== room) return;
      // 1000/4000: we left on purpose or the server closed the table.
      if (this.closed || code === 1000 || code === 4000) return;
      void this.recover(room.roomId, room.reconnectionToken);
    });
    this.events.room(room);
    this.events.status("connected", 0);
    room.send("hello");
    return room;
  }

  private async recover(roomId: string, token: string): Promise<void> {
    for (let attempt = 0; attempt < BACKOFF.length && !this.closed; attempt++) {
      this.events.status("reconnecting", attempt + 1);
      await new Promise((r) => setTimeout(r, BACKOFF[attempt]));
      try {
        this.attach(await this.client.reconnect<TableView>(token));
        return;
      } catch {
        const memory = recallTable(roomId);
        if (memory?.seatToken) {
          try {
            this.attach(
              await this.client.joinById<TableView>(roomId, { seatToken: memory.seatToken }),
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

  send(type: string, payload?: unknown): void {
    this.room?.send(type, payload);
  }
}
