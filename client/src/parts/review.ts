/**
 * Stepping through a finished game: the board shows the position after any move of the record
 * (the pieces slide from step to step), with controls to go to the start, back, forward and to
 * the end, and the arrow keys.
 */
import type { AnalysisPanel } from "../analysis/panel";
import type { BoardView } from "../board/view";
import { t } from "../i18n";
import type { Frame } from "../model/mirror";
import { clear, el } from "../ui/dom";
import { icon } from "../ui/icons";
import { stepForKey } from "../ui/stepKeys";

export class Review {
  step: number;
  /** The engine's analysis shown with the review, if any. */
  analysis: AnalysisPanel | null = null;

  constructor(
    private readonly view: BoardView,
    private readonly frames: readonly Frame[],
    /** The step changed: the panel is drawn again. */
    private readonly changed: () => void,
    /** Back to the table (none: the review is the page). */
    private readonly exit: (() => void) | null,
  ) {
    this.step = frames.length - 1;
    // Into the review at once: its pieces may be numbered apart from the table's.
    view.syncPieces(frames.at(-1)!.pieces, performance.now(), false);
    this.show();
  }

  get last(): number {
    return this.frames.length - 1;
  }

  to(step: number): void {
    this.step = Math.max(0, Math.min(this.last, step));
    this.show();
    this.changed();
  }

  private show(): void {
    const frame = this.frames[this.step]!;
    this.view.syncPieces(frame.pieces, performance.now(), !document.hidden);
    this.marks();
  }

  /** The last move, and the engine's move here (its layer of shapes) once the analysis knows it. */
  marks(): void {
    const frame = this.frames[this.step]!;
    this.view.setHighlights({
      selected: null,
      destinations: [],
      lastMove: frame.lastMove,
      checks: [],
    });
    const best = this.analysis?.arrowAt(this.step) ?? null;
    this.view.setShapes("engine", best ? [{ from: best.from, to: best.to, color: "engine" }] : []);
  }

  /** The controls, in place of the game's. */
  render(box: HTMLElement): void {
    // The buttons are made again: the one that had the focus keeps it.
    const active = document.activeElement;
    const focused = active instanceof HTMLElement && box.contains(active) ? active : null;
    const action = focused?.dataset.action;
    clear(box);
    const b = (name: "first" | "prev" | "next" | "last", title: string, to: number) =>
      el(
        "button",
        {
          class: "btn",
          title,
          "aria-label": title,
          "data-action": `review-${name}`,
          onclick: () => this.to(to),
        },
        icon(name, 20),
      );
    box.append(
      el("p", { class: "review-pos" }, t("review.position", { i: this.step, n: this.last })),
      el(
        "div",
        { class: "row review" },
        b("first", t("review.first"), 0),
        b("prev", t("review.prev"), this.step - 1),
        b("next", t("review.next"), this.step + 1),
        b("last", t("review.last"), this.last),
      ),
    );
    const exit = this.exit;
    if (exit)
      box.append(
        el(
          "button",
          { class: "btn", "data-action": "review-exit", onclick: () => exit() },
          t("review.exit"),
        ),
      );
    if (this.analysis) {
      box.append(this.analysis.element);
      this.analysis.setStep(this.step);
    }
    const again = action ? box.querySelector<HTMLElement>(`[data-action="${action}"]`) : focused;
    if (again && again !== document.activeElement) again.focus();
  }

  /** Arrow keys, Home and End; true when the key was used. */
  key(e: KeyboardEvent): boolean {
    const step = stepForKey(e.key, this.step, this.last);
    if (step === undefined) return false;
    this.to(step);
    return true;
  }
}
