/**
 * Which web pages may make a browser change something here: the server's own, and the origins
 * listed in `CORS_ORIGINS`. A request with no `Origin` is not a browser's cross-site request
 * (browsers send one on every POST) and passes. The matchmaker and every state-changing route of
 * the API ask the same question here, so a page on another site cannot make its visitors open
 * tables, hold quick-play seats or probe seat tokens.
 */
import type { IncomingMessage } from "node:http";
import type express from "express";
import { refusal } from "../../shared/core/errors";
import type { AbuseLog } from "../ops/log";
import { clientAddress, type Trust } from "./address";

/** CORS headers for an allowed origin, `{}` for none, null for a foreign origin. */
export function corsFor(
  req: IncomingMessage,
  origins: readonly string[],
): Record<string, string> | null {
  const origin = req.headers.origin;
  if (!origin) return {};
  let host = "";
  try {
    host = new URL(origin).host;
  } catch {
    return null;
  }
  if (host !== req.headers.host && !origins.includes(origin)) return null;
  return {
    "Access-Control-Allow-Origin": origin,
    "Access-Control-Allow-Methods": "POST, OPTIONS",
    "Access-Control-Allow-Headers": "Content-Type, Accept, Authorization",
    "Access-Control-Max-Age": "600",
    Vary: "Origin",
  };
}

/** Methods that read only; every other one changes something. */
const READING = new Set(["GET", "HEAD"]);

export interface OriginGuardOptions {
  /** Origins besides the server's own whose pages may call the API. */
  readonly origins: readonly string[];
  readonly trust: Trust;
  readonly abuse?: AbuseLog;
}

/**
 * Screens every request that may change something: a foreign origin gets 403 `http/origin`, a
 * preflight its answer, and a body that is not JSON 415 `payload/invalid` — a form or a
 * `text/plain` body is what a foreign page can send without a preflight, so nothing else is read.
 */
export function originGuard(opts: OriginGuardOptions): express.RequestHandler {
  return (req, res, next) => {
    if (READING.has(req.method)) return next();
    const cors = corsFor(req, opts.origins);
    if (cors === null) {
      opts.abuse?.report("api-origin", clientAddress(req, opts.trust), {
        origin: String(req.headers.origin).slice(0, 100),
      });
      res.status(403).json(refusal("http/origin"));
      return;
    }
    res.set(cors);
    if (req.method === "OPTIONS") {
      res.status(204).end();
      return;
    }
    if (!req.is("application/json")) {
      res.status(415).json(refusal("payload/invalid"));
      return;
    }
    next();
  };
}
