/**
 * Whether a store can write now. A store turns it off at the first write that fails for a
 * reason outside the server (a full disk, a read-only file, the database gone) and on again
 * when a write goes through; tables pause in between (no moves, timers or CPU moves), the
 * health check answers 503 and no new table opens. Each change is logged once, not per write.
 * Before that, a volume whose free space falls under a watermark (space.ts) refuses new tables
 * while the ones in play go on.
 */
/** Where a store reports the writes it could not make (pino's logger fits). */
export interface StoreLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
  /** What an operator looks at only when asked (a single connection replaced). */
  debug?(details: object, message: string): void;
}

export interface StoreDown {
  /** What failed, as the driver said it (for the log). */
  readonly reason: string;
  /** The driver's error code alone (`SQLITE_FULL`, `ECONNREFUSED`, `57P01`), for the health check. */
  readonly cause: string;
  /** Since when, ms since the epoch. */
  readonly since: number;
}

/** The store's volume has less free space than its watermark. */
export interface LowSpace {
  /** Free bytes when last measured. */
  readonly free: number;
  /** The watermark, bytes (`STORE_MIN_FREE_MB`). */
  readonly watermark: number;
  /** Since when, ms since the epoch. */
  readonly since: number;
}

/** Driver codes that say the disk under the store is full. */
const DISK_FULL = new Set(["SQLITE_FULL", "ENOSPC", "53100"]);

export type StatusListener = (down: StoreDown | null) => void;

export class StoreStatus {
  private state: StoreDown | null = null;
  private low: LowSpace | null = null;
  private readonly listeners = new Set<StatusListener>();

  constructor(
    private readonly kind: string,
    private readonly logger: StoreLog & { info?(details: object, message: string): void },
  ) {}

  /** The store takes writes. */
  get writable(): boolean {
    return this.state === null;
  }

  /** Why and since when it does not, or null. */
  get down(): StoreDown | null {
    return this.state;
  }

  /** The volume's free space is under the watermark (SQLite), or null. */
  get lowSpace(): LowSpace | null {
    return this.low;
  }

  /**
   * Why a new table may not open now, or null: `store/full` when the disk is full or below
   * its watermark (games in play go on while there is room), `store/unavailable` when the
   * store cannot write for another reason.
   */
  get refusesTables(): "store/full" | "store/unavailable" | null {
    if (this.state) return DISK_FULL.has(this.state.cause) ? "store/full" : "store/unavailable";
    return this.low ? "store/full" : null;
  }

  /** The free space on the store's volume was measured: `free` bytes against `watermark`. */
  space(free: number, watermark: number): void {
    if (free < watermark) {
      if (this.low) {
        this.low = { ...this.low, free };
        return;
      }
      this.low = { free, watermark, since: Date.now() };
      this.logger.warn(
        { event: "store/low-space", store: this.kind, free, watermark },
        "store: free space under the watermark; no new table opens, games in play go on",
      );
    } else if (this.low) {
      const details = { event: "store/space", store: this.kind, free, watermark };
      this.low = null;
      const message = "store: free space over the watermark again; new tables open";
      if (this.logger.info) this.logger.info(details, message);
      else this.logger.warn(details, message);
    }
  }

  /** A write failed for a reason outside the server. */
  fail(err: unknown): void {
    if (this.state) return;
    const reason = reasonOf(err);
    const code = (err as { code?: unknown } | null)?.code;
    this.state = { reason, cause: typeof code === "string" ? code : "error", since: Date.now() };
    this.logger.error(
      { event: "store/unavailable", store: this.kind, reason },
      "store: cannot write; tables are paused until it can",
    );
    this.tell();
  }

  /** A write went through. */
  ok(): void {
    const was = this.state;
    if (!was) return;
    this.state = null;
    const message = "store: writing again; tables go on";
    const details = { event: "store/available", store: this.kind, downMs: Date.now() - was.since };
    if (this.logger.info) this.logger.info(details, message);
    else this.logger.warn(details, message);
    this.tell();
  }

  /**
   * The error a write that cannot wait (a new player) is refused with while the store is down:
   * the driver's code of the outage, and its reason.
   */
  refusal(): Error {
    const down = this.state;
    return Object.assign(
      new Error(`store: cannot write${down ? ` (${down.reason})` : ""}`),
      down ? { code: down.cause } : {},
    );
  }

  /** Calls `listener` at each change; returns the function that stops it. */
  watch(listener: StatusListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private tell(): void {
    for (const listener of [...this.listeners]) listener(this.state);
  }
}

/** A short reason from a driver's error: its code and first line, never a stack. */
export function reasonOf(err: unknown): string {
  const e = err as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === "string" ? e.code : "";
  const message = typeof e?.message === "string" ? e.message.split("\n")[0]! : String(err);
  return (code && !message.includes(code) ? `${code}: ${message}` : message).slice(0, 200);
}
