/**
 * The site's routes around the games (shared/protocol/site.ts; docs/protocol.md):
 *
 * - `GET /api/privacy`: what this server keeps and for how long, read from its settings;
 * - `POST /api/feedback`: a message, limited per address and per device; `GET /api/feedback`:
 *   the published ones with their answers;
 * - the operator's desk (only with `FEEDBACK_PASSWORD`): `GET /api/feedback/desk` lists every
 *   message, `POST /api/feedback/desk/:id` changes one's status, answer or publication;
 * - `POST /api/recommend` and `GET /api/recommendations`: one answer per device and game.
 *
 * Texts are stored as the shared parsers clean them and only ever leave as JSON strings: never
 * rendered as HTML here, never put into a table's state or a room's message. Device ids are
 * kept only as a salted SHA-256; seat tokens only as their hash; player keys not at all (the
 * player's public id instead).
 */

import { createHash, randomBytes } from "node:crypto";
import express from "express";
import { refusal } from "../../shared/core/errors";
import { isGameId } from "../../shared/games/catalog";
import {
  type DeskItem,
  FEEDBACK_MAX,
  FEEDBACK_STATUSES,
  type FeedbackItem,
  type FeedbackStatus,
  type PrivacyFacts,
  parseDeskChange,
  parseFeedback,
  parseRecommend,
  type Recommendations,
} from "../../shared/protocol/site";
import type { ServerConfig } from "../config";
import { ADDRESS_KEY_HOURS } from "../edge/addressKey";
import { WrongGuesses } from "../edge/guesses";
import { KeyedLimiter } from "../edge/ratelimit";
import { type AbuseLog, log } from "../ops/log";
import { sameSecret } from "../ops/metrics";
import type { FeedbackRecord, TableStore } from "../store/types";
import { hashKey, hashToken } from "../table/tokens";

const DAY_MS = 86_400_000;

/** Most messages `GET /api/feedback` and the desk answer with. */
export const FEEDBACK_LISTED = 200;
/** Wrong desk passwords per address: this many, then the rest of the window answers 429. */
const DESK_GUESSES = 10;
const DESK_GUESS_WINDOW_MS = 10 * 60_000;
/** Recommendations per address and hour. */
const RECOMMEND_PER_HOUR = 20;
/** How long the counts of `GET /api/recommendations` are reused (a recommendation here clears them). */
const RECOMMENDATIONS_CACHE_MS = 5_000;
/** Request bodies of the feedback routes: a message of FEEDBACK_MAX characters fits in any script. */
const BODY_LIMIT = "32kb";

/** The settings these routes read. */
export type SiteConfig = Pick<
  ServerConfig,
  | "archiveDays"
  | "tableKeepMs"
  | "holdSeconds"
  | "feedbackDays"
  | "feedbackPassword"
  | "feedbackPerHour"
  | "contactEmail"
>;

export interface SiteOptions {
  readonly config: SiteConfig;
  readonly abuse?: AbuseLog;
  /** The clock (ms), for the times stored. */
  readonly now?: () => number;
}

/** A new message's id: 16 base64url characters, 96 random bits. */
export const newFeedbackId = (): string => randomBytes(12).toString("base64url");

/**
 * What is kept of a device id: its SHA-256 with a salt of this server's own, never the id. An
 * id is 132 random bits, so the hash cannot be turned back into it; the salt keeps the hash
 * apart from any other use of the same id.
 */
export const hashDevice = (device: string): string =>
  createHash("sha256").update("crossboard/device/1\0").update(device).digest("hex");

/** The facts `GET /api/privacy` answers, from the running settings. */
export const privacyFacts = (config: SiteConfig): PrivacyFacts => ({
  archiveDays: config.archiveDays,
  tableKeepDays: config.tableKeepMs / DAY_MS,
  seatHoldSeconds: config.holdSeconds,
  feedbackDays: config.feedbackDays,
  addressKeyHours: ADDRESS_KEY_HOURS,
  players: true,
  desk: config.feedbackPassword !== null,
  contact: config.contactEmail,
});

/** A message as everyone may read it. */
export const feedbackItem = (f: FeedbackRecord): FeedbackItem => ({
  id: f.id,
  kind: f.kind,
  game: f.game,
  text: f.text,
  language: f.language,
  status: f.status,
  answer: f.answer,
  created: f.created,
  answered: f.answered,
});

/** A message as the desk sees it: never who wrote it. */
export const deskItem = (f: FeedbackRecord): DeskItem => ({
  ...feedbackItem(f),
  tableId: f.tableId,
  gameId: f.gameId,
  version: f.version,
  published: f.published,
});

type Route = (req: express.Request, res: express.Response) => Promise<void>;

/**
 * A route whose store does not answer (or cannot write) says so with 503 `store/unavailable`,
 * as making a player does; nothing is kept for later.
 */
function storeRoute(route: Route): express.RequestHandler {
  return (req, res) => {
    route(req, res).catch((err: unknown) => {
      log.warn(
        { event: "site/store-failed", route: req.route?.path, reason: (err as Error)?.message },
        "feedback: the store did not answer",
      );
      if (res.headersSent) return;
      res.status(503).set("Retry-After", "5").json(refusal("store/unavailable"));
    });
  };
}

