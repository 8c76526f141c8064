/**
 * Finished games from the server's archive: `GET /api/games/<id>` read into a `PublishedGame`,
 * checked at this edge and trusted after. Small on purpose: the lobby's bundle holds it, so that
 * the answer is on its way while the review's code loads.
 */
import { isGameId } from "../../../shared/games/catalog";
import { type ArchivedMove, GAME_ID, type PublishedGame } from "../../../shared/protocol/archive";

export type ArchiveAnswer =
  | { readonly ok: true; readonly game: PublishedGame }
  /** `missing`: no such game (or not a game id); else the server could not be asked. */
  | { readonly ok: false; readonly missing: boolean; readonly reason: string };

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === "object" && x !== null && !Array.isArray(x);
const isSquare = (x: unknown) => typeof x === "string" && /^[a-n][0-9]{1,2}$/.test(x);

function isMove(x: unknown): x is ArchivedMove {
  if (!isObject(x) || !Number.isInteger(x.seat)) return false;
  if (x.from === null && x.to === null) return true;
  return isSquare(x.from) && isSquare(x.to);
}

/** The game in a JSON answer, or null when it is not one (or not the one asked for). */
export function parseArchivedGame(x: unknown, id: string): PublishedGame | null {
  if (!isObject(x) || x.id !== id || !isGameId(x.game)) return null;
  if (typeof x.startFen !== "string" || !Array.isArray(x.moves) || !x.moves.every(isMove))
    return null;
  if (!Array.isArray(x.players) || !isObject(x.result) || typeof x.finishedAt !== "number")
    return null;
  const r = x.result;
  if (typeof r.message !== "string" || !Array.isArray(r.winners) || !Array.isArray(r.placing))
    return null;
  return x as unknown as PublishedGame;
}

export async function fetchArchivedGame(id: string): Promise<ArchiveAnswer> {
  if (!GAME_ID.test(id)) return { ok: false, missing: true, reason: "not a game id" };
  let res: Response;
  try {
    res = await fetch(`/api/games/${id}`, { headers: { accept: "application/json" } });
  } catch (e) {
    return { ok: false, missing: false, reason: e instanceof Error ? e.message : String(e) };
  }
  if (res.status === 404) return { ok: false, missing: true, reason: "not found" };
  if (!res.ok) return { ok: false, missing: false, reason: `HTTP ${res.status}` };
  const game = parseArchivedGame(await res.json().catch(() => null), id);
  return game ? { ok: true, game } : { ok: false, missing: true, reason: "not a game" };
}
