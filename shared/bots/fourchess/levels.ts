/**
 * The CPU levels, with settings per format. Strength comes from the node budget (so it does not
 * depend on the machine), a depth cap, the search features switched on, and seeded noise added
 * to each root move's score: a weaker level sometimes prefers a slightly worse move, never a
 * plain blunder, since the noise stays well below a minor piece.
 */

/** Which multi-player search plays Individual games (see docs/bots-fourchess.md). */
export type IndividualSearch = "paranoid" | "brs";

/** What every search reads from its level. */
export interface SearchSettings {
  /** Node budget per move; the search stops when it is spent. */
  readonly nodes: number;
  /** Deepest iteration (plies in Teams and paranoid search, layers in best-reply search). */
  readonly maxDepth: number;
  /** Root move scores get a seeded offset in [-noise, noise] centipawns. */
  readonly noise: number;
  /** Do not start another iteration once this share of the budget is spent. */
  readonly startShare: number;
  /** Longest capture sequence quiescence follows, in plies. */
  readonly quiescence: number;
  /** Late-move reductions. */
  readonly reductions: boolean;
  /** Share (16ths) of a hanging piece's value the evaluation takes off (see evaluate.ts). */
  readonly threats: number;
}

export interface TeamsSettings extends SearchSettings {
  /** Search one ply deeper when the side to move is in check. */
  readonly checkExtension: boolean;
  readonly nullMove: boolean;
}

export interface IndividualSettings extends SearchSettings {
  readonly search: IndividualSearch;
  /** Extra weight (16ths) of the root's own king-safety penalty. */
  readonly danger: number;
}

export interface FourChessLevel {
  readonly name: "easy" | "normal" | "hard";
  /** Transposition table size, log2 of the entry count. */
  readonly ttBits: number;
  readonly teams: TeamsSettings;
  readonly individual: IndividualSettings;
}

export const FOURCHESS_LEVELS: readonly FourChessLevel[] = [
  {
    name: "easy",
    ttBits: 14,
    teams: {
      nodes: 3_000,
      maxDepth: 3,
      noise: 90,
      startShare: 1,
      quiescence: 3,
      reductions: false,
      threats: 0,
      checkExtension: false,
      nullMove: false,
    },
    individual: {
      nodes: 1_500,
      maxDepth: 1,
      noise: 250,
      startShare: 1,
      quiescence: 1,
      reductions: false,
      threats: 0,
      search: "brs",
      danger: 0,
    },
  },
  {
    name: "normal",
    ttBits: 16,
    teams: {
      nodes: 12_000,
      maxDepth: 4,
      noise: 20,
      startShare: 0.6,
      quiescence: 8,
      reductions: true,
      threats: 6,
      checkExtension: true,
      nullMove: true,
    },
    individual: {
      nodes: 4_000,
      maxDepth: 2,
      noise: 20,
      startShare: 0.6,
      quiescence: 8,
      reductions: true,
      threats: 0,
      search: "brs",
      danger: 0,
    },
  },
  {
    name: "hard",
    ttBits: 18,
    teams: {
      nodes: 150_000,
      maxDepth: 32,
      noise: 0,
      startShare: 0.5,
      quiescence: 12,
      reductions: true,
      threats: 6,
      checkExtension: true,
      nullMove: true,
    },
    individual: {
      nodes: 150_000,
      maxDepth: 32,
      noise: 0,
      startShare: 0.5,
      quiescence: 12,
      reductions: true,
      threats: 6,
      search: "brs",
      danger: 12,
    },
  },
];

/** The level with this name; unknown names play as Normal (the stand-in and hint level). */
export function fourChessLevel(name: string): FourChessLevel {
  return FOURCHESS_LEVELS.find((l) => l.name === name) ?? FOURCHESS_LEVELS[1]!;
}
