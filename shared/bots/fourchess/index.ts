/**
 * The four-player chess CPU: `chooseFourChessMove(game, options)` for both formats, at the
 * levels of `FOURCHESS_LEVELS`. Pure and seeded: the game, the level and the seed decide the
 * move; a clock (`now` + `maxTimeMs`) only caps the search, and `shouldStop` cancels it.
 */
import { KING } from "../../games/fourchess/board";
import type { FourChess } from "../../games/fourchess/game";
import { moveInput } from "../../games/fourchess/notation";
import { seeded } from "../random";
import type { SearchOptions, SearchResult } from "../types";
import { BestReplySearch } from "./brs";
import { canTakeKing } from "./captures";
import { Context } from "./context";
import { type FourChessLevel, fourChessLevel } from "./levels";
import { ParanoidSearch } from "./paranoid";
import { iterate, type RootSearcher } from "./root";
import { TeamsSearch } from "./teams";
import { MATE } from "./tt";

export { FOURCHESS_LEVELS, type FourChessLevel, fourChessLevel } from "./levels";

const NONE: SearchResult = { move: null, nodes: 0, depth: 0, score: 0 };

/** Chooses a move for the player to move at the level named in `opts.level`. */
export function chooseFourChessMove(game: FourChess, opts: SearchOptions): SearchResult {
  return searchFourChess(game, fourChessLevel(opts.level), opts);
}

/** The same with an explicit level (benchmarks compare variants of a level this way). */
export function searchFourChess(
  game: FourChess,
  level: FourChessLevel,
  opts: Omit<SearchOptions, "level">,
): SearchResult {
  if (game.outcome) return NONE;
  const pos = game.position();
  const moves = pos.legalMoves();
  if (moves.length === 0) return NONE;
  if (moves.length === 1) return { ...NONE, move: moveInput(moves[0]!) };
  const teams = game.format === "teams";
  if (teams && canTakeKing(pos, pos.turn)) {
    const take = moves.find((m) => (pos.board[(m >> 9) & 511]! & 7) === KING);
    if (take !== undefined) return { ...NONE, move: moveInput(take), score: MATE };
  }
  const settings = teams ? level.teams : level.individual;
  const limit = game.options.moveLimit;
  const deadline =
    opts.now && opts.maxTimeMs !== undefined ? opts.now() + opts.maxTimeMs : undefined;
  const ctx = new Context(
    pos,
    {
      nodes: settings.nodes,
      ttBits: level.ttBits,
      deadline,
      now: opts.now,
      shouldStop: opts.shouldStop,
    },
    game.keys,
    limit ? limit - game.moves.length : Number.POSITIVE_INFINITY,
  );
  let searcher: RootSearcher;
  const ffa = level.individual;
  if (teams) searcher = new TeamsSearch(ctx, level.teams);
  else if (ffa.search === "paranoid") searcher = new ParanoidSearch(ctx, game.scores, ffa);
  else searcher = new BestReplySearch(ctx, game.scores, ffa);
  const result = iterate(ctx, searcher, moves, settings, seeded(opts.seed));
  if (ctx.cancelled) return { ...NONE, nodes: ctx.nodes };
  return {
    move: moveInput(result.move),
    nodes: ctx.nodes,
    depth: result.depth,
    score: result.score,
  };
}
