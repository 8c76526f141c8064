/**
 * Highlights drawn with the board: the last move, a queued premove, the selected piece, kings
 * in check and where the selected piece may go under the pieces; capture rings, a hinted move's
 * arrow and the keyboard cursor over them.
 */
import type { Graphics } from "pixi.js";
import type { Destination } from "./state";

export interface Highlights {
  readonly selected: string | null;
  readonly destinations: readonly Destination[];
  readonly lastMove: { readonly from: string; readonly to: string } | null;
  /** Squares of kings or generals in check. */
  readonly checks: readonly string[];
  /** A suggested move. */
  readonly hint?: { readonly from: string; readonly to: string } | null;
  /** This player's queued premove, to be played when their turn comes. */
  readonly premove?: { readonly from: string; readonly to: string } | null;
  /** A lesson's stars: squares to reach. */
  readonly stars?: readonly string[];
}

/** A lesson star's gold, ringed in a dark brown so it reads on wood and on light squares. */
export const STAR_COLOR = 0xf5b700;

/** A premove's colour: a deep rose, apart from the last move's yellow and the selection's blue. */
export const PREMOVE_COLOR = 0xc2185b;

export const NO_HIGHLIGHTS: Highlights = {
  selected: null,
  destinations: [],
  lastMove: null,
  checks: [],
};

type Centre = (square: string) => { x: number; y: number } | null;

export function drawMarks(
  under: Graphics,
  over: Graphics,
  h: Highlights,
  cursor: string | null,
  geometry: { readonly points: boolean; readonly cell: number; readonly centre: Centre },
): void {
  const { points, cell, centre } = geometry;
  const tint = (square: string, color: number, alpha: number) => {
    const c = centre(square);
    if (!c) return;
    if (points) under.circle(c.x, c.y, cell * 0.48).fill({ color, alpha });
    else under.rect(c.x - cell / 2, c.y - cell / 2, cell, cell).fill({ color, alpha });
  };
  if (h.lastMove) {
    tint(h.lastMove.from, 0xf6e05e, 0.45);
    tint(h.lastMove.to, 0xf6e05e, 0.55);
    // On xiangqi points the piece hides the tint: corner brackets frame both points, over the
    // pieces (as play.xiangqi.com marks the last move).
    if (points)
      for (const square of [h.lastMove.from, h.lastMove.to]) brackets(over, centre(square), cell);
  }
  if (h.premove) {
    // Both squares tinted, and ringed over the pieces (a xiangqi point's piece hides its tint),
    // with a dashed line between them: a move that is not on the board yet.
    for (const square of [h.premove.from, h.premove.to]) {
      tint(square, PREMOVE_COLOR, 0.42);
      const c = centre(square);
      if (c)
        over
          .circle(c.x, c.y, cell * 0.47)
          .stroke({ width: Math.max(2, cell * 0.06), color: PREMOVE_COLOR, alpha: 0.9 });
    }
    dashes(over, centre(h.premove.from), centre(h.premove.to), cell);
  }
  if (h.selected) {
    tint(h.selected, 0x3fa7f5, 0.5);
    const c = centre(h.selected);
    // On xiangqi points the piece covers the tint: ring it too.
    if (c && points)
      over.circle(c.x, c.y, cell * 0.48).stroke({ width: cell * 0.07, color: 0x3fa7f5 });
  }
  for (const square of h.checks) {
    const c = centre(square);
    if (c) under.circle(c.x, c.y, cell * 0.5).fill({ color: 0xff2a2a, alpha: 0.55 });
  }
  for (const d of h.destinations) {
    const c = centre(d.square);
    if (!c) continue;
    // Over the pieces, so a capture ring shows around the piece it would take.
    if (d.capture)
      over
        .circle(c.x, c.y, cell * 0.46)
        .stroke({ width: cell * 0.07, color: 0x1a1a1a, alpha: 0.45 });
    else under.circle(c.x, c.y, cell * 0.14).fill({ color: 0x1a1a1a, alpha: 0.35 });
  }
  if (h.hint) drawArrow(over, centre(h.hint.from), centre(h.hint.to), cell);
  for (const square of h.stars ?? []) star(over, centre(square), cell);
  const c = cursor ? centre(cursor) : null;
  if (c) {
    const w = Math.max(2, cell * 0.07);
    if (points) over.circle(c.x, c.y, cell * 0.5 - w / 2).stroke({ width: w, color: 0x1565c0 });
    else
      over
        .rect(c.x - cell / 2 + w / 2, c.y - cell / 2 + w / 2, cell - w, cell - w)
        .stroke({ width: w, color: 0x1565c0 });
  }
}

