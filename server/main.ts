import http from "node:http";
import { fileURLToPath } from "node:url";
import { createApp } from "./app";
import { readConfig } from "./config";

const config = readConfig(process.env, {
  clientDir: fileURLToPath(new URL("../dist/client", import.meta.url)),
});
const server = http.createServer(createApp(config));
server.listen(config.port, () => {
  console.log(`Crossboard listening on http://localhost:${config.port}`);
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
  });
}
