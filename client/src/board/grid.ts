/**
 * The board as a screen reader reads it, beside the canvas and in step with it: a grid
 * (`role="grid"`) of one cell per square (160 on the cross board, 90 in xiangqi), in rows as the
 * board is turned on screen, each cell named in the reader's language ("h2, Red pawn", "e5,
 * empty"; in xiangqi the palaces and the river banks too). Cells lie over their squares,
 * transparent and letting the pointer through, so that a focused cell's outline is drawn on its
 * square. One cell at a time takes Tab (a roving tabindex); the arrow keys, Enter, Space and
 * Escape are the board's own keys (`input.ts`), which move the focus here through `focus`.
 */
import "./grid.css";
import type { TrackedPiece } from "../../../shared/games/types";
import { gameSeatColor, pieceName, t } from "../i18n";
import { type BoardSpec, fromView, nameOf, orientationFor, viewSize } from "./geometry";
import type { BoardView } from "./view";

/** A piece named in the reader's language: "Red pawn", "grey knight". */
export function pieceWords(game: string, p: Pick<TrackedPiece, "kind" | "seat">): string {
  const piece = pieceName(game, p.kind);
  if (p.seat < 0) return t("grid.greyPiece", { piece });
  return t("grid.piece", { color: gameSeatColor(game, p.seat), piece });
}

/** Where a xiangqi square lies, when that matters to the rules: a palace or a river bank. */
function xiangqiPlace(file: number, rank: number): string | null {
  const side = rank <= 4 ? 0 : 1;
  const color = gameSeatColor("xiangqi", side);
  if (file >= 3 && file <= 5 && (rank <= 2 || rank >= 7)) return t("grid.palace", { color });
  if (rank === 4 || rank === 5) return t("grid.river", { color });
  return null;
}

/** A square's name as the grid reads it. */
export function cellWords(
  spec: BoardSpec,
  file: number,
  rank: number,
  piece: Pick<TrackedPiece, "kind" | "seat"> | undefined,
): string {
  const square = nameOf(spec, { file, rank });
  const content = piece ? pieceWords(spec.game, piece) : t("grid.empty");
  const place = spec.game === "xiangqi" ? xiangqiPlace(file, rank) : null;
  return place ? t("grid.cellAt", { square, content, place }) : t("grid.cell", { square, content });
}

interface Cell {
  readonly element: HTMLElement;
  readonly file: number;
  readonly rank: number;
  readonly col: number;
  readonly row: number;
}

export class BoardGrid {
  readonly element: HTMLElement;
  private readonly keys: HTMLElement;
  private cells = new Map<string, Cell>();
  /** The board and turn the cells were built for. */
  private built = "";
  /** The cell that takes Tab. */
  private current: string | null = null;
  private placedAt = "";

  constructor(
    private readonly view: BoardView,
    private readonly label: string | null,
  ) {
    this.element = document.createElement("div");
    this.element.className = "board-grid";
    this.element.setAttribute("role", "grid");
    this.keys = document.createElement("p");
    this.keys.className = "sr-only";
    this.keys.id = `board-keys-${Math.random().toString(36).slice(2, 10)}`;
    this.element.setAttribute("aria-describedby", this.keys.id);
  }

  /** Puts the grid (and its keys' description) into the board's element. */
  mount(container: HTMLElement): void {
    container.prepend(this.element, this.keys);
    this.sync();
  }

  unmount(): void {
    this.element.remove();
    this.keys.remove();
  }

