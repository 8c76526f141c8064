/**
 * The board in Pixi: squares or lines, coordinates, highlights, pieces, and arrows and circles
 * over them. What is drawn is a function of the position (the pieces and their squares) and of
 * the animations in flight, each kept as "from where, since when" in board units: every frame,
 * and after every re-layout, each sprite is placed from those alone. So a resize, a rotation, a
 * late patch or a hidden tab can cut an animation short but never leave a piece half drawn or
 * missing.
 */
import { Container, Graphics } from "pixi.js";
import type { Piece, TrackedPiece } from "../../../shared/games/types";
import { Backdrop, marginOf } from "./backdrop";
import {
  allCoords,
  type BoardSpec,
  fromView,
  nameOf,
  parseName,
  toView,
  viewSize,
} from "./geometry";
import { onPieceLookChange } from "./look";
import { drawMarks, type Highlights, NO_HIGHLIGHTS } from "./marks";
import { PieceSprite, PieceTextures } from "./pieces";
import { drawShapes, type Shape, type ShapeLayer } from "./shapes";

export type { Highlights } from "./marks";

/** What a change of position did, for sounds and announcements. */
export interface PieceChange {
  readonly moved: number;
  readonly captured: number;
}

export const SLIDE_MS = 220;
export const FADE_MS = 220;
/** More pieces than this changing at once (a new game, a rejoin) are placed without animation. */
const MAX_ANIMATED = 4;

interface Point {
  readonly x: number;
  readonly y: number;
}

interface Motion {
  /** Where the slide starts, in board units (cells); null for a piece fading in where it is. */
  readonly from: Point | null;
  readonly t0: number;
}

interface Ghost {
  readonly sprite: PieceSprite;
  readonly at: Point;
  readonly t0: number;
}

const ease = (t: number) => 1 - (1 - t) ** 3;

export class BoardView {
  readonly root = new Container();
  private readonly backdrop: Backdrop;
  private readonly markLayer = new Graphics();
  private readonly ghostLayer = new Container();
  private readonly pieceLayer = new Container();
  private readonly topLayer = new Graphics();
  /** Arrows and circles, over everything else. */
  private readonly shapeLayer = new Graphics();
  private readonly textures: PieceTextures;
  private readonly sprites = new Map<number, PieceSprite>();
  private readonly motions = new Map<number, Motion>();
  private readonly ghosts = new Set<Ghost>();
  private spec: BoardSpec | null = null;
  private orientation = 0;
  /** Pieces of the far side drawn upside down (xiangqi laid flat on one device). */
  private flipFar = false;
  private cell = 40;
  private width = 0;
  private height = 0;
  private pieces: readonly TrackedPiece[] = [];
  private byId = new Map<number, TrackedPiece>();
  private highlights: Highlights = NO_HIGHLIGHTS;
  /** The keyboard cursor, while the board has focus. */
  private cursor: string | null = null;
  private shapeSets: Record<ShapeLayer, readonly Shape[]> = { user: [], engine: [] };
  /** The arrow the pointer is drawing, not yet let go. */
  private drawing: Shape | null = null;
  /** A sprite being dragged by the pointer: placed by the pointer, not by the position. */
  dragging: PieceSprite | null = null;
  /** A piece dropped on a square, shown there until the next position or `release`. */
  private held: { readonly id: number; readonly at: Point } | null = null;
  /** Multiplies animation lengths (1 = normal, 8 = slow motion); 0 turns animation off. */
  timeScale = 1;
  /** Called whenever what is drawn changed (the renderer then draws a frame). */
  onChange: (() => void) | null = null;
  /**
   * Called when the board, its turn, the pieces or the selection changed: what reads the board
   * beside the canvas (the accessible grid) follows at once.
   */
  onModel: (() => void) | null = null;

  constructor(resolution: () => number) {
    this.textures = new PieceTextures(resolution);
    this.backdrop = new Backdrop(this.textures);
    this.root.addChild(
      this.backdrop,
      this.markLayer,
      this.ghostLayer,
      this.pieceLayer,
      this.topLayer,
      this.shapeLayer,
    );
    // A new look (a setting) draws every piece again, until the board is let go.
    this.stopLook = onPieceLookChange(() => {
      this.textures.clear();
      this.layout();
    });
  }

  private readonly stopLook: () => void;

  /** Lets the board go: it no longer follows the look, and its textures are freed. */
  dispose(): void {
    this.stopLook();
    this.textures.clear();
  }

  get cellSize(): number {
    return this.cell;
  }

