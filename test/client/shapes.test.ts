/**
 * Arrows and circles drawn with the right button: the colour each modifier gives, drawing a
 * shape again, and the pointer gestures through the board's input (a right-drag, a right-click,
 * a right-click while a premove is queued, a left press, the context menu), on a board of
 * 40-pixel squares standing in for the Pixi view.
 */
import type { Container, FederatedPointerEvent } from "pixi.js";
import { describe, expect, it } from "vitest";
import { attachInput, type BoardInputHandlers } from "../../client/src/board/input";
import {
  colorFor,
  gestureShape,
  type Shape,
  type ShapeLayer,
  toggleShape,
} from "../../client/src/board/shapes";
import type { BoardView } from "../../client/src/board/view";

const mods = (shiftKey = false, altKey = false, ctrlKey = false, metaKey = false) => ({
  shiftKey,
  altKey,
  ctrlKey,
  metaKey,
});

describe("shape colours and toggling", () => {
  it("gives green without a modifier, red with Shift, blue with Alt or Ctrl, yellow with both", () => {
    expect(colorFor(mods())).toBe("green");
    expect(colorFor(mods(true))).toBe("red");
    expect(colorFor(mods(false, true))).toBe("blue");
    expect(colorFor(mods(false, false, true))).toBe("blue");
    expect(colorFor(mods(false, false, false, true))).toBe("blue");
    expect(colorFor(mods(true, true))).toBe("yellow");
    expect(colorFor(mods(true, false, true))).toBe("yellow");
  });

  it("makes a circle of a release where the press was, an arrow elsewhere, nothing off the board", () => {
    expect(gestureShape("e2", "e2", "green")).toEqual({ from: "e2", color: "green" });
    expect(gestureShape("e2", "e4", "red")).toEqual({ from: "e2", to: "e4", color: "red" });
    expect(gestureShape("e2", null, "green")).toBeNull();
  });

  it("adds a shape, takes it away when drawn again, and recolours it in another colour", () => {
    const arrow: Shape = { from: "e2", to: "e4", color: "green" };
    const circle: Shape = { from: "e2", color: "green" };
    let shapes = toggleShape([], arrow);
    expect(shapes).toEqual([arrow]);
    // A circle on the arrow's square and the arrow the other way are shapes of their own.
    shapes = toggleShape(shapes, circle);
    shapes = toggleShape(shapes, { from: "e4", to: "e2", color: "green" });
    expect(shapes).toHaveLength(3);
    shapes = toggleShape(shapes, { ...arrow, color: "blue" });
    expect(shapes).toHaveLength(3);
    expect(shapes.find((s) => s.from === "e2" && s.to === "e4")?.color).toBe("blue");
    shapes = toggleShape(shapes, { ...arrow, color: "blue" });
    expect(shapes).toEqual([circle, { from: "e4", to: "e2", color: "green" }]);
    expect(toggleShape(shapes, circle)).toEqual([{ from: "e4", to: "e2", color: "green" }]);
  });
});

/** A board of 8×8 squares of 40 px ("a1" top left, "h8" bottom right), and what was drawn. */
function fakeBoard() {
  const layers: Record<ShapeLayer, readonly Shape[]> = { user: [], engine: [] };
  let drawing: Shape | null = null;
  const previews: (Shape | null)[] = [];
  const view = {
    root: { x: 0, y: 0 },
    dragging: null,
    cursorSquare: null,
    squareAt(x: number, y: number): string | null {
      const col = Math.floor(x / 40);
      const row = Math.floor(y / 40);
      if (col < 0 || row < 0 || col > 7 || row > 7) return null;
      return `${String.fromCharCode(97 + col)}${row + 1}`;
    },
    shapes: (layer: ShapeLayer) => layers[layer],
    setShapes(layer: ShapeLayer, shapes: readonly Shape[]) {
      layers[layer] = [...shapes];
    },
    get drawingShape() {
      return drawing;
    },
    setDrawing(shape: Shape | null) {
      if (shape !== drawing) previews.push(shape);
      drawing = shape;
    },
    release: () => undefined,
    setCursor: () => undefined,
    spriteAt: () => null,
    hold: () => undefined,
  };
  return { view: view as unknown as BoardView, layers, previews };
}

/** The centre of a square of the fake board. */
const at = (square: string) => ({
  x: (square.charCodeAt(0) - 97) * 40 + 20,
  y: (Number(square.slice(1)) - 1) * 40 + 20,
});

