/**
 * How many finished games one address may add to the archive: each game is charged to the
 * address that opened its table, against a token bucket of `perHour` games that refills at
 * `perHour` an hour. A game over budget is played and shown as any other, but not archived; the
 * log says so once per address and window. The figure is far above what a person or a school
 * behind one address plays (docs/security.md), so only a flood ever meets it.
 */
import { TokenBucket } from "../edge/ratelimit";
import type { AbuseLog } from "../ops/log";

/** Addresses remembered at once; beyond, the ones whose bucket refilled are forgotten. */
const REMEMBERED = 10_000;

export class ArchiveBudget {
  private readonly buckets = new Map<string, { bucket: TokenBucket; full: number }>();
  private readonly refillMs: number;

  /** `perHour` 0: no bound. */
  constructor(
    private readonly perHour: number,
    private readonly abuse?: Pick<AbuseLog, "report">,
  ) {
    this.refillMs = perHour > 0 ? 3_600_000 : 0;
  }

  /**
   * Charges one finished game to `address`: true when it may be archived. `table` is named in
   * the log line of a game that may not.
   */
  charge(address: string, now: number, table: string): boolean {
    if (this.perHour <= 0) return true;
    let entry = this.buckets.get(address);
    if (!entry) {
      if (this.buckets.size >= REMEMBERED) this.forgetRefilled(now);
      entry = { bucket: new TokenBucket(this.perHour / 3600, this.perHour, now), full: now };
      this.buckets.set(address, entry);
    }
    // A bucket is full again at the latest a whole refill after its last charge.
    entry.full = now + this.refillMs;
    if (entry.bucket.take(now)) return true;
    this.abuse?.report("archive-budget", address, { table, perHour: this.perHour });
    return false;
  }

  private forgetRefilled(now: number): void {
    for (const [address, e] of this.buckets) if (e.full <= now) this.buckets.delete(address);
    // Every address charged within the hour: start afresh rather than grow without bound.
    if (this.buckets.size >= REMEMBERED) this.buckets.clear();
  }
}
