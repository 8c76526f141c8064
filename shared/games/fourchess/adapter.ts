/** Four-player chess behind the game-agnostic `Game` interface. */

import type { Refusal } from "../../core/errors";
import { ok, type Result } from "../../core/result";
import type { Forfeit, Game, GameSetup, MoveInput, Piece, PlayedMove } from "../types";
import { colorOf, GREY, KIND_LETTERS, kindOf, nameOf } from "./board";
import { FourChess, type FourChessMove } from "./game";

class FourChessGame implements Game {
  readonly id = "fourchess" as const;
  readonly notices = [];
  private movesCache: PlayedMove[] | null = null;

  constructor(readonly game: FourChess) {}

  get turn(): number {
    return this.game.turn;
  }
  get outcome() {
    return this.game.outcome;
  }
  get scores(): readonly number[] | null {
    return this.game.format === "individual" ? this.game.scores : null;
  }
  get out(): readonly (string | null)[] {
    return this.game.out;
  }
  get moves(): readonly PlayedMove[] {
    this.movesCache ??= this.game.moves.map(played);
    return this.movesCache;
  }
  get lastMove(): PlayedMove | null {
    if (this.movesCache) return this.movesCache.at(-1) ?? null;
    const last = this.game.moves.at(-1);
    return last ? played(last) : null;
  }
  get startFen(): string {
    return this.game.startFen;
  }
  fen(): string {
    return this.game.fen4();
  }
  legalMoves(): readonly MoveInput[] {
    return this.game.legalMoves();
  }
  checks(): number[] {
    if (this.game.outcome) return [];
    return [0, 1, 2, 3].filter((seat) => !this.game.out[seat] && this.game.inCheck(seat));
  }
  pieces(): readonly Piece[] {
    const out: Piece[] = [];
    this.game.forEachPiece((cell, code) => {
      const color = colorOf(code);
      out.push({
        square: nameOf(cell),
        kind: KIND_LETTERS[kindOf(code)]!,
        seat: color === GREY ? -1 : color,
      });
    });
    return out;
  }
  play(move: MoveInput): Result<Game, Refusal> {
    const next = this.game.play(move);
    return next.ok ? ok(new FourChessGame(next.value)) : next;
  }
  readMove(text: string): Result<MoveInput, Refusal> {
    return this.game.readMove(text);
  }
  resign(seat: number, why?: Forfeit): Result<Game, Refusal> {
    const next = this.game.resign(seat, why);
    return next.ok ? ok(new FourChessGame(next.value)) : next;
  }
  agreeDraw(): Result<Game, Refusal> {
    const next = this.game.agreeDraw();
    return next.ok ? ok(new FourChessGame(next.value)) : next;
  }
  abandon(left: readonly number[]): Result<Game, Refusal> {
    const next = this.game.abandon(left);
    return next.ok ? ok(new FourChessGame(next.value)) : next;
  }
}

function played(m: FourChessMove): PlayedMove {
  return {
    seat: m.seat,
    from: m.from,
    to: m.to,
    ...(m.promotion ? { promotion: m.promotion } : {}),
    notation: m.notation,
    captured: m.captured,
  };
}

/** A new game: the modern start with `setup.firstSeat` to move, or the position `setup.fen`. */
export function startFourChess(setup: GameSetup): Result<Game, Refusal> {
  const options = { format: setup.format, moveLimit: setup.moveLimit };
  if (!setup.fen) return ok(new FourChessGame(FourChess.start(options, setup.firstSeat)));
  const game = FourChess.fromFen4(setup.fen, options);
  return game.ok ? ok(new FourChessGame(game.value)) : game;
}

/** The engine's game inside a four-player chess table game (for the CPU players). */
export function fourChessOf(game: Game): FourChess {
  if (!(game instanceof FourChessGame)) throw new Error("Not a four-player chess game.");
  return game.game;
}