function rig(premove = false) {
  const board = fakeBoard();
  const handlers = new Map<string, (e: FederatedPointerEvent) => void>();
  const stage = {
    eventMode: "none",
    on: (name: string, fn: (e: FederatedPointerEvent) => void) => handlers.set(name, fn),
    off: (name: string) => handlers.delete(name),
  };
  const focusable = new EventTarget();
  const calls = { cancel: 0, taps: [] as string[] };
  const state = { premove };
  const h: BoardInputHandlers = {
    tap: (square) => calls.taps.push(square),
    drop: () => undefined,
    canDrag: () => false,
    cursor: () => undefined,
    cancel: () => {
      calls.cancel++;
      state.premove = false;
    },
    premoveQueued: () => state.premove,
  };
  const detach = attachInput(
    stage as unknown as Container,
    focusable as unknown as HTMLElement,
    board.view,
    h,
    { focus: () => undefined, squareOf: () => null },
  );
  const fire = (
    name: string,
    square: string | null,
    button: number,
    more: Partial<ReturnType<typeof mods>> & { pointerType?: string } = {},
  ) => {
    const p = square ? at(square) : { x: 999, y: 999 };
    handlers.get(name)?.({
      button,
      pointerId: 1,
      pointerType: "mouse",
      global: p,
      ...mods(),
      ...more,
    } as unknown as FederatedPointerEvent);
  };
  /** A right-button gesture: pressed on `from`, moved over `via`, released on `to`. */
  const right = (from: string, to: string | null, via: string[] = [], shift = false) => {
    fire("pointerdown", from, 2, { shiftKey: shift });
    for (const s of [...via, to]) fire("globalpointermove", s, -1);
    fire("pointerup", to, 2);
  };
  const left = (square: string) => {
    fire("pointerdown", square, 0);
    fire("pointerup", square, 0);
  };
  return { ...board, calls, state, fire, right, left, focusable, detach, handlers };
}

describe("drawing with the right button", () => {
  it("draws an arrow by a right-drag, following the pointer, and takes it away drawn again", () => {
    const r = rig();
    r.right("b2", "d5", ["c3", "c4"]);
    expect(r.layers.user).toEqual([{ from: "b2", to: "d5", color: "green" }]);
    // While dragging the arrow went from square to square; let go, it is no longer a preview.
    expect(r.previews.map((s) => s?.to ?? null)).toEqual(["c3", "c4", "d5", null]);
    // A drag neither taps nor cancels anything.
    expect(r.calls).toEqual({ cancel: 0, taps: [] });
    r.right("b2", "d5");
    expect(r.layers.user).toEqual([]);
  });

  it("draws a circle by a right-click, red with Shift, and keeps several shapes", () => {
    const r = rig();
    r.right("e4", "e4");
    r.right("a1", "h8", [], true);
    expect(r.layers.user).toEqual([
      { from: "e4", color: "green" },
      { from: "a1", to: "h8", color: "red" },
    ]);
    // A right-click drops the selection, as it did before shapes.
    expect(r.calls.cancel).toBe(1);
  });

  it("cancels a queued premove by a right-click, drawing nothing; the next right-click draws", () => {
    const r = rig(true);
    r.right("c3", "c3");
    expect(r.calls.cancel).toBe(1);
    expect(r.state.premove).toBe(false);
    expect(r.layers.user).toEqual([]);
    r.right("c3", "c3");
    expect(r.layers.user).toEqual([{ from: "c3", color: "green" }]);
  });

  it("leaves a queued premove alone when drawing an arrow", () => {
    const r = rig(true);
    r.right("c3", "c5", ["c4"]);
    expect(r.state.premove).toBe(true);
    expect(r.calls.cancel).toBe(0);
    expect(r.layers.user).toEqual([{ from: "c3", to: "c5", color: "green" }]);
  });

  it("draws nothing when let go off the board", () => {
    const r = rig();
    r.right("c3", null, ["c4"]);
    expect(r.layers.user).toEqual([]);
    expect(r.previews.at(-1)).toBeNull();
  });

  it("clears the person's shapes at a left press, and leaves the engine's", () => {
    const r = rig();
    r.view.setShapes("engine", [{ from: "a2", to: "a4", color: "engine" }]);
    r.right("e4", "e4");
    r.right("b1", "c3");
    expect(r.layers.user).toHaveLength(2);
    r.left("h8");
    expect(r.layers.user).toEqual([]);
    expect(r.layers.engine).toHaveLength(1);
    expect(r.calls.taps).toEqual(["h8"]);
  });

  it("keeps the context menu shut, and a right-click off the squares still cancels", () => {
    const r = rig(true);
    const menu = new Event("contextmenu", { cancelable: true });
    r.focusable.dispatchEvent(menu);
    expect(menu.defaultPrevented).toBe(true);
    // The menu event alone cancels nothing: the right button's release decides.
    expect(r.calls.cancel).toBe(0);
    r.fire("pointerdown", null, 2);
    r.fire("pointerup", null, 2);
    expect(r.calls.cancel).toBe(1);
    expect(r.layers.user).toEqual([]);
  });

  it("does nothing with a touch, and stops listening once detached", () => {
    const r = rig();
    r.fire("pointerdown", "d4", 2, { pointerType: "touch" });
    r.fire("pointerup", "d4", 2, { pointerType: "touch" });
    expect(r.layers.user).toEqual([]);
    r.detach();
    expect(r.handlers.size).toBe(0);
  });
});
