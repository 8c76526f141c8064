/**
 * What the player chunk answers for the navigation: the page an address names (`/p/<id>`,
 * `/leaderboard`, `/leaderboard/<pool>`), and a link that carries a player from another device.
 * Kept here rather than in the navigation, so that the lobby's first download does not carry it.
 */
import { isPool, PLAYER_ID } from "../../../shared/rating/types";
import { adoptPlayerKey, carriedKey } from "../device/carry";
import { t } from "../i18n";
import { leaderboardPage } from "./leaderboard";
import { type PageLinks, playerPage } from "./playerPage";

/** The page at `path`, or null when it names no player or pool. */
export function playerPageAt(path: string, links: PageLinks): HTMLElement | null {
  const [, kind, arg] = /^\/(p|leaderboard)(?:\/([^/]+))?\/?$/.exec(path) ?? [];
  if (kind === "p") return arg && PLAYER_ID.test(arg) ? playerPage(arg, links) : null;
  const pool = arg ?? "xiangqi";
  return kind && isPool(pool) ? leaderboardPage(pool, links) : null;
}

/**
 * This device becomes the player whose key `hash` carries (`#player=<key>`), if the server knows
 * it: what to tell the person, and whether it worked.
 */
export async function adoptCarried(hash: string): Promise<{ text: string; good: boolean }> {
  const key = carriedKey(hash);
  const who = key ? await adoptPlayerKey(key).catch(() => null) : null;
  return who
    ? { text: t("you.carried", { name: who.name.trim() || t("name.default") }), good: true }
    : { text: t("you.carriedUnknown"), good: false };
}
