import { fileURLToPath } from "node:url";
import { WorkerBots } from "./botPool";
import { type BotDriver, SimpleBots } from "./bots";
import { readConfig } from "./config";
import { startGameServer } from "./gameServer";

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
console.log(
  `Crossboard listening on http://localhost:${server.port} (${pool ? `${pool.size} CPU worker thread(s)` : "simple CPUs"})`,
);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void server
      .close()
      .then(() => pool?.close())
      .then(() => process.exit(0));
  });
}
