/**
 * One entry to every CPU engine: a game described as its setup and the actions played so far
 * (what a worker thread can receive as plain data), rebuilt with the rules and searched by that
 * game's engine.
 */
import { FourChess } from "../games/fourchess/game";
import type { GameId, GameSetup } from "../games/registry";
import type { MoveInput } from "../games/types";
import { Xiangqi } from "../games/xiangqi/game";
import { handicapOf } from "../games/xiangqi/table";
import { chooseFourChessMove } from "./fourchess";
import type { SearchOptions, SearchResult } from "./types";
import { chooseXiangqiMove } from "./xiangqi";

export interface ReplaySpec {
  readonly id: GameId;
  readonly setup: GameSetup;
  /** Moves, and resignations (move null) that left the game running. */
  readonly log: readonly { readonly seat: number; readonly move: MoveInput | null }[];
}

const NO_MOVE: SearchResult = { move: null, nodes: 0, depth: 0, score: 0 };

function replay<
  G extends { play(m: MoveInput): { ok: boolean }; resign(seat: number): { ok: boolean } },
>(start: G, log: ReplaySpec["log"]): G | null {
  let game = start;
  for (const e of log) {
    const r = (e.move ? game.play(e.move) : game.resign(e.seat)) as
      | { ok: true; value: G }
      | { ok: false };
    if (!r.ok) return null;
    game = r.value;
  }
  return game;
}

/** The engine's move for the player to move in the replayed game (null if there is none). */
export function engineMove(spec: ReplaySpec, opts: SearchOptions): SearchResult {
  if (spec.id === "fourchess") {
    const start = FourChess.start(
      { format: spec.setup.format, moveLimit: spec.setup.moveLimit },
      spec.setup.firstSeat,
    );
    const game = replay(start, spec.log);
    return game ? chooseFourChessMove(game, opts) : NO_MOVE;
  }
  const start = Xiangqi.start({ handicap: handicapOf(spec.setup.handicap) });
  const game = replay(start, spec.log);
  return game ? chooseXiangqiMove(game, opts) : NO_MOVE;
}
