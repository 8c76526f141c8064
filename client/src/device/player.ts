/**
 * The player this device is, without an account: a public id and a secret key (shared/rating),
 * made by the server on first need (`POST /api/players`) and kept here under `crossboard.player`.
 * The key goes only to this site's server, in join options and request bodies; it can be carried
 * to another device by a link whose fragment holds it (carry.ts), and forgotten on this device.
 */
import { PLAYER_ID, PLAYER_KEY } from "../../../shared/rating/types";
import { readItem, removeItem, writeItem } from "./storage";

export interface DevicePlayer {
  /** Public: shown in links to the player's page. */
  readonly id: string;
  /** Secret: whoever holds it is this player. */
  readonly key: string;
}

const listeners = new Set<(p: DevicePlayer | null) => void>();

/** Called whenever the device's player changes (made, carried in, forgotten). */
export function onPlayerChange(listener: (p: DevicePlayer | null) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function changed(p: DevicePlayer | null): void {
  for (const l of listeners) l(p);
}

/** The player kept on this device, or null. */
export function devicePlayer(): DevicePlayer | null {
  try {
    const raw = JSON.parse(readItem("player") ?? "null") as Partial<DevicePlayer> | null;
    if (raw && typeof raw.id === "string" && PLAYER_ID.test(raw.id))
      if (typeof raw.key === "string" && PLAYER_KEY.test(raw.key))
        return { id: raw.id, key: raw.key };
  } catch {
    // Not a player: none.
  }
  return null;
}

/** Keeps `p` as this device's player (made here, or carried in: carry.ts). */
export function keep(p: DevicePlayer): DevicePlayer {
  writeItem("player", JSON.stringify({ id: p.id, key: p.key }));
  changed(p);
  return p;
}

/** The key to send with a join, quick play or creation; undefined without a player. */
export function playerKey(): string | undefined {
  return devicePlayer()?.key;
}

let making: Promise<DevicePlayer | null> | null = null;

/**
 * The device's player, made now if it has none. Null when the server could not make one (too
 * many from this address this minute, the store down, offline): the table is then joined
 * without a key, as a casual player, and the next need tries again.
 */
export function ensurePlayer(name: string): Promise<DevicePlayer | null> {
  const known = devicePlayer();
  if (known) return Promise.resolve(known);
  making ??= (async () => {
    try {
      const res = await fetch("/api/players", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name }),
      });
      if (res.status !== 201) return null;
      const made = (await res.json()) as DevicePlayer;
      return devicePlayer() ?? keep(made);
    } catch {
      return null;
    } finally {
      making = null;
    }
  })();
  return making;
}

/** This device is no longer the player (the player and their ratings stay on the server). */
export function forgetPlayer(): void {
  removeItem("player");
  changed(null);
}
