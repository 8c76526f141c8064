/**
 * Erasure on request: `POST /api/erase { seatToken?, playerKey? }` erases what the server holds
 * of the person with that seat token or player key (TableStore.erasePerson): their name in
 * tables and archived games (their moves stay: they are the other players' games too), and with
 * a player key their player, ratings and rating history. A table open in a room has the name
 * taken out of its live state at once, in this process or another (Redis).
 *
 * The answer is `{ erased: true }` whether or not anything matched, so it tells nobody whether a
 * token or key exists. The log line says how much was erased, never whose: no name, no token,
 * no key.
 */
import { matchMaker } from "@colyseus/core";
import type express from "express";
import { refusal } from "../../shared/core/errors";
import { parseErase } from "../../shared/protocol/site";
import type { Limiter } from "../edge/ratelimit";
import { log } from "../ops/log";
import { TableRoom } from "../room/tableRoom";
import type { ErasedWho } from "../store/rows";
import type { TableStore } from "../store/types";
import { hashKey, hashToken } from "../table/tokens";

export interface EraseDeps {
  readonly roomName: string;
  readonly store: TableStore;
  /** Requests per address. */
  readonly limiter: Limiter;
  /**
   * Detaches the person's feedback from them (its storage is elsewhere); resolves with how many
   * messages it detached. None: nothing to detach.
   */
  readonly detachFeedback?: (who: ErasedWho) => Promise<number>;
  readonly logger?: Pick<typeof log, "info" | "warn">;
}

type Route = (req: express.Request, res: express.Response) => Promise<void>;

/** The erasure route, mounted under `/api`. */
export function eraseRoutes(
  router: express.Router,
  deps: EraseDeps,
  handled: (route: Route) => express.RequestHandler,
): void {
  router.post("/erase", handled(eraseRoute(deps)));
}

function eraseRoute(deps: EraseDeps): Route {
  const logger = deps.logger ?? log;
  return async (req, res) => {
    if (!(await deps.limiter.take(req.ip ?? "", Date.now()))) {
      res.status(429).json(refusal("rate/limited"));
      return;
    }
    const asked = parseErase(req.body);
    if (!asked.ok) {
      res.status(400).json(refusal("erase/invalid"));
      return;
    }
    const { seatToken, playerKey } = asked.value;
    let erased: { tables: number; games: number; player: boolean; feedback: number };
    try {
      const player = playerKey ? await deps.store.playerByKey(hashKey(playerKey)) : null;
      const who: ErasedWho = {
        ...(seatToken ? { tokenHash: hashToken(seatToken) } : {}),
        ...(player ? { playerId: player.id } : {}),
      };
      erased = await erase(deps, who);
    } catch {
      res.status(503).set("Retry-After", "5").json(refusal("store/unavailable"));
      return;
    }
    logger.info({ event: "erase", ...erased }, "erased on request");
    res.json({ erased: true });
  };
}

/** Erases the person everywhere: the store, the rooms of their tables, their feedback. */
async function erase(
  deps: EraseDeps,
  who: ErasedWho,
): Promise<{ tables: number; games: number; player: boolean; feedback: number }> {
  if (who.tokenHash === undefined && who.playerId === undefined)
    return { tables: 0, games: 0, player: false, feedback: 0 };
  const found = await deps.store.erasePerson(who);
  const told = await Promise.all(found.tables.map((id) => tellRoom(deps.roomName, id, who)));
  // A seat taken under the name while the rooms were being told is stored with it: again.
  if (told.some(Boolean)) await deps.store.erasePerson(who);
  const feedback = (await deps.detachFeedback?.(who)) ?? 0;
  return { tables: found.tables.length, games: found.games, player: found.player, feedback };
}

/**
 * The table's room, if it is open, takes the name out of its live state: in this process, or
 * in the one holding it. A room that does not answer is let be: its table comes back from the
 * store, rewritten, if it is ever brought back. Whether a room was told.
 */
async function tellRoom(roomName: string, id: string, who: ErasedWho): Promise<boolean> {
  const room: unknown = matchMaker.getLocalRoomById(id);
  if (room instanceof TableRoom) return room.roomName === roomName && room.erasePerson(who);
  try {
    const listing = await matchMaker.getRoomById(id);
    if (!listing || listing.name !== roomName) return false;
    return (await matchMaker.remoteRoomCall(id, "erasePerson", [who])) === true;
  } catch {
    return false;
  }
}
