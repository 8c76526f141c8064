/**
 * Every game by id: adding a game means adding it here. The interface each game implements is
 * in `types.ts`; what can be known without an engine is in `catalog.ts`.
 */
import { GAMES, type GameId } from "./catalog";
import { startFourChess } from "./fourchess/adapter";
import type { GameDefinition } from "./types";
import { startXiangqi } from "./xiangqi/adapter";

const registry: Readonly<Record<GameId, GameDefinition>> = {
  fourchess: { ...GAMES.fourchess, start: startFourChess },
  xiangqi: { ...GAMES.xiangqi, start: startXiangqi },
};

export function gameDefinition(id: GameId): GameDefinition {
  return registry[id];
}