/** The routes, as a router mounted under `/api` before the API's own body parser. */
export function siteRouter(store: TableStore, opts: SiteOptions): express.Router {
  const { config, abuse } = opts;
  const now = opts.now ?? Date.now;
  const router = express.Router();
  router.use("/feedback", express.json({ limit: BODY_LIMIT }));
  router.use("/recommend", express.json({ limit: "4kb" }));

  const perHour = config.feedbackPerHour;
  const byAddress = new KeyedLimiter(perHour / 3600, perHour);
  const byDevice = new KeyedLimiter(perHour / 3600, perHour);
  const reads = new KeyedLimiter(2, 30);
  const recommends = new KeyedLimiter(RECOMMEND_PER_HOUR / 3600, RECOMMEND_PER_HOUR);
  const guesses = new WrongGuesses(DESK_GUESSES, DESK_GUESS_WINDOW_MS);
  const limited = (res: express.Response) => res.status(429).json(refusal("rate/limited"));

  router.get("/privacy", (_req, res) => {
    res.json(privacyFacts(config));
  });

  router.post(
    "/feedback",
    storeRoute(async (req, res) => {
      const parsed = parseFeedback(req.body);
      if (!parsed.ok) {
        res.status(400).json(refusal("feedback/invalid", { max: FEEDBACK_MAX }));
        return;
      }
      const f = parsed.value;
      const at = now();
      const device = f.device === undefined ? null : hashDevice(f.device);
      if (!byAddress.take(req.ip ?? "", at) || (device !== null && !byDevice.take(device, at))) {
        limited(res);
        return;
      }
      const player = f.playerKey ? await store.playerByKey(hashKey(f.playerKey)) : null;
      const id = newFeedbackId();
      await store.addFeedback({
        id,
        kind: f.kind,
        game: f.game ?? null,
        text: f.text,
        language: f.language,
        status: "new",
        answer: null,
        answered: null,
        created: at,
        published: false,
        tableId: f.tableId ?? null,
        gameId: f.gameId ?? null,
        version: f.version ?? null,
        authorToken: f.seatToken ? hashToken(f.seatToken) : null,
        authorPlayer: player?.id ?? null,
      });
      res.status(201).json({ id });
    }),
  );

  router.get(
    "/feedback",
    storeRoute(async (req, res) => {
      if (!reads.take(req.ip ?? "", now())) {
        limited(res);
        return;
      }
      const game = req.query.game;
      if (game !== undefined && !isGameId(game)) {
        res.status(400).json(refusal("payload/invalid"));
        return;
      }
      const items = await store.feedbackList({
        published: true,
        ...(game !== undefined ? { game } : {}),
        limit: FEEDBACK_LISTED,
      });
      res.json({ items: items.map(feedbackItem) });
    }),
  );

  /** The desk's door: no desk (404), too many wrong guesses (429), no or a wrong password (401). */
  const desk: express.RequestHandler = (req, res, next) => {
    const password = config.feedbackPassword;
    if (password === null) {
      res.status(404).json(refusal("http/not-found"));
      return;
    }
    const address = req.ip ?? "";
    const at = now();
    if (guesses.blocked(address, at)) {
      limited(res);
      return;
    }
    const header = req.headers.authorization;
    const given = header?.startsWith("Bearer ") ? header.slice(7).trim() : null;
    if (given !== null && sameSecret(given, password)) return next();
    // Only a wrong password is a guess; a request with none is not.
    if (given !== null) {
      guesses.note(address, at);
      abuse?.report("desk-password", address);
    }
    res
      .status(401)
      .set("WWW-Authenticate", 'Bearer realm="feedback desk"')
      .json(refusal("http/unauthorized"));
  };
  router.use("/feedback/desk", desk);

  router.get(
    "/feedback/desk",
    storeRoute(async (req, res) => {
      const status = req.query.status;
      if (status !== undefined && !FEEDBACK_STATUSES.includes(status as FeedbackStatus)) {
        res.status(400).json(refusal("payload/invalid"));
        return;
      }
      const items = await store.feedbackList({
        published: "all",
        ...(status !== undefined ? { status: status as FeedbackStatus } : {}),
        limit: FEEDBACK_LISTED,
      });
      res.json({ items: items.map(deskItem) });
    }),
  );

  router.post(
    "/feedback/desk/:id",
    storeRoute(async (req, res) => {
      const change = parseDeskChange(req.body);
      if (!change.ok) {
        res.status(400).json(refusal("feedback/invalid", { max: FEEDBACK_MAX }));
        return;
      }
      const id = req.params.id ?? "";
      const changed = /^[A-Za-z0-9_-]{16}$/.test(id)
        ? await store.changeFeedback(id, change.value, now())
        : null;
      if (!changed) {
        res.status(404).json(refusal("feedback/not-found"));
        return;
      }
      res.json(deskItem(changed));
    }),
  );

  let cached: { at: number; counts: Recommendations } | null = null;

  router.post(
    "/recommend",
    storeRoute(async (req, res) => {
      const parsed = parseRecommend(req.body);
      if (!parsed.ok) {
        res.status(400).json(refusal("recommend/invalid"));
        return;
      }
      const at = now();
      if (!recommends.take(req.ip ?? "", at)) {
        limited(res);
        return;
      }
      const { game, recommend, device } = parsed.value;
      await store.recommend(hashDevice(device), game, recommend, at);
      cached = null;
      res.json({ ok: true });
    }),
  );

  router.get(
    "/recommendations",
    storeRoute(async (_req, res) => {
      const at = now();
      if (!cached || at - cached.at > RECOMMENDATIONS_CACHE_MS)
        cached = { at, counts: await store.recommendations() };
      res.json(cached.counts);
    }),
  );

  return router;
}
