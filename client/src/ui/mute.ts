/**
 * Whether the game's sounds are off, remembered on the device. A module of its own: the page's
 * frame shows the switch, while the sounds themselves (audio.ts) come with the table.
 */
import { getSetting, setSetting } from "../device/storage";

let muted = getSetting("muted") ?? false;

export function isMuted(): boolean {
  return muted;
}

export function setMuted(value: boolean): void {
  muted = value;
  setSetting("muted", value);
}
