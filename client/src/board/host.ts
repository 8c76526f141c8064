/**
 * The Pixi application that draws the board: created once, moved into whichever element shows
 * the board, resized with it, ticking the view's animations.
 */
import { Application } from "pixi.js";
import { attachInput, type BoardInputHandlers } from "./input";
import { BoardView } from "./view";

export class BoardHost {
  readonly app = new Application();
  readonly view = new BoardView();
  private ready: Promise<void> | null = null;
  private observer: ResizeObserver | null = null;
  private detachInput: (() => void) | null = null;
  /** Called once, after the first frame that shows a board with its pieces has been rendered. */
  onFirstBoard: (() => void) | null = null;

  init(): Promise<void> {
    this.ready ??= (async () => {
      await this.app.init({
        backgroundAlpha: 0,
        antialias: true,
        resolution: Math.min(window.devicePixelRatio || 1, 2),
        autoDensity: true,
        preference:
          (new URLSearchParams(location.search).get("renderer") as "webgl" | "canvas" | null) ??
          "webgl",
      });
      this.app.canvas.setAttribute("aria-hidden", "true");
      this.app.canvas.classList.add("board-canvas");
      this.app.stage.addChild(this.view.root);
      this.app.stage.hitArea = this.app.screen;
      this.app.ticker.add(() => this.view.update(performance.now()));
      performance.mark("pixi-ready");
      this.app.renderer.runners.postrender.add({
        postrender: () => {
          if (!this.onFirstBoard || !this.view.showing) return;
          const done = this.onFirstBoard;
          this.onFirstBoard = null;
          done();
        },
      });
    })();
    return this.ready;
  }

  /** Shows the board inside `container`, following its size. */
  mount(container: HTMLElement, handlers: BoardInputHandlers): void {
    container.append(this.app.canvas);
    this.observer?.disconnect();
    const fitToContainer = () => {
      const w = Math.max(100, Math.floor(container.clientWidth));
      const h = Math.max(100, Math.floor(container.clientHeight));
      this.app.renderer.resize(w, h);
      this.view.resize(w, h);
    };
    this.observer = new ResizeObserver(fitToContainer);
    this.observer.observe(container);
    fitToContainer();
    this.detachInput?.();
    this.detachInput = attachInput(this.app.stage, this.view, handlers);
  }

  unmount(): void {
    this.observer?.disconnect();
    this.observer = null;
    this.detachInput?.();
    this.detachInput = null;
    this.app.canvas.remove();
  }
}
