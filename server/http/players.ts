/**
 * Players without an account (shared/rating): `POST /api/players` makes one, answering its
 * public id and its key (a secret of 192 random bits, kept only as its SHA-256 here);
 * `POST /api/players/whoami` tells a device which player a key it was handed is; a player's
 * ratings and history, and each pool's leaderboard, are public. A key never reaches a log line:
 * it travels only in request bodies, which are not logged.
 */
import type express from "express";
import { refusal } from "../../shared/core/errors";
import type { RatingView } from "../../shared/protocol/players";
import { cleanName } from "../../shared/protocol/text";
import { aged } from "../../shared/rating/glicko2";
import {
  isPool,
  PLAYER_ID,
  PLAYER_KEY,
  POOLS,
  type Pool,
  PROVISIONAL_RD,
  type Rating,
} from "../../shared/rating/types";
import type { Limiter } from "../edge/ratelimit";
import type { PlayerRecord, TableStore } from "../store/types";
import { hashKey, newPlayerKey, newPublicId } from "../table/tokens";

/** How many rated games a player's page shows, and how many points its graph has at most. */
const RECENT = 20;
const HISTORY = 200;
/** The leaderboard: its length, and how recently its players must have been seen. */
const LEADERS = 100;
const LEADERS_SEEN_MS = 30 * 86_400_000;

export const ratingView = (r: Rating, now: number): RatingView => {
  const a = aged(r, now);
  return {
    rating: a.rating,
    rd: a.rd,
    volatility: a.volatility,
    games: a.games,
    provisional: a.rd > PROVISIONAL_RD,
  };
};

export const ratingsView = (p: PlayerRecord, now: number): Record<Pool, RatingView> =>
  Object.fromEntries(POOLS.map((pool) => [pool, ratingView(p.ratings[pool], now)])) as Record<
    Pool,
    RatingView
  >;

type Route = (req: express.Request, res: express.Response) => Promise<void>;

/** The player API's routes, mounted under `/api`. */
export function playerRoutes(
  router: express.Router,
  store: TableStore,
  made: Limiter,
  reads: Limiter,
  handled: (route: Route) => express.RequestHandler,
): void {
  const allowed = async (limiter: Limiter, req: express.Request, res: express.Response) => {
    if (await limiter.take(req.ip ?? "", Date.now())) return true;
    res.status(429).json(refusal("rate/limited"));
    return false;
  };
  const body = (req: express.Request): Record<string, unknown> =>
    req.body && typeof req.body === "object" && !Array.isArray(req.body) ? req.body : {};

  router.post(
    "/players",
    handled(async (req, res) => {
      if (!(await allowed(made, req, res))) return;
      const name = cleanName(body(req).name, "");
      const id = newPublicId();
      const key = newPlayerKey();
      try {
        await store.createPlayer({ id, name, keyHash: hashKey(key), at: Date.now() });
      } catch {
        res.status(503).set("Retry-After", "5").json(refusal("store/unavailable"));
        return;
      }
      res.status(201).json({ id, key });
    }),
  );

  router.post(
    "/players/whoami",
    handled(async (req, res) => {
      if (!(await allowed(reads, req, res))) return;
      const key = body(req).key;
      const player =
        typeof key === "string" && PLAYER_KEY.test(key)
          ? await store.playerByKey(hashKey(key))
          : null;
      if (!player) {
        res.status(404).json(refusal("player/unknown"));
        return;
      }
      res.json({ id: player.id, name: player.name });
    }),
  );

  router.get(
    "/players/:id",
    handled(async (req, res) => {
      if (!(await allowed(reads, req, res))) return;
      const id = req.params.id ?? "";
      const player = PLAYER_ID.test(id) ? await store.player(id) : null;
      if (!player) {
        res.status(404).json(refusal("player/unknown"));
        return;
      }
      const history = await store.ratingHistory(id, HISTORY);
      res.json({
        id: player.id,
        name: player.name,
        ratings: ratingsView(player, Date.now()),
        history,
        recent: history.slice(0, RECENT).map((h) => ({
          game: h.game,
          pool: h.pool,
          at: h.at,
          before: h.before,
          after: h.after,
        })),
      });
    }),
  );

  router.get(
    "/leaderboard/:pool",
    handled(async (req, res) => {
      if (!(await allowed(reads, req, res))) return;
      const pool = req.params.pool;
      if (!isPool(pool)) {
        res.status(404).json(refusal("api/not-found"));
        return;
      }
      const players = await store.leaderboard(pool, Date.now() - LEADERS_SEEN_MS, LEADERS);
      res.json({ players });
    }),
  );
}
