/**
 * Input on the board. Pointer: a tap or click selects and moves; pressing on a piece and
 * dragging it carries the sprite and drops it on a square. Keyboard, once the board has focus:
 * the arrow keys move a cursor over the squares as the board is turned, Enter or Space picks
 * up and puts down like a tap, Escape lets go (and cancels a premove, as a right-click does).
 * The caller owns the UI state: it gets `tap` and `drop` and must call `view.release()` when a
 * drop did not send a move.
 */
import type { Container, FederatedPointerEvent } from "pixi.js";
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
): () => void {
  let down: { square: string; x: number; y: number; id: number } | null = null;
  let dragging = false;

  const onDown = (e: FederatedPointerEvent) => {
    // Only the main button picks up and moves; the right one cancels (the context menu below).
    if (e.button !== 0) {
      down = null;
      return;
    }
    const square = view.squareAt(e.global.x, e.global.y);
    down = square ? { square, x: e.global.x, y: e.global.y, id: e.pointerId } : null;
    dragging = false;
  };
  const onMove = (e: FederatedPointerEvent) => {
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
    if (!down || e.pointerId !== down.id) return;
    const from = down.square;
    down = null;
    const target = view.squareAt(e.global.x, e.global.y);
    if (dragging) {
      const s = view.dragging;
      dragging = false;
      if (s) view.hold(s, target);
      h.drop(from, target);
    } else if (target) h.tap(target);
  };
  const onCancel = () => {
    view.release();
    dragging = false;
    down = null;
  };
  const onKey = (e: KeyboardEvent) => {
    const arrow = ARROWS[e.key];
    if (arrow) {
      e.preventDefault();
      const next = view.squareFrom(view.cursorSquare, arrow[0], arrow[1]);
      if (next) {
        view.setCursor(next);
        h.cursor(next);
      }
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      const square = view.cursorSquare ?? view.squareFrom(null, 0, 0);
      if (!square) return;
      view.setCursor(square);
      h.tap(square);
    } else if (e.key === "Escape") h.cancel();
  };
  // A click also focuses the board: the cursor shows only when focus came another way.
  let pointerFocus = false;
  const onPointerDown = () => {
    pointerFocus = true;
  };
  const onFocus = () => {
    if (pointerFocus) {
      pointerFocus = false;
      return;
    }
    const square = view.cursorSquare ?? view.squareFrom(null, 0, 0);
    if (!square) return;
    view.setCursor(square);
    h.cursor(square);
  };
  const onBlur = () => {
    pointerFocus = false;
    view.setCursor(null);
  };
  const onContextMenu = (e: MouseEvent) => {
    e.preventDefault();
    if (dragging) onCancel();
    h.cancel();
  };

  stage.eventMode = "static";
  stage.on("pointerdown", onDown);
  stage.on("globalpointermove", onMove);
  stage.on("pointerup", onUp);
  stage.on("pointerupoutside", onUp);
  stage.on("pointercancel", onCancel);
  focusable.addEventListener("pointerdown", onPointerDown, true);
  focusable.addEventListener("keydown", onKey);
  focusable.addEventListener("focus", onFocus);
  focusable.addEventListener("blur", onBlur);
  focusable.addEventListener("contextmenu", onContextMenu);
  return () => {
    stage.off("pointerdown", onDown);
    stage.off("globalpointermove", onMove);
    stage.off("pointerup", onUp);
    stage.off("pointerupoutside", onUp);
    stage.off("pointercancel", onCancel);
    focusable.removeEventListener("pointerdown", onPointerDown, true);
    focusable.removeEventListener("keydown", onKey);
    focusable.removeEventListener("focus", onFocus);
    focusable.removeEventListener("blur", onBlur);
    focusable.removeEventListener("contextmenu", onContextMenu);
  };
}
