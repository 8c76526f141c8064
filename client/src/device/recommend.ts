/**
 * This device's answer to "Would you recommend it to a friend?", one per game, under
 * `crossboard.recommend`: the question shows it, and a changed answer replaces the one sent
 * (the server counts one answer per device and game).
 */
import { type GameId, isGameId } from "../../../shared/games/catalog";
import { readItem, writeItem } from "./storage";

function answers(): Partial<Record<GameId, boolean>> {
  try {
    const raw = JSON.parse(readItem("recommend") ?? "{}") as Record<string, unknown>;
    return Object.fromEntries(
      Object.entries(raw).filter(([g, v]) => isGameId(g) && typeof v === "boolean"),
    );
  } catch {
    return {};
  }
}

/** The answer given for `game` on this device, or null. */
export function recommendation(game: GameId): boolean | null {
  return answers()[game] ?? null;
}

export function rememberRecommendation(game: GameId, recommend: boolean): void {
  writeItem("recommend", JSON.stringify({ ...answers(), [game]: recommend }));
}
