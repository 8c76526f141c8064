/**
 * What the load runner tells its generator processes (the tables each one drives and how its
 * people behave) and what each generator reports back: the messages between them over the
 * child process channel.
 */
import type { Counts, HistogramData } from "./stats";

export type TableKind = "xiangqi" | "teams" | "individual";

/** One table slot: a table of this kind is kept open at this slot for the whole run. */
export interface TableSpec {
  /** The slot's number in the run (0 … tables − 1). */
  readonly slot: number;
  readonly kind: TableKind;
  readonly private: boolean;
  /** Seats left open at the start, so CPUs fill them. */
  readonly cpuSeats: readonly number[];
  readonly spectators: number;
}

export interface Behaviour {
  /** Think time before a move, ms, uniform in [min, max]. */
  readonly thinkMs: readonly [number, number];
  /** Drops per connection per minute (players and spectators), at random times. */
  readonly dropsPerMinute: number;
  /** How long a dropped connection stays away, ms, uniform in [min, max]. */
  readonly offlineMs: readonly [number, number];
  /** Share of players' drops that outlast the stand-in grace, so the stand-in plays for them. */
  readonly awayShare: number;
  /** The server's stand-in grace, ms (an away drop lasts longer than this). */
  readonly graceMs: number;
  /** Share of players' drops that come back with the reconnection token; the rest use the seat token. */
  readonly reconnectShare: number;
  /** Share of finished games followed by another game at the same table; the rest close. */
  readonly again: number;
  /** A closed table is replaced by a new one of its kind (false: the slot stays empty). */
  readonly replace: boolean;
  /** House rule `moveLimit` of four-player tables (null: none); xiangqi has its own 400-ply limit. */
  readonly moveLimit: number | null;
  /** CPU level by game. */
  readonly cpuLevel: { readonly fourchess: string; readonly xiangqi: string };
  /** New connections (creates and joins) per second this generator may open while setting up. */
  readonly joinsPerSecond: number;
  /** A table whose turn has not moved for this long counts as stuck. */
  readonly stuckAfterMs: number;
  /** A move with neither a patch nor an error after this long counts as lost. */
  readonly lostAfterMs: number;
  /** After the run, how long to wait for every connection to agree on every table's moves. */
  readonly settleMs: number;
}

export interface GeneratorConfig {
  readonly index: number;
  /** ws:// address of the server. */
  readonly url: string;
  readonly seed: number;
  readonly tables: readonly TableSpec[];
  readonly behaviour: Behaviour;
}

/** One table slot's figures. */
export interface TableReport {
  readonly slot: number;
  readonly kind: TableKind;
  /** Room ids the slot had, in order (a closed table is replaced by a new one). */
  readonly ids: string[];
  /** Moves played at the slot's tables (by people, CPUs and stand-ins), every game. */
  moves: number;
  gamesFinished: number;
}

/** A lost or stuck move, for the reader to look up in the server's log. */
export interface Incident {
  readonly table: string;
  readonly what: string;
}

export interface GeneratorReport {
  readonly index: number;
  /** Connections open at the end of the setup. */
  readonly clients: number;
  readonly setupMs: number;
  readonly tables: TableReport[];
  /** Successful creates, joins and rejoins. */
  readonly joins: Counts;
  readonly drops: number;
  readonly reconnects: Counts;
  /** Failed reconnection attempts that were retried (the server had not yet seen the drop). */
  readonly reconnectRetries: number;
  /** Moves sent by people, answered by a patch (acked) or an error (refused). */
  readonly moves: { sent: number; acked: number; refused: number };
  /** Entries the tables' move lists gained, by who moved: people, CPU seats, stand-ins. */
  readonly played: { player: number; cpu: number; standIn: number };
  readonly errors: Counts;
  /** One message per error key, the first seen. */
  readonly errorSamples: Record<string, string>;
  /** Moves a connection never saw, and sent moves answered by nothing. */
  readonly lost: { unseen: number; unanswered: number };
  readonly stuck: number;
  readonly incidents: Incident[];
  /** Move round trips: send → the patch with the move, at the mover. */
  readonly rtt: HistogramData;
  /** Frames spectators received after joining (WebSocket payload and header), and the moves they brought. */
  readonly spectator: { bytes: number; frames: number; moves: number };
  readonly games: { finished: number; again: number; closed: number; opened: number };
  /** CPU time this process used in the measured window, % of one core. */
  readonly cpuPercent: number;
  /** This process's event-loop delay in the measured window, ms. */
  readonly loopDelay: { p50: number; p99: number; max: number };
  readonly rssBytes: number;
  /** Length of the measured window, ms. */
  readonly windowMs: number;
}

export type ToGenerator =
  | { readonly type: "config"; readonly config: GeneratorConfig }
  | { readonly type: "go" }
  | { readonly type: "stop" };

export type FromGenerator =
  | { readonly type: "ready"; readonly clients: number; readonly setupMs: number }
  | {
      readonly type: "progress";
      /** Tables open now. */
      readonly open: number;
      readonly moves: number;
      readonly errors: number;
      readonly lost: number;
      readonly stuck: number;
      readonly cpuPercent: number;
    }
  | { readonly type: "report"; readonly report: GeneratorReport };
