/**
 * Assembles the game server: Express (health, table list, quick play, the built client) and
 * Colyseus (the `table` room) on one HTTP server and one port, with the bounds on what a
 * client may ask of it: connections, matchmaking calls, messages (see docs/security.md).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { LocalPresence, matchMaker, type Presence, Server } from "@colyseus/core";
import { WebSocketTransport } from "@colyseus/ws-transport";
import { ROOM_NAME } from "../shared/protocol/messages";
import { clientAddress } from "./address";
import { createApp } from "./app";
import type { BotDriver } from "./bots";
import type { ServerConfig } from "./config";
import { guardConnections } from "./connections";
import { DEFAULT_GUARD } from "./guard";
import { AbuseLog, colyseusLogger, log, setLogLevel } from "./log";
import { handleMatchmake } from "./matchmake";
import { PenaltyBox } from "./penalty";
import { KeyedLimiter } from "./ratelimit";
import { openStore } from "./store/index";
import type { StoredTable, TableStore } from "./store/types";
import { type TableConfig, TableRoom } from "./tableRoom";

export interface GameServerOptions {
  readonly config: ServerConfig;
  readonly bots: BotDriver;
  readonly presence?: Presence;
  /** Extra server options (Redis driver, publicAddress) for running several processes. */
  readonly scale?: { driver?: unknown; publicAddress?: string };
  /** Where tables are kept; by default opened from the config (DATABASE_URL, DATA_DIR). */
  readonly store?: TableStore;
}

export interface RunningServer {
  readonly port: number;
  readonly gameServer: Server;
  readonly store: TableStore;
  /** Tables brought back from the store on start. */
  readonly restored: number;
  /**
   * Stops gracefully: no new tables, every connection told (the `closing` message), every write
   * stored; the tables come back when the server starts again.
   */
  stop(message?: string): Promise<void>;
  /** Closes without keeping the running tables for a restart (tests). */
  close(): Promise<void>;
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
    opts.store ?? (await openStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl }));
  const lifecycle = { stopping: false };
  const app = createApp(config, { roomName: ROOM_NAME, trust: config.trustProxy, store });
  // Timeouts are checked every second rather than every 30 (Node's default).
  const httpServer = http.createServer({ connectionsCheckingInterval: 1000 });
  const transport = new WebSocketTransport({
    server: httpServer,
    maxPayload: 4 * 1024,
    pingInterval: 5000,
    pingMaxRetries: 3,
  });
  // A frame too large or malformed closes the connection (1009, 1002): report it as abuse,
  // once per address and window, instead of Colyseus' stack trace per frame. The room reads
  // the client's address from the socket (a proxy, if trusted, told it).
  const wss = (transport as unknown as { wss: import("ws").WebSocketServer }).wss;
  wss.on("connection", (socket, req) => {
    const address = clientAddress(req, config.trustProxy);
    (socket as unknown as { clientAddress: string }).clientAddress = address;
    socket.on("error", (err: Error) =>
      abuse.report("bad-frame", address, { reason: err.message.slice(0, 100) }),
    );
  });
  const gameServer = new Server({
    transport,
    presence: opts.presence ?? new LocalPresence(),
    ...(opts.scale?.driver ? { driver: opts.scale.driver as never } : {}),
    ...(opts.scale?.publicAddress ? { publicAddress: opts.scale.publicAddress } : {}),
    greet: false,
    logger: colyseusLogger,
    // Signals are handled by main.ts; tests run several servers in one process.
    gracefullyShutdown: false,
  });
  // Colyseus attached its own matchmaking listener; ours bounds each call first.
  const matchmake = {
    limiter: new KeyedLimiter(config.matchmakePerMinute / 60, config.matchmakePerMinute),
    trust: config.trustProxy,
    origins: config.corsOrigins,
    abuse,
    penalties,
    stopping: () => lifecycle.stopping,
  };
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
  const tableConfig: TableConfig = {
    bots: opts.bots,
    graceMs: config.graceMs,
    holdSeconds: config.holdSeconds,
    timerSecondMs: config.timerSecondMs,
    ...(config.botSeed !== null ? { botSeed: counter(config.botSeed) } : {}),
    maxSpectators: config.maxSpectators,
    guard: DEFAULT_GUARD,
    abuse,
    penalties,
    store,
    restoring: new Map<string, StoredTable>(),
    lifecycle,
  };
  gameServer.define(ROOM_NAME, TableRoom, { server: tableConfig });
  const restored = await restoreTables(store, tableConfig.restoring);
  const prune = async () => {
    if (config.archiveDays <= 0) return;
    const pruned = await store.pruneGames(Date.now() - config.archiveDays * DAY_MS);
    if (pruned > 0) log.info({ event: "archive-pruned", games: pruned }, "old games deleted");
  };
  await prune();
  const pruning = setInterval(() => void prune(), DAY_MS / 4);
  pruning.unref();

  await gameServer.listen(config.port, config.host);
  const port = (httpServer.address() as AddressInfo).port;
  // Colyseus keeps the port it was asked for; tools that read it need the real one.
  (gameServer as unknown as { port: number }).port = port;
  let stopped: Promise<void> | null = null;
  const shutDown = (keep: boolean, message: string) => {
    stopped ??= (async () => {
      clearInterval(pruning);
      lifecycle.stopping = keep;
      if (keep) {
        for (const room of await localTables()) room.announceStop(message);
        // Let the message reach the clients before their connections close.
        await new Promise((r) => setTimeout(r, 200));
      }
      await store.flushed();
      await gameServer.gracefullyShutdown(false);
      abuse.close();
      await store.close();
    })();
    return stopped;
  };
  return {
    port,
    gameServer,
    store,
    restored,
    stop: (message = "The server is restarting; you keep your seat.") => shutDown(true, message),
    close: () => shutDown(false, ""),
  };
}

/** The table rooms of this process. */
async function localTables(): Promise<TableRoom[]> {
  const listed = await matchMaker.query({ name: ROOM_NAME });
  return listed
    .map((l) => matchMaker.getLocalRoomById(l.roomId))
    .filter((r): r is TableRoom => r instanceof TableRoom);
}

/**
 * Opens a room for every unfinished table in the store, under its old id. A table whose actions
 * do not replay is logged and left out; it never stops the server from starting.
 */
async function restoreTables(
  store: TableStore,
  restoring: Map<string, StoredTable>,
): Promise<number> {
  let count = 0;
  for (const stored of await store.openTables()) {
    const id = stored.table.id;
    restoring.set(id, stored);
    try {
      await matchMaker.createRoom(ROOM_NAME, { restore: id });
      count++;
    } catch (err) {
      log.error({ err, table: id }, "a stored table could not be brought back; it is left out");
      store.closeTable(id);
    } finally {
      restoring.delete(id);
    }
  }
  if (count > 0) log.info({ event: "tables-restored", tables: count }, "tables brought back");
  return count;
}

/** Seeds for the CPU players of each new table, in creation order. */
function counter(start: number): () => number {
  let next = start;
  return () => next++;
}
