/**
 * Redis as a dependency the server survives. Every Redis connection of the process (Colyseus'
 * presence and driver, the table leases') is made to fail fast while Redis is away: no offline
 * queue, no retries of a command, a bounded wait for an answer, reconnection every half second.
 * RedisHealth watches them all, says whether Redis can be used right now, logs one line when
 * it goes and one when it is back, and runs what the process must write again once it is back.
 *
 * Colyseus writes to Redis without awaiting in places (its process stats, room channels, IPC
 * replies); while Redis is away those writes fail with no one to catch them. They are
 * recognised (every command's error is marked as it fails) and counted instead of ending the
 * process; what they would have written is written again when Redis is back. Any other
 * unhandled rejection still ends the process, as Node does by default.
 */
import type { Redis } from "ioredis";
import { log } from "../ops/log";

/** How every Redis connection behaves while Redis is away. */
const FAIL_FAST = {
  // A command while the connection is down fails at once instead of waiting in a queue…
  enableOfflineQueue: false,
  // …and one in flight when it drops fails then, instead of after 20 reconnections (~10 s).
  maxRetriesPerRequest: 0,
  // A Redis that accepts the connection but does not answer (frozen, overloaded).
  commandTimeout: 5000,
  autoResubscribe: true,
  // Back within half a second of Redis.
  retryStrategy: (times: number) => Math.min(times * 100, 500),
};

/** Errors of Redis commands, marked as they fail (see `harden`). */
const redisErrors = new WeakSet<object>();

/** Whether an error came from a Redis command or connection. */
export function isRedisError(err: unknown): boolean {
  if (typeof err !== "object" || err === null) return false;
  if (redisErrors.has(err)) return true;
  const name = (err as { name?: unknown }).name;
  return name === "MaxRetriesPerRequestError" || name === "ReplyError";
}

type Phase = "connecting" | "up" | "down" | "rejoining" | "closed";

export class RedisHealth {
  private readonly clients: { name: string; client: Redis }[] = [];
  private phase: Phase = "connecting";
  private downSince = 0;
  private dropped = 0;
  private readonly rejoins: (() => Promise<void>)[] = [];
  private readonly waiting: (() => void)[] = [];

  /** Makes a connection fail fast and watches it. */
  watch(name: string, client: Redis): void {
    Object.assign(client.options, FAIL_FAST);
    const send = client.sendCommand.bind(client);
    client.sendCommand = (command, stream) => {
      const answer = send(command, stream) as Promise<unknown>;
      answer.catch((err: unknown) => {
        if (typeof err === "object" && err !== null) redisErrors.add(err);
      });
      return answer;
    };
    // A listener at all keeps ioredis from printing every failed reconnection.
    client.on("error", (err: Error) => this.lost(name, err.message));
    client.on("close", () => this.lost(name, "connection closed"));
    // ioredis writes the subscriptions it restores right after this event: look after them.
    client.on("ready", () => setImmediate(() => this.check()));
    this.clients.push({ name, client });
  }

  /** Redis can be used now: every connection is up and this process has written itself back. */
  available(): boolean {
    return this.phase === "up";
  }

  /** Runs, each time Redis is back after being away, before `available()` is true again. */
  onBack(rejoin: () => Promise<void>): void {
    this.rejoins.push(rejoin);
  }

  /** Resolves once every connection is up (the first time), or rejects after `ms`. */
  ready(ms: number): Promise<void> {
    if (this.phase === "up") return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        const waiting = this.clients.filter((c) => c.client.status !== "ready").map((c) => c.name);
        reject(new Error(`no answer from Redis in ${ms} ms (${waiting.join(", ")})`));
      }, ms);
      this.waiting.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /** A Redis write nobody waited for failed (while Redis was away). */
  droppedWrite(): void {
    this.dropped++;
  }

  /** The process closes its connections: nothing more to watch. */
  close(): void {
    this.phase = "closed";
  }

  private lost(name: string, reason: string): void {
    if (this.phase !== "up" && this.phase !== "rejoining") return;
    this.phase = "down";
    this.downSince = Date.now();
    this.dropped = 0;
    log.warn(
      { event: "redis-down", connection: name, reason: reason.slice(0, 200) },
      "Redis is unreachable: tables in play go on, matchmaking answers 503 until it is back",
    );
  }

  private check(): void {
    if (this.phase === "closed" || this.phase === "up" || this.phase === "rejoining") return;
    if (!this.clients.every((c) => c.client.status === "ready")) return;
    if (this.phase === "connecting") {
      this.phase = "up";
      for (const done of this.waiting.splice(0)) done();
      return;
    }
    this.phase = "rejoining";
    void this.rejoin();
  }

  private async rejoin(): Promise<void> {
    for (const rejoin of this.rejoins) {
      try {
        await rejoin();
      } catch (err) {
        // Lost again meanwhile (the next return runs everything again), or one write failed.
        log.warn({ err, event: "redis-rejoin-failed" }, "could not write this process back");
      }
    }
    if (this.phase !== "rejoining") return;
    if (!this.clients.every((c) => c.client.status === "ready")) {
      this.phase = "down";
      return;
    }
    this.phase = "up";
    log.info(
      { event: "redis-back", downMs: Date.now() - this.downSince, droppedWrites: this.dropped },
      "Redis is back: this process, its tables' listings, codes and leases are written again",
    );
  }
}

let guarding: RedisHealth | null = null;

/**
 * Keeps a failed Redis write that nobody awaited from ending the process (see the header). For
 * any other unhandled rejection the process ends as it would without this.
 */
export function guardUnhandledRedisErrors(health: RedisHealth): void {
  const first = guarding === null;
  guarding = health;
  if (!first) return;
  process.on("unhandledRejection", (reason) => {
    if (!isRedisError(reason)) throw reason;
    guarding?.droppedWrite();
  });
}
