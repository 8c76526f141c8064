/**
 * Assembles the game server: Express (health, metrics, monitor, table list, quick play, the
 * built client) and Colyseus (the `table` room) on one HTTP server and one port, with the
 * bounds on what a client may ask of it: connections, matchmaking calls, messages (see
 * docs/security.md). With `REDIS_URL` it is one of several processes sharing Redis (scale.ts).
 */

import http from "node:http";
import type { AddressInfo } from "node:net";
import { LocalPresence, matchMaker, type Presence, Server } from "@colyseus/core";
import { WebSocketTransport } from "@colyseus/ws-transport";
import { ROOM_NAME } from "../shared/protocol/messages";
import type { BotDriver } from "./bots/driver";
import type { ServerConfig } from "./config";
import { clientAddress } from "./edge/address";
import { addressKeys } from "./edge/addressKey";
import { guardConnections } from "./edge/connections";
import { DEFAULT_GUARD } from "./edge/guard";
import { watchLiveness } from "./edge/liveness";
import { PenaltyBox } from "./edge/penalty";
import { KeyedLimiter, type Limiter } from "./edge/ratelimit";
import { createApp } from "./http/app";
import { handleMatchmake } from "./http/matchmake";
import { monitorRouter } from "./http/monitor";
import { AbuseLog, colyseusLogger, log, setLogLevel } from "./ops/log";
import { ServerMetrics } from "./ops/metrics";
import type { TableConfig } from "./room/config";
import { ParkedTables } from "./room/parked";
import { TableRoom } from "./room/tableRoom";
import { TableClaims } from "./scale/leases";
import { openScale, reregister, type Scale, SharedLimiter } from "./scale/redis";
import { openStore } from "./store/index";
import type { StoredTable, TableStore } from "./store/types";
import { ArchiveBudget } from "./table/archiveBudget";
import { EMPTY_KEEP_MS } from "./table/parking";

/**
 * Connections the kernel queues for the server to accept (capped by net.core.somaxconn, 4096 on
 * current Linux). After a restart thousands of browsers come back within seconds, each with a
 * matchmaking call and a WebSocket; with Node's 511 the queue overflows whenever the event loop
 * is busy for a moment, and a dropped connection is tried again only after 1, 3, then 7 s.
 */
const LISTEN_BACKLOG = 4096;

export interface GameServerOptions {
  readonly config: ServerConfig;
  readonly bots: BotDriver;
  /** Presence for one process (LocalPresence by default); ignored with `scale`. */
  readonly presence?: Presence;
  /** Redis for running several processes; by default opened from the config (REDIS_URL). */
  readonly scale?: Scale;
  /** Where tables are kept; by default opened from the config (DATABASE_URL, DATA_DIR). */
  readonly store?: TableStore;
}

