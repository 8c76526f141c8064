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
  /** The board's grid: files a.., ranks numbered from `firstRank` (four-player chess: the
   * 14×14 square with its corners cut; xiangqi: 9×10 points from rank 0). */
  readonly board: { readonly files: number; readonly ranks: number; readonly firstRank: number };
  /** Piece kind letters by kind number (index 0 unused): the numbers on the wire. */
  readonly kinds: string;
}

export const GAMES: Readonly<Record<GameId, GameFacts>> = {
  fourchess: {
    id: "fourchess",
    name: "Four-player chess",
    colors: FOURCHESS_COLORS,
    formats: ["teams", "individual"],
    handicaps: ["none"],
    board: { files: 14, ranks: 14, firstRank: 1 },
    kinds: ".PNBRQK",
  },
  xiangqi: {
    id: "xiangqi",
    name: "Xiangqi",
    colors: XIANGQI_COLORS,
    formats: ["teams"],
    handicaps: XIANGQI_HANDICAPS,
    board: { files: 9, ranks: 10, firstRank: 0 },
    kinds: ".KAEHRCP",
  },
};

export function isGameId(x: unknown): x is GameId {
  return typeof x === "string" && (GAME_IDS as readonly string[]).includes(x);
}
