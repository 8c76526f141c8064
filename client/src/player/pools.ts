import type { Pool } from "../../../shared/rating/types";
import { t, tCount } from "../i18n";
import type { PoolRating } from "../net/players";
import { ratingLabel } from "../parts/rating";

/** A pool's name as the player pages write it. */
export const poolName = (pool: Pool) => t(`pool.${pool}`);

/** "12 games · deviation 85 · provisional". */
export function ratingDetails(r: PoolRating): string {
  const parts = [tCount("player.games", r.games), t("player.rd", { rd: Math.round(r.rd) })];
  if (r.provisional) parts.push(t("player.provisional"));
  return parts.join(" · ");
}

export { ratingLabel };
