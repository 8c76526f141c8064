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
  },
  `Crossboard listening on http://localhost:${server.port}`,
);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void server
      .close()
      .then(() => pool?.close())
      .then(() => process.exit(0));
  });
}
