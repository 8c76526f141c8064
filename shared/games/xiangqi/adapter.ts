/** Xiangqi behind the game-agnostic `Game` interface. */

import type { Refusal } from "../../core/errors";
import { ok, type Result } from "../../core/result";
import type { XiangqiHandicap } from "../catalog";
import type { Forfeit, Game, GameSetup, MoveInput, Notice, Piece, PlayedMove } from "../types";
import { KIND_LETTERS, kindOf, nameOf, sideOf } from "./board";
import { type Outcome, Xiangqi, type XiangqiMove } from "./game";
import type { Handicap } from "./setups";

/** The handicap start each house-rule name stands for. */
export const HANDICAP_RULES: Readonly<Record<XiangqiHandicap, Handicap | null>> = {
  none: null,
  "red-one-horse": { seat: 0, horses: 1 },
  "red-two-horses": { seat: 0, horses: 2 },
  "black-one-horse": { seat: 1, horses: 1 },
  "black-two-horses": { seat: 1, horses: 2 },
};

export function handicapOf(name: string): Handicap | null {
  return HANDICAP_RULES[name as XiangqiHandicap] ?? null;
}

/** What a loser's seat shows once the game is over. */
const LOSS: Readonly<Record<Outcome["reason"], string>> = {
  checkmate: "checkmated",
  stalemate: "no-move",
  "perpetual-check": "perpetual-check",
  resignation: "resigned",
  timeout: "timed-out",
  agreement: "",
  "ply-limit": "",
  abandoned: "left",
};

class XiangqiGame implements Game {
  readonly id = "xiangqi" as const;
  readonly scores = null;
  private movesCache: PlayedMove[] | null = null;

  constructor(readonly game: Xiangqi) {}

  get turn(): number {
    return this.game.turn;
  }
  get outcome(): Outcome | null {
    return this.game.outcome;
  }
  get out(): readonly (string | null)[] {
    const o = this.game.outcome;
    return [0, 1].map((seat) =>
      o && !o.draw && !o.winners.includes(seat) ? LOSS[o.reason] || null : null,
    );
  }
  get notices(): readonly Notice[] {
    return this.game.notices;
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
    return this.game.fen();
  }
  legalMoves(): readonly MoveInput[] {
    return this.game.legalMoves();
  }
  checks(): number[] {
    if (this.game.outcome) return [];
    return [0, 1].filter((seat) => this.game.inCheck(seat));
  }
  pieces(): readonly Piece[] {
    const out: Piece[] = [];
    this.game.forEachPiece((cell, code) =>
      out.push({ square: nameOf(cell), kind: KIND_LETTERS[kindOf(code)]!, seat: sideOf(code) }),
    );
    return out;
  }
  play(move: MoveInput): Result<Game, Refusal> {
    const next = this.game.play(move);
    return next.ok ? ok(new XiangqiGame(next.value)) : next;
  }
  readMove(text: string): Result<MoveInput, Refusal> {
    return this.game.readMove(text);
  }
  resign(seat: number, why?: Forfeit): Result<Game, Refusal> {
    const next = this.game.resign(seat, why);
    return next.ok ? ok(new XiangqiGame(next.value)) : next;
  }
  agreeDraw(): Result<Game, Refusal> {
    const next = this.game.agreeDraw();
    return next.ok ? ok(new XiangqiGame(next.value)) : next;
  }
  abandon(left: readonly number[]): Result<Game, Refusal> {
    const next = this.game.abandon(left);
    return next.ok ? ok(new XiangqiGame(next.value)) : next;
  }
}

function played(m: XiangqiMove): PlayedMove {
  return {
    seat: m.seat,
    from: m.from,
    to: m.to,
    notation: m.notation,
    captured: m.capture ? m.to : null,
  };
}

/** A new game: the standard or handicap start, or the position `setup.fen`. */
export function startXiangqi(setup: GameSetup): Result<Game, Refusal> {
  if (!setup.fen)
    return ok(new XiangqiGame(Xiangqi.start({ handicap: handicapOf(setup.handicap) })));
  const game = Xiangqi.fromFen(setup.fen);
  return game.ok ? ok(new XiangqiGame(game.value)) : game;
}

/** The engine's game inside a xiangqi table game (for the CPU players). */
export function xiangqiOf(game: Game): Xiangqi {
  if (!(game instanceof XiangqiGame)) throw new Error("Not a xiangqi game.");
  return game.game;
}
