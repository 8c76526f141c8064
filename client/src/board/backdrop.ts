/**
 * What lies under the pieces and never moves with them: the squares of four-player chess or
 * the lines, palaces and river of xiangqi, and the coordinates. Redrawn when the board is laid
 * out anew (a resize, a turn of the board).
 */
import { Container, Graphics, Sprite } from "pixi.js";
import { RIVER_SCALE, RIVER_TEXT } from "./art/draw";
import { DARK_SQUARE, LIGHT_SQUARE, WOOD, WOOD_LINE } from "./art/palette";
import { allCoords, type BoardSpec, nameOf, toView, viewSize } from "./geometry";
import type { PieceTextures } from "./pieces";

/** Space around the squares, in cells: xiangqi's coordinates sit outside its outer lines. */
export interface Margin {
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
}
const NO_MARGIN: Margin = { left: 0, right: 0, top: 0, bottom: 0 };
const POINTS_MARGIN: Margin = { left: 0.42, right: 0.12, top: 0.12, bottom: 0.42 };

/** Cells smaller than this (in CSS pixels) carry no coordinates. */
const MIN_LABELLED_CELL = 30;

export function marginOf(spec: BoardSpec): Margin {
  return spec.points ? POINTS_MARGIN : NO_MARGIN;
}

export class Backdrop extends Container {
  private readonly ground = new Graphics();
  private readonly river = new Container();
  private readonly labels = new Container();

  constructor(private readonly textures: PieceTextures) {
    super();
    this.addChild(this.ground, this.river, this.labels);
  }

  draw(spec: BoardSpec, orientation: number, cell: number): void {
    const g = this.ground.clear();
    for (const child of this.labels.removeChildren()) child.destroy();
    for (const child of this.river.removeChildren()) child.destroy();
    if (spec.points) this.drawLines(g, spec, orientation, cell);
    else {
      for (const c of allCoords(spec)) {
        const v = toView(spec, orientation, c);
        g.rect(v.col * cell, v.row * cell, cell, cell).fill(
          (c.file + c.rank) % 2 === 0 ? DARK_SQUARE : LIGHT_SQUARE,
        );
      }
    }
    this.drawLabels(spec, orientation, cell);
  }

  /** Xiangqi: nine files and ten ranks of lines, broken by the river, and two palaces. */
  private drawLines(g: Graphics, spec: BoardSpec, orientation: number, cell: number): void {
    const { cols, rows } = viewSize(spec, orientation);
    const m = marginOf(spec);
    g.rect(
      -m.left * cell,
      -m.top * cell,
      (cols + m.left + m.right) * cell,
      (rows + m.top + m.bottom) * cell,
    ).fill(WOOD);
    const line = { width: Math.max(1, Math.round(cell * 0.035)), color: WOOD_LINE };
    const x = (c: number) => (c + 0.5) * cell;
    const river = rows / 2 - 1;
    for (let r = 0; r < rows; r++) g.moveTo(x(0), x(r)).lineTo(x(cols - 1), x(r));
    for (let c = 0; c < cols; c++) {
      if (c === 0 || c === cols - 1) g.moveTo(x(c), x(0)).lineTo(x(c), x(rows - 1));
      else
        g.moveTo(x(c), x(0))
          .lineTo(x(c), x(river))
          .moveTo(x(c), x(river + 1))
          .lineTo(x(c), x(rows - 1));
    }
    for (const top of [0, rows - 3]) {
      g.moveTo(x(3), x(top))
        .lineTo(x(5), x(top + 2))
        .moveTo(x(5), x(top))
        .lineTo(x(3), x(top + 2));
    }
    g.stroke(line);
    // A frame outside the outer lines, as on a printed board.
    const pad = cell * 0.12;
    g.rect(
      x(0) - pad,
      x(0) - pad,
      x(cols - 1) - x(0) + 2 * pad,
      x(rows - 1) - x(0) + 2 * pad,
    ).stroke({ width: Math.max(1, Math.round(cell * 0.05)), color: WOOD_LINE });
    this.drawRiver(cols, river, cell);
  }

  /** 楚河 on the left half of the river, 漢界 on the right, upright for the viewer. */
  private drawRiver(cols: number, riverRow: number, cell: number): void {
    const y = (riverRow + 1) * cell;
    const step = 1000 * RIVER_SCALE * cell * 1.05;
    const centres = [cols * 0.25 + 0.25, cols * 0.75 - 0.25];
    RIVER_TEXT.forEach((pair, side) => {
      pair.forEach((char, i) => {
        const s = new Sprite(this.textures.river(char));
        s.anchor.set(0.5);
        s.position.set(centres[side]! * cell + (i - 0.5) * step, y);
        this.river.addChild(s);
      });
    });
  }

  /**
   * Coordinates: on squares, in the corner of the bottom row and left column; on xiangqi's
   * lines, the file letter under each line and the rank number beside each.
   */
  private drawLabels(spec: BoardSpec, orientation: number, cell: number): void {
    // On squares too small for them (the cross on a phone) they would sit on the pieces.
    if (!spec.points && cell < MIN_LABELLED_CELL) return;
    const size = Math.max(8, Math.round(cell * (spec.points ? 0.26 : 0.2)));
    const label = (text: string) =>
      new Sprite(this.textures.label(text, size, spec.points, spec.points ? WOOD_LINE : 0x2b2b2b));
    const evenOrientation = orientation % 2 === 0;
    const bottom = new Map<number, { row: number; name: string }>();
    const left = new Map<number, { col: number; name: string }>();
    for (const c of allCoords(spec)) {
      const v = toView(spec, orientation, c);
      const name = nameOf(spec, c);
      const b = bottom.get(v.col);
      if (!b || v.row > b.row) bottom.set(v.col, { row: v.row, name });
      const l = left.get(v.row);
      if (!l || v.col < l.col) left.set(v.row, { col: v.col, name });
    }
    const file = (n: string) => n.slice(0, 1);
    const rank = (n: string) => n.slice(1);
    const m = marginOf(spec);
    for (const [col, { row, name }] of bottom) {
      const t = label(evenOrientation ? file(name) : rank(name));
      if (spec.points) {
        t.anchor.set(0.5, 0.5);
        t.position.set((col + 0.5) * cell, (row + 1 + m.bottom / 2) * cell);
      } else {
        t.anchor.set(1, 1);
        t.position.set((col + 1) * cell - 2, (row + 1) * cell - 1);
      }
      this.labels.addChild(t);
    }
    for (const [row, { col, name }] of left) {
      const t = label(evenOrientation ? rank(name) : file(name));
      if (spec.points) {
        t.anchor.set(0.5, 0.5);
        t.position.set((col - m.left / 2) * cell, (row + 0.5) * cell);
      } else t.position.set(col * cell + 2, row * cell + 1);
      this.labels.addChild(t);
    }
  }
}
