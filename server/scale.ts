/**
 * Several server processes behind one Redis (`REDIS_URL`): Colyseus' Redis presence (messages
 * between processes, table codes) and Redis driver (the room listings every process queries),
 * this process's public address, which process holds which stored table, and the matchmaking
 * budget per address counted across processes. Without Redis, one process runs on local
 * presence and none of this is loaded.
 */
import type { Presence } from "@colyseus/core";
import { log } from "./log";
import type { Limiter } from "./ratelimit";

/** Hash of table id → the process holding it. */
const OWNERS = "crossboard:table_owners";
/** A process is alive while it listens on this channel (its own Redis connection). */
const aliveChannel = (owner: string) => `crossboard:alive:${owner}`;
/** Counts attempts to take a table over from one holder (or from none: "-"). */
const takeoverKey = (id: string) => `crossboard:takeover:${id}`;

/**
 * Which process holds which stored table, so that with one table store shared by several
 * processes (PostgreSQL) each table is brought back by exactly one process, and never while
 * the process holding it is alive.
 *
 * A table's holder is written when it is created or brought back. The holder counts as alive
 * while its liveness channel has a subscriber: the subscription lives on a Redis connection of
 * the holder's own, opened before it claims anything and closed only after its store is
 * closed, so a holder's claims die with its process (a crash drops the connection at once) and
 * outlast everything it still writes. Taking over a table from a dead holder is a race that
 * exactly one process wins: the first to count that holder in the table's takeover counter.
 */
export class TableClaims {
  constructor(
    /** The claims' Redis connection; null for one process, where every claim is granted. */
    private readonly presence: Presence | null,
    /** This process: Colyseus' process id. */
    readonly owner: string,
  ) {}

  /** Starts being alive; before any claim. */
  async start(): Promise<void> {
    await this.presence?.subscribe(aliveChannel(this.owner), () => undefined);
  }

  /** A new table of this process (its id is new: a fresh code or room id). */
  async own(id: string): Promise<void> {
    await this.presence?.hset(OWNERS, id, this.owner);
  }

  /**
   * Claims a stored table to bring it back: true if it is now this process's, false if a live
   * process holds it or another process won it first.
   */
  async claim(id: string): Promise<boolean> {
    if (!this.presence) return true;
    const holder = (await this.presence.hget(OWNERS, id)) ?? null;
    if (holder === this.owner) return true;
    if (holder !== null && (await this.alive(holder))) return false;
    // Two processes that find the same dead holder both count it; the first count wins. The
    // counter expires, so a winner that dies before writing itself down blocks nobody for long.
    const n = await this.presence.hincrbyex(takeoverKey(id), holder ?? "-", 1, 60);
    if (n !== 1) return false;
    await this.own(id);
    return true;
  }

  /** The table is over for good: nobody holds it any more. */
  async release(id: string): Promise<void> {
    if (!this.presence) return;
    if ((await this.presence.hget(OWNERS, id)) === this.owner) await this.presence.hdel(OWNERS, id);
  }

  /** Whether a process is still alive (it listens on its liveness channel). */
  async alive(owner: string): Promise<boolean> {
    if (!this.presence) return owner === this.owner;
    const channel = aliveChannel(owner);
    return (await this.presence.channels(channel)).includes(channel);
  }
}

/** A Redis call that does not answer within this long counts as failed. */
const REDIS_PATIENCE_MS = 2000;

function within<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer from Redis in ${ms} ms`)), ms);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

const windowKey = (minute: number, address: string) => `crossboard:mm:${minute}:${address}`;

/**
 * The matchmaking budget per address, shared by every process: a counter per address and
 * clock minute in Redis, read as a sliding minute (this minute's count plus the share of the
 * last minute's that is still inside the last 60 seconds). Every call counts, refused ones
 * included, so a client that keeps hammering stays refused. If Redis does not answer, this
 * process's own limiter decides.
 */
export class SharedLimiter implements Limiter {
  private warned = -Infinity;

  constructor(
    private readonly presence: Presence,
    private readonly perMinute: number,
    private readonly local: Limiter,
  ) {}

  async take(address: string, now: number): Promise<boolean> {
    const minute = Math.floor(now / 60_000);
    const into = (now - minute * 60_000) / 60_000;
    const key = windowKey(minute, address);
    try {
      const [count, before] = await within(
        Promise.all([
          this.presence.incr(key),
          this.presence.get(windowKey(minute - 1, address)) as Promise<string | null>,
        ]),
        REDIS_PATIENCE_MS,
      );
      if (count === 1) void this.presence.expire(key, 120);
      return count + Number(before ?? 0) * (1 - into) <= this.perMinute;
    } catch (err) {
      // Once a minute at most: Redis down would otherwise write a line per call.
      if (now - this.warned >= 60_000) {
        this.warned = now;
        log.warn({ err, event: "limit-fallback" }, "Redis did not count a matchmaking call");
      }
      return this.local.take(address, now);
    }
  }
}

export interface Scale {
  readonly presence: Presence;
  readonly driver: unknown;
  readonly publicAddress: string;
  /**
   * A Redis connection for the table claims alone (see TableClaims): the server closes it
   * after its store, so the claims outlive the last write.
   */
  readonly claimsPresence: Presence;
  /** Closes the claims' connection (Colyseus closes the others when it shuts down). */
  close(): void;
}

/**
 * Connects to Redis (failing clearly if it does not answer) and prepares what Colyseus and the
 * server need to run as one of several processes.
 */
export async function openScale(redisUrl: string, publicAddress: string): Promise<Scale> {
  const { RedisPresence, RedisDriver } = await import("colyseus");
  const presence = new RedisPresence(redisUrl);
  const claimsPresence = new RedisPresence(redisUrl);
  try {
    await within(Promise.all([presence.exists(OWNERS), claimsPresence.exists(OWNERS)]), 10_000);
  } catch (err) {
    presence.shutdown();
    claimsPresence.shutdown();
    throw new Error(`cannot reach Redis at REDIS_URL: ${(err as Error).message}`);
  }
  return {
    presence,
    driver: new RedisDriver(redisUrl),
    publicAddress,
    claimsPresence,
    close: () => claimsPresence.shutdown(),
  };
}
