/**
 * Assembles the game server: Express (health, table list, quick play, the built client) and
 * Colyseus (the `table` room) on one HTTP server and one port, with the bounds on what a
 * client may ask of it: connections, matchmaking calls, messages (see docs/security.md).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { LocalPresence, type Presence, Server } from "@colyseus/core";
import { WebSocketTransport } from "@colyseus/ws-transport";
import { ROOM_NAME } from "../shared/protocol/messages";
import { clientAddress } from "./address";
import { createApp } from "./app";
import type { BotDriver } from "./bots";
import type { ServerConfig } from "./config";
import { guardConnections } from "./connections";
import { DEFAULT_GUARD } from "./guard";
import { AbuseLog, colyseusLogger, setLogLevel } from "./log";
import { handleMatchmake } from "./matchmake";
import { PenaltyBox } from "./penalty";
import { KeyedLimiter } from "./ratelimit";
import { type TableConfig, TableRoom } from "./tableRoom";

export interface GameServerOptions {
  readonly config: ServerConfig;
  readonly bots: BotDriver;
  readonly presence?: Presence;
  /** Extra server options (Redis driver, publicAddress) for running several processes. */
  readonly scale?: { driver?: unknown; publicAddress?: string };
}

export interface RunningServer {
  readonly port: number;
  readonly gameServer: Server;
  close(): Promise<void>;
}

/** How long an address dropped for flooding is refused. */
const PENALTY_MS = 60_000;

export async function startGameServer(opts: GameServerOptions): Promise<RunningServer> {
  const { config } = opts;
  setLogLevel(config.logLevel);
  const abuse = new AbuseLog();
  const penalties = new PenaltyBox(PENALTY_MS);
  const app = createApp(config, { roomName: ROOM_NAME, trust: config.trustProxy });
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
  };
  gameServer.define(ROOM_NAME, TableRoom, { server: tableConfig });

  await gameServer.listen(config.port, config.host);
  const port = (httpServer.address() as AddressInfo).port;
  // Colyseus keeps the port it was asked for; tools that read it need the real one.
  (gameServer as unknown as { port: number }).port = port;
  return {
    port,
    gameServer,
    close: async () => {
      await gameServer.gracefullyShutdown(false);
      abuse.close();
    },
  };
}

/** Seeds for the CPU players of each new table, in creation order. */
function counter(start: number): () => number {
  let next = start;
  return () => next++;
}
