// First: refuses a Node.js the server does not run on, before the rest is evaluated.
import "./runtime";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import v8 from "node:v8";
import { type BotDriver, SimpleBots } from "./bots/driver";
import { WorkerBots } from "./bots/pool";
import { readConfig, type ServerConfig } from "./config";
import { type RunningServer, startGameServer } from "./gameServer";
import { log } from "./ops/log";
import { quietPm2 } from "./ops/pm2";

quietPm2();

// Production unless told otherwise: libraries print development hints and stack traces only
// outside it.
process.env.NODE_ENV ??= "production";

/** A setting or a service the server cannot start without: one clear line, then exit 1. */
function cannotStart(err: unknown): never {
  log.fatal({ event: "cannot-start", reason: (err as Error).message }, "the server cannot start");
  process.exit(1);
}

/** The project folder: this file is server/main.ts, or dist/server/main.mjs once built. */
const ROOT = new URL(import.meta.url.endsWith(".ts") ? "../" : "../../", import.meta.url);
const VERSION = (
  JSON.parse(readFileSync(new URL("package.json", ROOT), "utf8")) as { version: string }
).version;

/** Where the tables are kept, as the start line says it: no user name or password. */
function dataLocation(c: ServerConfig): string {
  if (c.databaseUrl) {
    try {
      const u = new URL(c.databaseUrl);
      return `${u.protocol}//${u.host}${u.pathname}`;
    } catch {
      return "postgres";
    }
  }
  return c.dataDir ?? "memory (nothing kept)";
}

let config: ServerConfig;
try {
  config = readConfig(process.env, {
    clientDir: fileURLToPath(new URL("dist/client", ROOT)),
  });
} catch (err) {
  cannotStart(err);
}
// The heap's growth between full collections is read at each collection, so it applies now.
if (config.heapGrowthPercent > 0)
  v8.setFlagsFromString(`--heap-growing-percent=${config.heapGrowthPercent}`);
const pool =
  config.cpuWorkers === 0
    ? null
    : new WorkerBots({
        workers: config.cpuWorkers ?? undefined,
        maxTimeMs: config.cpuMoveMs,
        minDelayMs: config.cpuDelayMs,
      });
const bots: BotDriver = pool ?? new SimpleBots(config.cpuDelayMs);
let server: RunningServer;
try {
  server = await startGameServer({ config, bots });
} catch (err) {
  cannotStart(err);
}
log.info(
  {
    event: "listening",
    version: VERSION,
    port: server.port,
    host: config.listenAddress ?? "all interfaces",
    cpuWorkers: pool?.size ?? 0,
    trustProxy: process.env.TRUST_PROXY || false,
    logLevel: config.logLevel,
    store: server.store.kind,
    data: dataLocation(config),
    restored: server.restored,
    ...(config.redisUrl
      ? {
          redis: true,
          publicAddress: config.publicAddress,
          process: server.processId,
          held: server.held,
        }
      : {}),
    monitor: config.monitorPassword !== null,
    metricsToken: config.metricsToken !== null,
    standInGraceMs: config.graceMs,
    seatHoldSeconds: config.holdSeconds,
    maxSpectators: config.maxSpectators,
    matchmakePerMinute: config.matchmakePerMinute,
    maxConnectionsPerAddress: config.maxConnectionsPerAddress,
    archiveDays: config.archiveDays,
  },
  `Crossboard listening on http://localhost:${server.port}`,
);

/** Past this, a stop that has not finished ends the process anyway. */
const STOP_LIMIT_MS = 10_000;

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    log.info({ event: "stopping", signal }, "stopping: telling every table, storing what is left");
    setTimeout(() => {
      log.error({ event: "stop-timeout" }, "the stop took too long; exiting");
      process.exit(1);
    }, STOP_LIMIT_MS).unref();
    void server
      .stop()
      .then(() => pool?.close())
      .then(() => {
        log.info({ event: "stopped" }, "stopped; start again to bring the tables back");
        process.exit(0);
      });
  });
}
