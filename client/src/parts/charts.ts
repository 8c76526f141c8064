/**
 * A line per seat over the steps of a game, in the seats' colours, as SVG: the step shown is
 * marked with a vertical line, a click goes to the step under it, and each capture is a tick
 * in the taker's colour along the bottom. Lines that run together are drawn side by side, a
 * little apart, so that every seat's colour stays visible where their values are equal.
 */
import { el } from "../ui/dom";

const NS = "http://www.w3.org/2000/svg";
/** The drawing's units: about a CSS pixel each at the panel's width and the chart's height. */
const W = 360;
const H = 120;
const PAD_Y = 10;
/** How far apart lines that run together are drawn, in units. */
const SPREAD = 2.2;
/** The least difference between the chart's top and bottom values. */
const MIN_RANGE = 4;

export interface ChartSpec {
  /** Per step, each seat's value. */
  readonly series: readonly (readonly number[])[];
  /** Each seat's colour (CSS). */
  readonly colors: readonly string[];
  /** Steps to tick along the bottom, with the seat whose colour the tick takes. */
  readonly ticks: readonly { readonly step: number; readonly seat: number }[];
  readonly label: string;
  /** A step was picked on the chart. */
  pick(step: number): void;
}

const svg = <K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number>,
) => {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
};

export class SeatChart {
  readonly element: HTMLElement;
  private readonly marker: SVGLineElement;
  private readonly last: number;

  constructor(spec: ChartSpec) {
    this.last = Math.max(1, spec.series.length - 1);
    // The values' own range, so that material (about 43 down to 30) is not a flat line at the
    // top; at least MIN_RANGE tall, so a few points do not fill the chart.
    const values = spec.series.flat();
    const lo = values.length > 0 ? Math.min(...values) : 0;
    const hi = Math.max(lo + MIN_RANGE, ...values);
    const x = (step: number) => (step / this.last) * W;
    const y = (v: number) => H - PAD_Y - ((v - lo) / (hi - lo)) * (H - 2 * PAD_Y);
    const chart = svg("svg", {
      viewBox: `0 0 ${W} ${H}`,
      preserveAspectRatio: "none",
      class: "seat-chart",
      role: "img",
      "aria-label": spec.label,
    });
    chart.append(
      svg("line", { x1: 0, x2: W, y1: y(lo), y2: y(lo), class: "chart-axis" }),
      svg("line", { x1: 0, x2: W, y1: y(hi), y2: y(hi), class: "chart-grid" }),
    );
    const seats = spec.colors.length;
    for (let seat = 0; seat < seats; seat++) {
      const offset = (seat - (seats - 1) / 2) * SPREAD;
      const points = spec.series
        .map(
          (values, step) => `${x(step).toFixed(1)},${(y(values[seat] ?? 0) + offset).toFixed(1)}`,
        )
        .join(" ");
      chart.append(
        svg("polyline", {
          points,
          fill: "none",
          stroke: spec.colors[seat] ?? "currentColor",
          "stroke-width": 2,
          "stroke-linejoin": "round",
          "vector-effect": "non-scaling-stroke",
          "data-seat": seat,
        }),
      );
    }
    for (const tick of spec.ticks)
      chart.append(
        svg("line", {
          x1: x(tick.step),
          x2: x(tick.step),
          y1: H,
          y2: H - 6,
          stroke: spec.colors[tick.seat] ?? "currentColor",
          "stroke-width": 2,
          "vector-effect": "non-scaling-stroke",
          class: "chart-tick",
        }),
      );
    this.marker = svg("line", { y1: 0, y2: H, class: "chart-marker" });
    this.marker.setAttribute("vector-effect", "non-scaling-stroke");
    chart.append(this.marker);
    chart.addEventListener("click", (e) => {
      const box = chart.getBoundingClientRect();
      if (box.width <= 0) return;
      const at = Math.round(((e.clientX - box.left) / box.width) * this.last);
      spec.pick(Math.max(0, Math.min(this.last, at)));
    });
    this.element = el("div", { class: "chart-box" });
    this.element.append(chart);
  }

  /** Marks the step shown. */
  mark(step: number): void {
    const at = ((Math.max(0, Math.min(this.last, step)) / this.last) * W).toFixed(1);
    this.marker.setAttribute("x1", at);
    this.marker.setAttribute("x2", at);
  }
}