/** A five-pointed star on a square, over the pieces. */
function star(g: Graphics, c: { x: number; y: number } | null, cell: number): void {
  if (!c) return;
  const outer = cell * 0.36;
  const inner = outer * 0.45;
  const points: number[] = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push(c.x + r * Math.cos(a), c.y + r * Math.sin(a));
  }
  g.poly(points)
    .fill({ color: STAR_COLOR })
    .stroke({ width: Math.max(1.5, cell * 0.05), color: 0x5a3a00 });
}

/** The colour of the last move's brackets: dark teal, apart from the wood, the pieces and the cursor. */
export const LAST_MOVE_BRACKETS = 0x0c8599;

/** Four corner brackets around a point: the last move's origin or destination. */
function brackets(g: Graphics, c: { x: number; y: number } | null, cell: number): void {
  if (!c) return;
  const h = cell * 0.48;
  const arm = cell * 0.2;
  const width = Math.max(2, cell * 0.08);
  for (const [sx, sy] of [
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 1],
  ] as const) {
    const x = c.x + sx * h;
    const y = c.y + sy * h;
    g.moveTo(x - sx * arm, y)
      .lineTo(x, y)
      .lineTo(x, y - sy * arm)
      .stroke({ width, color: LAST_MOVE_BRACKETS, cap: "square", join: "miter" });
  }
}

/** A dashed line between two squares' centres, short of both pieces. */
function dashes(
  g: Graphics,
  a: { x: number; y: number } | null,
  b: { x: number; y: number } | null,
  cell: number,
): void {
  if (!a || !b) return;
  const len = Math.hypot(b.x - a.x, b.y - a.y);
  const skip = cell * 0.47;
  if (len <= skip * 2) return;
  const ux = (b.x - a.x) / len;
  const uy = (b.y - a.y) / len;
  const dash = cell * 0.18;
  for (let d = skip; d < len - skip; d += dash * 2) {
    const e = Math.min(d + dash, len - skip);
    g.moveTo(a.x + ux * d, a.y + uy * d)
      .lineTo(a.x + ux * e, a.y + uy * e)
      .stroke({ width: Math.max(2, cell * 0.08), color: PREMOVE_COLOR, alpha: 0.9, cap: "round" });
  }
}

function drawArrow(
  g: Graphics,
  a: { x: number; y: number } | null,
  b: { x: number; y: number } | null,
  cell: number,
): void {
  if (!a || !b) return;
  const color = 0x15a36b;
  const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  const ux = (b.x - a.x) / len;
  const uy = (b.y - a.y) / len;
  const head = cell * 0.38;
  const tip = { x: b.x - ux * cell * 0.1, y: b.y - uy * cell * 0.1 };
  const base = { x: tip.x - ux * head, y: tip.y - uy * head };
  g.moveTo(a.x, a.y)
    .lineTo(base.x, base.y)
    .stroke({ width: cell * 0.16, color, alpha: 0.8, cap: "round" });
  g.poly([
    tip.x,
    tip.y,
    base.x - uy * head * 0.6,
    base.y + ux * head * 0.6,
    base.x + uy * head * 0.6,
    base.y - ux * head * 0.6,
  ]).fill({ color, alpha: 0.8 });
}