  /** Follows the view: its board and turn, the pieces, the piece picked up. */
  sync(): void {
    const board = this.view.board;
    if (!board) return;
    const { spec, orientation } = board;
    const key = `${spec.game}:${orientation}`;
    if (key !== this.built) this.build(spec, orientation, key);
    const bySquare = new Map<string, TrackedPiece>();
    for (const p of this.view.position) bySquare.set(p.square, p);
    const selected = this.view.selectedSquare;
    for (const [square, cell] of this.cells) {
      const words = cellWords(spec, cell.file, cell.rank, bySquare.get(square));
      if (cell.element.textContent !== words) cell.element.textContent = words;
      const picked = square === selected ? "true" : "false";
      if (cell.element.getAttribute("aria-selected") !== picked)
        cell.element.setAttribute("aria-selected", picked);
    }
    this.place();
  }

  /** Moves the focus to a square's cell (the board's keys moved the cursor there). */
  focus(square: string): void {
    const cell = this.cells.get(square);
    if (!cell) return;
    this.setCurrent(square);
    if (document.activeElement !== cell.element) cell.element.focus({ preventScroll: true });
  }

  /** Focuses the cell that takes Tab. */
  focusCurrent(): void {
    if (this.current) this.focus(this.current);
  }

  /** The square of a cell, or null for anything else. */
  squareOf(target: EventTarget | null): string | null {
    if (!(target instanceof HTMLElement) || !this.element.contains(target)) return null;
    return target.dataset.square ?? null;
  }

  /** Lays the cells over their squares on the canvas (after a resize or a turn). */
  place(): void {
    const area = this.view.gridOnCanvas();
    const board = this.view.board;
    if (!area || !board) return;
    const size = this.view.cellSize;
    const at = `${area.x}:${area.y}:${size}:${this.built}`;
    if (at === this.placedAt) return;
    this.placedAt = at;
    for (const cell of this.cells.values()) {
      const s = cell.element.style;
      s.left = `${area.x + cell.col * size}px`;
      s.top = `${area.y + cell.row * size}px`;
      s.width = `${size}px`;
      s.height = `${size}px`;
    }
  }

  private build(spec: BoardSpec, orientation: number, key: string): void {
    this.built = key;
    this.placedAt = "";
    // A board turned while a cell had the keyboard keeps it, on the same square.
    const hadFocus = this.element.contains(document.activeElement);
    this.element.replaceChildren();
    this.cells.clear();
    const { cols, rows } = viewSize(spec, orientation);
    this.element.setAttribute("aria-rowcount", String(rows));
    this.element.setAttribute("aria-colcount", String(cols));
    // The side at the bottom names the grid, as the board is turned.
    const bottomSeat = [0, 1, 2, 3].find((s) => orientationFor(spec, s) === orientation) ?? 0;
    const bottom = gameSeatColor(spec.game, bottomSeat);
    this.element.setAttribute("aria-label", this.label ?? t("grid.label", { color: bottom }));
    this.keys.textContent = t("grid.keys");
    for (let row = 0; row < rows; row++) {
      const line = document.createElement("div");
      line.setAttribute("role", "row");
      line.setAttribute("aria-rowindex", String(row + 1));
      for (let col = 0; col < cols; col++) {
        const c = fromView(spec, orientation, { col, row });
        if (!c) continue;
        const square = nameOf(spec, c);
        const element = document.createElement("div");
        element.setAttribute("role", "gridcell");
        element.setAttribute("aria-colindex", String(col + 1));
        element.tabIndex = -1;
        element.dataset.square = square;
        line.append(element);
        this.cells.set(square, { element, file: c.file, rank: c.rank, col, row });
      }
      this.element.append(line);
    }
    const start = this.current && this.cells.has(this.current) ? this.current : null;
    this.setCurrent(start ?? this.view.squareFrom(null, 0, 0) ?? this.cells.keys().next().value!);
    if (hadFocus) this.focusCurrent();
  }

  private setCurrent(square: string): void {
    if (this.current === square && this.cells.get(square)?.element.tabIndex === 0) return;
    const before = this.current ? this.cells.get(this.current) : undefined;
    if (before) before.element.tabIndex = -1;
    this.current = square;
    const cell = this.cells.get(square);
    if (cell) cell.element.tabIndex = 0;
  }
}
