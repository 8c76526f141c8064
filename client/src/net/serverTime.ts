/**
 * How far the server's clock is ahead of this device's, from round trips: the device notes when
 * it asked (`sent`) and when the answer came (`received`); the server stamped its clock (`now`)
 * somewhere in between. The estimate is the middle of that span, so its error is at most half
 * the round trip; of the recent samples the one with the shortest round trip is kept, since a
 * slow answer (a busy page, a busy server) says least about where the server's clock stands.
 */

/** Samples remembered: enough to outlive a burst of slow answers, few enough to follow drift. */
const KEPT = 6;

export interface TimeSample {
  /** This device's clock when the question left (ms). */
  readonly sent: number;
  /** The server's clock in its answer (ms). */
  readonly now: number;
  /** This device's clock when the answer arrived (ms). */
  readonly received: number;
}

export class ServerTime {
  private readonly samples: { offset: number; rtt: number }[] = [];

  /** Adds a round trip; ignored when the device's clock went backwards meanwhile. */
  add(s: TimeSample): void {
    const rtt = s.received - s.sent;
    if (!(rtt >= 0) || !Number.isFinite(s.now) || s.now <= 0) return;
    this.samples.push({ offset: s.now - (s.sent + s.received) / 2, rtt });
    if (this.samples.length > KEPT) this.samples.shift();
  }

  /** The best estimate of the server's clock minus this device's (ms), or null before any. */
  get offset(): number | null {
    let best: { offset: number; rtt: number } | null = null;
    for (const s of this.samples) if (!best || s.rtt < best.rtt) best = s;
    return best ? best.offset : null;
  }

  /** How many samples are held. */
  get size(): number {
    return this.samples.length;
  }
}

/**
 * When to ask for the time after joining (ms after the welcome): a few quick questions so the
 * first countdown is already timed by a good sample, then now and then to follow drift.
 */
export const TIME_ASKS_MS: readonly number[] = [300, 1_500, 4_000];
export const TIME_ASK_EVERY_MS = 60_000;
