/**
 * What a generator process keeps while it runs: the tables it follows, each one's game as far
 * as any of its connections has seen it, the connections of the people at them, and the run
 * they all belong to (the client, the behaviour, the figures, where the run is).
 */
import { performance } from "node:perf_hooks";
import type { Client, Room } from "colyseus.js";
import type { Replayed } from "../shared/match/replay";
import type { MoveView, TableView } from "../shared/protocol/views";
import { packMove, unpackMove } from "../shared/protocol/wire";
import type { TableReport } from "./channel";
import type { Figures } from "./figures";
import type { Behaviour, TableSpec } from "./plan";

export type TableRoom = Room<TableView>;
export type Role = "player" | "spectator";

/** One generator's run, shared by everything that acts on its tables. */
export interface GeneratorRun {
  readonly client: Client;
  readonly random: () => number;
  readonly b: Behaviour;
  readonly figures: Figures;
  /** Tables open or opening. */
  readonly tables: Set<Table>;
  /** Every slot's figures, kept across the tables it had. */
  readonly reports: TableReport[];
  /** The runner said go: people move. */
  started: boolean;
  /** The runner said stop: nobody moves or drops any more. */
  stopping: boolean;
  /** The final check is over: connections still away stay away. */
  gaveUp: boolean;
}

/** Between go and stop: what happens now counts in the figures of the play. */
export const playing = (run: GeneratorRun) => run.started && !run.stopping;

/** A move sent and not yet answered. */
export interface Pending {
  readonly game: number;
  readonly ply: number;
  readonly seat: number;
  readonly from: number;
  readonly to: number;
  readonly sentAt: number;
}

/** One connection of a person at a table, across its drops and comebacks. */
export class Conn {
  room: TableRoom | null = null;
  /** Public id from `welcome` ("" until it arrives). */
  player = "";
  seatToken = "";
  online = false;
  /** Coming back after a drop. */
  rejoining = false;
  /** Game number and move count of the last state this connection received. */
  game = -1;
  seen = 0;
  /** A state arrived since the connection (re)joined: later ones are patches. */
  hadState = false;
  pending: Pending | null = null;
  think: ReturnType<typeof setTimeout> | null = null;
  nextDrop = Number.POSITIVE_INFINITY;
  /** The game after which this person asked for (or agreed to) the next one (-1: none). */
  agreedAfter = -1;

  constructor(
    readonly table: Table,
    readonly role: Role,
    readonly name: string,
  ) {}

  /** Caught up with the table's game. */
  get upToDate(): boolean {
    return this.game === this.table.game && this.seen === this.table.keys.length;
  }

  /** Entries of the table's game this connection has not seen. */
  get missing(): number {
    const t = this.table;
    return this.game === t.game ? t.keys.length - this.seen : t.keys.length;
  }

  stopThinking(): void {
    if (this.think) clearTimeout(this.think);
    this.think = null;
  }
}

/** A table as this process follows it: the game as far as any of its connections has seen. */
export class Table {
  id = "";
  readonly conns: Conn[] = [];
  /** The followed game: number, starting position, engine state and one key per entry. */
  game = -1;
  startFen = "";
  phase: TableView["phase"] = "waiting";
  followed: Replayed | null = null;
  keys: number[] = [];
  lastProgress = performance.now();
  /** The position (game:ply) already reported stuck. */
  stuckMark = "";
  /** The finished game whose next step (another game, or closing) is under way. */
  finishedHandled = -1;
  /** The finished game already counted, and whether the table plays another. */
  decidedGame = -1;
  /** Its players and spectators are still joining. */
  opening = true;
  closing = false;
  /** The table is to close once its connections agree on the last game (since when). */
  closeAt = 0;
  /** The game before the current one, and its length: a connection that saw it must see it all. */
  previousGame = -1;
  previousLength = 0;
  /** All connections agreed on the moves during the final check. */
  settled = false;

  constructor(
    readonly spec: TableSpec,
    readonly report: TableReport,
  ) {}

  get host(): Conn | undefined {
    return this.conns[0];
  }
}

/**
 * A move-list entry as the state carries it: one number, or (from a server of an earlier
 * checkout, run with `--server-dir`) an object.
 */
export type WireMove = number | MoveView;

/** A move-list entry unpacked, whichever way it came. */
export const moveOf = (m: WireMove): MoveView => (typeof m === "number" ? unpackMove(m) : m);

/** A move-list entry as one number, to compare what connections see. */
export const keyOf = (m: WireMove): number => (typeof m === "number" ? m : packMove(m));

export const PHASE_RANK = { waiting: 0, playing: 1, finished: 2 } as const;

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