  /** Sets the game and the board's orientation (which way it is turned). */
  setBoard(spec: BoardSpec, orientation: number, flipFar = false): void {
    if (this.spec === spec && this.orientation === orientation && this.flipFar === flipFar) return;
    if (this.spec !== spec) {
      for (const s of this.sprites.values()) s.destroy();
      this.sprites.clear();
      this.pieces = [];
      this.byId.clear();
      // Shapes name squares of the board they were drawn on.
      this.shapeSets = { user: [], engine: [] };
      this.drawing = null;
    }
    // Slides are kept in view cells, which a turn of the board moves: finish them.
    this.finishAnimations();
    this.spec = spec;
    this.orientation = orientation;
    this.flipFar = flipFar;
    this.layout();
    this.onModel?.();
  }

  /** The board shown and how it is turned; null before one is set. */
  get board(): { readonly spec: BoardSpec; readonly orientation: number } | null {
    return this.spec && { spec: this.spec, orientation: this.orientation };
  }

  /** The pieces of the position shown. */
  get position(): readonly TrackedPiece[] {
    return this.pieces;
  }

  /** The square whose piece is picked up, if any. */
  get selectedSquare(): string | null {
    return this.highlights.selected;
  }

  resize(width: number, height: number): void {
    if (width === this.width && height === this.height) return;
    this.width = width;
    this.height = height;
    this.layout();
  }

  /** Width over height of the board as laid out, margins included. */
  get aspect(): number {
    if (!this.spec) return 1;
    const { cols, rows } = viewSize(this.spec, this.orientation);
    const m = marginOf(this.spec);
    return (cols + m.left + m.right) / (rows + m.top + m.bottom);
  }

  private layout(): void {
    const spec = this.spec;
    if (!spec || this.width === 0) return;
    const { cols, rows } = viewSize(spec, this.orientation);
    const m = marginOf(spec);
    const across = cols + m.left + m.right;
    const down = rows + m.top + m.bottom;
    this.cell = Math.max(8, Math.floor(Math.min(this.width / across, this.height / down)));
    this.root.position.set(
      Math.floor((this.width - across * this.cell) / 2 + m.left * this.cell),
      Math.floor((this.height - down * this.cell) / 2 + m.top * this.cell),
    );
    this.textures.setCell(this.cell);
    this.backdrop.draw(spec, this.orientation, this.cell);
    this.onChange?.();
    for (const s of this.sprites.values()) {
      s.kind = "";
      this.dress(s, this.byId.get(s.id));
    }
    for (const g of this.ghosts) {
      const look = { kind: g.sprite.kind, seat: g.sprite.seat };
      g.sprite.kind = "";
      this.dress(g.sprite, look);
    }
    this.drawMarks();
    this.drawShapes();
    this.place(performance.now());
  }

  private upsideDown(seat: number): boolean {
    return this.flipFar && seat === (this.orientation === 2 ? 0 : 1);
  }

  /** Gives a sprite the look of its piece (texture, size, which way up). */
  private dress(s: PieceSprite, p: Pick<Piece, "kind" | "seat"> | undefined): void {
    if (!p || !this.spec) return;
    if (s.kind !== p.kind || s.seat !== p.seat) {
      s.texture = this.textures.piece(this.spec.game, p.kind, p.seat);
      s.kind = p.kind;
      s.seat = p.seat;
    }
    s.rotation = this.upsideDown(p.seat) ? Math.PI : 0;
  }

  /** Centre of a square in board units (cells from the top left of the squares). */
  private unitsOf(square: string): Point | null {
    const spec = this.spec;
    const c = spec && parseName(spec, square);
    if (!spec || !c) return null;
    const v = toView(spec, this.orientation, c);
    return { x: v.col + 0.5, y: v.row + 0.5 };
  }

  /** Centre of a square in the root container's coordinates. */
  squareCenter(square: string): Point | null {
    const u = this.unitsOf(square);
    return u && { x: u.x * this.cell, y: u.y * this.cell };
  }

  /** Centre of a square in canvas coordinates (for tests and tools). */
  /** The grid of squares (margins left out) on the canvas, in CSS pixels; null before a board. */
  gridOnCanvas(): { x: number; y: number; width: number; height: number } | null {
    if (!this.spec || this.width === 0) return null;
    const { cols, rows } = viewSize(this.spec, this.orientation);
    return { x: this.root.x, y: this.root.y, width: cols * this.cell, height: rows * this.cell };
  }

  squareOnCanvas(square: string): Point | null {
    const c = this.squareCenter(square);
    return c && { x: c.x + this.root.x, y: c.y + this.root.y };
  }

