/**
 * What there is to know about each game without its rules engine: its id, seats, formats and
 * handicap starts. Lobbies and forms read this; the registry adds the engines to it.
 */
import { FOURCHESS_COLORS, type SeatColor, XIANGQI_COLORS } from "../core/seats";

export type GameId = "fourchess" | "xiangqi";
export const GAME_IDS: readonly GameId[] = ["fourchess", "xiangqi"];

export type Format = "teams" | "individual";

/** House-rule names of xiangqi's handicap starts, `none` first. */
export const XIANGQI_HANDICAPS = [
  "none",
  "red-one-horse",
  "red-two-horses",
  "black-one-horse",
  "black-two-horses",
] as const;
export type XiangqiHandicap = (typeof XIANGQI_HANDICAPS)[number];

export interface GameFacts {
  readonly id: GameId;
  readonly name: string;
  readonly colors: readonly SeatColor[];
  /** Formats the game offers; the first is the default. */
  readonly formats: readonly Format[];
  readonly handicaps: readonly string[];
}

export const GAMES: Readonly<Record<GameId, GameFacts>> = {
  fourchess: {
    id: "fourchess",
    name: "Four-player chess",
    colors: FOURCHESS_COLORS,
    formats: ["teams", "individual"],
    handicaps: ["none"],
  },
  xiangqi: {
    id: "xiangqi",
    name: "Xiangqi",
    colors: XIANGQI_COLORS,
    formats: ["teams"],
    handicaps: XIANGQI_HANDICAPS,
  },
};

export function isGameId(x: unknown): x is GameId {
  return typeof x === "string" && (GAME_IDS as readonly string[]).includes(x);
}
