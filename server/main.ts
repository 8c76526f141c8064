import { fileURLToPath } from "node:url";
import { SimpleBots } from "./bots";
import { readConfig } from "./config";
import { startGameServer } from "./gameServer";

const config = readConfig(process.env, {
  clientDir: fileURLToPath(new URL("../dist/client", import.meta.url)),
});
const server = await startGameServer({ config, bots: new SimpleBots(config.cpuDelayMs) });
console.log(`Crossboard listening on http://localhost:${server.port}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
