/**
 * HTTP API beside the rooms: the list of public tables, quick play, and the tables a browser
 * holds seat tokens for. Private tables never appear in the list; they are reached only by
 * their code, or by a seat token of theirs.
 */

import { matchMaker } from "@colyseus/core";
import express from "express";
import { type Refusal, refusal } from "../../shared/core/errors";
import { err, ok, type Result } from "../../shared/core/result";
import { isGameId } from "../../shared/games/catalog";
import { CLOCK_PRESETS, quickClock } from "../../shared/match/clocks";
import { GAME_ID } from "../../shared/protocol/archive";
import { type MyTable, parseMyTables } from "../../shared/protocol/messages";
import type { TableListing } from "../../shared/protocol/views";
import { PLAYER_KEY, poolOf } from "../../shared/rating/types";
import { KeyedLimiter, type Limiter } from "../edge/ratelimit";
import { type QuickAsk, quickTable } from "../room/quickPool";
import { TableRoom } from "../room/tableRoom";
import type { TableStore } from "../store/types";
import { publishedGame } from "../table/archive";
import { Refused } from "../table/connection";
import type { ListingMetadata } from "../table/listing";
import { hashKey, hashToken } from "../table/tokens";
import { pgn4Of, xiangqiTextOf } from "./archiveText";
import { type SiteOptions, siteRouter } from "./feedback";
import { playerRoutes, ratingView } from "./players";

export async function listTables(roomName: string): Promise<TableListing[]> {
  const rooms = await matchMaker.query({ name: roomName, private: false });
  return rooms.flatMap((r) => {
    const md = r.metadata as Partial<ListingMetadata> | undefined;
    if (!md || r.private || !isGameId(md.game)) return [];
    return [
      {
        id: r.roomId,
        game: md.game,
        mode: md.mode ?? "online",
        format: md.format ?? "",
        phase: md.phase ?? "waiting",
        seats: md.seats ?? 0,
        taken: md.taken ?? 0,
        spectators: md.spectators ?? 0,
        clock: md.clock ?? null,
        rated: md.rated ?? false,
        people: md.people ?? [],
      },
    ];
  });
}

/**
 * The tables where each token holds a seat and a game is waiting or running, in this process
 * or (several processes sharing Redis) in the one holding the table, or parked in the store. A missing table and a
 * token that is not the table's give the same answer: nothing.
 */
export async function myTables(
  roomName: string,
  queries: readonly { id: string; seatToken: string }[],
  store?: TableStore,
): Promise<MyTable[]> {
  const answers = await Promise.all(
    queries.map(async ({ id, seatToken }): Promise<MyTable | null> => {
      const room: unknown = matchMaker.getLocalRoomById(id);
      if (room instanceof TableRoom)
        return room.roomName === roomName ? room.seatSummary(seatToken) : null;
      const listing = await matchMaker.getRoomById(id);
      // No room: the table may be parked (nobody at it), its entry kept in the store.
      if (!listing) return store ? store.parkedEntry(id, hashToken(seatToken)) : null;
      if (listing.name !== roomName) return null;
      try {
        return (await matchMaker.remoteRoomCall(id, "seatSummary", [seatToken])) as MyTable | null;
      } catch {
        return null;
      }
    }),
  );
  return answers.filter((t): t is MyTable => t !== null);
}

/**
 * With several processes, asking another process about its table takes a little longer than
 * finding nothing: answers wait until this long after the request, so their timing does not
 * tell which codes exist.
 */
const MINE_FLOOR_MS = 150;

/** An async route whose failure (Redis or the store not answering) becomes a 500, not a crash. */
function handled(route: Route): express.RequestHandler {
  return (req, res, next) => {
    route(req, res).catch(next);
  };
}

type Route = (req: express.Request, res: express.Response) => Promise<void>;

/**
 * Takes one request from the address's allowance, or answers 429. A limiter shared between
 * processes answers later; when Redis does not answer it falls back on its own count.
 */
async function allowed(
  limiter: Limiter,
  req: express.Request,
  res: express.Response,
): Promise<boolean> {
  if (await limiter.take(req.ip ?? "", Date.now())) return true;
  res.status(429).json(refusal("rate/limited"));
  return false;
}

export function apiRouter(
  roomName: string,
  store: TableStore,
  /** Other processes hold tables too (Redis). */
  shared = false,
  /** The matchmaker's budget per address, which quick play draws on too. */
  matchmaking: Limiter = new KeyedLimiter(1, 60),
  /** Players made per address: a few a minute. */
  players: Limiter = new KeyedLimiter(3 / 60, 3),
  /** Privacy facts, feedback and recommendations (./feedback.ts); without: not served. */
  site?: SiteOptions,
): express.Router {
  const router = express.Router();
  if (site) router.use(siteRouter(store, site));
  router.use(express.json({ limit: "4kb" }));
  router.get("/tables", handled(listRoute(roomName)));
  router.post("/quickplay", handled(quickPlayRoute(roomName, matchmaking, store)));
  router.get("/games/:id", handled(gameRoute(store, new KeyedLimiter(2, 30))));
  router.post("/tables/mine", handled(mineRoute(roomName, shared, new KeyedLimiter(1, 20), store)));
  playerRoutes(router, store, players, new KeyedLimiter(5, 60), handled);
  router.use((_req, res) => {
    res.status(404).json(refusal("api/not-found"));
  });
  router.use(badBody);
  return router;
}

