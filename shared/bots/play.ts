/**
 * One entry to every CPU engine: a game described as its setup and the record so far (what a
 * worker thread can receive as plain data), rebuilt with the shared replay and searched by the
 * engine registered for that game.
 */
import type { GameId } from "../games/catalog";
import { fourChessOf } from "../games/fourchess/adapter";
import type { Game, GameSetup } from "../games/types";
import { xiangqiOf } from "../games/xiangqi/adapter";
import { replay } from "../match/replay";
import type { MoveEntry } from "../match/state";
import { chooseFourChessMove } from "./fourchess";
import type { SearchOptions, SearchResult } from "./types";
import { chooseXiangqiMove } from "./xiangqi";

export interface ReplaySpec {
  readonly id: GameId;
  readonly setup: GameSetup;
  /** Moves, and resignations (move null) that left the game running. */
  readonly log: readonly Pick<MoveEntry, "seat" | "move">[];
}

/** Each game's search, over the game value the rules engine keeps inside a table game. */
const ENGINES: Readonly<Record<GameId, (game: Game, opts: SearchOptions) => SearchResult>> = {
  fourchess: (game, opts) => chooseFourChessMove(fourChessOf(game), opts),
  xiangqi: (game, opts) => chooseXiangqiMove(xiangqiOf(game), opts),
};

const NO_MOVE: SearchResult = { move: null, nodes: 0, depth: 0, score: 0 };

/** The engine's move for the player to move in the replayed game (null if there is none). */
export function engineMove(spec: ReplaySpec, opts: SearchOptions): SearchResult {
  const r = replay(spec.id, spec.setup, spec.log);
  return r.ok ? ENGINES[spec.id](r.value.game, opts) : NO_MOVE;
}
