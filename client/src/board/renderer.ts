/**
 * The renderer that draws the board: created once, moved into whichever element shows the
 * board, resized with it. It draws on demand: a frame when something changed, and frame after
 * frame only while an animation runs or a piece is dragged, so a board at rest costs nothing
 * (a phone's battery, a software renderer's CPU).
 */
// The browser environment's extensions (pointer events, text…) are bundled with the board
// rather than fetched when the renderer starts.
import "pixi.js/browser";
import { Batcher, CanvasRenderer, Container, type Renderer } from "pixi.js";
import { BoardGrid } from "./grid";
import { attachInput, type BoardInputHandlers } from "./input";
import { BoardView } from "./view";

/**
 * The 2D canvas unless the page asks for WebGL (`?renderer=webgl`). A board is a few dozen
 * sprites drawn when something changes: the canvas draws that as fast as WebGL on any device,
 * starts sooner (no shaders to compile) and runs at full speed where WebGL falls back to
 * software rendering.
 */
async function createPixiRenderer(): Promise<Renderer> {
  const options = {
    backgroundAlpha: 0,
    antialias: true,
    resolution: Math.min(window.devicePixelRatio || 1, 2),
    autoDensity: true,
  };
  if (new URLSearchParams(location.search).get("renderer") === "webgl")
    return (await import("./webgl")).createWebGLRenderer(options);
  // Pixi's batcher would otherwise open a WebGL context just to ask how many textures a
  // batch may hold, which the canvas does not use; on a software renderer that costs ~0.3 s.
  Batcher.defaultOptions.maxTextures ??= 16;
  const pixi = new CanvasRenderer();
  await pixi.init(options);
  return pixi as unknown as Renderer;
}

export class BoardRenderer {
  readonly stage = new Container();
  readonly view = new BoardView(() => this.pixi?.resolution ?? 1);
  pixi: Renderer | null = null;
  private ready: Promise<void> | null = null;
  private observer: ResizeObserver | null = null;
  private detachInput: (() => void) | null = null;
  /** The board as a screen reader reads and plays it, while mounted. */
  private grid: BoardGrid | null = null;
  /** Called once, after the first frame that shows a board with its pieces has been rendered. */
  onFirstBoard: (() => void) | null = null;
  /** Called after every rendered frame (tools and tests sample the canvas here). */
  onFrame: (() => void) | null = null;
  /** After the board took a new size and was drawn at it: what is laid over it follows at once. */
  onResize: (() => void) | null = null;
  private frameRequested = false;
  private inFrame = false;

  /** The canvas the board is drawn on (once `init` is done). */
  get canvas(): HTMLCanvasElement {
    return this.pixi!.canvas as HTMLCanvasElement;
  }

  init(): Promise<void> {
    this.ready ??= (async () => {
      const pixi = await createPixiRenderer();
      this.pixi = pixi;
      this.canvas.setAttribute("aria-hidden", "true");
      this.canvas.classList.add("board-canvas");
      this.stage.addChild(this.view.root);
      this.stage.hitArea = pixi.screen;
      this.view.onChange = () => this.requestRender();
      performance.mark("pixi-ready");
      pixi.runners.postrender.add({
        postrender: () => {
          this.onFrame?.();
          if (!this.onFirstBoard || !this.view.showing) return;
          const done = this.onFirstBoard;
          this.onFirstBoard = null;
          done();
        },
      });
    })();
    return this.ready;
  }

  /** Draws a frame at the next display refresh (once, however often it is asked). */
  requestRender(): void {
    if (this.frameRequested || this.inFrame || !this.pixi) return;
    this.frameRequested = true;
    requestAnimationFrame(this.frame);
  }

  private readonly frame = (): void => {
    this.frameRequested = false;
    const pixi = this.pixi;
    if (!pixi) return;
    this.inFrame = true;
    try {
      this.view.update(performance.now());
      pixi.render(this.stage);
    } catch (e) {
      // A frame that fails must not stop the next ones (the animation would freeze).
      console.error("board frame failed", e);
    } finally {
      this.inFrame = false;
    }
    if (this.view.animating || this.view.dragging) this.requestRender();
  };

  /**
   * Shows the board inside `container`, following its size, with its accessible grid (named
   * `label`, or after the side at the bottom), whose cells take the keyboard's focus.
   */
  mount(container: HTMLElement, handlers: BoardInputHandlers, label: string | null = null): void {
    const pixi = this.pixi!;
    container.append(this.canvas);
    this.grid?.unmount();
    const grid = new BoardGrid(this.view, label);
    this.grid = grid;
    grid.mount(container);
    this.view.onModel = () => grid.sync();
    this.observer?.disconnect();
    const fitToContainer = () => {
      const w = Math.max(100, Math.floor(container.clientWidth));
      const h = Math.max(100, Math.floor(container.clientHeight));
      pixi.resize(w, h);
      this.view.resize(w, h);
      // Draw the new size now rather than at the next refresh: a resized canvas is blank
      // until drawn again.
      this.frame();
      grid.place();
      this.onResize?.();
    };
    this.observer = new ResizeObserver(fitToContainer);
    this.observer.observe(container);
    fitToContainer();
    this.detachInput?.();
    this.detachInput = attachInput(this.stage, container, this.view, handlers, grid);
  }

  /** Gives the keyboard's focus back to the board's grid, on the square of its cursor. */
  focusGrid(): void {
    this.grid?.focusCurrent();
  }

  /** Lets a board that is not shown again go (a rules page's diagram): its canvas and textures. */
  destroy(): void {
    this.unmount();
    this.view.dispose();
    this.pixi?.destroy();
    this.pixi = null;
  }

  unmount(): void {
    // Shapes belong to the screen they were drawn on.
    this.view.setShapes("user", []);
    this.view.setShapes("engine", []);
    this.observer?.disconnect();
    this.observer = null;
    this.onResize = null;
    this.detachInput?.();
    this.detachInput = null;
    this.view.onModel = null;
    this.grid?.unmount();
    this.grid = null;
    this.pixi?.canvas.remove();
  }
}
