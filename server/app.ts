import { existsSync } from "node:fs";
import path from "node:path";
import express from "express";
import type { ServerConfig } from "./config";

/** The HTTP side: health check and the built client. */
export function createApp(config: ServerConfig): express.Express {
  const app = express();
  app.disable("x-powered-by");
  app.get("/api/health", (_req, res) => {
    res.json({ ok: true });
  });
  if (existsSync(config.clientDir)) {
    app.use(express.static(config.clientDir, { index: "index.html", maxAge: "1h" }));
    app.get("/", (_req, res) => res.sendFile(path.join(config.clientDir, "index.html")));
  }
  return app;
}
