import { existsSync } from "node:fs";
import express from "express";
import { refusal } from "../../shared/core/errors";
import type { ServerConfig } from "../config";
import type { Trust } from "../edge/address";
import { originGuard } from "../edge/origin";
import type { Limiter } from "../edge/ratelimit";
import type { AbuseLog } from "../ops/log";
import { log } from "../ops/log";
import { mayReadMetrics, type ServerMetrics } from "../ops/metrics";
import type { TableStore } from "../store/types";
import { apiRouter } from "./api";
import { MONITOR_PATH } from "./monitor";
import { pages } from "./pages";

export interface AppOptions {
  readonly roomName: string;
  readonly trust: Trust;
  readonly store: TableStore;
  /** The server is stopping: the health check answers 503 so a load balancer drains it. */
  readonly stopping: () => boolean;
  readonly metrics: ServerMetrics;
  /** The Colyseus monitor behind its password, or null (MONITOR_PASSWORD unset). */
  readonly monitor: express.Router | null;
  /** Other processes hold tables too (Redis). */
  readonly shared: boolean;
  /** Redis can be used now (always, for one process). */
  readonly redisUp?: () => boolean;
  /** Origins besides the server's own whose pages may call the API (`CORS_ORIGINS`). */
  readonly origins?: readonly string[];
  /** The matchmaker's budget per address, which quick play draws on too. */
  readonly matchmaking?: Limiter;
  /** Players made per address (`POST /api/players`). */
  readonly players?: Limiter;
  readonly abuse?: AbuseLog;
}

/**
 * The HTTP side: health check, metrics, the monitor, the table API and the built client. Every
 * error is a short JSON body with a code; nothing about the server's files or code leaves it.
 */
export function createApp(config: ServerConfig, opts: AppOptions): express.Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", opts.trust);
  app.get("/api/health", (_req, res) => {
    if (opts.stopping()) {
      res.status(503).json({ ok: false, ...refusal("server/stopping") });
      return;
    }
    // Tables are paused and no new one opens: a load balancer sends new players elsewhere.
    const { down, lowSpace, refusesTables } = opts.store.status;
    if (down) {
      res.status(503).json({
        ok: false,
        ...refusal(refusesTables ?? "store/unavailable"),
        store: opts.store.kind,
        cause: down.cause,
        since: new Date(down.since).toISOString(),
      });
      return;
    }
    // Under the free-space watermark: still healthy for the games in play and the people coming
    // back to them (so 200), but no new table opens here; the warning is for the operator.
    if (lowSpace) {
      res.json({
        ok: true,
        warning: refusal("store/full"),
        store: opts.store.kind,
        free: lowSpace.free,
        watermark: lowSpace.watermark,
        since: new Date(lowSpace.since).toISOString(),
      });
      return;
    }
    res.json({ ok: true });
  });
  app.get("/metrics", (req, res, next) => {
    if (!mayReadMetrics(req, config.metricsToken)) {
      if (config.metricsToken) res.set("WWW-Authenticate", 'Bearer realm="metrics"');
      res.status(config.metricsToken ? 401 : 403).json(refusal("http/forbidden"));
      return;
    }
    opts.metrics.text().then(
      (text) => res.type(opts.metrics.contentType).send(text),
      (err: unknown) => next(err),
    );
  });
  if (opts.monitor) app.use(MONITOR_PATH, opts.monitor);
  // Before anything is read or counted: a page elsewhere cannot make its visitors change anything.
  app.use(
    "/api",
    originGuard({ origins: opts.origins ?? [], trust: opts.trust, abuse: opts.abuse }),
  );
  // The table list, quick play and "your tables" read Redis when processes share it: without
  // it they answer at once, rather than after Redis' timeouts.
  app.use(["/api/tables", "/api/quickplay"], (_req, res, next) => {
    if (opts.redisUp?.() ?? true) return next();
    res.status(503).set("Retry-After", "5").json(refusal("server/unavailable"));
  });
  app.use(
    "/api",
    apiRouter(opts.roomName, opts.store, opts.shared, opts.matchmaking, opts.players, {
      config,
      ...(opts.abuse ? { abuse: opts.abuse } : {}),
    }),
  );
  if (existsSync(config.clientDir)) {
    app.use(express.static(config.clientDir, { index: "index.html", maxAge: "1h" }));
    // Links to a table (/t/CODE) and to an archived game (/g/ID) open the client, which reads
    // the code or id from the address, as do each game's rules (/rules/GAME) and lessons
    // (/learn/GAME, /learn/GAME/STAGE); any other address a browser asks for is the client's
    // "page not found", with status 404 (./pages.ts). The site's own pages (/privacy,
    // /feedback, /feedback/desk) are the client's too.
    const page = pages(config.clientDir, opts.store);
    app.get("/", page.index);
    app.get("/t/:code", page.table);
    app.get("/g/:id", page.game);
    app.get(["/rules/:game", "/learn/:game", "/learn/:game/:stage"], page.learn);
    app.get("/p/:id", page.player);
    app.get(["/leaderboard", "/leaderboard/:pool"], page.leaderboard);
    // What the server keeps and for how long, the published feedback, and the operator's desk.
    app.get(["/privacy", "/feedback", "/feedback/desk"], page.index);
    app.use(page.notFound);
  }
  app.use((_req, res) => {
    res.status(404).json(refusal("http/not-found"));
  });
  app.use(
    (err: unknown, req: express.Request, res: express.Response, _next: express.NextFunction) => {
      const status = (err as { status?: unknown } | null)?.status;
      const known = typeof status === "number" && status >= 400 && status < 500;
      if (!known) log.error({ err, url: req.url.slice(0, 200) }, "http error");
      if (res.headersSent) return;
      res
        .status(known ? status : 500)
        .json(known ? refusal("http/bad-request") : refusal("http/internal"));
    },
  );
  return app;
}
