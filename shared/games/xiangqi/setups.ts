/**
 * Starting positions: the standard one and the horse handicaps (RULES.md §2.5). The stronger
 * side gives one horse, its left one from its own seat (Red b0, Black h9), or both; Red still
 * moves first either way.
 */

export const START_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

export interface Handicap {
  /** The stronger seat, which plays without horses: 0 Red, 1 Black. */
  readonly seat: 0 | 1;
  /** 1: its left horse only; 2: both horses. */
  readonly horses: 1 | 2;
}

/** Back ranks by handicap: [Black rank 9, Red rank 0]. */
const BACK = {
  none: ["rnbakabnr", "RNBAKABNR"],
  red1: ["rnbakabnr", "R1BAKABNR"],
  red2: ["rnbakabnr", "R1BAKAB1R"],
  black1: ["rnbakab1r", "RNBAKABNR"],
  black2: ["r1bakab1r", "RNBAKABNR"],
} as const;

/** The FEN a new game starts from. */
export function startFen(handicap?: Handicap | null): string {
  const key = handicap
    ? (`${handicap.seat === 0 ? "red" : "black"}${handicap.horses}` as const)
    : "none";
  const [black, red] = BACK[key];
  return `${black}/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/${red} w - - 0 1`;
}
