/**
 * The Colyseus monitor (`@colyseus/monitor`: rooms, their clients and state, and buttons that
 * dispose rooms or drop clients) at `/colyseus`, behind HTTP basic authentication with
 * `MONITOR_PASSWORD` (any user name). Without a password it is not mounted: `/colyseus` is a
 * 404 like any unknown path. With Redis it shows the rooms of every process.
 */

import express from "express";
import { refusal } from "../../shared/core/errors";
import type { Trust } from "../edge/address";
import { clientAddress } from "../edge/address";
import { WrongGuesses } from "../edge/guesses";
import { sameSecret } from "../ops/metrics";

export const MONITOR_PATH = "/colyseus";

/** Basic-auth credentials' password, or null when the header carries none. */
function passwordOf(header: string | undefined): string | null {
  if (!header?.startsWith("Basic ")) return null;
  const decoded = Buffer.from(header.slice(6).trim(), "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  return colon < 0 ? null : decoded.slice(colon + 1);
}

/**
 * The monitor behind its password. Wrong or missing credentials get 401 with a challenge; an
 * address that sent 10 wrong passwords in the current minute gets 429 for the rest of it, its
 * guesses unchecked.
 */
export async function monitorRouter(password: string, trust: Trust): Promise<express.Router> {
  const { monitor } = await import("@colyseus/monitor");
  const failures = new WrongGuesses(10, 60_000);
  const router = express.Router();
  router.use((req, res, next) => {
    const address = clientAddress(req, trust);
    const now = Date.now();
    if (failures.blocked(address, now)) {
      res.status(429).json(refusal("rate/limited"));
      return;
    }
    const given = passwordOf(req.headers.authorization);
    if (given !== null && sameSecret(given, password)) return next();
    // Only a wrong password is a guess; the browser's first request carries none.
    if (given !== null) failures.note(address, now);
    res
      .status(401)
      .set("WWW-Authenticate", 'Basic realm="Crossboard monitor", charset="UTF-8"')
      .json(refusal("http/unauthorized"));
  });
  router.use(monitor() as unknown as express.RequestHandler);
  return router;
}
