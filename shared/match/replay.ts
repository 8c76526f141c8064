/**
 * The one way to start a game and to play a record forward: the reducer, takebacks, the CPU
 * driver, the server's state sync and the client all build games with `setupOf` + `startGame`
 * and replay records with `advance` / `replay`.
 */

import type { Refusal } from "../core/errors";
import { fail, ok, type Result } from "../core/result";
import type { Format, GameId } from "../games/catalog";
import { gameDefinition } from "../games/registry";
import type { Game, GameSetup, TrackedPiece } from "../games/types";
import { numberPieces, trackPieces } from "./pieces";
import type { MoveEntry } from "./state";

/**
 * What replaying needs of a record's entry: the seat, and its move (null: a resignation, or
 * with `timeout` a loss on time).
 */
type Replayable = Pick<MoveEntry, "seat" | "move" | "timeout">;

/** The house rules a game's setup depends on. */
export interface SetupRules {
  readonly format: Format;
  /** null or 0: no limit. */
  readonly moveLimit: number | null;
  readonly handicap: string;
}

/** A game's setup from the table's house rules, its first seat, and a starting FEN if any. */
export function setupOf(rules: SetupRules, firstSeat = 0, fen: string | null = null): GameSetup {
  return {
    format: rules.format,
    moveLimit: rules.moveLimit || null,
    handicap: rules.handicap,
    firstSeat,
    fen: fen || null,
  };
}

/** A game as replayed: the game value and, when tracked, its pieces with stable ids. */
export interface Replayed {
  readonly game: Game;
  /** null when pieces are not tracked. */
  readonly pieces: readonly TrackedPiece[] | null;
  readonly nextPieceId: number;
}

/** A new game from its setup, with its pieces numbered when `track` is set. */
export function startGame(id: GameId, setup: GameSetup, track = false): Result<Replayed, Refusal> {
  const started = gameDefinition(id).start(setup);
  if (!started.ok) return started;
  const game = started.value;
  if (!track) return ok({ game, pieces: null, nextPieceId: 0 });
  const pieces = numberPieces(game.pieces());
  return ok({ game, pieces, nextPieceId: pieces.length + 1 });
}

/** Plays one record entry on: the move, or the seat's resignation (or loss on time). */
export function advance(r: Replayed, entry: Replayable): Result<Replayed, Refusal> {
  const next = entry.move
    ? r.game.play(entry.move)
    : r.game.resign(entry.seat, entry.timeout ? "timeout" : "resignation");
  if (!next.ok) return next;
  const game = next.value;
  if (!r.pieces) return ok({ game, pieces: null, nextPieceId: 0 });
  const moved = entry.move ? game.lastMove : null;
  const t = trackPieces(r.pieces, game.pieces(), moved, r.nextPieceId);
  return ok({ game, pieces: t.pieces, nextPieceId: t.nextId });
}

/** A game replayed from its setup through a record; fails at the first entry that is refused. */
export function replay(
  id: GameId,
  setup: GameSetup,
  log: readonly Replayable[],
  track = false,
): Result<Replayed, Refusal> {
  const started = startGame(id, setup, track);
  if (!started.ok) return started;
  let r = started.value;
  for (const [i, entry] of log.entries()) {
    const next = advance(r, entry);
    if (!next.ok)
      return fail(
        "replay/refused",
        `Entry ${i + 1} of the record was refused: ${next.error.message}`,
      );
    r = next.value;
  }
  return ok(r);
}
