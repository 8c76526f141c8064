import { fileURLToPath } from "node:url";
import { WorkerBots } from "./botPool";
import { type BotDriver, SimpleBots } from "./bots";
import { readConfig } from "./config";
import { startGameServer } from "./gameServer";
import { log } from "./log";

// Production unless told otherwise: libraries print development hints and stack traces only
// outside it.
process.env.NODE_ENV ??= "production";

const config = readConfig(process.env, {
  clientDir: fileURLToPath(new URL("../dist/client", import.meta.url)),
});
const pool =
  config.botWorkers === 0
    ? null
    : new WorkerBots({
        workers: config.botWorkers ?? undefined,
        maxTimeMs: config.botMoveMs,
        minDelayMs: config.cpuDelayMs,
      });
const bots: BotDriver = pool ?? new SimpleBots(config.cpuDelayMs);
const server = await startGameServer({ config, bots });
log.info(
  {
    event: "listening",
    port: server.port,
    host: config.host ?? "all interfaces",
    cpuWorkers: pool?.size ?? 0,
    trustProxy: process.env.TRUST_PROXY || false,
    logLevel: config.logLevel,
    store: server.store.kind,
    restored: server.restored,
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
