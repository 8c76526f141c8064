/**
 * Which process holds which stored table, so that with one table store shared by several
 * processes (PostgreSQL) each table is open in exactly one process, and is brought back only
 * when no live process holds it.
 *
 * A table's holder is a lease in Redis: a key per table naming the process, with a time to
 * live, renewed by its holder every few seconds and written again as soon as Redis is back
 * after being away (a Redis restarted with nothing kept, a failover). A holder counts as alive
 * while its liveness channel has a subscriber: a connection of its own, opened before it
 * claims anything and closed only after its store, so a holder that crashes is known dead at
 * once (its connection drops) and one that stops is never dead before its last write.
 *
 * Redis that lost its data forgets every lease at once, and the holders need a moment to write
 * theirs again. So the first process to see Redis without its marker (`crossboard:epoch`)
 * writes it along with a settling key that expires after SETTLE_MS; no table without a live
 * lease is claimed while that key lives, and by then every live holder has written its leases
 * back. Taking a table over (no lease, or a lease of a dead holder) is a compare-and-set that
 * exactly one process wins.
 */
import type { Redis } from "ioredis";
import { log } from "../ops/log";

/** A lease outlives its last renewal by this long. */
export const LEASE_MS = 30_000;
/** Holders renew their leases this often. */
const RENEW_MS = 5_000;
/** After Redis lost its data, tables without a live lease wait this long to be claimed. */
export const SETTLE_MS = 5_000;
/** Leases renewed per Redis call. */
const BATCH = 500;

const leaseKey = (id: string) => `crossboard:lease:${id}`;
/** A process is alive while it listens on this channel (its own Redis connection). */
const aliveChannel = (owner: string) => `crossboard:alive:${owner}`;
const EPOCH = "crossboard:epoch";
const SETTLING = "crossboard:settling";

/** Renews the leases that are this process's or nobody's; answers the indexes of the others. */
const RENEW = `
local lost = {}
for i, key in ipairs(KEYS) do
  local holder = redis.call('GET', key)
  if holder == false or holder == ARGV[1] then
    redis.call('SET', key, ARGV[1], 'PX', ARGV[2])
  else
    lost[#lost + 1] = i
  end
end
return lost`;

/** Takes a lease if it is this process's already, or held by ARGV[2] ('' for nobody). */
const TAKE = `
local holder = redis.call('GET', KEYS[1])
if holder == ARGV[1] or (holder == false and ARGV[2] == '') or holder == ARGV[2] then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[3])
  return 1
end
return 0`;

const RELEASE = `
for _, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[1] then redis.call('DEL', key) end
end
return 0`;

/** Milliseconds until Redis' data has settled (see the header); marks fresh data. */
const SETTLE = `
if redis.call('EXISTS', KEYS[1]) == 0 then
  redis.call('SET', KEYS[1], '1')
  redis.call('SET', KEYS[2], '1', 'PX', ARGV[1])
  return tonumber(ARGV[1])
end
local left = redis.call('PTTL', KEYS[2])
if left > 0 then return left end
return 0`;

/** The claims' two connections: commands, and the liveness subscription. */
export interface ClaimsRedis {
  readonly commands: Redis;
  readonly liveness: Redis;
}

export class TableClaims {
  /** The tables this process holds. */
  private readonly held = new Set<string>();
  private renewing: NodeJS.Timeout | null = null;
  private readonly warned = new Set<string>();

  constructor(
    /** Null for one process, where every claim is granted. */
    private readonly redis: ClaimsRedis | null,
    /** This process: Colyseus' process id. */
    readonly owner: string,
  ) {}

  /** Starts being alive and renewing; before any claim. */
  async start(): Promise<void> {
    if (!this.redis) return;
    await this.redis.liveness.subscribe(aliveChannel(this.owner));
    await this.settling();
    this.renewing = setInterval(() => {
      this.renew().catch(() => undefined);
    }, RENEW_MS);
    this.renewing.unref();
  }

  /** A new table of this process (its id is new: a fresh code or room id). */
  async own(id: string): Promise<void> {
    this.held.add(id);
    if (!this.redis) return;
    await this.redis.commands.set(leaseKey(id), this.owner, "PX", LEASE_MS);
  }

  /**
   * Claims a stored table to bring it back: true if it is now this process's, false if a live
   * process holds it or another process won it first.
   */
  async claim(id: string): Promise<boolean> {
    if (!this.redis) {
      this.held.add(id);
      return true;
    }
    const key = leaseKey(id);
    for (;;) {
      const holder = await this.redis.commands.get(key);
      if (holder !== null && holder !== this.owner && (await this.alive(holder))) return false;
      const wait = holder === this.owner ? 0 : await this.settling();
      if (wait > 0) {
        // Redis lost its data a moment ago: the live holders are writing their leases back.
        await new Promise((r) => setTimeout(r, wait));
        continue;
      }
      const taken = await this.redis.commands.eval(
        TAKE,
        1,
        key,
        this.owner,
        holder ?? "",
        LEASE_MS,
      );
      if (taken !== 1) return false;
      this.held.add(id);
      return true;
    }
  }

  /** The table is over for good: nobody holds it any more. */
  async release(id: string): Promise<void> {
    this.held.delete(id);
    await this.redis?.commands.eval(RELEASE, 1, leaseKey(id), this.owner);
  }

  /** Whether a process is still alive (it listens on its liveness channel). */
  async alive(owner: string): Promise<boolean> {
    if (!this.redis) return owner === this.owner;
    const channel = aliveChannel(owner);
    return ((await this.redis.commands.pubsub("CHANNELS", channel)) as string[]).includes(channel);
  }

  /**
   * Writes every lease of this process again (on a timer, and when Redis is back). A lease held
   * by another process means two processes opened the table: logged, once per table.
   */
  async renew(): Promise<void> {
    if (!this.redis) return;
    await this.settling();
    const ids = [...this.held];
    for (let i = 0; i < ids.length; i += BATCH) {
      const batch = ids.slice(i, i + BATCH);
      const lost = (await this.redis.commands.eval(
        RENEW,
        batch.length,
        ...batch.map(leaseKey),
        this.owner,
        LEASE_MS,
      )) as number[];
      for (const n of lost) {
        const id = batch[n - 1];
        if (id === undefined || this.warned.has(id)) continue;
        this.warned.add(id);
        log.error(
          { event: "table-lease-lost", table: id },
          "another process holds the lease of a table open here",
        );
      }
    }
  }

  /** Stops renewing and gives up every lease (the store is closed: nothing more is written). */
  async stop(): Promise<void> {
    if (this.renewing) clearInterval(this.renewing);
    const ids = [...this.held];
    this.held.clear();
    if (!this.redis) return;
    for (let i = 0; i < ids.length; i += BATCH) {
      const batch = ids.slice(i, i + BATCH);
      await this.redis.commands.eval(RELEASE, batch.length, ...batch.map(leaseKey), this.owner);
    }
  }

  /** Milliseconds until Redis' data has settled; marks fresh data (see the header). */
  private async settling(): Promise<number> {
    if (!this.redis) return 0;
    return Number(await this.redis.commands.eval(SETTLE, 2, EPOCH, SETTLING, SETTLE_MS));
  }
}
