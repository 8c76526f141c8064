/** A token bucket: `burst` actions at once, refilled at `perSecond`. */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    now: number,
  ) {
    this.tokens = burst;
    this.last = now;
  }

  take(now: number): boolean {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/** Whether a key (an address) may act now; a limiter shared between processes answers later. */
export interface Limiter {
  take(key: string, now: number): boolean | Promise<boolean>;
}

/** Token buckets keyed by a string (an IP address), forgetting idle keys. */
export class KeyedLimiter implements Limiter {
  private readonly buckets = new Map<string, TokenBucket>();

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
  ) {}

  take(key: string, now: number): boolean {
    let bucket = this.buckets.get(key);
    if (!bucket) {
      if (this.buckets.size > 50_000) this.buckets.clear();
      bucket = new TokenBucket(this.perSecond, this.burst, now);
      this.buckets.set(key, bucket);
    }
    return bucket.take(now);
  }
}
