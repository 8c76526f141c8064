/**
 * What one connection may send: every message counts against its budget, whatever its type
 * (a token bucket), before anything is decoded. A client over budget is told once a second and
 * otherwise ignored; one that keeps sending well past that, or that does not read what it is
 * sent (its socket's send buffer keeps growing), is disconnected.
 */
import { TokenBucket } from "./ratelimit";

export interface GuardLimits {
  /** Messages per second, and the burst allowed. */
  readonly perSecond: number;
  readonly burst: number;
  /** Messages refused in a row, past which the sender is disconnected. */
  readonly maxRefused: number;
  /** Bytes waiting in a connection's send buffer, past which it is disconnected. */
  readonly maxBuffered: number;
}

export const DEFAULT_GUARD: GuardLimits = {
  perSecond: 10,
  burst: 30,
  maxRefused: 60,
  maxBuffered: 1024 * 1024,
};

/** What to do with a message: handle it, refuse it (and maybe say so), or drop the sender. */
export type Verdict =
  | { readonly kind: "ok" }
  | { readonly kind: "refuse"; readonly tell: boolean }
  | { readonly kind: "drop"; readonly reason: "flood" | "slow-reader" };

interface Budget {
  readonly bucket: TokenBucket;
  refused: number;
  lastTold: number;
}

const OK: Verdict = { kind: "ok" };

export class MessageGuard {
  private readonly budgets = new WeakMap<object, Budget>();

  constructor(private readonly limits: GuardLimits = DEFAULT_GUARD) {}

  /** Counts one incoming message from `client`; `buffered` is its send buffer in bytes. */
  admit(client: object, buffered: number, now: number): Verdict {
    if (buffered > this.limits.maxBuffered) return { kind: "drop", reason: "slow-reader" };
    let b = this.budgets.get(client);
    if (!b) {
      b = {
        bucket: new TokenBucket(this.limits.perSecond, this.limits.burst, now),
        refused: 0,
        lastTold: -Infinity,
      };
      this.budgets.set(client, b);
    }
    if (b.bucket.take(now)) {
      b.refused = 0;
      return OK;
    }
    b.refused++;
    if (b.refused > this.limits.maxRefused) return { kind: "drop", reason: "flood" };
    const tell = now - b.lastTold >= 1000;
    if (tell) b.lastTold = now;
    return { kind: "refuse", tell };
  }

  /** Whether a connection has stopped reading (checked between messages too). */
  backedUp(buffered: number): boolean {
    return buffered > this.limits.maxBuffered;
  }
}
