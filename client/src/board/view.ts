/**
 * The board in Pixi: squares or river-and-palace lines, coordinates, highlights and pieces.
 * Pieces are sprites keyed by their stable id: a state patch that moves a piece slides its
 * sprite from where it is to its new square, a vanished piece fades out, a new one fades in, a
 * promotion or greying redraws the sprite in place. Nothing is redrawn that did not change.
 */
import { Container, Graphics, Text } from "pixi.js";
import {
  allCoords,
  type BoardSpec,
  fromView,
  nameOf,
  parseName,
  toView,
  viewSize,
} from "./geometry";
import { PieceSprite } from "./pieces";
import type { Destination } from "./ui";

export interface PieceData {
  readonly id: number;
  readonly square: string;
  readonly kind: string;
  readonly color: number;
}

export interface Highlights {
  readonly selected: string | null;
  readonly destinations: readonly Destination[];
  readonly lastMove: { readonly from: string; readonly to: string } | null;
  /** Squares of kings or generals in check. */
  readonly checks: readonly string[];
}

const SLIDE_MS = 180;
const FADE_MS = 200;
const LIGHT = 0xeeeed2;
const DARK = 0x769656;
const WOOD = 0xe8c88f;
const LINE = 0x5a3a1a;

interface Motion {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  t0: number;
  fade: -1 | 0 | 1;
}

export class BoardView {
  readonly root = new Container();
  private readonly boardLayer = new Graphics();
  private readonly labelLayer = new Container();
  private readonly markLayer = new Graphics();
  private readonly pieceLayer = new Container();
  private readonly sprites = new Map<number, PieceSprite>();
  private readonly motions = new Map<PieceSprite, Motion>();
  private spec: BoardSpec | null = null;
  private turn = 0;
  /** Pieces of the far side drawn upside down (xiangqi laid flat on one device). */
  private flipFar = false;
  private cell = 40;
  private width = 0;
  private height = 0;
  private pieces: readonly PieceData[] = [];
  private highlights: Highlights = { selected: null, destinations: [], lastMove: null, checks: [] };
  /** A sprite being dragged by the pointer, left alone by layout and animation. */
  dragging: PieceSprite | null = null;

  constructor() {
    this.root.addChild(this.boardLayer, this.labelLayer, this.markLayer, this.pieceLayer);
  }

  get cellSize(): number {
    return this.cell;
  }

  /** Sets the game and which way the board is turned; snaps every piece to its square. */
  setBoard(spec: BoardSpec, turn: number, flipFar = false): void {
    const changed = this.spec !== spec || this.turn !== turn || this.flipFar !== flipFar;
    if (this.spec !== spec) {
      for (const s of this.sprites.values()) s.destroy({ children: true });
      this.sprites.clear();
      this.motions.clear();
    }
    this.spec = spec;
    this.turn = turn;
    this.flipFar = flipFar;
    if (changed) this.layout();
  }

  resize(width: number, height: number): void {
    this.width = width;
    this.height = height;
    this.layout();
  }

  private layout(): void {
    const spec = this.spec;
    if (!spec || this.width === 0) return;
    const { cols, rows } = viewSize(spec, this.turn);
    this.cell = Math.max(8, Math.floor(Math.min(this.width / cols, this.height / rows)));
    this.root.position.set(
      Math.floor((this.width - cols * this.cell) / 2),
      Math.floor((this.height - rows * this.cell) / 2),
    );
    this.drawBoard();
    for (const s of this.sprites.values()) {
      const p = this.pieces.find((x) => x.id === s.id);
      if (!p) continue;
      s.draw(p.kind, p.color, this.cell, this.upsideDown(p.color));
      const at = this.squareCenter(p.square);
      if (at && s !== this.dragging) s.position.set(at.x, at.y);
    }
    this.motions.clear();
    this.drawMarks();
  }

  private upsideDown(color: number): boolean {
    return this.flipFar && color === (this.turn === 2 ? 0 : 1);
  }

  /** Centre of a square in the root container's coordinates. */
  squareCenter(square: string): { x: number; y: number } | null {
    const spec = this.spec;
    const c = spec && parseName(spec, square);
    if (!spec || !c) return null;
    const v = toView(spec, this.turn, c);
    return { x: (v.col + 0.5) * this.cell, y: (v.row + 0.5) * this.cell };
  }

