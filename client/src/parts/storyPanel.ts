/**
 * How a four-player game went, beside the board in its review: a chart of each seat's points
 * over the game (Individual) or material (Teams) with the step shown marked, a click on it
 * going to that step; each seat's value at the step shown; whose side the board is seen from;
 * and who captured whom, each capture a step to go to.
 */
import "./storyPanel.css";
import { pieceIcon } from "../board/art/draw";
import { css, pieceFill } from "../board/art/palette";
import { pieceName, t } from "../i18n";
import type { Story } from "../model/story";
import { el } from "../ui/dom";
import { seatShape } from "../ui/icons";
import { SeatChart } from "./charts";
import { seatColorName } from "./seats";
import { type SeatedGame, seatLabel } from "./texts";

export interface StoryActions {
  /** Go to a step of the review. */
  to(step: number): void;
  /** Turn the board so that `seat` sits at the bottom (none: the page has its own control). */
  viewFrom?(seat: number): void;
}

/** Values as a person reads them: whole numbers plain, xiangqi's halves with one decimal. */
const number = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(1));

export class StoryPanel {
  readonly element: HTMLElement;
  private readonly chart: SeatChart;
  private readonly values: HTMLElement[] = [];
  private readonly viewButtons: HTMLButtonElement[] = [];
  private readonly captureRows: { step: number; row: HTMLElement }[] = [];
  private readonly series: readonly (readonly number[])[];

  constructor(
    private readonly seated: SeatedGame,
    story: Story,
    private readonly actions: StoryActions,
  ) {
    const game = seated.game;
    const colors = seated.seats.map((_, i) => css(pieceFill(game, i)));
    const title = story.points ? t("story.points") : t("story.material");
    this.series = story.points ?? story.material;
    this.chart = new SeatChart({
      series: this.series,
      colors,
      ticks: story.captures.map((c) => ({ step: c.step, seat: c.seat })),
      label: title,
      pick: (step) => actions.to(step),
    });
    const legend = el("ul", { class: "story-legend" });
    const view = el("div", { class: "row view-from", role: "group" });
    const viewFrom = actions.viewFrom?.bind(actions);
    seated.seats.forEach((_, seat) => {
      const value = el("span", { class: "value" });
      this.values.push(value);
      legend.append(
        el(
          "li",
          { "data-seat": String(seat) },
          seatShape(seat, colors[seat]!, 12),
          el("span", { class: "who" }, seatLabel(seated, seat)),
          value,
        ),
      );
      const button = el(
        "button",
        {
          class: "btn small",
          "data-view": String(seat),
          onclick: () => viewFrom?.(seat),
        },
        seatShape(seat, colors[seat]!, 12),
        el("span", {}, seatColorName(seated, seat)),
      );
      this.viewButtons.push(button);
      view.append(button);
    });
    view.setAttribute("aria-label", t("story.viewFrom"));
    this.element = el(
      "section",
      { class: "story-box", "data-story": story.points ? "points" : "material" },
      el("h2", {}, title),
      this.chart.element,
      el("p", { class: "muted small-print" }, t("story.chartHint")),
      legend,
      viewFrom ? el("h2", {}, t("story.viewFrom")) : null,
      viewFrom ? view : null,
      el("h2", {}, t("story.captures")),
      this.captureList(story),
    );
  }

  /** Shows the step: the chart's mark, each seat's value, the captures made so far. */
  update(step: number): void {
    this.chart.mark(step);
    const values = this.series[step] ?? [];
    this.values.forEach((v, seat) => {
      v.textContent = number(values[seat] ?? 0);
    });
    for (const { step: at, row } of this.captureRows) row.classList.toggle("later", at > step);
  }

  /** Marks the seat the board is seen from. */
  showView(seat: number): void {
    this.viewButtons.forEach((b, i) => {
      b.setAttribute("aria-pressed", String(i === seat));
    });
  }

  private captureList(story: Story): HTMLElement {
    const list = el("ol", { class: "capture-list" });
    if (story.captures.length === 0) {
      list.append(el("li", { class: "muted" }, t("story.noCaptures")));
      return list;
    }
    const game = this.seated.game;
    for (const c of story.captures) {
      const piece = pieceName(game, c.piece.kind);
      const taker = seatLabel(this.seated, c.seat);
      const text =
        c.piece.seat < 0
          ? t("story.tookGrey", { taker, piece })
          : t("story.took", { taker, piece, victim: seatLabel(this.seated, c.piece.seat) });
      const row = el(
        "button",
        {
          class: "capture-row",
          "data-step": String(c.step),
          onclick: () => this.actions.to(c.step),
        },
        el("span", { class: "num" }, `${c.step}.`),
        seatShape(c.seat, css(pieceFill(game, c.seat)), 12),
        el("span", { class: "what" }, text),
        el("span", { class: "notation" }, c.notation),
        pieceIcon(game, c.piece.kind, c.piece.seat, 20),
      );
      this.captureRows.push({ step: c.step, row });
      list.append(el("li", {}, row));
    }
    return list;
  }
}