  /** The square under a canvas point, or null off the board. */
  squareAt(x: number, y: number): string | null {
    const spec = this.spec;
    if (!spec) return null;
    const col = Math.floor((x - this.root.x) / this.cell);
    const row = Math.floor((y - this.root.y) / this.cell);
    const { cols, rows } = viewSize(spec, this.orientation);
    if (col < 0 || row < 0 || col >= cols || row >= rows) return null;
    const c = fromView(spec, this.orientation, { col, row });
    return c ? nameOf(spec, c) : null;
  }

  /** The next square from `square` in a screen direction, skipping cells off the board. */
  squareFrom(square: string | null, dx: number, dy: number): string | null {
    const spec = this.spec;
    if (!spec) return null;
    const { cols, rows } = viewSize(spec, this.orientation);
    const start = square ? this.unitsOf(square) : null;
    if (!start)
      return this.squareAt(
        this.root.x + (cols / 2) * this.cell,
        this.root.y + (rows - 0.5) * this.cell,
      );
    let col = Math.floor(start.x) + dx;
    let row = Math.floor(start.y) + dy;
    while (col >= 0 && row >= 0 && col < cols && row < rows) {
      const c = fromView(spec, this.orientation, { col, row });
      if (c) return nameOf(spec, c);
      col += dx;
      row += dy;
    }
    return square;
  }

  /** The names of every square of the board. */
  squareNames(): string[] {
    const spec = this.spec;
    return spec ? allCoords(spec).map((c) => nameOf(spec, c)) : [];
  }

  spriteAt(square: string): PieceSprite | null {
    const p = this.pieces.find((x) => x.square === square);
    return (p && this.sprites.get(p.id)) ?? null;
  }

  private drawMarks(): void {
    this.onChange?.();
    const under = this.markLayer.clear();
    const over = this.topLayer.clear();
    if (!this.spec) return;
    drawMarks(under, over, this.highlights, this.cursor, {
      points: this.spec.points,
      cell: this.cell,
      centre: (square) => this.squareCenter(square),
    });
  }

  setHighlights(h: Highlights): void {
    const selectionChanged = h.selected !== this.highlights.selected;
    this.highlights = h;
    this.drawMarks();
    if (selectionChanged) this.onModel?.();
  }

  /** Replaces one layer's arrows and circles (the engine's under the person's). */
  setShapes(layer: ShapeLayer, shapes: readonly Shape[]): void {
    this.shapeSets[layer] = [...shapes];
    this.drawShapes();
  }

  shapes(layer: ShapeLayer): readonly Shape[] {
    return this.shapeSets[layer];
  }

  /** The arrow being drawn, if any. */
  get drawingShape(): Shape | null {
    return this.drawing;
  }

  /** Shows the arrow being drawn (null: none), over the shapes already there. */
  setDrawing(shape: Shape | null): void {
    if (shape === this.drawing) return;
    this.drawing = shape;
    this.drawShapes();
  }

  private drawShapes(): void {
    this.onChange?.();
    const g = this.shapeLayer.clear();
    if (!this.spec) return;
    const { engine, user } = this.shapeSets;
    const all = this.drawing ? [...engine, ...user, this.drawing] : [...engine, ...user];
    drawShapes(g, all, { cell: this.cell, centre: (square) => this.squareCenter(square) });
  }

  get cursorSquare(): string | null {
    return this.cursor;
  }

  setCursor(square: string | null): void {
    if (square === this.cursor) return;
    this.cursor = square;
    this.drawMarks();
  }

