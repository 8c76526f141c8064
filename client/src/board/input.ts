/**
 * Input on the board. Pointer: a tap or click selects and moves; pressing on a piece and
 * dragging it carries the sprite and drops it on a square. Keyboard, once a cell of the board's
 * accessible grid has focus (`grid.ts`): the arrow keys move a cursor, and the focus with it,
 * over the squares as the board is turned, Enter or Space picks up and puts down like a tap,
 * Escape lets go (and cancels a premove, as a right-click does).
 * The caller owns the UI state: it gets `tap` and `drop` and must call `view.release()` when a
 * drop did not send a move.
 *
 * The right button (a mouse's, a pen's barrel button) draws, as on lichess: dragged from one
 * square to another, an arrow; pressed and released on one square, a circle; the same shape
 * again takes it away; Shift, Alt or Ctrl choose its colour (`shapes.ts`). A right-click keeps
 * its older meaning first: it drops the selection, and when a premove is queued it cancels that
 * and draws nothing; a right-drag never cancels. A left press on the board clears the shapes.
 * The board never opens the context menu. Touch has no right button: nothing changes there.
 */
import type { Container, FederatedPointerEvent } from "pixi.js";
import type { BoardGrid } from "./grid";
import { colorFor, gestureShape, type Shape, type ShapeColor, toggleShape } from "./shapes";
import type { BoardView } from "./view";

const DRAG_THRESHOLD = 6;

export interface BoardInputHandlers {
  tap(square: string): void;
  drop(from: string, to: string | null): void;
  /** Whether a drag may start from this square (a piece this client can move). */
  canDrag(square: string): boolean;
  /** The keyboard cursor moved to a square (to announce it). */
  cursor(square: string): void;
  /** Escape or a right-click: drop the selection and a queued premove. */
  cancel(): void;
  /** Whether a premove is queued: a right-click then cancels it instead of drawing a circle. */
  premoveQueued(): boolean;
}

const ARROWS: Readonly<Record<string, readonly [number, number]>> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

