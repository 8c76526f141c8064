/**
 * The free-space watermark of a store kept on a local volume (SQLite's data folder): measured
 * at once and every `everyMs`, told to the store's status, which refuses new tables while the
 * volume has less free space than the watermark. Writes fail only when the volume is full, so
 * the games in play keep the room between the two.
 */
import { statfs, statfsSync } from "node:fs";
import type { StoreStatus } from "./status";

/** Bytes free to an unprivileged writer on the volume holding `dir`. */
const freeOf = (s: { bavail: number; bsize: number }) => s.bavail * s.bsize;

export function watchSpace(
  dir: string,
  watermark: number,
  status: StoreStatus,
  everyMs = 2000,
): { stop(): void } {
  if (watermark <= 0) return { stop: () => undefined };
  status.space(freeOf(statfsSync(dir)), watermark);
  let measuring = false;
  const timer = setInterval(() => {
    if (measuring) return;
    measuring = true;
    statfs(dir, (err, s) => {
      measuring = false;
      // A volume that cannot be measured says nothing: its writes will say it if it is full.
      if (!err) status.space(freeOf(s), watermark);
    });
  }, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
