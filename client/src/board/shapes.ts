/**
 * Arrows and circles drawn over the board: a person's own, to point at squares (as on lichess),
 * and the engine's best move. They live on this screen only: nothing is sent or stored. The
 * gesture rules are pure functions here (which colour a modifier gives, what drawing a shape
 * again does); `input.ts` feeds them the pointer, `view.ts` draws the result.
 */
import type { Graphics } from "pixi.js";

export type ShapeColor = "green" | "red" | "blue" | "yellow" | "engine";

/** An arrow from `from` to `to`, or without `to` a circle on `from`; squares by their names. */
export interface Shape {
  readonly from: string;
  readonly to?: string;
  readonly color: ShapeColor;
}

/** The board's two sets of shapes: what the person drew, what the engine suggests. */
export type ShapeLayer = "user" | "engine";

/** Each colour, strong enough to read over both boards' squares and the pieces. */
export const SHAPE_COLORS: Readonly<Record<ShapeColor, number>> = {
  green: 0x16a34a,
  red: 0xdc2626,
  blue: 0x2563eb,
  yellow: 0xf5b400,
  // A blue-grey, apart from the person's blue: the engine's suggestion, not a person's.
  engine: 0x4f6b8a,
};

/** How opaque a shape is: the piece or square under it stays readable. */
export const SHAPE_ALPHA = 0.7;

/** The modifier keys held as a shape is drawn. */
export interface Modifiers {
  readonly shiftKey: boolean;
  readonly altKey: boolean;
  readonly ctrlKey: boolean;
  readonly metaKey?: boolean;
}

/** None: green; Shift: red; Alt or Ctrl (Cmd on a Mac): blue; Shift with either: yellow. */
export function colorFor(m: Modifiers): ShapeColor {
  const second = m.altKey || m.ctrlKey || m.metaKey === true;
  if (m.shiftKey) return second ? "yellow" : "red";
  return second ? "blue" : "green";
}

/**
 * The shape a right-button gesture made: pressed on `from`, released on `to` (null off the
 * board: nothing). Released where it was pressed, a circle; elsewhere, an arrow.
 */
export function gestureShape(from: string, to: string | null, color: ShapeColor): Shape | null {
  if (to === null) return null;
  return to === from ? { from, color } : { from, to, color };
}

const sameSquares = (a: Shape, b: Shape) => a.from === b.from && a.to === b.to;

/**
 * The shapes after drawing `shape`: one with the same squares in the same colour is taken away
 * (drawing it again removes it), in another colour it takes the new colour; a new one is added.
 */
export function toggleShape(shapes: readonly Shape[], shape: Shape): Shape[] {
  const same = shapes.find((s) => sameSquares(s, shape));
  const rest = shapes.filter((s) => !sameSquares(s, shape));
  return same?.color === shape.color ? rest : [...rest, shape];
}

interface Point {
  readonly x: number;
  readonly y: number;
}

export interface ShapeGeometry {
  readonly cell: number;
  /** A square's centre in the layer's coordinates, or null when it is not on the board. */
  readonly centre: (square: string) => Point | null;
}

/** Draws the shapes in order (the later over the earlier). */
export function drawShapes(g: Graphics, shapes: readonly Shape[], geometry: ShapeGeometry): void {
  for (const s of shapes) {
    const a = geometry.centre(s.from);
    if (!a) continue;
    const color = SHAPE_COLORS[s.color];
    if (s.to === undefined) {
      circle(g, a, color, geometry.cell);
      continue;
    }
    const b = geometry.centre(s.to);
    if (b) arrow(g, a, b, color, geometry.cell);
  }
}

/** A ring just inside the square (around the point, in xiangqi). */
function circle(g: Graphics, c: Point, color: number, cell: number): void {
  const width = Math.max(2, cell * 0.08);
  g.circle(c.x, c.y, cell * 0.5 - width / 2 - 1).stroke({ width, color, alpha: SHAPE_ALPHA });
}

/**
 * A thick arrow from centre to centre, its shaft and head one outline so that the
 * semi-transparent fill is even (no darker seam where they would overlap).
 */
function arrow(g: Graphics, a: Point, b: Point, color: number, cell: number): void {
  const len = Math.hypot(b.x - a.x, b.y - a.y);
  if (len < 1) return;
  const ux = (b.x - a.x) / len;
  const uy = (b.y - a.y) / len;
  // The normal, to the left of the way.
  const nx = -uy;
  const ny = ux;
  const shaft = cell * 0.1;
  const head = Math.min(cell * 0.45, len * 0.6);
  const wing = cell * 0.27;
  const bx = b.x - ux * head;
  const by = b.y - uy * head;
  g.poly([
    a.x + nx * shaft,
    a.y + ny * shaft,
    bx + nx * shaft,
    by + ny * shaft,
    bx + nx * wing,
    by + ny * wing,
    b.x,
    b.y,
    bx - nx * wing,
    by - ny * wing,
    bx - nx * shaft,
    by - ny * shaft,
    a.x - nx * shaft,
    a.y - ny * shaft,
  ]).fill({ color, alpha: SHAPE_ALPHA });
}
