/**
 * The server's time as this client estimates it, for the seats' clocks. The state gives times
 * on the server's clock (`clockBase` + ms after it); the device's clock may be minutes off. A
 * turn that begins while we watch began just now on the server, which tells how far apart the
 * two clocks are; so does the server's time in its welcome. A turn seen on joining mid-turn
 * keeps the last estimate.
 *
 * While the connection is down (or the server has paused the table) nobody can say what the
 * server's clocks read: the clocks stand still at the last time known, and go on from the
 * server's own figures once it has sent them again.
 */
import type { TableView } from "../../../shared/protocol/views";

export class ServerClock {
  private offset = 0;
  private lastTurnStart = 0;
  /** The server's time when the clocks were stopped, or null while they run. */
  private stoppedAt: number | null = null;

  /** Learns from a new state. */
  observe(s: TableView, now = Date.now()): void {
    if (s.phase !== "playing" || s.clockBase <= 0) return;
    const turnStart = s.clockBase + s.turnStarted;
    if (turnStart === this.lastTurnStart) return;
    if (this.lastTurnStart !== 0 || s.moves.length === 0) this.offset = turnStart - now;
    this.lastTurnStart = turnStart;
  }

  /** Takes the server's clock as `offset` ms ahead of this device's (from the welcome). */
  sync(offset: number): void {
    this.offset = offset;
  }

  /** The server's time now, ms since the epoch. */
  now(at = Date.now()): number {
    return at + this.offset;
  }

  /** Stops the clocks shown at the server's time now (a second call keeps the first time). */
  stop(at = Date.now()): void {
    if (this.stoppedAt === null) this.stoppedAt = this.now(at);
  }

  /** The clocks run again (call it once the server's figures have arrived). */
  run(): void {
    this.stoppedAt = null;
  }

  get stopped(): boolean {
    return this.stoppedAt !== null;
  }

  /** The time the clocks show: the server's time now, or when they were stopped. */
  shown(at = Date.now()): number {
    return this.stoppedAt ?? this.now(at);
  }
}
