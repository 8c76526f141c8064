/** Four-player chess behind the game-agnostic `TableGame` interface. */

import type { Failure } from "../../core/result";
import { ok, type Result } from "../../core/result";
import type { Format, GameSetup, PieceOnBoard, PlayedMove, TableGame } from "../registry";
import type { MoveInput } from "../types";
import { colorOf, EMPTY, GREY, KIND_LETTERS, kindOf, nameOf, SQUARES } from "./board";
import { FourChess } from "./game";
import { readMoveText } from "./notation";

class FourChessTable implements TableGame {
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
    this.movesCache ??= this.game.moves.map((m) => ({
      seat: m.seat,
      from: m.from,
      to: m.to,
      ...(m.promotion ? { promotion: m.promotion } : {}),
      notation: m.notation,
      captured: m.captured,
    }));
    return this.movesCache;
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
  pieces(): PieceOnBoard[] {
    const pos = this.game.position();
    const out: PieceOnBoard[] = [];
    for (const s of SQUARES) {
      const code = pos.board[s]!;
      if (code === EMPTY) continue;
      const color = colorOf(code);
      out.push({
        square: nameOf(s),
        kind: KIND_LETTERS[kindOf(code)]!,
        color: color === GREY ? -1 : color,
      });
    }
    return out;
  }
  play(move: MoveInput): Result<TableGame, Failure> {
    const next = this.game.play(move);
    return next.ok ? ok(new FourChessTable(next.value)) : next;
  }
  readMove(text: string): Result<MoveInput, Failure> {
    return readMoveText(this.game.position(), text);
  }
  resign(seat: number): Result<TableGame, Failure> {
    const next = this.game.resign(seat);
    return next.ok ? ok(new FourChessTable(next.value)) : next;
  }
  agreeDraw(): Result<TableGame, Failure> {
    const next = this.game.agreeDraw();
    return next.ok ? ok(new FourChessTable(next.value)) : next;
  }
}

export function fourchessTable(setup: GameSetup): TableGame {
  return new FourChessTable(
    FourChess.start({ format: setup.format, moveLimit: setup.moveLimit }, setup.firstSeat),
  );
}

/** Wraps an existing game (tests, imported positions). */
export function wrapFourChess(game: FourChess): TableGame {
  return new FourChessTable(game);
}

export function fourchessFromFen(fen: string, format: Format): Result<TableGame, Failure> {
  const game = FourChess.fromFen4(fen, { format });
  return game.ok ? ok(new FourChessTable(game.value)) : game;
}