  /** Centre of a square in canvas coordinates (for tests and tools). */
  squareOnCanvas(square: string): { x: number; y: number } | null {
    const c = this.squareCenter(square);
    return c && { x: c.x + this.root.x, y: c.y + this.root.y };
  }

  /** The square under a canvas point, or null off the board. */
  squareAt(x: number, y: number): string | null {
    const spec = this.spec;
    if (!spec) return null;
    const col = Math.floor((x - this.root.x) / this.cell);
    const row = Math.floor((y - this.root.y) / this.cell);
    const { cols, rows } = viewSize(spec, this.turn);
    if (col < 0 || row < 0 || col >= cols || row >= rows) return null;
    const c = fromView(spec, this.turn, { col, row });
    return c ? nameOf(spec, c) : null;
  }

  spriteAt(square: string): PieceSprite | null {
    const p = this.pieces.find((x) => x.square === square);
    return (p && this.sprites.get(p.id)) ?? null;
  }

  private drawBoard(): void {
    const spec = this.spec!;
    const g = this.boardLayer.clear();
    for (const child of this.labelLayer.removeChildren()) child.destroy();
    const cell = this.cell;
    const { cols, rows } = viewSize(spec, this.turn);
    if (spec.points) {
      g.rect(0, 0, cols * cell, rows * cell).fill(WOOD);
      const line = { width: Math.max(1, cell * 0.03), color: LINE };
      const x = (c: number) => (c + 0.5) * cell;
      for (let r = 0; r < rows; r++) g.moveTo(x(0), x(r)).lineTo(x(cols - 1), x(r));
      for (let c = 0; c < cols; c++) {
        if (c === 0 || c === cols - 1) g.moveTo(x(c), x(0)).lineTo(x(c), x(rows - 1));
        else
          g.moveTo(x(c), x(0))
            .lineTo(x(c), x(4))
            .moveTo(x(c), x(5))
            .lineTo(x(c), x(rows - 1));
      }
      for (const top of [0, 7]) {
        g.moveTo(x(3), x(top))
          .lineTo(x(5), x(top + 2))
          .moveTo(x(5), x(top))
          .lineTo(x(3), x(top + 2));
      }
      g.stroke(line);
    } else {
      for (const c of allCoords(spec)) {
        const v = toView(spec, this.turn, c);
        g.rect(v.col * cell, v.row * cell, cell, cell).fill(
          (c.file + c.rank) % 2 === 0 ? DARK : LIGHT,
        );
      }
    }
    this.drawLabels();
  }

  /** File and rank names along the bottom and left edges of the board as turned. */
  private drawLabels(): void {
    const spec = this.spec!;
    const cell = this.cell;
    const size = Math.max(7, Math.round(cell * 0.2));
    const style = {
      fontFamily: ["DejaVu Sans", "sans-serif"],
      fontSize: size,
      fill: spec.points ? LINE : 0x2b2b2b,
    };
    const evenTurn = this.turn % 2 === 0;
    const bottom = new Map<number, { row: number; name: string }>();
    const left = new Map<number, { col: number; name: string }>();
    for (const c of allCoords(spec)) {
      const v = toView(spec, this.turn, c);
      const name = nameOf(spec, c);
      const b = bottom.get(v.col);
      if (!b || v.row > b.row) bottom.set(v.col, { row: v.row, name });
      const l = left.get(v.row);
      if (!l || v.col < l.col) left.set(v.row, { col: v.col, name });
    }
    const file = (n: string) => n.slice(0, 1);
    const rank = (n: string) => n.slice(1);
    for (const [col, { row, name }] of bottom) {
      const t = new Text({ text: evenTurn ? file(name) : rank(name), style });
      t.anchor.set(1, 1);
      t.position.set((col + 1) * cell - 2, (row + 1) * cell - 1);
      this.labelLayer.addChild(t);
    }
    for (const [row, { col, name }] of left) {
      const t = new Text({ text: evenTurn ? rank(name) : file(name), style });
      t.position.set(col * cell + 2, row * cell + 1);
      this.labelLayer.addChild(t);
    }
  }

  setHighlights(h: Highlights): void {
    this.highlights = h;
    this.drawMarks();
  }

