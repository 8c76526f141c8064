/**
 * Vocabulary every game shares, so rooms, bots and clients never branch on the game: moves,
 * pieces, outcomes, and the interface each game's engine is wrapped in (`Game`).
 */

import type { Refusal } from "../core/errors";
import type { Result } from "../core/result";
import type { NoticeCode, ResultCode, TextParams } from "../core/texts";
import type { Format, GameFacts, GameId } from "./catalog";

/** A move request: squares in the game's own coordinates (`h2`), promotion letter if any. */
export interface MoveInput {
  readonly from: string;
  readonly to: string;
  readonly promotion?: string;
}

/** A piece on the board: its square, kind letter and owner's seat (-1 for a grey piece). */
export interface Piece {
  readonly square: string;
  readonly kind: string;
  readonly seat: number;
}

/** A piece with an identity that survives moves, so a client can slide it (see match/pieces). */
export interface TrackedPiece extends Piece {
  readonly id: number;
}

export interface PlayedMove {
  readonly seat: number;
  readonly from: string;
  readonly to: string;
  readonly promotion?: string;
  /** The game's own move text: PGN4 for four-player chess, WXF for xiangqi. */
  readonly notation: string;
  /** The square of a captured piece, if the move captured. */
  readonly captured: string | null;
}

/** Why a seat gives up the game without a move: it resigned, or its clock ran out. */
export type Forfeit = "resignation" | "timeout";

/** How a game's outcome ended. */
export interface Outcome {
  /** Machine-readable reason, e.g. `checkmate`, `stalemate`, `resignation`, `threefold`. */
  readonly reason: string;
  readonly draw: boolean;
  /** Seats that won (a team in four-player Teams); empty on a draw without places. */
  readonly winners: readonly number[];
  /** Place per seat, 1 = first; seats that share a result share a place. */
  readonly placing: readonly number[];
  /** Why it ended, as a text of shared/core/texts.ts `RESULTS` (`mate`, `resignation`…). */
  readonly code: ResultCode;
  /** The values the code's template names (seats as numbers, a mate's kind, a count). */
  readonly params: TextParams;
  /** In English: the code's sentence filled with the params, then who won. */
  readonly message: string;
}

/** Something the players should be told that does not change the game (xiangqi repetition). */
export interface Notice {
  readonly code: NoticeCode;
  /** The values the code's template names (see shared/core/texts.ts `NOTICES`). */
  readonly params: TextParams;
  /** In English: the code's template filled with the params. */
  readonly message: string;
  /** The seat the notice concerns, if one. */
  readonly seat?: number;
}

/** How a new game is set up (see match/replay `setupOf` for the house-rules version). */
export interface GameSetup {
  readonly format: Format;
  readonly moveLimit: number | null;
  readonly handicap: string;
  /** The seat that moves first (four-player chess rotates it between games). */
  readonly firstSeat: number;
  /** Start from this position (FEN4 or xiangqi FEN) instead of the standard one. */
  readonly fen?: string | null;
}

/** A game in progress or finished, as an immutable value. */
export interface Game {
  readonly id: GameId;
  /** The seat to move (meaningless once `outcome` is set). */
  readonly turn: number;
  readonly outcome: Outcome | null;
  /** Points per seat where the format keeps score (four-player Individual), else null. */
  readonly scores: readonly number[] | null;
  /** Why each seat is out of the game, or null while it plays on. */
  readonly out: readonly (string | null)[];
  readonly moves: readonly PlayedMove[];
  /** The last entry of `moves`, or null; does not build the whole list. */
  readonly lastMove: PlayedMove | null;
  /** What the players should be told after the last action (xiangqi repetition warnings). */
  readonly notices: readonly Notice[];
  /** The position the game started from, in the game's own notation. */
  readonly startFen: string;
  /** The position in the game's own notation: FEN4 or xiangqi FEN. */
  fen(): string;
  legalMoves(): readonly MoveInput[];
  /** Seats whose king or general is attacked now. */
  checks(): number[];
  /**
   * The pieces in board order, a new list on each call. It is not kept: a table lives until the
   * next move, seconds on a server with thousands of tables, and a list kept that long outlives
   * the young generation of the garbage collector only to die at the next move.
   */
  pieces(): readonly Piece[];
  play(move: MoveInput): Result<Game, Refusal>;
  /** Reads a move as a person types it (PGN4 or from-to; WXF or ICCS) for this position. */
  readMove(text: string): Result<MoveInput, Refusal>;
  /** The seat resigns, or (`timeout`) loses on time: the same for the game but its reason. */
  resign(seat: number, why?: Forfeit): Result<Game, Refusal>;
  agreeDraw(): Result<Game, Refusal>;
  /**
   * Ends the game because every person at the table left it (CPUs only remain); `left`: the
   * seats of the last to leave. Individual ranks by points; otherwise the side that left loses.
   */
  abandon(left: readonly number[]): Result<Game, Refusal>;
}

export interface GameDefinition extends GameFacts {
  /** A new game: the standard start (or a handicap one), or `setup.fen` when given. */
  start(setup: GameSetup): Result<Game, Refusal>;
}
