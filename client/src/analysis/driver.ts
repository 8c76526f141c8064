/**
 * Analysing a finished game: every position of the record, from the start to the end, searched
 * by the project's own engines (xiangqi at Master, four-player chess at Hard) within a time cap
 * per position, each reported as soon as it is known. Plain code over the shared rules: the
 * analysis worker runs it, and so do tests in Node.
 *
 * Each position gets one value per seat, from that seat's view, in centipawns (mates clamped):
 * - xiangqi and Teams: the searched score of the side to move, and its negation for the other
 *   side (a team's two seats share a value);
 * - Individual: the search gives only the mover's utility (its worth against the mean of the
 *   other three, `ffa.ts`). The others' values are the same utility worked out statically (points
 *   and armies, `evaluateSeats`), and whatever the search found beyond the mover's static value
 *   is taken from the other three in equal shares, so the four still add up to zero.
 * A played move's score from its player's view is then that seat's value in the next position,
 * and its loss the mover's best score minus that.
 */
import { chooseFourChessMove, fourChessLevel } from "../../../shared/bots/fourchess";
import { evaluateSeats } from "../../../shared/bots/fourchess/evaluate";
import type { SearchOptions, SearchResult } from "../../../shared/bots/types";
import { chooseXiangqiMove } from "../../../shared/bots/xiangqi";
import type { GameId } from "../../../shared/games/catalog";
import { fourChessOf } from "../../../shared/games/fourchess/adapter";
import type { Game, GameSetup, MoveInput } from "../../../shared/games/types";
import { xiangqiOf } from "../../../shared/games/xiangqi/adapter";
import { advance, type Replayed, startGame } from "../../../shared/match/replay";
import type { MoveEntry } from "../../../shared/match/state";
import { clampScore, MATE_SCORE } from "./judge";

/** What the analysis of one game needs: plain data, so that it can be posted to a worker. */
export interface AnalysisJob {
  readonly game: GameId;
  readonly setup: GameSetup;
  readonly log: readonly Pick<MoveEntry, "seat" | "move" | "timeout">[];
  /** Time cap of one position's search, ms. */
  readonly budgetMs: number;
  /**
   * After every position has a value: the positions whose search the cap cut short are
   * searched again with this cap, ms, and reported again (0 or absent: no second pass).
   */
  readonly deepenMs?: number;
  /** The engine's level; by default xiangqi `master`, four-player chess `hard`. */
  readonly level?: string;
}

/** The engine's best move in a position, with the move list's notation of it. */
export interface BestMove extends MoveInput {
  readonly notation: string;
}

/** What the analysis found in one position. */
export interface PlyAnalysis {
  /** The position after this many entries of the record (0: the start). */
  readonly step: number;
  /** The seat to move, or -1 when the game is over here. */
  readonly mover: number;
  /** The position's value per seat, from that seat's view, centipawns (mates ±10 000). */
  readonly views: readonly number[];
  /** The engine's move here; null when the game is over. */
  readonly best: BestMove | null;
  readonly depth: number;
  readonly nodes: number;
  /** Time the search took, ms. */
  readonly ms: number;
  /** Searched again, longer, by the second pass. */
  readonly deepened?: boolean;
}

/** An engine: the best move and its score for the player to move. */
export type Search = (game: Game, opts: SearchOptions) => SearchResult;

export interface DriverEnv {
  readonly now?: () => number;
  /** Polled between positions and inside searches: true stops the analysis. */
  readonly shouldStop?: () => boolean;
  /** Replaces the engines (tests). */
  readonly search?: Search;
  /** Every position has a value: the first pass is over (the second, if any, follows). */
  readonly valued?: () => void;
}

const ENGINES: Readonly<Record<GameId, { readonly level: string; readonly search: Search }>> = {
  xiangqi: { level: "master", search: (g, o) => chooseXiangqiMove(xiangqiOf(g), o) },
  fourchess: { level: "hard", search: (g, o) => chooseFourChessMove(fourChessOf(g), o) },
};

/** The games after each entry of the record (fewer if the rules refuse an entry). */
export function gamesOf(job: Pick<AnalysisJob, "game" | "setup" | "log">): Game[] {
  const started = startGame(job.game, job.setup);
  if (!started.ok) return [];
  let r: Replayed = started.value;
  const games = [r.game];
  for (const entry of job.log) {
    const next = advance(r, entry);
    if (!next.ok) break;
    r = next.value;
    games.push(r.game);
  }
  return games;
}

/**
 * Analyses every position of the game in order, calling `report` with each; true when all were
 * analysed, false when stopped.
 */
