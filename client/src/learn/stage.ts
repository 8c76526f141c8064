/**
 * One lesson stage on the screen: its board, its moves counted, the words after each move, and
 * its stars when done. What a move does to the stage is decided by `StageGame` (stageGame.ts):
 * a move the rules refuse is answered with the engine's reason and the stage goes on; a move
 * that is allowed but misses the goal is shown, answered and taken back.
 */
import type { Game } from "../../../shared/games/types";
import { recordStars } from "../device/lessons";
import { t, tCount } from "../i18n";
import { el } from "../ui/dom";
import type { Stage } from "./content";
import { outcomeText, shapesOf } from "./diagram";
import { LiveBoard, type Tried } from "./liveBoard";
import { StageGame, type StageStep } from "./stageGame";

export { starsFor } from "./stageGame";

export class StageRun {
  readonly element: HTMLElement;
  readonly board: LiveBoard;
  private readonly model: StageGame;
  private readonly said = el("p", { class: "stage-message", "aria-live": "polite" });
  private readonly counter = el("p", { class: "stage-moves" });
  /** The last refusal or success text shown. */
  message = "";
  /** Called when the stage is done. */
  onDone: ((stars: number) => void) | null = null;

  constructor(
    readonly stage: Stage,
    private readonly game: Game["id"],
  ) {
    this.model = new StageGame(stage, game);
    this.board = new LiveBoard({
      game,
      format: stage.format,
      bottom: this.model.seats[0] ?? 0,
      label: t(stage.title),
      movable: (square) => this.model.movable(square),
      tried: (tried) => this.tried(tried),
    });
    this.element = el(
      "div",
      { class: "stage-board" },
      this.board.element,
      el("div", { class: "stage-foot" }, this.counter, this.said),
    );
  }

  get done(): boolean {
    return this.model.done;
  }

  get stars(): number {
    return this.model.stars;
  }

  async mount(): Promise<void> {
    await this.board.mount();
    this.restart();
  }

  restart(): void {
    this.model.restart();
    this.board.show(this.model.start);
    this.marks();
    this.count();
    this.say("");
  }

  private marks(): void {
    const goal = this.stage.check;
    const left = this.model.remaining;
    this.board.setStars(goal.kind === "stars" || goal.kind === "turns" ? left : []);
    const targets = goal.kind === "capture" ? left : [];
    this.board.setShapes([
      ...shapesOf(this.stage.marks),
      ...shapesOf(targets.map((square) => ({ from: square, color: "red" as const }))),
    ]);
  }

  private count(): void {
    this.counter.textContent = tCount("learn.stage.moves", this.model.moves);
  }

  private say(text: string): void {
    this.message = text;
    this.said.textContent = text;
  }

  private tried(tried: Tried): void {
    if (!tried.ok) {
      this.say(LiveBoard.refusalText(tried.refusal, this.game));
      return;
    }
    this.step(this.model.play(tried.before, tried.move));
  }

  private step(step: StageStep): void {
    if (step.kind === "refused") {
      this.say(LiveBoard.refusalText(step.refusal, this.game));
      return;
    }
    for (const s of step.shown) this.board.show(s.game, s.move);
    this.count();
    if (step.kind === "restarted") {
      this.restart();
      this.say(t("learn.stage.tooMany"));
      return;
    }
    if (step.kind === "missed") {
      const back = step.back;
      setTimeout(() => {
        if (this.model.position === back && !this.model.done) this.board.show(back);
      }, 600);
      this.say(t(step.text));
      return;
    }
    // The position the learner moves in next (the turn handed back): drawn as it stands.
    this.marks();
    if (!step.done) {
      this.say(step.text ? t(step.text) : "");
      return;
    }
    recordStars(this.game, this.stage.id, this.model.stars);
    const last = step.shown[step.shown.length - 1]?.game ?? this.model.position;
    const result = last.outcome ? `${outcomeText(last, this.stage.format ?? "teams")} ` : "";
    this.say(
      `${result}${t("learn.stage.done", { moves: tCount("learn.stage.moves", this.model.moves) })}`,
    );
    this.onDone?.(this.model.stars);
  }
}
