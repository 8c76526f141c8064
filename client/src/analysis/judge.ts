/**
 * Judging a played move by the engine's numbers, as lichess does: scores in centipawns become
 * winning chances (a logistic curve, -1 lost to +1 won), and a move is marked by how much of
 * them it gave away from its player's view: 0.1 an inaccuracy (?!), 0.2 a mistake (?), 0.3 a
 * blunder (??). Losing a pawn in a level position is about 0.18; a knight or a horse, 0.5 and more.
 * Mates are clamped to a finite score first, so every number here stays finite.
 */

export type Mark = "?!" | "?" | "??";

/** The score a mate counts as (the engines report ±(30 000 − plies to mate)). */
export const MATE_SCORE = 10_000;
/** Engine scores at or beyond this are mates. */
const MATE_BOUND = 29_000;

/** A score as the analysis keeps it: mates clamped to ±MATE_SCORE, rounded to a centipawn. */
export function clampScore(cp: number): number {
  if (!Number.isFinite(cp)) return cp > 0 ? MATE_SCORE : -MATE_SCORE;
  if (cp >= MATE_BOUND) return MATE_SCORE;
  if (cp <= -MATE_BOUND) return -MATE_SCORE;
  return Math.max(-MATE_SCORE, Math.min(MATE_SCORE, Math.round(cp)));
}

/** lichess's curve: -1 (lost) to +1 (won) for a score in centipawns. */
export function winningChances(cp: number): number {
  return 2 / (1 + Math.exp(-0.00368208 * clampScore(cp))) - 1;
}

/** Thresholds on the winning chances a move gave away, worst first. */
export const MARK_THRESHOLDS: readonly (readonly [number, Mark])[] = [
  [0.3, "??"],
  [0.2, "?"],
  [0.1, "?!"],
];

/**
 * The mark of a move from its player's view: `best` the engine's best score in the position
 * before it, `played` the score of the position the move reached. Null for a good move.
 */
export function markOf(best: number, played: number): Mark | null {
  const drop = winningChances(best) - winningChances(played);
  for (const [threshold, mark] of MARK_THRESHOLDS) if (drop >= threshold) return mark;
  return null;
}

/** The centipawns a move gave away (never below 0: a search may find more after the move). */
export function lossOf(best: number, played: number): number {
  return Math.max(0, clampScore(best) - clampScore(played));
}

export interface MarkCounts {
  readonly inaccuracies: number;
  readonly mistakes: number;
  readonly blunders: number;
  /** Mean loss in centipawns of the seat's judged moves (0 with none). */
  readonly meanLoss: number;
  /** Moves judged. */
  readonly moves: number;
}

/** Per seat: the marks of its moves and its mean loss. */
export function countMarks(
  seats: number,
  judged: readonly ({
    readonly seat: number;
    readonly mark: Mark | null;
    readonly loss: number;
  } | null)[],
): MarkCounts[] {
  const out = Array.from({ length: seats }, () => ({
    inaccuracies: 0,
    mistakes: 0,
    blunders: 0,
    loss: 0,
    moves: 0,
  }));
  for (const j of judged) {
    const c = j ? out[j.seat] : undefined;
    if (!j || !c) continue;
    c.moves++;
    c.loss += Math.min(j.loss, 1000);
    if (j.mark === "?!") c.inaccuracies++;
    else if (j.mark === "?") c.mistakes++;
    else if (j.mark === "??") c.blunders++;
  }
  return out.map(({ loss, ...c }) => ({
    ...c,
    meanLoss: c.moves ? Math.round(loss / c.moves) : 0,
  }));
}