  private drawMarks(): void {
    const g = this.markLayer.clear();
    if (!this.spec) return;
    const cell = this.cell;
    const h = this.highlights;
    const tint = (square: string, color: number, alpha: number) => {
      const c = this.squareCenter(square);
      if (!c) return;
      if (this.spec!.points) g.circle(c.x, c.y, cell * 0.47).fill({ color, alpha });
      else g.rect(c.x - cell / 2, c.y - cell / 2, cell, cell).fill({ color, alpha });
    };
    if (h.lastMove) {
      tint(h.lastMove.from, 0xf6e05e, 0.45);
      tint(h.lastMove.to, 0xf6e05e, 0.55);
    }
    if (h.selected) {
      tint(h.selected, 0x3fa7f5, 0.5);
      const c = this.squareCenter(h.selected);
      // On xiangqi points the piece covers the tint: ring it too.
      if (c && this.spec.points)
        g.circle(c.x, c.y, cell * 0.5).stroke({ width: cell * 0.07, color: 0x3fa7f5 });
    }
    for (const square of h.checks) {
      const c = this.squareCenter(square);
      if (c) g.circle(c.x, c.y, cell * 0.5).fill({ color: 0xff2a2a, alpha: 0.55 });
    }
    for (const d of h.destinations) {
      const c = this.squareCenter(d.square);
      if (!c) continue;
      if (d.capture)
        g.circle(c.x, c.y, cell * 0.44).stroke({ width: cell * 0.08, color: 0x1a1a1a, alpha: 0.4 });
      else g.circle(c.x, c.y, cell * 0.14).fill({ color: 0x1a1a1a, alpha: 0.35 });
    }
  }

  /** Brings the pieces to the state: slide moved ones, fade captured and new ones. */
  syncPieces(pieces: readonly PieceData[], now: number, animate = true): void {
    if (!this.spec) return;
    this.pieces = pieces;
    const seen = new Set<number>();
    for (const p of pieces) {
      seen.add(p.id);
      const at = this.squareCenter(p.square);
      if (!at) continue;
      let s = this.sprites.get(p.id);
      if (!s) {
        s = new PieceSprite(p.id, this.spec.game);
        s.draw(p.kind, p.color, this.cell, this.upsideDown(p.color));
        s.position.set(at.x, at.y);
        s.alpha = animate ? 0 : 1;
        this.sprites.set(p.id, s);
        this.pieceLayer.addChild(s);
        if (animate)
          this.motions.set(s, { x0: at.x, y0: at.y, x1: at.x, y1: at.y, t0: now, fade: 1 });
        continue;
      }
      s.draw(p.kind, p.color, this.cell, this.upsideDown(p.color));
      if (s === this.dragging) continue;
      if (Math.abs(s.x - at.x) > 0.5 || Math.abs(s.y - at.y) > 0.5) {
        if (animate) {
          this.motions.set(s, { x0: s.x, y0: s.y, x1: at.x, y1: at.y, t0: now, fade: 0 });
          this.pieceLayer.setChildIndex(s, this.pieceLayer.children.length - 1);
        } else s.position.set(at.x, at.y);
      }
    }
    for (const [id, s] of this.sprites) {
      if (seen.has(id)) continue;
      this.sprites.delete(id);
      if (animate) this.motions.set(s, { x0: s.x, y0: s.y, x1: s.x, y1: s.y, t0: now, fade: -1 });
      else s.destroy({ children: true });
    }
  }

  /** Advances slides and fades; call every frame. */
  update(now: number): void {
    for (const [s, m] of this.motions) {
      const t = Math.min(1, (now - m.t0) / (m.fade === 0 ? SLIDE_MS : FADE_MS));
      const e = 1 - (1 - t) ** 3;
      s.position.set(m.x0 + (m.x1 - m.x0) * e, m.y0 + (m.y1 - m.y0) * e);
      if (m.fade === 1) s.alpha = e;
      if (m.fade === -1) s.alpha = 1 - e;
      if (t < 1) continue;
      this.motions.delete(s);
      if (m.fade === -1) s.destroy({ children: true });
    }
  }

  /** Puts a dragged sprite back on its square (a drop that did not move it). */
  settle(sprite: PieceSprite): void {
    const p = this.pieces.find((x) => x.id === sprite.id);
    const at = p && this.squareCenter(p.square);
    if (at) sprite.position.set(at.x, at.y);
  }

  /** Whether a board with pieces is laid out (ready to be seen once rendered). */
  get showing(): boolean {
    return this.spec !== null && this.width > 0 && this.pieces.length > 0;
  }

  /** Whether any slide or fade is still running. */
  get animating(): boolean {
    return this.motions.size > 0;
  }
}
