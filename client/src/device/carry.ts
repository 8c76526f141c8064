/**
 * Carrying the device's player to another device: a link whose fragment holds the key
 * (`/#player=<key>`), which never reaches a server log; the page opened at it takes the key in
 * once the server knows it. Apart from player.ts so that the lobby's first download does not
 * carry it: the player chunk does.
 */
import { PLAYER_KEY } from "../../../shared/rating/types";
import { type DevicePlayer, keep } from "./player";

/** The fragment that carries a key to another device. */
export const CARRY_PREFIX = "#player=";

/**
 * A key carried from another device: this device becomes that player once the server knows the
 * key. Answers the player's name, or null for a key the server does not know (nothing changes).
 */
export async function adoptPlayerKey(key: string): Promise<{ id: string; name: string } | null> {
  if (!PLAYER_KEY.test(key)) return null;
  const res = await fetch("/api/players/whoami", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ key }),
  });
  if (!res.ok) return null;
  const who = (await res.json()) as { id: string; name: string };
  keep({ id: who.id, key });
  return who;
}

/** The link that makes another device this player (the key in the fragment). */
export function carryLink(p: DevicePlayer, origin = window.location.origin): string {
  return `${origin}/${CARRY_PREFIX}${p.key}`;
}

/** The key a page's address carries, if any. */
export function carriedKey(hash = window.location.hash): string | null {
  if (!hash.startsWith(CARRY_PREFIX)) return null;
  const key = hash.slice(CARRY_PREFIX.length);
  return PLAYER_KEY.test(key) ? key : null;
}
