/**
 * The evaluation graph: winning chances over the game (lichess's curve, so a mate is the top or
 * the bottom and a pawn in a level game a visible step), one line per series in its seat's
 * colour, on a small 2D canvas beside the board. The step shown is a vertical line; a click or a
 * tap goes to the step under it, and the arrow keys step when it has focus (it is a slider).
 * The same numbers are given as a table in a fold under it, for those who do not see the graph.
 */

import { t } from "../i18n";
import { el } from "../ui/dom";
import { stepForKey } from "../ui/stepKeys";
import { winningChances } from "./judge";

export interface Series {
  /** CSS colour. */
  readonly color: string;
  /** Per step: the value in centipawns from the series' view, null while unknown. */
  readonly values: readonly (number | null)[];
  /** Steps reached by a mistake or a blunder of this series' side: a dot on the line there. */
  readonly dots?: readonly { readonly step: number; readonly color: string }[];
}

/** Height of the graph in CSS pixels. */
const HEIGHT = 96;

export class EvalGraph {
  readonly element: HTMLCanvasElement;
  private series: readonly Series[] = [];
  private step = 0;
  private last = 0;
  private readonly resize: ResizeObserver | null;
  /** The canvas's width in CSS pixels, as the resize observer last saw it (0: not shown). */
  private cssWidth = 0;

  constructor(
    label: string,
    private readonly describe: (step: number) => string,
    private readonly pick: (step: number) => void,
  ) {
    const canvas = document.createElement("canvas");
    canvas.className = "eval-graph";
    canvas.height = HEIGHT;
    canvas.tabIndex = 0;
    canvas.setAttribute("role", "slider");
    canvas.setAttribute("aria-label", label);
    canvas.setAttribute("aria-valuemin", "0");
    canvas.addEventListener("click", (e) => this.pick(this.stepAt(e.offsetX)));
    canvas.addEventListener("keydown", (e) => {
      const step = stepForKey(e.key, this.step, this.last);
      if (step === undefined) return;
      e.preventDefault();
      e.stopPropagation();
      this.pick(step);
    });
    this.element = canvas;
    // The width comes from the observer, so that drawing never makes the page lay itself out.
    this.resize =
      typeof ResizeObserver === "undefined"
        ? null
        : new ResizeObserver((entries) => {
            this.cssWidth = entries.at(-1)?.contentRect.width ?? 0;
            this.draw();
          });
    this.resize?.observe(canvas);
  }

  /** New values and the step shown. */
  update(series: readonly Series[], step: number, last: number): void {
    this.series = series;
    this.step = step;
    this.last = last;
    const c = this.element;
    c.setAttribute("aria-valuemax", String(last));
    c.setAttribute("aria-valuenow", String(step));
    c.setAttribute("aria-valuetext", this.describe(step));
    this.draw();
  }

  dispose(): void {
    this.resize?.disconnect();
  }

  /** The step whose point is nearest to `x` (CSS pixels from the left). */
  stepAt(x: number): number {
    const width = this.cssWidth || 1;
    return Math.max(0, Math.min(this.last, Math.round((x / width) * Math.max(1, this.last))));
  }

  private draw(): void {
    const c = this.element;
    // Out of the page or hidden: the resize observer draws it once shown.
    if (this.cssWidth === 0) return;
    const ratio = window.devicePixelRatio || 1;
    const width = Math.max(1, Math.round(this.cssWidth * ratio));
    const height = Math.round(HEIGHT * ratio);
    if (c.width !== width) c.width = width;
    if (c.height !== height) c.height = height;
    const g = c.getContext("2d");
    if (!g) return;
    const span = Math.max(1, this.last);
    const x = (step: number) => (step / span) * (width - 2 * ratio) + ratio;
    const y = (cp: number) => ((1 - winningChances(cp)) / 2) * (height - 4 * ratio) + 2 * ratio;
    g.clearRect(0, 0, width, height);
    g.fillStyle = "#f4f1ea";
    g.fillRect(0, 0, width, height);
    g.strokeStyle = "#b9b2a3";
    g.lineWidth = ratio;
    g.beginPath();
    g.moveTo(0, y(0));
    g.lineTo(width, y(0));
    g.stroke();
    g.lineWidth = 2 * ratio;
    g.lineJoin = "round";
    for (const s of this.series) {
      g.strokeStyle = s.color;
      g.beginPath();
      let drawing = false;
      s.values.forEach((v, step) => {
        if (v === null) {
          drawing = false;
          return;
        }
        if (drawing) g.lineTo(x(step), y(v));
        else g.moveTo(x(step), y(v));
        drawing = true;
      });
      g.stroke();
    }
    for (const s of this.series)
      for (const d of s.dots ?? []) {
        const v = s.values[d.step];
        if (v === null || v === undefined) continue;
        g.fillStyle = d.color;
        g.beginPath();
        g.arc(x(d.step), y(v), 3.5 * ratio, 0, 2 * Math.PI);
        g.fill();
      }
    g.strokeStyle = "#1565c0";
    g.lineWidth = 2 * ratio;
    g.beginPath();
    g.moveTo(x(this.step), 0);
    g.lineTo(x(this.step), height);
    g.stroke();
  }
}

/** One move of the table: its number, the side that played it, the move, the value after it. */
export interface EvalRow {
  readonly move: number;
  readonly side: string;
  readonly played: string;
  /** The evaluation after the move from its side's view, in the reader's words; "" unknown. */
  readonly value: string;
}

/**
 * The graph's numbers as a table (move, side, move played, evaluation for that side), in a fold
 * that fills its rows while it is open: the analysis reports many times a second.
 */
export class EvalTable {
  readonly element: HTMLDetailsElement;
  private readonly body = el("tbody", {});
  private shown = "";

  constructor(private readonly rows: () => readonly EvalRow[]) {
    const heads = (["tableMove", "tableSide", "tablePlayed", "tableEval"] as const).map((k) =>
      el("th", { scope: "col" }, t(`analysis.${k}`)),
    );
    this.element = el(
      "details",
      { class: "eval-table", ontoggle: () => this.refresh() },
      el("summary", {}, t("analysis.table")),
      el(
        "table",
        {},
        el("caption", { class: "sr-only" }, t("analysis.tableCaption")),
        el("thead", {}, el("tr", {}, ...heads)),
        this.body,
      ),
    );
  }

  /** Writes the rows again while the fold is open and they changed. */
  refresh(): void {
    if (!this.element.open) return;
    const rows = this.rows();
    const key = JSON.stringify(rows);
    if (key === this.shown) return;
    this.shown = key;
    this.body.replaceChildren(
      ...rows.map((r) =>
        el(
          "tr",
          {},
          el("th", { scope: "row" }, String(r.move)),
          el("td", {}, r.side),
          el("td", {}, r.played),
          el("td", {}, r.value || "…"),
        ),
      ),
    );
  }
}
