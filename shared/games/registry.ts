/**
 * One interface over every game, so the match reducer, rooms, bots and clients never branch on
 * which game a table plays. Each game wraps its own immutable game value.
 */
import type { Failure, Result } from "../core/result";
import { type Format, GAMES, type GameFacts, type GameId } from "./catalog";
import { fourchessFromFen, fourchessTable } from "./fourchess/table";
import type { MoveInput, Notice, Outcome } from "./types";
import { xiangqiFromFen, xiangqiTable } from "./xiangqi/table";

export { type Format, GAME_IDS, type GameId, isGameId } from "./catalog";

/** A piece as a client draws it: `color` is the owner's seat, or -1 for a grey piece. */
export interface PieceOnBoard {
  readonly square: string;
  readonly kind: string;
  readonly color: number;
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

/** How a new game is set up, from the table's house rules. */
export interface GameSetup {
  readonly format: Format;
  readonly moveLimit: number | null;
  readonly handicap: string;
  /** The seat that moves first (four-player chess rotates it between games). */
  readonly firstSeat: number;
}

/** A game in progress or finished, as an immutable value. */
export interface TableGame {
  readonly id: GameId;
  /** The seat to move (meaningless once `outcome` is set). */
  readonly turn: number;
  readonly outcome: Outcome | null;
  /** Points per seat where the format keeps score (four-player Individual), else null. */
  readonly scores: readonly number[] | null;
  /** Why each seat is out of the game, or null while it plays on. */
  readonly out: readonly (string | null)[];
  readonly moves: readonly PlayedMove[];
  /** What the players should be told after the last action (xiangqi repetition warnings). */
  readonly notices: readonly Notice[];
  /** The position in the game's own notation: FEN4 or xiangqi FEN. */
  fen(): string;
  legalMoves(): readonly MoveInput[];
  /** Seats whose king or general is attacked now. */
  checks(): number[];
  pieces(): PieceOnBoard[];
  play(move: MoveInput): Result<TableGame, Failure>;
  /** Reads a move as a person types it (PGN4 or from-to; WXF or ICCS) for this position. */
  readMove(text: string): Result<MoveInput, Failure>;
  resign(seat: number): Result<TableGame, Failure>;
  agreeDraw(): Result<TableGame, Failure>;
}

export interface GameDefinition extends GameFacts {
  start(setup: GameSetup): TableGame;
  /** A game from a position in the game's own notation (for review, analysis, typed moves). */
  fromFen(fen: string, format: Format): Result<TableGame, Failure>;
}

const fourchess: GameDefinition = {
  ...GAMES.fourchess,
  start: (setup) => fourchessTable(setup),
  fromFen: fourchessFromFen,
};

const xiangqi: GameDefinition = {
  ...GAMES.xiangqi,
  start: (setup) => xiangqiTable(setup),
  fromFen: xiangqiFromFen,
};

/** Every game, by id: adding a game means adding it here. */
const registry: Readonly<Record<GameId, GameDefinition>> = { fourchess, xiangqi };

export function gameDefinition(id: GameId): GameDefinition {
  return registry[id];
}
