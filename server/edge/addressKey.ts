/**
 * Addresses are never written anywhere in clear: the abuse log names a source by a tag, and a
 * parked table keeps who opened it as a key (server/table/parking.ts). Both are keyed hashes
 * (HMAC-SHA-256) under a random secret of this process that changes every `ADDRESS_KEY_HOURS`
 * and is kept only in memory, for as long as the oldest thing it keys may still be counted.
 * Once a secret is gone, nothing written with it leads back to an address: an address space
 * is small enough to try every address against an unkeyed hash, not against a forgotten key.
 * The rate limits themselves hold addresses in memory only, for minutes (ratelimit.ts).
 */
import { createHmac, randomBytes } from "node:crypto";

/** How often the secret changes (`GET /api/privacy` says it). */
export const ADDRESS_KEY_HOURS = 24;
const PERIOD_MS = ADDRESS_KEY_HOURS * 3_600_000;

export class AddressKeys {
  private readonly secrets = new Map<number, Buffer>();
  /** Secrets kept: the current period's and `kept - 1` before it. */
  private kept: number;

  constructor(
    kept = 2,
    private readonly now: () => number = Date.now,
  ) {
    this.kept = Math.max(1, kept);
  }

  /** Keeps at least this many periods' secrets (the keeping time of what they key). */
  keepFor(ms: number): void {
    this.kept = Math.max(this.kept, Math.min(Math.ceil(ms / PERIOD_MS) + 1, 400));
  }

  /** The tag the log names an address by: the same within one period ("" for no address). */
  tag(address: string): string {
    if (!address) return "";
    return `a-${this.mac(this.current(), "log", address).slice(0, 12)}`;
  }

  /** The key an address gets now for `purpose` ("" for no address). */
  key(purpose: string, address: string): string {
    if (!address) return "";
    return this.mac(this.current(), purpose, address).slice(0, 22);
  }

  /** The keys the address had in every period whose secret is still kept, now's first. */
  keys(purpose: string, address: string): string[] {
    if (!address) return [];
    const now = this.current();
    const out: string[] = [];
    for (let p = now; p > now - this.kept; p--) {
      const secret = this.secrets.get(p);
      if (secret) out.push(this.mac(p, purpose, address).slice(0, 22));
    }
    return out;
  }

  /** The current period, its secret made and the ones too old forgotten. */
  private current(): number {
    const period = Math.floor(this.now() / PERIOD_MS);
    if (!this.secrets.has(period)) {
      this.secrets.set(period, randomBytes(32));
      for (const p of this.secrets.keys()) if (p <= period - this.kept) this.secrets.delete(p);
    }
    return period;
  }

  private mac(period: number, purpose: string, address: string): string {
    const secret = this.secrets.get(period) as Buffer;
    return createHmac("sha256", secret).update(`${purpose}\0${address}`).digest("base64url");
  }
}

/** The process's keys. */
export const addressKeys = new AddressKeys();

/** How the log names an address. */
export const logTag = (address: string): string => addressKeys.tag(address);
