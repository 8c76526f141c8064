/**
 * A pool's rating over time as an inline SVG: one point per rated game (the rating after it),
 * evenly spaced so that a busy evening does not crowd into one spot, with the lowest and highest
 * rating written at the side. The same numbers are given as a table beside it for those who do
 * not see the drawing.
 */
import { t } from "../i18n";
import { dateAndTime } from "../i18n/dates";
import type { HistoryPoint } from "../net/players";
import { el } from "../ui/dom";

const SVG = "http://www.w3.org/2000/svg";
const W = 320;
const H = 120;
/** Room for the scale at the left, and around the line. */
const LEFT = 40;
const PAD = 10;

function svg<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number>,
  ...children: (Node | string)[]
): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  node.append(...children);
  return node;
}

/** Where each point goes, oldest first. */
export function graphPoints(points: readonly number[]): { x: number; y: number }[] {
  const lo = Math.min(...points);
  const hi = Math.max(...points);
  const span = hi - lo;
  const step = points.length > 1 ? (W - LEFT - PAD) / (points.length - 1) : 0;
  return points.map((v, i) => ({
    x: Math.round((points.length > 1 ? LEFT + i * step : (W + LEFT) / 2) * 10) / 10,
    // A rating that never moved is drawn across the middle.
    y: Math.round((span ? H - PAD - ((v - lo) / span) * (H - 2 * PAD) : H / 2) * 10) / 10,
  }));
}

/** The highest and lowest rating written at the side (one, across the middle, if they are equal). */
function scale(after: readonly number[]): SVGTextElement[] {
  const hi = Math.max(...after);
  const lo = Math.min(...after);
  const at = (y: number, v: number) =>
    svg("text", { x: LEFT - 4, y, "text-anchor": "end", "aria-hidden": "true" }, String(v));
  return hi === lo ? [at(H / 2 + 3, hi)] : [at(PAD + 4, hi), at(H - PAD, lo)];
}

export const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "±0");

/**
 * The graph of one pool's games (`games`: newest first, as the server gives them), labelled
 * `label` (the pool's name), with its table in a fold under it.
 */
export function ratingGraph(label: string, games: readonly HistoryPoint[]): HTMLElement {
  const oldestFirst = [...games].reverse();
  const after = oldestFirst.map((g) => Math.round(g.after));
  const xy = graphPoints(after);
  const first = after[0] ?? 0;
  const last = after.at(-1) ?? 0;
  const title = t("player.graphLabel", { pool: label, first, last });
  const d = xy.map((p, i) => `${i ? "L" : "M"}${p.x} ${p.y}`).join(" ");
  const drawing = svg(
    "svg",
    { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": title, class: "rating-graph" },
    svg("title", {}, title),
    svg("line", { x1: LEFT, y1: PAD, x2: LEFT, y2: H - PAD, class: "axis" }),
    svg("line", { x1: LEFT, y1: H - PAD, x2: W - PAD, y2: H - PAD, class: "axis" }),
    ...scale(after),
    svg("path", { d, class: "line", "data-points": xy.length }),
    ...xy.map((p) => svg("circle", { cx: p.x, cy: p.y, r: 2.5 })),
  );
  const rows = games.map((g) => {
    const { date } = dateAndTime(g.at, "medium");
    const change = Math.round(g.after) - Math.round(g.before);
    return el(
      "tr",
      {},
      el("td", {}, date),
      el("td", {}, String(Math.round(g.before))),
      el("td", {}, String(Math.round(g.after))),
      el("td", {}, signed(change)),
    );
  });
  return el(
    "figure",
    { class: "graph" },
    drawing,
    el(
      "details",
      {},
      el("summary", {}, t("player.graphTable")),
      el(
        "div",
        { class: "table-scroll" },
        el(
          "table",
          { class: "rating-table" },
          el("caption", { class: "sr-only" }, title),
          el(
            "thead",
            {},
            el(
              "tr",
              {},
              ...(["date", "before", "after", "change"] as const).map((k) =>
                el("th", { scope: "col" }, t(`player.${k}`)),
              ),
            ),
          ),
          el("tbody", {}, ...rows),
        ),
      ),
    ),
  );
}
