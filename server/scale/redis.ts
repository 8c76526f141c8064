/**
 * Several server processes behind one Redis (`REDIS_URL`): Colyseus' Redis presence (messages
 * between processes, table codes) and Redis driver (the room listings every process queries),
 * this process's public address, the table leases (leases.ts), and the matchmaking budget per
 * address counted across processes. Without Redis, one process runs on local presence and none
 * of this is loaded.
 *
 * Redis may go away and come back (redisHealth.ts): its connections fail fast meanwhile, the
 * tables in play go on, and when it is back this process writes again what Redis lost or what
 * failed to reach it: its process entry, its tables' listings and codes, its leases.
 */
import { matchMaker, type Presence } from "@colyseus/core";
import type { Redis } from "ioredis";
import { normaliseCode } from "../../shared/protocol/codes";
import type { Limiter } from "../edge/ratelimit";
import { log } from "../ops/log";
import { reclaimCodes } from "../room/codes";
import type { ClaimsRedis } from "./leases";
import { guardUnhandledRedisErrors, RedisHealth } from "./redisHealth";

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

const windowKey = (minute: number, address: string, kind = "mm") =>
  `crossboard:${kind}:${minute}:${address}`;

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
    /** What is counted (its keys' prefix): matchmaking calls by default. */
    private readonly kind = "mm",
  ) {}

  async take(address: string, now: number): Promise<boolean> {
    const minute = Math.floor(now / 60_000);
    const into = (now - minute * 60_000) / 60_000;
    const key = windowKey(minute, address, this.kind);
    try {
      const [count, before] = await within(
        Promise.all([
          this.presence.incr(key),
          this.presence.get(windowKey(minute - 1, address, this.kind)) as Promise<string | null>,
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
   * Redis connections for the table leases alone (see leases.ts): the server closes them after
   * its store, so the leases outlive the last write.
   */
  readonly claims: ClaimsRedis;
  /** Whether Redis can be used now; what to write again when it is back. */
  readonly health: RedisHealth;
  /** Closes the leases' connections (Colyseus closes the others when it shuts down). */
  close(): void;
}

/** A room of this process, as re-registration sees it. */
export interface ListedRoom {
  readonly roomId: string;
  readonly listing: { save(): Promise<unknown>; readonly private?: boolean };
}

/**
 * Writes this process back into Redis after Redis was away: its entry among the processes
 * (Colyseus' room count, which new tables are spread by, and its discovery entry), the listing
 * of each of its rooms, the codes of its tables; listings of its rooms that closed
 * meanwhile are removed. (The leases are the claims' own: leases.ts.)
 */
export async function reregister(
  presence: Presence,
  gameServer: { registerProcessForDiscovery(): Promise<void> },
  rooms: Iterable<ListedRoom>,
): Promise<void> {
  const mine = [...rooms];
  await matchMaker.stats.persist(true);
  await gameServer.registerProcessForDiscovery();
  for (const room of mine) await room.listing.save();
  await reclaimCodes(
    presence,
    mine.map((r) => r.roomId).filter((id) => normaliseCode(id) === id),
  );
  const open = new Set(mine.map((r) => r.roomId));
  const listed = await matchMaker.driver.query({ processId: matchMaker.processId });
  for (const stale of listed) if (!open.has(stale.roomId)) await stale.remove();
}

/** The ioredis connections inside Colyseus' presence and driver. */
const connectionsOf = (presence: object) => presence as unknown as { pub: Redis; sub: Redis };

type SteadyPresence = InstanceType<typeof import("colyseus").RedisPresence> & {
  /** Subscriptions to make, or to drop, after Redis was away. */
  resubscribe(): Promise<void>;
};

/**
 * Colyseus' presence, made to live through Redis going away: a subscription made meanwhile
 * is made when Redis is back (ioredis restores only those Redis confirmed), and a message
 * that cannot be published is lost like one nobody listens to (every request between
 * processes has its own timeout), instead of failing a caller that does not expect it.
 */
function steadyPresence(
  RedisPresence: typeof import("colyseus").RedisPresence,
  redisUrl: string,
  health: RedisHealth,
): SteadyPresence {
  class Steady extends RedisPresence {
    private readonly unsubscribed = new Set<string>();

    override async subscribe(topic: string, callback: (...args: unknown[]) => void) {
      try {
        return await super.subscribe(topic, callback);
      } catch {
        return this;
      }
    }

    override async unsubscribe(topic: string, callback?: (...args: unknown[]) => void) {
      try {
        return await super.unsubscribe(topic, callback);
      } catch {
        this.unsubscribed.add(topic);
        return this;
      }
    }

    override async publish(topic: string, data: unknown) {
      try {
        await super.publish(topic, data);
      } catch {
        health.droppedWrite();
      }
    }

    override async srem(key: string, value: unknown) {
      try {
        return await super.srem(key, value);
      } catch {
        return 0;
      }
    }

    /** Subscriptions to make, or to drop, after Redis was away. */
    async resubscribe(): Promise<void> {
      const { sub } = connectionsOf(this);
      const wanted = this.subscriptions
        .eventNames()
        .filter(
          (t): t is string => typeof t === "string" && this.subscriptions.listenerCount(t) > 0,
        );
      if (wanted.length > 0) await sub.subscribe(...wanted);
      const gone = [...this.unsubscribed].filter((t) => this.subscriptions.listenerCount(t) === 0);
      this.unsubscribed.clear();
      if (gone.length > 0) await sub.unsubscribe(...gone);
    }
  }
  return new Steady(redisUrl);
}

/**
 * Connects to Redis (failing clearly if it does not answer) and prepares what Colyseus and the
 * server need to run as one of several processes.
 */
export async function openScale(redisUrl: string, publicAddress: string): Promise<Scale> {
  const { RedisPresence, RedisDriver } = await import("colyseus");
  const health = new RedisHealth();

  const presence = steadyPresence(RedisPresence, redisUrl, health);
  const claimsPresence = new RedisPresence(redisUrl);
  const driver = new RedisDriver(redisUrl);
  health.watch("presence", connectionsOf(presence).pub);
  health.watch("presence-subscriber", connectionsOf(presence).sub);
  health.watch("driver", (driver as unknown as { _client: Redis })._client);
  const claims: ClaimsRedis = {
    commands: connectionsOf(claimsPresence).pub,
    liveness: connectionsOf(claimsPresence).sub,
  };
  health.watch("leases", claims.commands);
  health.watch("leases-liveness", claims.liveness);
  steadyListings(driver as unknown as DriverInternals, health);
  guardUnhandledRedisErrors(health);
  health.onBack(() => presence.resubscribe());
  try {
    await health.ready(10_000);
  } catch (err) {
    health.close();
    presence.shutdown();
    claimsPresence.shutdown();
    void driver.shutdown().catch(() => undefined);
    throw new Error(`cannot reach Redis at REDIS_URL: ${(err as Error).message}`);
  }
  return {
    presence,
    driver,
    publicAddress,
    claims,
    health,
    close: () => {
      health.close();
      claimsPresence.shutdown();
    },
  };
}

interface RoomData {
  save(): Promise<unknown>;
  remove(): Promise<unknown> | undefined;
}

interface DriverInternals {
  createInstance(initial: Record<string, unknown>): RoomData;
  getRooms(name?: string): Promise<unknown[]>;
  _roomCacheRequestByName: Record<string, Promise<unknown[]> | undefined>;
  _concurrentRoomCacheRequest?: Promise<unknown>;
}

/**
 * The room listings survive Redis going away. A listing that cannot be written is written
 * again when Redis is back (`reregister`), so a room that joins, leaves or changes its
 * metadata meanwhile does not fail for it. And the driver keeps a read of all listings that is
 * under way to share it between callers, but never forgets one that failed, so that after one
 * failure every later read would fail the same: a failed read is forgotten.
 */
function steadyListings(driver: DriverInternals, health: RedisHealth): void {
  const create = driver.createInstance.bind(driver);
  driver.createInstance = (initial) => {
    const data = create(initial);
    const save = data.save.bind(data);
    const remove = data.remove.bind(data);
    data.save = () => save().catch(() => health.droppedWrite());
    data.remove = () => remove()?.catch(() => health.droppedWrite());
    return data;
  };
  const getRooms = driver.getRooms.bind(driver);
  driver.getRooms = (name) => {
    const read = getRooms(name);
    read.catch(() => {
      if (driver._roomCacheRequestByName[String(name)] === read)
        delete driver._roomCacheRequestByName[String(name)];
      driver._concurrentRoomCacheRequest = undefined;
    });
    return read;
  };
}
