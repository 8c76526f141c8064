/**
 * The pages a browser asks for: the lobby (`/`), a table's link (`/t/CODE`) and an archived
 * game's (`/g/ID`) are the built client's index.html. A link to a table or a game that is not
 * there, and any other address a browser asks for, is the same page with status 404 and a mark
 * the client reads to show its "page not found" screen in the reader's language. A request
 * that does not ask for HTML gets the usual JSON refusal.
 */

import { readFile } from "node:fs/promises";
import path from "node:path";
import { matchMaker } from "@colyseus/core";
import type express from "express";
import { refusal } from "../../shared/core/errors";
import { isGameId } from "../../shared/games/catalog";
import { GAME_ID } from "../../shared/protocol/archive";
import { normaliseCode } from "../../shared/protocol/codes";
import { isPool, PLAYER_ID } from "../../shared/rating/types";
import { KeyedLimiter, type Limiter } from "../edge/ratelimit";
import type { TableStore } from "../store/types";

/** The mark the client looks for (client/src/app/navigation.ts). */
export const NOT_FOUND_MARK = '<meta name="status" content="404">';

/** A table's id as links name it: a code, or the older ids tables kept (as the client reads them). */
const TABLE_LINK = /^[A-Za-z0-9_-]{4,16}$/;

/** A lesson's stage as its link names it (the client says whether it has it). */
const LESSON_STAGE = /^[a-z0-9-]{1,40}$/;

/** Whether the request is a browser asking for a page. */
export function wantsPage(req: express.Request): boolean {
  return (
    (req.method === "GET" || req.method === "HEAD") &&
    /\btext\/html\b/i.test(req.get("accept") ?? "") &&
    !req.path.startsWith("/api/")
  );
}

export interface Pages {
  /** `/`: the lobby. */
  readonly index: express.RequestHandler;
  /** `/t/:code`: a table's link. */
  readonly table: express.RequestHandler;
  /** `/g/:id`: an archived game's link. */
  readonly game: express.RequestHandler;
  /** `/rules/:game`, `/learn/:game`, `/learn/:game/:stage`: a game's rules and lessons. */
  readonly learn: express.RequestHandler;
  /** `/p/:id`: a player's page; `/leaderboard`, `/leaderboard/:pool`: each pool's best. */
  readonly player: express.RequestHandler;
  readonly leaderboard: express.RequestHandler;
  /** The last handler: a page with status 404 for a browser, else the JSON refusal. */
  readonly notFound: (req: express.Request, res: express.Response) => void;
}

/**
 * Whether a table or game a link names is there is asked of the rooms and the store, at most
 * `limiter`'s allowance per address: past it (or when the store does not answer) the page is
 * served as if it were there, and the client finds out when it joins, so that the pages do not
 * tell which codes exist any faster than joining does.
 */
export function pages(
  clientDir: string,
  store: TableStore,
  limiter: Limiter = new KeyedLimiter(2, 30),
): Pages {
  const index = path.join(clientDir, "index.html");
  const page = (res: express.Response) => res.sendFile(index);

  const missing = (req: express.Request, res: express.Response): void => {
    if (!wantsPage(req)) {
      res.status(404).json(refusal("http/not-found"));
      return;
    }
    // Read each time: a rebuilt client is served without a restart (the file is small).
    readFile(index, "utf8").then(
      (html) =>
        res
          .status(404)
          .set("Cache-Control", "no-store")
          .type("html")
          .send(
            /<head>/i.test(html)
              ? html.replace(/<head>/i, (head) => `${head}${NOT_FOUND_MARK}`)
              : NOT_FOUND_MARK + html,
          ),
      () => res.status(404).json(refusal("http/not-found")),
    );
  };

  /** True when it is there, or when it cannot be told now. */
  const checked = async (req: express.Request, there: () => Promise<boolean>) => {
    if (!(await limiter.take(req.ip ?? "", Date.now()))) return true;
    try {
      return await there();
    } catch {
      return true;
    }
  };

  const table: express.RequestHandler = (req, res, next) => {
    const asked = req.params.code ?? "";
    if (!TABLE_LINK.test(asked)) return missing(req, res);
    const id = normaliseCode(asked) ?? asked;
    checked(req, async () => (await matchMaker.getRoomById(id)) != null || store.holdsTable(id))
      .then((there) => (there ? page(res) : missing(req, res)))
      .catch(next);
  };

  const game: express.RequestHandler = (req, res, next) => {
    const id = req.params.id ?? "";
    if (!GAME_ID.test(id)) return missing(req, res);
    checked(req, async () => (await store.game(id)) !== null)
      .then((there) => (there ? page(res) : missing(req, res)))
      .catch(next);
  };

  /** A game's rules or lessons: the client knows the stages; a game it does not know is missing. */
  const learn: express.RequestHandler = (req, res) => {
    const stage = req.params.stage;
    if (!isGameId(req.params.game) || (stage !== undefined && !LESSON_STAGE.test(stage)))
      return missing(req, res);
    page(res);
  };

  const player: express.RequestHandler = (req, res, next) => {
    const id = req.params.id ?? "";
    if (!PLAYER_ID.test(id)) return missing(req, res);
    checked(req, async () => (await store.player(id)) !== null)
      .then((there) => (there ? page(res) : missing(req, res)))
      .catch(next);
  };

  const leaderboard: express.RequestHandler = (req, res) => {
    const pool = req.params.pool;
    if (pool !== undefined && !isPool(pool)) return missing(req, res);
    page(res);
  };

  return {
    index: (_req, res) => page(res),
    table,
    game,
    learn,
    player,
    leaderboard,
    notFound: missing,
  };
}
