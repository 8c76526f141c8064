/**
 * Assembles the game server: Express (health, table list, quick play, the built client) and
 * Colyseus (the `table` room) on one HTTP server and one port.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { LocalPresence, matchMaker, type Presence, Server } from "@colyseus/core";
import { WebSocketTransport } from "@colyseus/ws-transport";
import { ROOM_NAME } from "../shared/protocol/messages";
import { createApp } from "./app";
import type { BotDriver } from "./bots";
import type { ServerConfig } from "./config";
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

/** The largest matchmaking request body accepted (join options are small). */
const MAX_MATCHMAKE_BODY = 8 * 1024;

export async function startGameServer(opts: GameServerOptions): Promise<RunningServer> {
  const { config } = opts;
  const app = createApp(config, { roomName: ROOM_NAME });
  const httpServer = http.createServer(app);
  const gameServer = new Server({
    transport: new WebSocketTransport({
      server: httpServer,
      maxPayload: 4 * 1024,
      pingInterval: 5000,
      pingMaxRetries: 3,
    }),
    presence: opts.presence ?? new LocalPresence(),
    ...(opts.scale?.driver ? { driver: opts.scale.driver as never } : {}),
    ...(opts.scale?.publicAddress ? { publicAddress: opts.scale.publicAddress } : {}),
    greet: false,
    // Signals are handled by main.ts; tests run several servers in one process.
    gracefullyShutdown: false,
  });
  const tableConfig: TableConfig = {
    bots: opts.bots,
    graceMs: config.graceMs,
    holdSeconds: config.holdSeconds,
    timerSecondMs: config.timerSecondMs,
    ...(config.botSeed !== null ? { botSeed: counter(config.botSeed) } : {}),
    maxSpectators: config.maxSpectators,
    messageRate: { perSecond: 10, burst: 30 },
  };
  gameServer.define(ROOM_NAME, TableRoom, { server: tableConfig });
  guardMatchmaking(httpServer, config.matchmakePerMinute);

  await gameServer.listen(config.port, config.host);
  const port = (httpServer.address() as AddressInfo).port;
  // Colyseus keeps the port it was asked for; tools that read it need the real one.
  (gameServer as unknown as { port: number }).port = port;
  return {
    port,
    gameServer,
    close: () => gameServer.gracefullyShutdown(false),
  };
}

/**
 * Bounds what one address can ask of the matchmaker: the size of each request and how many
 * per minute, so private table codes cannot be guessed cheaply by brute force.
 */
function counter(start: number): () => number {
  let next = start;
  return () => next++;
}

let guarded = false;

function guardMatchmaking(httpServer: http.Server, perMinute: number): void {
  httpServer.on("request", (req: http.IncomingMessage) => {
    if (!req.url?.includes("/matchmake/")) return;
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_MATCHMAKE_BODY) req.destroy();
    });
  });
  // The matchmaker is one per process; wrap it once.
  if (guarded) return;
  guarded = true;
  const limiter = new KeyedLimiter(perMinute / 60, perMinute);
  const controller = matchMaker.controller as unknown as {
    invokeMethod: (
      method: string,
      room: string,
      options: unknown,
      ctx: { ip?: unknown },
    ) => Promise<unknown>;
  };
  const invoke = controller.invokeMethod;
  controller.invokeMethod = function (method, room, options, ctx) {
    const ip = String(ctx?.ip ?? "");
    if (method !== "reconnect" && !limiter.take(ip, Date.now())) {
      return Promise.reject(
        Object.assign(new Error("Too many table requests from this address; wait a minute."), {
          code: 4290,
        }),
      );
    }
    return invoke.call(this, method, room, options, ctx);
  };
}