export function attachInput(
  stage: Container,
  focusable: HTMLElement,
  view: BoardView,
  h: BoardInputHandlers,
  grid: Pick<BoardGrid, "focus" | "squareOf">,
): () => void {
  let down: { square: string; x: number; y: number; id: number } | null = null;
  /** While a press of the pointer moves the focus to its square. */
  let pointerFocus = false;
  let dragging = false;
  /**
   * A right-button press that draws a shape when let go, in the colour chosen as it began;
   * `from` null when pressed beside the squares (a right-click there only cancels).
   */
  let drawing: { from: string | null; color: ShapeColor; id: number } | null = null;

  const stopDrawing = () => {
    drawing = null;
    view.setDrawing(null);
  };

  const onDown = (e: FederatedPointerEvent) => {
    if (e.button === 2 && e.pointerType !== "touch") {
      drawing = {
        from: view.squareAt(e.global.x, e.global.y),
        color: colorFor(e),
        id: e.pointerId,
      };
      return;
    }
    // Only the main button picks up and moves.
    if (e.button !== 0) {
      down = null;
      return;
    }
    stopDrawing();
    if (view.shapes("user").length > 0) view.setShapes("user", []);
    const square = view.squareAt(e.global.x, e.global.y);
    down = square ? { square, x: e.global.x, y: e.global.y, id: e.pointerId } : null;
    dragging = false;
  };
  const onMove = (e: FederatedPointerEvent) => {
    if (drawing && e.pointerId === drawing.id) {
      // The arrow follows the pointer from square to square.
      const { from, color } = drawing;
      const to = view.squareAt(e.global.x, e.global.y);
      if (from === null || to === (view.drawingShape?.to ?? from)) return;
      view.setDrawing(to && to !== from ? { from, to, color } : null);
      return;
    }
    if (!down || e.pointerId !== down.id) return;
    if (!dragging) {
      if (Math.hypot(e.global.x - down.x, e.global.y - down.y) < DRAG_THRESHOLD) return;
      const sprite = h.canDrag(down.square) ? view.spriteAt(down.square) : null;
      if (!sprite) return;
      dragging = true;
      view.dragging = sprite;
      sprite.parent?.setChildIndex(sprite, sprite.parent.children.length - 1);
    }
    const s = view.dragging;
    if (s) {
      s.position.set(e.global.x - view.root.x, e.global.y - view.root.y);
      view.onChange?.();
    }
  };
  const onUp = (e: FederatedPointerEvent) => {
    if (e.button === 2) {
      if (drawing && e.pointerId === drawing.id) endDrawing(drawing, e);
      return;
    }
    if (!down || e.pointerId !== down.id) return;
    const from = down.square;
    down = null;
    const target = view.squareAt(e.global.x, e.global.y);
    // The keys go on from the square let go on (Escape cancels, the arrows move from there);
    // the cursor stays hidden until a key is used. (Not on the press: the browser's own focus
    // change on mousedown comes after it.)
    if (target) {
      pointerFocus = true;
      grid.focus(target);
      pointerFocus = false;
    }
    if (dragging) {
      const s = view.dragging;
      dragging = false;
      if (s) view.hold(s, target);
      h.drop(from, target);
    } else if (target) h.tap(target);
  };
  const endDrawing = (d: NonNullable<typeof drawing>, e: FederatedPointerEvent) => {
    stopDrawing();
    const to = view.squareAt(e.global.x, e.global.y);
    if (d.from === null) {
      if (to === null) h.cancel();
      return;
    }
    const shape: Shape | null = gestureShape(d.from, to, d.color);
    if (!shape) return;
    if (shape.to === undefined) {
      // A right-click: the selection goes, and a queued premove goes instead of a circle.
      const premove = h.premoveQueued();
      h.cancel();
      if (premove) return;
    }
    view.setShapes("user", toggleShape(view.shapes("user"), shape));
  };
  const onCancel = () => {
    view.release();
    stopDrawing();
    dragging = false;
    down = null;
  };
  const onKey = (e: KeyboardEvent) => {
    if (grid.squareOf(e.target) === null) return;
    const arrow = ARROWS[e.key];
    if (arrow) {
      e.preventDefault();
      const next = view.squareFrom(
        view.cursorSquare ?? grid.squareOf(e.target),
        arrow[0],
        arrow[1],
      );
      if (next) {
        view.setCursor(next);
        grid.focus(next);
        h.cursor(next);
      }
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      const square = view.cursorSquare ?? grid.squareOf(e.target) ?? view.squareFrom(null, 0, 0);
      if (!square) return;
      view.setCursor(square);
      h.tap(square);
    } else if (e.key === "Escape") h.cancel();
  };
  // A cell of the grid took the focus (Tab, a screen reader's own moves): the cursor follows,
  // unless the pointer put it there.
  const onFocus = (e: FocusEvent) => {
    const square = grid.squareOf(e.target);
    if (!square || pointerFocus) return;
    view.setCursor(square);
    grid.focus(square);
  };
  const onBlur = (e: FocusEvent) => {
    if (grid.squareOf(e.relatedTarget) === null) view.setCursor(null);
  };
  const onContextMenu = (e: MouseEvent) => {
    // The right button draws (above); the menu would cover the board.
    e.preventDefault();
    // The right button pressed while the left one carries a piece: the piece goes back.
    if (down) {
      onCancel();
      h.cancel();
    }
  };

  stage.eventMode = "static";
  stage.on("pointerdown", onDown);
  stage.on("globalpointermove", onMove);
  stage.on("pointerup", onUp);
  stage.on("pointerupoutside", onUp);
  stage.on("pointercancel", onCancel);
  focusable.addEventListener("keydown", onKey);
  focusable.addEventListener("focusin", onFocus);
  focusable.addEventListener("focusout", onBlur);
  focusable.addEventListener("contextmenu", onContextMenu);
  return () => {
    stage.off("pointerdown", onDown);
    stage.off("globalpointermove", onMove);
    stage.off("pointerup", onUp);
    stage.off("pointerupoutside", onUp);
    stage.off("pointercancel", onCancel);
    focusable.removeEventListener("keydown", onKey);
    focusable.removeEventListener("focusin", onFocus);
    focusable.removeEventListener("focusout", onBlur);
    focusable.removeEventListener("contextmenu", onContextMenu);
  };
}