/** The public tables, of one game when `?game=` names it. */
function listRoute(roomName: string): Route {
  return async (req, res) => {
    const game = typeof req.query.game === "string" ? req.query.game : undefined;
    const tables = (await listTables(roomName)).filter((t) => !game || t.game === game);
    res.json({ tables });
  };
}

/**
 * A seat at the quick-play table of this game and format (the pool's, shared by every
 * process), opening one if it has none with a seat free. Each ask is a matchmaking call: it
 * draws on the same budget per address as joining and opening tables.
 */
function quickPlayRoute(roomName: string, limiter: Limiter, store: TableStore): Route {
  return async (req, res) => {
    if (!(await allowed(limiter, req, res))) return;
    const asked = quickPlayAsk(req.body);
    if (!asked.ok) {
      res.status(400).json(asked.error);
      return;
    }
    let ask = asked.value;
    const { rated, playerKey } = req.body as Record<string, unknown>;
    if (rated !== undefined && typeof rated !== "boolean") {
      res
        .status(400)
        .json({ ...refusal("payload/invalid"), message: "rated must be true or false." });
      return;
    }
    if (rated) {
      // A rated table is for people with a player key, and pairs them by their rating.
      if (typeof playerKey !== "string" || !PLAYER_KEY.test(playerKey)) {
        res.status(400).json(refusal("rated/key"));
        return;
      }
      const player = await store.playerByKey(hashKey(playerKey));
      if (!player) {
        res.status(404).json(refusal("player/unknown"));
        return;
      }
      const pool = poolOf(ask.game, ask.format || "teams");
      ask = { ...ask, rating: ratingView(player.ratings[pool], Date.now()).rating };
    }
    try {
      res.json(await quickTable(matchMaker.presence, roomName, ask, req.ip ?? ""));
    } catch (e) {
      if (!(e instanceof Refused)) throw e;
      res.status(503).set("Retry-After", "2").json(e.refusal);
    }
  };
}

/**
 * The game, format and clock a quick play body asks for (format "" for xiangqi; the clock none,
 * or one of the game's presets written as the house rule writes it).
 */
function quickPlayAsk(body: unknown): Result<QuickAsk, Refusal> {
  if (body === null || typeof body !== "object" || Array.isArray(body))
    return err(refusal("payload/invalid"));
  const { game = "fourchess", format: asked = "teams", clock } = body as Record<string, unknown>;
  const format = game === "fourchess" ? asked : "";
  if (!isGameId(game) || (game === "fourchess" && format !== "teams" && format !== "individual"))
    return err(refusal("payload/invalid"));
  const pooled = quickClock(game, clock);
  if (!pooled.ok)
    return err({
      ...refusal("payload/invalid"),
      message: `clock must be null or one of ${CLOCK_PRESETS[game].map((p) => JSON.stringify(p.clock)).join(", ")}.`,
    });
  return ok({ game, format: format as QuickAsk["format"], clock: pooled.value, rating: null });
}

/** A finished game from the archive: JSON, or PGN4 / WXF / ICCS text (?format=pgn4|wxf|iccs). */
function gameRoute(store: TableStore, limiter: KeyedLimiter): Route {
  return async (req, res) => {
    if (!(await allowed(limiter, req, res))) return;
    const id = req.params.id ?? "";
    const record = GAME_ID.test(id) ? await store.game(id) : null;
    if (!record) {
      res.status(404).json(refusal("game/not-found"));
      return;
    }
    const game = publishedGame(record);
    const format = req.query.format;
    if (format === undefined || format === "json") {
      res.json(game);
      return;
    }
    const text =
      format === "pgn4"
        ? pgn4Of(game)
        : format === "wxf" || format === "iccs"
          ? xiangqiTextOf(game, format)
          : null;
    if (!text) {
      res.status(400).json(refusal("payload/invalid"));
      return;
    }
    if (!text.ok) {
      res.status(400).json(text.error satisfies Refusal);
      return;
    }
    res.type("text/plain; charset=utf-8").send(text.value);
  };
}

/** The tables still in play where the browser's seat tokens hold a seat, to go back to. */
function mineRoute(
  roomName: string,
  shared: boolean,
  limiter: KeyedLimiter,
  store: TableStore,
): Route {
  return async (req, res) => {
    const started = Date.now();
    if (!(await allowed(limiter, req, res))) return;
    const queries = parseMyTables(req.body);
    if (!queries.ok) {
      res.status(400).json(queries.error satisfies Refusal);
      return;
    }
    const tables = await myTables(roomName, queries.value, store);
    const wait = shared ? started + MINE_FLOOR_MS - Date.now() : 0;
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    res.json({ tables });
  };
}

/** A body that is not JSON, or too large, is answered like any other bad payload. */
function badBody(
  error: unknown,
  _req: express.Request,
  res: express.Response,
  next: express.NextFunction,
): void {
  const status = (error as { status?: unknown } | null)?.status;
  if (res.headersSent || typeof status !== "number" || status < 400 || status > 499) {
    next(error);
    return;
  }
  res.status(status).json(refusal(status === 413 ? "payload/too-large" : "payload/invalid"));
}
