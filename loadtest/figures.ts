/**
 * What one generator counts while it runs (joins, drops and comebacks, moves, games, errors,
 * lost and stuck moves, round trips, spectators' bytes), as it reports them to the runner.
 */
import type { MoveView } from "../shared/protocol/views";
import type { Incident } from "./channel";
import { addCount, type Counts, Histogram } from "./stats";

/** The most incidents (lost or stuck moves) kept for the report. */
const MAX_INCIDENTS = 50;

export class Figures {
  readonly joins: Counts = {};
  readonly reconnects: Counts = {};
  reconnectRetries = 0;
  drops = 0;
  readonly moves = { sent: 0, acked: 0, refused: 0 };
  readonly played = { player: 0, cpu: 0, standIn: 0 };
  readonly errors: Counts = {};
  readonly errorSamples: Record<string, string> = {};
  readonly lost = { unseen: 0, unanswered: 0 };
  stuck = 0;
  readonly incidents: Incident[] = [];
  readonly rtt = new Histogram();
  readonly spectator = { bytes: 0, frames: 0, moves: 0 };
  readonly games = { finished: 0, again: 0, closed: 0, opened: 0 };

  error(key: string, message: string): void {
    addCount(this.errors, key);
    this.errorSamples[key] ??= message;
  }

  incident(table: string, what: string): void {
    if (this.incidents.length < MAX_INCIDENTS) this.incidents.push({ table, what });
  }

  /** Entries a connection never saw. */
  unseen(table: string, name: string, missing: number, of: number, game = ""): void {
    this.lost.unseen += missing;
    this.incident(table, `${name} never saw ${missing} of the ${of} moves${game}`);
  }

  /** A move sent that got neither a patch nor an error in time. */
  unanswered(table: string, what: string): void {
    this.lost.unanswered++;
    this.incident(table, what);
  }

  countPlayed(m: MoveView): void {
    if (m.by === 1) this.played.cpu++;
    else if (m.by === 2) this.played.standIn++;
    else this.played.player++;
  }

  /** A spectator's patch frame: payload plus the WebSocket header the server sent with it. */
  countFrame(bytes: number): void {
    this.spectator.frames++;
    this.spectator.bytes += bytes + (bytes < 126 ? 2 : bytes < 65_536 ? 4 : 10);
  }

  /** Errors of every kind, for the progress lines. */
  get errorCount(): number {
    let n = 0;
    for (const v of Object.values(this.errors)) n += v;
    return n;
  }
}
