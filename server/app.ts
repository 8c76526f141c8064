import { existsSync } from "node:fs";
import path from "node:path";
import express from "express";
import { apiRouter } from "./api";
import type { ServerConfig } from "./config";

/** The HTTP side: health check, the table API and the built client. */
export function createApp(config: ServerConfig, opts: { roomName: string }): express.Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", "loopback");
  app.get("/api/health", (_req, res) => {
    res.json({ ok: true });
  });
  app.use("/api", apiRouter(opts.roomName));
  if (existsSync(config.clientDir)) {
    app.use(express.static(config.clientDir, { index: "index.html", maxAge: "1h" }));
    // Links to a table (/t/CODE) open the client, which reads the code from the address.
    app.get(["/", "/t/:code"], (_req, res) =>
      res.sendFile(path.join(config.clientDir, "index.html")),
    );
  }
  return app;
}
