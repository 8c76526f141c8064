/**
 * A lesson stage as a game, with no DOM: the position, the moves used, what is left of the goal
 * (stars to reach, pieces to take), and the judgement of each move by the rules engine. The
 * stage screen (stage.ts) draws it; tests solve every stage with it.
 */
import type { Refusal } from "../../../shared/core/errors";
import type { GameId } from "../../../shared/games/catalog";
import type { Game, MoveInput, PlayedMove } from "../../../shared/games/types";
import type { LearnKey } from "../i18n/learn/en";
import type { Stage } from "./content";
import { moveOf } from "./moves";
import { positionOf, turnTo } from "./positions";

/** Stars for a stage done in `moves`: three at par, two up to two more, one beyond. */
export function starsFor(stage: Pick<Stage, "par">, moves: number): number {
  return moves <= stage.par ? 3 : moves <= stage.par + 2 ? 2 : 1;
}

/** A move and the position it led to, to be shown in order. */
export interface Shown {
  readonly game: Game;
  readonly move: PlayedMove;
}

/** What became of a move the learner tried. */
export type StageStep =
  /** The rules refuse it: nothing changed. */
  | { readonly kind: "refused"; readonly refusal: Refusal }
  /** Allowed, but it misses the goal: shown, then taken back to `back`. */
  | {
      readonly kind: "missed";
      readonly text: LearnKey;
      readonly shown: readonly Shown[];
      readonly back: Game;
    }
  /** Too many moves: the stage starts again. */
  | { readonly kind: "restarted"; readonly shown: readonly Shown[] }
  | {
      readonly kind: "played";
      readonly text: LearnKey | null;
      readonly shown: readonly Shown[];
      readonly done: boolean;
    };

const moveText = (m: Pick<PlayedMove, "from" | "to">) => `${m.from}-${m.to}`;

export class StageGame {
  readonly start: Game;
  readonly seats: readonly number[];
  position: Game;
  moves = 0;
  remaining: string[] = [];
  private replied = 0;
  done = false;
  stars = 0;

  constructor(
    readonly stage: Stage,
    readonly game: GameId,
  ) {
    const start = positionOf(game, stage.fen, stage.format);
    if (!start) throw new Error(`The position of stage ${stage.id} is not one the rules take.`);
    this.start = start;
    this.position = start;
    this.seats = stage.seats ?? [start.turn];
    this.restart();
  }

  /** A copy to explore moves with (tests search the stage's solutions). */
  clone(): StageGame {
    const copy = new StageGame(this.stage, this.game);
    copy.position = this.position;
    copy.moves = this.moves;
    copy.remaining = [...this.remaining];
    copy.replied = this.replied;
    copy.done = this.done;
    copy.stars = this.stars;
    return copy;
  }

  restart(): void {
    this.position = this.start;
    this.moves = 0;
    this.replied = 0;
    this.done = false;
    this.stars = 0;
    const goal = this.stage.check;
    this.remaining =
      goal.kind === "stars"
        ? [...goal.stars]
        : goal.kind === "turns"
          ? [...(goal.stars ?? [])]
          : goal.kind === "capture"
            ? [...goal.targets]
            : [];
  }

  /** Whether the other side waits: the learner's side moves again after each move. */
  get handBack(): boolean {
    const kind = this.stage.check.kind;
    return kind === "stars" || kind === "capture" || kind === "points";
  }

  /** The game in which the piece on `square` may move now, or null. */
  movable(square: string): Game | null {
    if (this.done) return null;
    const piece = this.position.pieces().find((p) => p.square === square);
    if (!piece || !this.seats.includes(piece.seat)) return null;
    if (this.handBack) return turnTo(this.position, piece.seat, this.stage.format);
    return piece.seat === this.position.turn && !this.position.outcome ? this.position : null;
  }

