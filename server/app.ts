import { existsSync } from "node:fs";
import path from "node:path";
import express from "express";
import type { Trust } from "./address";
import { apiRouter } from "./api";
import type { ServerConfig } from "./config";
import { log } from "./log";
import type { TableStore } from "./store/types";

/**
 * The HTTP side: health check, the table API and the built client. Every error is a short
 * JSON body with a code; nothing about the server's files or code leaves it.
 */
export function createApp(
  config: ServerConfig,
  opts: { roomName: string; trust: Trust; store: TableStore },
): express.Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", opts.trust);
  app.get("/api/health", (_req, res) => {
    res.json({ ok: true });
  });
  app.use("/api", apiRouter(opts.roomName, opts.store));
  if (existsSync(config.clientDir)) {
    app.use(express.static(config.clientDir, { index: "index.html", maxAge: "1h" }));
    // Links to a table (/t/CODE) and to an archived game (/g/ID) open the client, which reads
    // the code or id from the address.
    app.get(["/", "/t/:code", "/g/:id"], (_req, res) =>
      res.sendFile(path.join(config.clientDir, "index.html")),
    );
  }
  app.use((_req, res) => {
    res.status(404).json({ code: "http/not-found", message: "Nothing here." });
  });
  app.use(
    (err: unknown, req: express.Request, res: express.Response, _next: express.NextFunction) => {
      const status = (err as { status?: unknown } | null)?.status;
      const known = typeof status === "number" && status >= 400 && status < 500;
      if (!known) log.error({ err, url: req.url.slice(0, 200) }, "http error");
      if (res.headersSent) return;
      res
        .status(known ? status : 500)
        .json(
          known
            ? { code: "http/bad-request", message: "The request could not be read." }
            : { code: "http/internal", message: "Something went wrong on the server." },
        );
    },
  );
  return app;
}