export function analyseGame(
  job: AnalysisJob,
  report: (ply: PlyAnalysis) => void,
  env: DriverEnv = {},
): boolean {
  const games = gamesOf(job);
  const engine = ENGINES[job.game];
  const search = env.search ?? engine.search;
  const now = env.now ?? (() => performance.now());
  const level = job.level ?? engine.level;
  const done = new Map<number, PlyAnalysis>();
  const at = (step: number): PlyAnalysis | null => {
    const known = done.get(step);
    if (known) return known;
    if (env.shouldStop?.()) return null;
    const ply = analyse(step);
    if (ply) {
      done.set(step, ply);
      report(ply);
    }
    return ply;
  };
  const analyse = (step: number): PlyAnalysis | null => {
    const game = games[step]!;
    if (game.outcome) {
      const moved = step > 0 && job.log[step - 1]?.move != null;
      return over(game, step, moved ? null : (done.get(step - 1) ?? null));
    }
    const mover = game.turn;
    const legal = game.legalMoves();
    // Four-player chess plays a lone legal move without searching it: its score is that of
    // the position it leads to, which the record holds next when the move was played.
    if (job.game === "fourchess" && legal.length === 1) {
      const only = legal[0]!;
      const played = job.log[step]?.move;
      const next = played && same(played, only) && games[step + 1] ? at(step + 1) : null;
      if (env.shouldStop?.()) return null;
      const individual = fourChessOf(game).format === "individual";
      const score = next
        ? next.views[mover]!
        : individual
          ? staticViews(game, mover, null)[mover]!
          : 0;
      return {
        step,
        mover,
        views: viewsOf(job.game, game, mover, score),
        best: bestOf(game, only),
        depth: 0,
        nodes: 0,
        ms: 0,
      };
    }
    return searched(step, mover, job.budgetMs);
  };
  /** The position at `step` searched for `mover` up to `capMs`; null when no move came back. */
  const searched = (step: number, mover: number, capMs: number): PlyAnalysis | null => {
    const game = games[step]!;
    const t0 = now();
    const r = search(game, {
      level,
      seed: 1,
      maxTimeMs: capMs,
      now,
      ...(env.shouldStop ? { shouldStop: env.shouldStop } : {}),
    });
    if (!r.move) return null;
    return {
      step,
      mover,
      views: viewsOf(job.game, game, mover, clampScore(r.score)),
      best: bestOf(game, r.move),
      depth: r.depth,
      nodes: r.nodes,
      ms: now() - t0,
    };
  };
  for (let step = 0; step < games.length; step++) if (!at(step)) return false;
  env.valued?.();
  if (!job.deepenMs || job.deepenMs <= job.budgetMs) return true;
  // The second pass: what the cap cut short, searched again with the longer cap, in order.
  for (let step = 0; step < games.length; step++) {
    const first = done.get(step)!;
    if (first.nodes === 0 || first.ms < job.budgetMs - 1) continue;
    if (env.shouldStop?.()) return false;
    const again = searched(step, first.mover, job.deepenMs);
    if (!again) return false;
    // A search stopped before it went deeper than the first says nothing new.
    if (again.depth < first.depth) continue;
    const ply: PlyAnalysis = { ...again, deepened: true };
    done.set(step, ply);
    report(ply);
  }
  return true;
}

const same = (a: MoveInput, b: MoveInput) =>
  a.from === b.from && a.to === b.to && (a.promotion ?? "") === (b.promotion ?? "");

function bestOf(game: Game, move: MoveInput): BestMove {
  const played = game.play(move);
  const notation = played.ok ? (played.value.lastMove?.notation ?? "") : "";
  return {
    from: move.from,
    to: move.to,
    ...(move.promotion ? { promotion: move.promotion } : {}),
    notation,
  };
}

/** Every seat's value from the mover's searched score. */
function viewsOf(id: GameId, game: Game, mover: number, score: number): number[] {
  const seats = game.out.length;
  if (id === "fourchess" && fourChessOf(game).format === "individual")
    return staticViews(game, mover, score);
  // Two sides: seats of the mover's side (xiangqi: the mover; Teams: every other seat) share it.
  return Array.from({ length: seats }, (_, c) => ((c - mover) % 2 === 0 ? score : -score));
}

/**
 * Individual: each seat's worth (points x 100 + its army's static value) against the mean of the
 * other three's; with a searched score for the mover, the difference it makes to the mover is
 * taken from the others in equal shares.
 */
function staticViews(game: Game, mover: number, score: number | null): number[] {
  const fc = fourChessOf(game);
  const worth = new Int32Array(4);
  evaluateSeats(fc.position(), "individual", worth, fourChessLevel("hard").individual);
  const points = fc.scores;
  const total = [0, 1, 2, 3].map((c) => worth[c]! + (points[c] ?? 0) * 100);
  const sum = total.reduce((a, b) => a + b, 0);
  const views = total.map((w) => w - (sum - w) / 3);
  if (score !== null) {
    const shift = score - views[mover]!;
    for (let c = 0; c < 4; c++) views[c] = c === mover ? score : views[c]! - shift / 3;
  }
  return views.map(clampScore);
}

/**
 * A finished game's last position: won or lost in full for two sides (a draw 0); Individual by
 * its points (each seat's against the mean of the others'). A game that a resignation or a loss on time ended moved nothing:
 * `before`, the position before it, keeps its value.
 */
function over(game: Game, step: number, before: PlyAnalysis | null): PlyAnalysis {
  const outcome = game.outcome!;
  const seats = game.out.length;
  let views: number[];
  if (before) views = [...before.views];
  else if (game.id === "fourchess" && fourChessOf(game).format === "individual") {
    // Points decide a finished game, whatever is left on the board.
    const points = fourChessOf(game).scores.map((p) => p * 100);
    const sum = points.reduce((a, b) => a + b, 0);
    views = points.map((p) => clampScore(p - (sum - p) / 3));
  } else if (outcome.draw || outcome.winners.length === 0)
    views = Array.from({ length: seats }, () => 0);
  else
    views = Array.from({ length: seats }, (_, c) =>
      outcome.winners.includes(c) ? MATE_SCORE : -MATE_SCORE,
    );
  return { step, mover: -1, views, best: null, depth: 0, nodes: 0, ms: 0 };
}
