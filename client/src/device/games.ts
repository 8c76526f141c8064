/**
 * The games this device played or watched to the end, and those it left while they were still
 * being played, for the lobby's list.
 */
import { type Format, type GameId, isGameId } from "../../../shared/games/catalog";
import { readItem, writeItem } from "./storage";

/** How many finished games the lobby lists. */
export const RECENT_MAX = 20;

/** A finished game this device played or watched to the end, for the lobby's list. */
export interface RecentGame {
  /** The archive id: the game is at `/g/<id>`. */
  readonly id: string;
  readonly game: GameId;
  readonly format: Format;
  /** When this device saw it end (ms since the epoch). */
  readonly finishedAt: number;
  /** The result as the server worded it, in English (shown when `result` is absent). */
  readonly message: string;
  /** The result's code and params, and who won (absent in entries kept before them). */
  readonly result?: {
    readonly code: string;
    readonly params: Readonly<Record<string, string | number>>;
    readonly draw: boolean;
    readonly winners: readonly number[];
    readonly placing: readonly number[];
  };
  /** The seats this device played (none when it watched; two at a hot-seat table). */
  readonly seats: readonly number[];
  /**
   * This device left it while it was still being played (`finishedAt`: when it left; no
   * `message`): its review may not be there yet. Dropped once the archive showed the result.
   */
  readonly left?: boolean;
}

/**
 * `list` with `game` in front, at most `max` long; a game already listed stays as it is, unless
 * it was left while being played and `game` is its result.
 */
export function withRecent(
  list: readonly RecentGame[],
  game: RecentGame,
  max = RECENT_MAX,
): RecentGame[] {
  const listed = list.find((g) => g.id === game.id);
  if (listed && !(listed.left && !game.left)) return [...list];
  if (listed) return list.map((g) => (g.id === game.id ? { ...game, seats: g.seats } : g));
  return [game, ...list].slice(0, max);
}

function isRecent(x: unknown): x is RecentGame {
  const g = x as Partial<RecentGame> | null;
  return (
    typeof g?.id === "string" &&
    isGameId(g.game) &&
    typeof g.finishedAt === "number" &&
    typeof g.message === "string" &&
    Array.isArray(g.seats)
  );
}

/** The finished games remembered, newest first. */
export function recentGames(): RecentGame[] {
  try {
    const raw: unknown = JSON.parse(readItem("games") ?? "[]");
    return Array.isArray(raw) ? raw.filter(isRecent).slice(0, RECENT_MAX) : [];
  } catch {
    return [];
  }
}

/** The remembered game with this archive id, if any. */
export function recentGame(id: string): RecentGame | null {
  return recentGames().find((g) => g.id === id) ?? null;
}

export function rememberGame(game: RecentGame): void {
  writeItem("games", JSON.stringify(withRecent(recentGames(), game)));
}
