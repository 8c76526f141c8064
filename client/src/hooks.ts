/**
 * Hooks for browser tests and tools, on `window.crossboard`: where the squares are on the
 * canvas, what the table or the archive page shows, the arrows and circles on the board, the
 * sounds played, and the colours of rendered frames at chosen points (to see an animation as it
 * was drawn). They read, except `slowMotion`, which stretches animations in time so that a slow
 * software renderer still draws several frames of each.
 */
import type { BoardRenderer } from "./board/renderer";
import type { Shape } from "./board/shapes";
import type { ArchiveScreen } from "./screens/archive/archive";
import type { TableScreen } from "./screens/table/table";
import { onSound, type Sound } from "./ui/audio";

export interface FrameSample {
  /** ms since the sampling began */
  readonly t: number;
  /** [r, g, b] at each point asked for */
  readonly rgb: readonly (readonly [number, number, number])[];
}

/** The screens that show the board, whichever is open. */
export interface Screens {
  table(): TableScreen | null;
  archive(): ArchiveScreen | null;
}

export function installHooks(board: BoardRenderer, screens: Screens) {
  const firstBoard = { at: 0 };
  const sounds: Sound[] = [];
  onSound((sound) => sounds.push(sound));
  board.onFirstBoard = () => {
    firstBoard.at = performance.now();
    performance.mark("board-drawn");
  };
  const hooks = {
    /** The centre of a square in page (client) coordinates. */
    square(name: string): { x: number; y: number } | null {
      const p = board.view.squareOnCanvas(name);
      if (!p) return null;
      const rect = board.canvas.getBoundingClientRect();
      return { x: rect.left + p.x, y: rect.top + p.y };
    },
    /** Every square's centre in canvas coordinates (CSS pixels) and the cell size. */
    board(): { cell: number; squares: Record<string, { x: number; y: number }> } {
      const squares: Record<string, { x: number; y: number }> = {};
      for (const name of board.view.squareNames()) {
        const p = board.view.squareOnCanvas(name);
        if (p) squares[name] = p;
      }
      return { cell: board.view.cellSize, squares };
    },
    /** The arrows and circles on the board: the person's and the engine's. */
    shapes(): { user: readonly Shape[]; engine: readonly Shape[] } {
      return { user: board.view.shapes("user"), engine: board.view.shapes("engine") };
    },
    slowMotion(factor: number): void {
      board.view.timeScale = factor;
    },
    get firstBoardAt(): number {
      return firstBoard.at;
    },
    get animating(): boolean {
      return board.view.animating;
    },
    /** The sounds played since the page loaded, oldest first. */
    sounds(): Sound[] {
      return [...sounds];
    },
    /** What the current table shows: position, moves, phase and this client's seats. */
    table(): ReturnType<TableScreen["snapshot"]> {
      return screens.table()?.snapshot() ?? null;
    },
    /**
     * What the archive page shows: the game, the review step and its pieces, and the engine's
     * analysis as far as it got (`evaluations` per step from the first seat's view, best moves,
     * marks; see docs/analysis.md).
     */
    archive(): ReturnType<ArchiveScreen["snapshot"]> | null {
      return screens.archive()?.snapshot() ?? null;
    },
    /**
     * The colours at `points` (canvas CSS pixels) in every frame rendered during the next
     * `ms` milliseconds, read from the canvas right after each frame was drawn.
     */
    sampleFrames(points: { x: number; y: number }[], ms: number): Promise<FrameSample[]> {
      const source = board.canvas;
      const copy = document.createElement("canvas");
      const ctx = copy.getContext("2d", { willReadFrequently: true });
      const samples: FrameSample[] = [];
      const t0 = performance.now();
      const scale = source.width / source.getBoundingClientRect().width;
      return new Promise((resolve) => {
        board.onFrame = () => {
          if (!ctx) return;
          copy.width = source.width;
          copy.height = source.height;
          ctx.drawImage(source, 0, 0);
          samples.push({
            t: performance.now() - t0,
            rgb: points.map((p) => {
              const d = ctx.getImageData(
                Math.round(p.x * scale),
                Math.round(p.y * scale),
                1,
                1,
              ).data;
              return [d[0]!, d[1]!, d[2]!] as const;
            }),
          });
        };
        setTimeout(() => {
          board.onFrame = null;
          resolve(samples);
        }, ms);
      });
    },
  };
  (window as unknown as { crossboard: typeof hooks }).crossboard = hooks;
}
