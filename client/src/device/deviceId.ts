/**
 * This device's own id, under `crossboard.device`: 22 random base64url characters
 * (shared/protocol/site.ts `DEVICE_ID`), made on first use. It names no one: feedback and
 * recommendations are counted by it, so that one device is one voice.
 */
import { DEVICE_ID } from "../../../shared/protocol/site";
import { readItem, writeItem } from "./storage";

/** 16 random bytes as base64url, without padding: 22 characters. */
function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** The device's id, made and kept now if it has none (or a kept one is not an id). */
export function deviceId(): string {
  const kept = readItem("device");
  if (kept && DEVICE_ID.test(kept)) return kept;
  const made = newId();
  writeItem("device", made);
  return made;
}