export interface RunningServer {
  readonly port: number;
  readonly gameServer: Server;
  readonly store: TableStore;
  /** Tables brought back from the store on start. */
  readonly restored: number;
  /** Stored tables left to the other live processes that hold them. */
  readonly held: number;
  /** Colyseus' id of this process (in room connections' paths and the room listings). */
  readonly processId: string;
  readonly metrics: ServerMetrics;
  /**
   * Stops gracefully: no new tables, every connection told (the `closing` message), every write
   * stored; the tables come back when the server starts again.
   */
  stop(message?: string): Promise<void>;
  /** Closes without keeping the running tables for a restart (tests). */
  close(): Promise<void>;
  /**
   * The periodic sweep, now, as of `now` (ms): archived games and feedback past their days
   * deleted (it also runs on start and every six hours).
   */
  prune(now?: number): Promise<void>;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long an address dropped for flooding is refused. */
const PENALTY_MS = 60_000;

export async function startGameServer(opts: GameServerOptions): Promise<RunningServer> {
  const { config } = opts;
  setLogLevel(config.logLevel);
  const abuse = new AbuseLog();
  const penalties = new PenaltyBox(PENALTY_MS);
  const store =
    opts.store ??
    (await openStore({
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      minFreeBytes: config.storeMinFreeMb * 1024 * 1024,
    }));
  const scale =
    opts.scale ??
    (config.redisUrl && config.publicAddress
      ? await openScale(config.redisUrl, config.publicAddress)
      : null);
  const lifecycle = { stopping: false };
  /** Set as soon as any stop begins: the health check then answers 503. */
  let draining = false;
  const { httpServer, transport, liveness } = openTransport(config, abuse);
  const presence = scale?.presence ?? opts.presence ?? new LocalPresence();
  const publicAddress = scale?.publicAddress ?? config.publicAddress;
  const gameServer = new Server({
    transport,
    presence,
    ...(scale ? { driver: scale.driver as never } : {}),
    ...(publicAddress ? { publicAddress } : {}),
    greet: false,
    logger: colyseusLogger,
    // Signals are handled by main.ts; tests run several servers in one process.
    gracefullyShutdown: false,
  });
  const processId = matchMaker.processId;
  // Parked tables are counted per address over their whole keeping time.
  addressKeys.keepFor(config.tableKeepMs);
  /** This process's table rooms. */
  const tables = new Set<TableRoom>();
  const metrics = new ServerMetrics(() => tables, {
    process_id: processId,
    public_address: publicAddress ?? "",
    store: store.kind,
  });
  /** Parked tables, known once the table rooms are defined (a join brings one back). */
  const parked: { of: ParkedTables | null } = { of: null };
  await serveHttp(httpServer, config, {
    revive: (id) => parked.of?.revive(id) ?? Promise.resolve(false),
    store,
    metrics,
    scale,
    abuse,
    penalties,
    draining: () => draining,
    stopping: () => lifecycle.stopping,
  });
  const claims = new TableClaims(scale?.claims ?? null, processId);
  await claims.start();
  const tableConfig = tableConfigOf(opts, { abuse, penalties, store, lifecycle, claims, metrics });
  parked.of = new ParkedTables(store, claims, tableConfig);
  defineTables(gameServer, tableConfig, tables, claims);
  const { restored, held } = await restoreTables(store, tableConfig.restoring, claims);
  const pruning = await pruneArchive(store, config);
  const expiring = await expireParked(parked.of, config.tableKeepMs);
  await gameServer.listen(config.port, config.listenAddress, LISTEN_BACKLOG);
  const sweeping = scale ? sweepEveryNowAndThen(scale, tables) : null;
  // Redis back after being away: this process, its tables and their leases are written again.
  scale?.health.onBack(async () => {
    await reregister(scale.presence, gameServer, tables);
    await claims.renew();
  });
  const port = (httpServer.address() as AddressInfo).port;
  // Colyseus keeps the port it was asked for; tools that read it need the real one.
  (gameServer as unknown as { port: number }).port = port;
  const shutDown = stopsInOrder({
    drain: () => {
      draining = true;
    },
    background: [pruning, expiring, liveness, ...(sweeping ? [sweeping] : [])],
    lifecycle,
    tables,
    store,
    scale,
    gameServer,
    abuse,
    claims,
  });
  return {
    port,
    gameServer,
    store,
    restored,
    held,
    processId,
    metrics,
    stop: (message = "The server is restarting; you keep your seat.") => shutDown(true, message),
    close: () => shutDown(false, ""),
    prune: (now = Date.now()) => pruning.run(now),
  };
}

/** What every table room of this server is given. */
function tableConfigOf(
  opts: GameServerOptions,
  parts: {
    abuse: AbuseLog;
    penalties: PenaltyBox;
    store: TableStore;
    lifecycle: { stopping: boolean };
    claims: TableClaims;
    metrics: ServerMetrics;
  },
): TableConfig {
  const { config } = opts;
  return {
    bots: opts.bots,
    graceMs: config.graceMs,
    quickWaitMs: config.quickWaitSeconds * 1000,
    holdSeconds: config.holdSeconds,
    parking: {
      keepMs: config.tableKeepMs,
      emptyKeepMs: EMPTY_KEEP_MS,
      perAddress: config.parkedPerAddress,
    },
    timerSecondMs: config.timerSecondMs,
    ...(config.cpuSeed !== null ? { cpuSeed: counter(config.cpuSeed) } : {}),
    maxSpectators: config.maxSpectators,
    guard: DEFAULT_GUARD,
    abuse: parts.abuse,
    penalties: parts.penalties,
    store: parts.store,
    restoring: new Map<string, StoredTable>(),
    lifecycle: parts.lifecycle,
    claim: (id) => parts.claims.own(id),
    onCommit: parts.metrics.committed.bind(parts.metrics),
    archiveBudget: new ArchiveBudget(config.archiveGamesPerHour, parts.abuse),
  };
}

/** The table room, with this process's set of its rooms and its leases kept up to date. */
function defineTables(
  gameServer: Server,
  tableConfig: TableConfig,
  tables: Set<TableRoom>,
  claims: TableClaims,
): void {
  const handler = gameServer.define(ROOM_NAME, TableRoom, { server: tableConfig });
  handler.on("create", (room: TableRoom) => tables.add(room));
  handler.on("dispose", (room: TableRoom) => {
    tables.delete(room);
    // A table closed while the server stops stays this process's until the process is gone.
    // Another process may bring a parked table back once it is no longer this one's: only
    // after every write of its room is in the store.
    if (!tableConfig.lifecycle.stopping)
      tableConfig.store
        .flushed(room.roomId)
        .then(() => claims.release(room.roomId))
        .catch((err: unknown) => log.warn({ err }, "claim not released"));
  });
}

/**
 * The server's stop, once however often it is asked for: `keep` leaves the tables to come back
 * on the next start (their players are told), otherwise they are over.
 */
function stopsInOrder(parts: {
  drain: () => void;
  background: readonly { stop(): void }[];
  lifecycle: { stopping: boolean };
  tables: Set<TableRoom>;
  store: TableStore;
  scale: Scale | null;
  gameServer: Server;
  abuse: AbuseLog;
  claims: TableClaims;
}): (keep: boolean, message: string) => Promise<void> {
  const { store, scale, claims } = parts;
  let stopped: Promise<void> | null = null;
  return (keep, message) => {
    stopped ??= (async () => {
      parts.drain();
      for (const b of parts.background) b.stop();
      parts.lifecycle.stopping = keep;
      if (keep) {
        for (const room of parts.tables) room.announceStop(message);
        // Let the message reach the clients before their connections close.
        await new Promise((r) => setTimeout(r, 200));
      }
      // A store that cannot write is waited for, boundedly, by its close.
      if (store.status.writable) await store.flushed();
      // Colyseus closes its Redis connections now: that is not Redis going away.
      scale?.health.close();
      await parts.gameServer.gracefullyShutdown(false);
      parts.abuse.close();
      await store.close();
      // Last: this process's leases on its tables end with these connections.
      await claims.stop().catch((err: unknown) => log.warn({ err }, "leases not given up"));
      scale?.close();
    })();
    return stopped;
  };
}

/**
 * The HTTP server and the WebSocket transport on it, with the bounds on both: timeouts checked
 * every second, frames up to 4 KiB, liveness pings of our own. A frame too large or malformed
 * closes the connection (1009, 1002) and is reported as abuse, once per address and window,
 * instead of Colyseus' stack trace per frame; the room reads the client's address from the
 * socket (a proxy, if trusted, told it).
 */
function openTransport(config: ServerConfig, abuse: AbuseLog) {
  // Timeouts are checked every second rather than every 30 (Node's default).
  const httpServer = http.createServer({ connectionsCheckingInterval: 1000 });
  const transport = new WebSocketTransport({
    server: httpServer,
    maxPayload: 4 * 1024,
    // Silent connections are found by liveness.ts, which spreads its pings over the interval.
    pingInterval: 0,
  });
  const wss = (transport as unknown as { wss: import("ws").WebSocketServer }).wss;
  wss.on("connection", (socket, req) => {
    const address = clientAddress(req, config.trustProxy);
    (socket as unknown as { clientAddress: string }).clientAddress = address;
    socket.on("error", (err: Error) =>
      abuse.report("bad-frame", address, { reason: err.message.slice(0, 100) }),
    );
  });
  return { httpServer, transport, liveness: watchLiveness(wss) };
}

/**
 * The HTTP side on the server: the Express app, and in front of it the matchmaking calls,
 * bounded per address (across processes with Redis); connections per address and handshake
 * times bounded for both.
 */
async function serveHttp(
  httpServer: http.Server,
  config: ServerConfig,
  parts: {
    /** Brings a parked table back for a join by its id (matchmake.ts). */
    readonly revive: (id: string) => Promise<boolean>;
    readonly store: TableStore;
    readonly metrics: ServerMetrics;
    readonly scale: Scale | null;
    readonly abuse: AbuseLog;
    readonly penalties: PenaltyBox;
    /** Any stop has begun (the health check answers 503). */
    readonly draining: () => boolean;
    /** A stop that keeps the tables has begun (matchmaking answers 503). */
    readonly stopping: () => boolean;
  },
): Promise<void> {
  const { scale, abuse, penalties } = parts;
  const redisUp = () => scale?.health.available() ?? true;
  const local = new KeyedLimiter(config.matchmakePerMinute / 60, config.matchmakePerMinute);
  const limiter: Limiter = scale
    ? new SharedLimiter(scale.presence, config.matchmakePerMinute, local)
    : local;
  const localPlayers = new KeyedLimiter(config.playersPerMinute / 60, config.playersPerMinute);
  const players: Limiter = scale
    ? new SharedLimiter(scale.presence, config.playersPerMinute, localPlayers, "players")
    : localPlayers;
  const app = createApp(config, {
    roomName: ROOM_NAME,
    trust: config.trustProxy,
    store: parts.store,
    stopping: parts.draining,
    metrics: parts.metrics,
    shared: scale !== null,
    redisUp,
    monitor: config.monitorPassword
      ? await monitorRouter(config.monitorPassword, config.trustProxy)
      : null,
    origins: config.corsOrigins,
    matchmaking: limiter,
    players,
    abuse,
  });
  const matchmake = {
    revive: parts.revive,
    limiter,
    trust: config.trustProxy,
    origins: config.corsOrigins,
    abuse,
    penalties,
    stopping: parts.stopping,
    redisUp,
  };
  // Colyseus attached its own matchmaking listener; ours bounds each call first.
  httpServer.removeAllListeners("request");
  httpServer.on("request", (req, res) => {
    if (!handleMatchmake(req, res, matchmake)) app(req, res);
  });
  guardConnections(
    httpServer,
    { handshakeMs: config.handshakeMs, perAddress: config.maxConnectionsPerAddress },
    abuse,
    penalties,
  );
}

/**
 * Deletes archived games older than `archiveDays` and feedback older than `feedbackDays` now
 * and every six hours (0 days: never); `run` sweeps at once, as of the time given.
 */
async function pruneArchive(
  store: TableStore,
  days: Pick<ServerConfig, "archiveDays" | "feedbackDays">,
): Promise<{ stop(): void; run(now: number): Promise<void> }> {
  const run = async (now: number) => {
    // Feedback first: a store failing to prune the archive does not keep old feedback.
    if (days.feedbackDays > 0) {
      try {
        const pruned = await store.pruneFeedback(now - days.feedbackDays * DAY_MS);
        if (pruned > 0)
          log.info({ event: "feedback-pruned", messages: pruned }, "old feedback deleted");
      } catch (err) {
        log.warn(
          { event: "feedback/prune-failed", reason: (err as Error).message },
          "old feedback not deleted",
        );
      }
    }
    if (days.archiveDays > 0) {
      const pruned = await store.pruneGames(now - days.archiveDays * DAY_MS);
      if (pruned > 0) log.info({ event: "archive-pruned", games: pruned }, "old games deleted");
    }
  };
  await run(Date.now());
  const pruning = setInterval(
    () =>
      void run(Date.now()).catch((err: unknown) =>
        log.warn({ event: "archive/prune-failed", reason: (err as Error).message }, "sweep failed"),
      ),
    DAY_MS / 4,
  );
  pruning.unref();
  return { stop: () => clearInterval(pruning), run };
}

/**
 * Ends the parked tables whose keeping time is over, now and then: every 15 minutes, or more
 * often when the keeping time is shorter than an hour (tests).
 */
async function expireParked(parked: ParkedTables, keepMs: number): Promise<{ stop(): void }> {
  const expire = async () => {
    try {
      await parked.expire(Date.now());
    } catch (err) {
      log.warn(
        { event: "table/expiry-failed", reason: (err as Error).message },
        "parked tables not ended",
      );
    }
  };
  await expire();
  const every = Math.max(1000, Math.min(15 * 60_000, Math.floor(keepMs / 4)));
  const expiring = setInterval(() => void expire(), every);
  expiring.unref();
  return { stop: () => clearInterval(expiring) };
}

/**
 * Colyseus notices a process that died only when it fails to answer a call; look for them now
 * and then (not while Redis is away), so their rooms leave the public list.
 */
function sweepEveryNowAndThen(scale: Scale, tables: ReadonlySet<TableRoom>): { stop(): void } {
  const sweep = () => {
    if (!scale.health.available()) return;
    sweepProcesses(tables).catch((err: unknown) => log.warn({ err }, "process sweep failed"));
  };
  const sweeping = setInterval(sweep, 30_000);
  const first = setTimeout(sweep, 5_000);
  first.unref();
  sweeping.unref();
  return {
    stop: () => {
      clearInterval(sweeping);
      clearTimeout(first);
    },
  };
}

/**
 * Removes the listings of processes that died without stopping. A process doing that while this
 * one wrote the listing of a table it brought back (from that dead process) may remove the new
 * listing too, so this process's tables missing from the listings are written again.
 */
async function sweepProcesses(tables: ReadonlySet<TableRoom>): Promise<void> {
  await matchMaker.healthCheckAllProcesses();
  const listed = new Set((await matchMaker.query({ name: ROOM_NAME })).map((l) => l.roomId));
  for (const room of tables) if (!listed.has(room.roomId)) await room.listing.save();
}

/**
 * Opens a room for every unfinished table in the store that this process can claim, under its
 * old id: all of them with one process; with several sharing a store, those no live process
 * holds (scale.ts). A table whose actions do not replay is logged and left out; it never stops
 * the server from starting.
 */
async function restoreTables(
  store: TableStore,
  restoring: Map<string, StoredTable>,
  claims: TableClaims,
): Promise<{ restored: number; held: number }> {
  let restored = 0;
  let held = 0;
  for (const stored of await store.openTables()) {
    const id = stored.table.id;
    if (!(await claims.claim(id))) {
      held++;
      continue;
    }
    restoring.set(id, stored);
    try {
      // Here, not on whichever process has the fewest rooms: only this one read the table.
      await matchMaker.handleCreateRoom(ROOM_NAME, { restore: id });
      restored++;
    } catch (err) {
      // Kept in the store for the next start: only a person or the table's own end closes it.
      log.error(
        { event: "restore/failed", table: id, reason: (err as Error).message },
        "a stored table could not be opened; it stays stored for the next start",
      );
      await claims.release(id);
    } finally {
      restoring.delete(id);
    }
  }
  if (restored > 0) log.info({ event: "tables-restored", tables: restored }, "tables brought back");
  if (held > 0)
    log.info(
      { event: "tables-held", tables: held },
      "stored tables left to the processes holding them",
    );
  return { restored, held };
}

/** Seeds for the CPU players of each new table, in creation order. */
function counter(start: number): () => number {
  let next = start;
  return () => next++;
}
