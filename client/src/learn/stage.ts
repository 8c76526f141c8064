/**
 * One lesson stage being played: its position on a live board, its goal checked by the rules
 * engine after each move, the moves counted, and its stars when done. A move the rules refuse is
 * answered with the engine's reason and the stage goes on; a move that is allowed but misses the
 * goal is answered and taken back.
 */
import type { Game, PlayedMove } from "../../../shared/games/types";
import { recordStars } from "../device/lessons";
import { t, tCount } from "../i18n";
import { el } from "../ui/dom";
import type { Stage } from "./content";
import { outcomeText, shapesOf } from "./diagram";
import { LiveBoard, moveOf, type Tried } from "./liveBoard";
import { positionOf, turnTo } from "./positions";

/** Stars for a stage done in `moves`: three at par, two up to two more, one beyond. */
export function starsFor(stage: Pick<Stage, "par">, moves: number): number {
  return moves <= stage.par ? 3 : moves <= stage.par + 2 ? 2 : 1;
}

const moveText = (m: Pick<PlayedMove, "from" | "to">) => `${m.from}-${m.to}`;

export class StageRun {
  readonly element: HTMLElement;
  readonly board: LiveBoard;
  private readonly start: Game;
  private readonly seats: readonly number[];
  private position: Game;
  private moves = 0;
  private remaining: string[] = [];
  private replied = 0;
  private readonly said = el("p", { class: "stage-message", "aria-live": "polite" });
  private readonly counter = el("p", { class: "stage-moves" });
  /** The last refusal or success text shown. */
  message = "";
  done = false;
  stars = 0;
  /** Called when the stage is done. */
  onDone: ((stars: number) => void) | null = null;

  constructor(
    readonly stage: Stage,
    private readonly game: Game["id"],
  ) {
    const start = positionOf(game, stage.fen, stage.format);
    if (!start) throw new Error(`The position of stage ${stage.id} is not one the rules take.`);
    this.start = start;
    this.position = start;
    this.seats = stage.seats ?? [start.turn];
    this.board = new LiveBoard({
      game,
      format: stage.format,
      bottom: this.seats[0] ?? 0,
      label: t(stage.title),
      movable: (square) => this.movable(square),
      tried: (tried) => this.tried(tried),
    });
    this.element = el(
      "div",
      { class: "stage-board" },
      this.board.element,
      el("div", { class: "stage-foot" }, this.counter, this.said),
    );
  }

  async mount(): Promise<void> {
    await this.board.mount();
    this.restart();
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
    this.board.show(this.start);
    this.marks();
    this.count();
    this.say("");
  }

  private marks(): void {
    const goal = this.stage.check;
    this.board.setStars(goal.kind === "stars" || goal.kind === "turns" ? this.remaining : []);
    const targets = goal.kind === "capture" ? this.remaining : [];
    this.board.setShapes([
      ...shapesOf(this.stage.marks),
      ...shapesOf(targets.map((square) => ({ from: square, color: "red" as const }))),
    ]);
  }

  private count(): void {
    this.counter.textContent = tCount("learn.stage.moves", this.moves);
  }

  private say(text: string): void {
    this.message = text;
    this.said.textContent = text;
  }

  /** Whether the other side waits: the learner's side moves again after each move. */
  private get handBack(): boolean {
    const kind = this.stage.check.kind;
    return kind === "stars" || kind === "capture" || kind === "points";
  }

  private movable(square: string): Game | null {
    if (this.done) return null;
    const piece = this.board.pieceAt(square);
    if (!piece || !this.seats.includes(piece.seat)) return null;
    if (this.handBack) return turnTo(this.position, piece.seat, this.stage.format);
    return piece.seat === this.position.turn && !this.position.outcome ? this.position : null;
  }

  private tried(tried: Tried): void {
    if (!tried.ok) {
      this.say(LiveBoard.refusalText(tried.refusal, this.game));
      return;
    }
    this.moves++;
    this.count();
    const before = this.position;
    const remaining = [...this.remaining];
    const goal = this.stage.check;
    let game = tried.game;
    this.board.show(game, tried.move);
    let text = "";
    switch (goal.kind) {
      case "stars":
      case "turns": {
        const i = this.remaining.indexOf(tried.move.to);
        if (i >= 0) {
          this.remaining.splice(i, 1);
          text = t("learn.stage.star");
        }
        break;
      }
      case "capture": {
        const i = tried.move.captured ? this.remaining.indexOf(tried.move.captured) : -1;
        if (i >= 0) {
          this.remaining.splice(i, 1);
          text = t("learn.stage.captured");
        }
        break;
      }
      case "moves":
        if (!goal.accept.includes(moveText(tried.move))) {
          this.takeBack(before, t(goal.wrong ?? "learn.stage.notLegalGoal"));
          return;
        }
        break;
      case "mate": {
        game = this.answer(game);
        if (!game.outcome?.winners.some((s) => this.seats.includes(s))) {
          this.takeBack(before, t("learn.stage.notLegalGoal"));
          return;
        }
        break;
      }
      case "points":
        break;
    }
    // The other side never moves in these stages, so a king taken on the way (a game ended
    // short of the goal) would leave nothing to play: the move is taken back instead.
    if (this.handBack && game.outcome && !this.reached(game)) {
      this.remaining = remaining;
      this.takeBack(before, t("learn.stage.notLegalGoal"));
      return;
    }
    this.position = game;
    this.marks();
    if (this.reached(game)) {
      this.finish(game);
      return;
    }
    if (this.stage.maxMoves !== undefined && this.moves >= this.stage.maxMoves) {
      const restart = t("learn.stage.tooMany");
      this.restart();
      this.say(restart);
      return;
    }
    // The other side waits: the learner's side is to move again.
    if (this.handBack) {
      const back = turnTo(game, this.seats[0] ?? 0, this.stage.format);
      if (back) this.position = back;
    } else this.position = this.answer(game);
    this.say(text);
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
  private answer(game: Game): Game {
    let g = game;
    const replies = this.stage.replies ?? [];
    while (!g.outcome && !this.seats.includes(g.turn) && this.replied < replies.length) {
      const played = g.play(moveOf(replies[this.replied] ?? ""));
      this.replied++;
      if (!played.ok || !played.value.lastMove) break;
      g = played.value;
      this.board.show(g, played.value.lastMove);
    }
    return g;
  }

  private takeBack(before: Game, text: string): void {
    this.replied = 0;
    this.position = before;
    setTimeout(() => {
      if (this.position === before && !this.done) this.board.show(before);
    }, 600);
    this.say(text);
  }

  private finish(game: Game): void {
    this.done = true;
    this.stars = starsFor(this.stage, this.moves);
    recordStars(this.game, this.stage.id, this.stars);
    const result = game.outcome ? `${outcomeText(game, this.stage.format ?? "teams")} ` : "";
    this.say(
      `${result}${t("learn.stage.done", { moves: tCount("learn.stage.moves", this.moves) })}`,
    );
    this.onDone?.(this.stars);
  }
}