  /** Every move the learner may make now (tests search with these). */
  choices(): MoveInput[] {
    const seen = new Set<string>();
    const out: MoveInput[] = [];
    for (const p of this.position.pieces()) {
      const game = this.movable(p.square);
      if (!game) continue;
      for (const m of game.legalMoves())
        if (m.from === p.square && !seen.has(`${m.from}-${m.to}-${m.promotion ?? ""}`)) {
          seen.add(`${m.from}-${m.to}-${m.promotion ?? ""}`);
          out.push(m);
        }
    }
    return out;
  }

  /** The learner's move, played in `mover` (what `movable` gave for its piece). */
  play(mover: Game, move: MoveInput): StageStep {
    const played = mover.play(move);
    if (!played.ok) return { kind: "refused", refusal: played.error };
    let game = played.value;
    const last = game.lastMove!;
    this.moves++;
    const before = this.position;
    const remaining = [...this.remaining];
    const shown: Shown[] = [{ game, move: last }];
    const goal = this.stage.check;
    let text: LearnKey | null = null;
    switch (goal.kind) {
      case "stars":
      case "turns": {
        const i = this.remaining.indexOf(last.to);
        if (i >= 0) {
          this.remaining.splice(i, 1);
          text = "learn.stage.star";
        }
        break;
      }
      case "capture": {
        const i = last.captured ? this.remaining.indexOf(last.captured) : -1;
        if (i >= 0) {
          this.remaining.splice(i, 1);
          text = "learn.stage.captured";
        }
        break;
      }
      case "moves":
        if (!goal.accept.includes(moveText(last)))
          return this.missed(goal.wrong ?? "learn.stage.notLegalGoal", shown, before);
        break;
      case "mate":
        game = this.answer(game, shown);
        if (!game.outcome?.winners.some((s) => this.seats.includes(s)))
          return this.missed("learn.stage.notLegalGoal", shown, before);
        break;
      case "points":
        break;
    }
    // The other side never moves in these stages, so a king taken on the way (a game ended
    // short of the goal) would leave nothing to play: the move is taken back instead.
    if (this.handBack && game.outcome && !this.reached(game)) {
      this.remaining = remaining;
      return this.missed("learn.stage.notLegalGoal", shown, before);
    }
    this.position = game;
    if (this.reached(game)) {
      this.done = true;
      this.stars = starsFor(this.stage, this.moves);
      return { kind: "played", text, shown, done: true };
    }
    if (this.stage.maxMoves !== undefined && this.moves >= this.stage.maxMoves) {
      this.restart();
      return { kind: "restarted", shown };
    }
    // The other side waits: the learner's side is to move again. It cannot while it checks the
    // waiting side (no game has that position), so such a move is taken back.
    if (this.handBack) {
      const back = turnTo(game, this.seats[0] ?? 0, this.stage.format);
      if (!back) {
        this.remaining = remaining;
        return this.missed("learn.stage.noCheck", shown, before);
      }
      this.position = back;
    } else this.position = this.answer(game, shown);
    return { kind: "played", text, shown, done: false };
  }

  private missed(text: LearnKey, shown: Shown[], back: Game): StageStep {
    this.replied = 0;
    this.position = back;
    return { kind: "missed", text, shown, back };
  }

  /** Whether the goal is reached in `game`. */
  private reached(game: Game): boolean {
    const goal = this.stage.check;
    switch (goal.kind) {
      case "stars":
      case "capture":
        return this.remaining.length === 0;
      case "turns":
        return this.remaining.length === 0 && this.moves >= goal.count;
      case "moves":
      case "mate":
        return true;
      case "points":
        return (game.scores?.[this.seats[0] ?? 0] ?? 0) >= goal.points;
    }
  }

  /** The other seats' replies, played until a learner's seat is to move or the game ends. */
  private answer(game: Game, shown: Shown[]): Game {
    let g = game;
    const replies = this.stage.replies ?? [];
    while (!g.outcome && !this.seats.includes(g.turn) && this.replied < replies.length) {
      const played = g.play(moveOf(replies[this.replied] ?? ""));
      this.replied++;
      if (!played.ok || !played.value.lastMove) break;
      g = played.value;
      shown.push({ game: g, move: played.value.lastMove });
    }
    return g;
  }
}
