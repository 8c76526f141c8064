/**
 * What the load runner tells its generator processes (the tables each one drives and how its
 * people behave) and what each generator reports back: the messages between them over the
 * child process channel.
 */
import type { Behaviour, TableKind, TableSpec } from "./plan";
import type { Counts, HistogramData } from "./stats";

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
