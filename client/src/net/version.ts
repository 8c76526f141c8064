/**
 * A page built for another protocol than the server's (the server was upgraded while the page
 * stayed open) reloads once: the new page comes from the upgraded server and takes its seat
 * back with the seat token this device keeps. Once only per version, so a page served stale
 * from a cache does not reload forever.
 */
import { PROTOCOL } from "../../../shared/protocol/messages";

const KEY = "crossboard.reloadedFor";

/** Whether a page of protocol `own` must reload, told `server` and having reloaded for `before`. */
export function mustReload(server: unknown, own: number, before: string | null): boolean {
  return typeof server === "number" && server !== own && before !== String(server);
}

/** Reloads the page if the server speaks another protocol; true when it does. */
export function reloadIfOutdated(server: unknown): boolean {
  let before: string | null = null;
  try {
    before = sessionStorage.getItem(KEY);
  } catch {
    // No session storage: reload at most as the check below allows.
  }
  if (!mustReload(server, PROTOCOL, before)) return false;
  try {
    sessionStorage.setItem(KEY, String(server));
  } catch {
    return false; // Without a note of it, a reload could repeat forever.
  }
  window.location.reload();
  return true;
}