  /**
   * Brings the board to a position: a piece that changed square slides from where it is now, a
   * piece that is gone fades out, a new one fades in. Without `animate` (or when many pieces
   * change at once) everything is placed at once.
   */
  syncPieces(pieces: readonly TrackedPiece[], now: number, animate = true): PieceChange {
    this.held = null;
    const before = this.byId;
    this.pieces = pieces;
    this.byId = new Map(pieces.map((p) => [p.id, p]));
    let moved = 0;
    let appeared = 0;
    for (const p of pieces) {
      const old = before.get(p.id);
      if (!old) appeared++;
      else if (old.square !== p.square) moved++;
    }
    let captured = 0;
    for (const id of before.keys()) if (!this.byId.has(id)) captured++;
    // Under reduced motion a move's slide and fades take no time: the pieces are placed at once.
    const reduced =
      typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
    const animated =
      animate &&
      !reduced &&
      this.timeScale > 0 &&
      this.sprites.size > 0 &&
      moved + appeared + captured <= MAX_ANIMATED;

    for (const [id, s] of this.sprites) {
      if (this.byId.has(id)) continue;
      this.sprites.delete(id);
      this.motions.delete(id);
      if (s === this.dragging) this.dragging = null;
      if (animated) {
        const at = this.currentPoint(s);
        this.pieceLayer.removeChild(s);
        this.ghostLayer.addChild(s);
        this.ghosts.add({ sprite: s, at, t0: now });
      } else s.destroy();
    }
    for (const p of pieces) {
      let s = this.sprites.get(p.id);
      const old = before.get(p.id);
      if (!s) {
        s = new PieceSprite(p.id);
        this.sprites.set(p.id, s);
        this.pieceLayer.addChild(s);
        if (animated) this.motions.set(p.id, { from: null, t0: now });
      } else if (animated && old && old.square !== p.square) {
        this.motions.set(p.id, { from: this.currentPoint(s), t0: now });
        // The moving piece passes over the others.
        this.pieceLayer.setChildIndex(s, this.pieceLayer.children.length - 1);
      } else if (!animated) this.motions.delete(p.id);
      this.dress(s, p);
    }
    if (!animated) this.finishAnimations();
    this.place(now);
    this.onModel?.();
    return { moved, captured };
  }

  /** Where a sprite is drawn now, in board units. */
  private currentPoint(s: PieceSprite): Point {
    return { x: s.x / this.cell, y: s.y / this.cell };
  }

  private finishAnimations(): void {
    this.motions.clear();
    for (const g of this.ghosts) g.sprite.destroy();
    this.ghosts.clear();
  }

  /** Places every sprite from the position and the animations in flight at time `now`. */
  private place(now: number): void {
    this.onChange?.();
    const cell = this.cell;
    const slideMs = SLIDE_MS * this.timeScale;
    const fadeMs = FADE_MS * this.timeScale;
    for (const [id, s] of this.sprites) {
      const p = this.byId.get(id);
      const target = p && this.unitsOf(p.square);
      if (!target) {
        s.visible = false;
        continue;
      }
      s.visible = true;
      let x = target.x;
      let y = target.y;
      let alpha = 1;
      const m = this.motions.get(id);
      if (m) {
        const t = Math.min(1, Math.max(0, (now - m.t0) / (m.from ? slideMs : fadeMs)));
        const e = ease(t);
        if (m.from) {
          x = m.from.x + (target.x - m.from.x) * e;
          y = m.from.y + (target.y - m.from.y) * e;
        } else alpha = e;
        if (t >= 1) this.motions.delete(id);
      }
      if (this.held?.id === id) {
        x = this.held.at.x;
        y = this.held.at.y;
      }
      s.alpha = alpha;
      if (s !== this.dragging) s.position.set(x * cell, y * cell);
    }
    for (const g of this.ghosts) {
      const t = Math.min(1, Math.max(0, (now - g.t0) / fadeMs));
      if (t >= 1) {
        this.ghosts.delete(g);
        g.sprite.destroy();
        continue;
      }
      g.sprite.alpha = 1 - ease(t);
      g.sprite.position.set(g.at.x * cell, g.at.y * cell);
    }
  }

  /** Advances slides and fades; called every frame. */
  update(now: number): void {
    if (this.motions.size > 0 || this.ghosts.size > 0) this.place(now);
  }

  /** Leaves a dragged piece on the square it was dropped on, until the answer comes. */
  hold(sprite: PieceSprite, square: string | null): void {
    if (this.dragging === sprite) this.dragging = null;
    const at = square && this.unitsOf(square);
    this.held = at ? { id: sprite.id, at } : null;
    if (!at) this.slideHome(sprite);
    this.place(performance.now());
  }

  /** Sends a held or dragged piece back to its square (the move was not made). */
  release(): void {
    const id = this.held?.id ?? this.dragging?.id;
    this.held = null;
    this.dragging = null;
    const s = id === undefined ? undefined : this.sprites.get(id);
    if (s) this.slideHome(s);
    this.place(performance.now());
  }

  private slideHome(s: PieceSprite): void {
    if (this.timeScale > 0)
      this.motions.set(s.id, { from: this.currentPoint(s), t0: performance.now() });
  }

  /** Whether a board with pieces is laid out (ready to be seen once rendered). */
  get showing(): boolean {
    return this.spec !== null && this.width > 0 && this.sprites.size > 0;
  }

  /** Whether any slide or fade is still running. */
  get animating(): boolean {
    return this.motions.size > 0 || this.ghosts.size > 0;
  }
}
