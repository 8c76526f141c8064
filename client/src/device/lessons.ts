/**
 * The stars this device earned in the lessons, under `crossboard.lessons`: the best of each
 * stage, by game and stage id. Nothing leaves the device.
 */
import type { GameId } from "../../../shared/games/catalog";
import { readItem, writeItem } from "./storage";

type Stars = Record<string, number>;

function all(): Stars {
  try {
    const parsed: unknown = JSON.parse(readItem("lessons") ?? "{}");
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return {};
    const out: Stars = {};
    for (const [key, value] of Object.entries(parsed))
      if (Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 3)
        out[key] = value as number;
    return out;
  } catch {
    return {};
  }
}

/** The best stars of a stage: 0 when it was never completed. */
export function starsOf(game: GameId, stage: string): number {
  return all()[`${game}/${stage}`] ?? 0;
}

/** Keeps `stars` for a stage if they beat what it had. */
export function recordStars(game: GameId, stage: string, stars: number): void {
  const kept = all();
  const key = `${game}/${stage}`;
  if ((kept[key] ?? 0) >= stars) return;
  kept[key] = stars;
  writeItem("lessons", JSON.stringify(kept));
}
