/**
 * Pointer input on the board: a tap or click selects and moves; pressing on a piece and
 * dragging it carries the sprite and drops it on a square. Translates pointer events into the
 * board UI's `tap` and `drop`; the caller owns the UI state.
 */
import type { Container, FederatedPointerEvent } from "pixi.js";
import type { BoardView } from "./view";

const DRAG_THRESHOLD = 6;

export interface BoardInputHandlers {
  tap(square: string): void;
  drop(from: string, to: string | null): void;
  /** Whether a drag may start from this square (a piece this client can move). */
  canDrag(square: string): boolean;
}

export function attachInput(stage: Container, view: BoardView, h: BoardInputHandlers): () => void {
  let down: { square: string; x: number; y: number; id: number } | null = null;
  let dragging = false;

  const onDown = (e: FederatedPointerEvent) => {
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
    if (s) s.position.set(e.global.x - view.root.x, e.global.y - view.root.y);
  };
  const onUp = (e: FederatedPointerEvent) => {
    if (!down || e.pointerId !== down.id) return;
    const from = down.square;
    down = null;
    const target = view.squareAt(e.global.x, e.global.y);
    if (dragging) {
      const s = view.dragging;
      view.dragging = null;
      dragging = false;
      if (s) view.settle(s);
      h.drop(from, target);
    } else if (target) h.tap(target);
  };
  const onCancel = () => {
    if (view.dragging) view.settle(view.dragging);
    view.dragging = null;
    dragging = false;
    down = null;
  };

  stage.eventMode = "static";
  stage.on("pointerdown", onDown);
  stage.on("globalpointermove", onMove);
  stage.on("pointerup", onUp);
  stage.on("pointerupoutside", onUp);
  stage.on("pointercancel", onCancel);
  return () => {
    stage.off("pointerdown", onDown);
    stage.off("globalpointermove", onMove);
    stage.off("pointerup", onUp);
    stage.off("pointerupoutside", onUp);
    stage.off("pointercancel", onCancel);
  };
}
