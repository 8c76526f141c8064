/**
 * The xiangqi CPU levels. Strength comes from how much the engine may search (node budgets,
 * so a level plays the same on a fast or a slow machine; the caller's time cap only cuts in on
 * a machine far slower than planned) and from seeded noise on the root moves' scores, which
 * makes the lower levels choose among near-equal moves and sometimes a plainly worse one, but
 * never give up a chariot for nothing or miss a mate: a mate outscores any noise, and noise is
 * far smaller than a chariot.
 */

export type XiangqiLevelName = "beginner" | "medium" | "master";

export interface XiangqiLevel {
  readonly name: XiangqiLevelName;
  /** Deepest iteration, in plies (before extensions and quiescence). */
  readonly maxDepth: number;
  /** Hard node budget per move. */
  readonly nodes: number;
  /** No new iteration starts past this many nodes. */
  readonly softNodes: number;
  /** Root noise amplitude, centipawns. */
  readonly noise: number;
}

export const XIANGQI_LEVELS: readonly XiangqiLevel[] = [
  { name: "beginner", maxDepth: 2, nodes: 4_000, softNodes: 2_000, noise: 150 },
  { name: "medium", maxDepth: 5, nodes: 40_000, softNodes: 15_000, noise: 30 },
  { name: "master", maxDepth: 64, nodes: 400_000, softNodes: 160_000, noise: 0 },
];

/** The level of that name, or undefined. */
export function xiangqiLevel(name: string): XiangqiLevel | undefined {
  return XIANGQI_LEVELS.find((l) => l.name === name);
}
