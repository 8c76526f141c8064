/**
 * A board a page teaches with: a position drawn by the board's renderer (a renderer of its own,
 * so a page holds several), arrows, circles and stars over it, and moves tried by clicking or
 * dragging. It knows no lesson: the page says which pieces may move and in what game
 * (`movable`), and hears each move the rules engine accepted or refused (`tried`). A refusal is
 * the engine's own, in the reader's language.
 */
import type { Refusal } from "../../../shared/core/errors";
import type { Format, GameId } from "../../../shared/games/catalog";
import type { Game, MoveInput, Piece, PlayedMove, TrackedPiece } from "../../../shared/games/types";
import { numberPieces, trackPieces } from "../../../shared/match/pieces";
import { orientationFor, SPECS } from "../board/geometry";
import type { Highlights } from "../board/marks";
import { BoardRenderer } from "../board/renderer";
import type { Shape } from "../board/shapes";
import type { Destination } from "../board/state";
import { errorText, pieceName, t, tCount } from "../i18n";
import { checkSquares } from "../model/facts";
import { el } from "../ui/dom";

/** What the page decides about a move the engine accepted or refused. */
export type Tried =
  | { readonly ok: true; readonly move: PlayedMove; readonly game: Game; readonly before: Game }
  | { readonly ok: false; readonly move: MoveInput; readonly refusal: Refusal };

export interface LiveBoardOptions {
  readonly game: GameId;
  readonly format?: Format;
  /** The seat at the bottom. */
  readonly bottom: number;
  /** The words a screen reader hears for the board. */
  readonly label: string;
  /**
   * The game in which the piece on `square` moves (its seat to move), or null when it may not
   * be moved now.
   */
  movable(square: string): Game | null;
  /** A move the reader made, as the engine judged it. */
  tried(t: Tried): void;
}

export { moveOf } from "./moves";

/** All boards a page shows, in order (the hooks' `useBoard(i)`). */
export const liveBoards: LiveBoard[] = [];

export class LiveBoard {
  readonly element: HTMLElement;
  readonly renderer = new BoardRenderer();
  private game: Game | null = null;
  private pieces: TrackedPiece[] = [];
  private nextId = 1;
  private selected: { square: string; game: Game; moves: readonly MoveInput[] } | null = null;
  private lastMove: { from: string; to: string } | null = null;
  private stars: readonly string[] = [];
  private mounted = false;

  constructor(private readonly o: LiveBoardOptions) {
    this.element = el("div", { class: `live-board live-${o.game}` });
    liveBoards.push(this);
  }

  /** Starts the renderer and shows the board in its element (which must be in the page). */
  async mount(): Promise<void> {
    await this.renderer.init();
    const spec = SPECS[this.o.game];
    this.renderer.view.setBoard(spec, orientationFor(spec, this.o.bottom));
    this.renderer.mount(
      this.element,
      {
        tap: (square) => this.tap(square),
        drop: (from, to) => {
          if (!to || to === from) {
            this.renderer.view.release();
            if (to === from) this.select(from);
            return;
          }
          this.renderer.view.release();
          this.select(from);
          this.tap(to);
        },
        canDrag: (square) => this.o.movable(square) !== null && this.pieceAt(square) !== undefined,
        cursor: () => undefined,
        cancel: () => this.deselect(),
        premoveQueued: () => false,
      },
      this.o.label,
    );
    this.mounted = true;
    this.draw(false);
  }

  unmount(): void {
    this.renderer.destroy();
    this.mounted = false;
    const i = liveBoards.indexOf(this);
    if (i >= 0) liveBoards.splice(i, 1);
  }

  /** The position shown. */
  get position(): Game | null {
    return this.game;
  }

  /**
   * Shows `game`; `move` the move that led to it from the position shown (the piece slides),
   * none for a new position (every piece placed).
   */
  show(game: Game, move: PlayedMove | null = null): void {
    const after = game.pieces();
    if (move && this.game) {
      const next = trackPieces(this.pieces, after, move, this.nextId);
      this.pieces = next.pieces;
      this.nextId = next.nextId;
      this.lastMove = { from: move.from, to: move.to };
    } else {
      this.pieces = numberPieces(after);
      this.nextId = this.pieces.length + 1;
      this.lastMove = null;
    }
    this.game = game;
    this.selected = null;
    this.draw(move !== null);
  }

  /** Arrows and circled squares drawn over the board (none by default). */
  setShapes(shapes: readonly Shape[]): void {
    this.renderer.view.setShapes("engine", shapes);
  }

  setStars(squares: readonly string[]): void {
    this.stars = [...squares];
    this.mark();
  }

  /** The piece on `square`, if any. */
  pieceAt(square: string): Piece | undefined {
    return this.pieces.find((p) => p.square === square);
  }

  /**
   * Words for the piece on `square`, how many moves it has and where they go (a tap on it says
   * this: the squares named are what a screen reader has of the marks).
   */
  describe(square: string, moves: readonly MoveInput[]): string {
    const piece = this.pieceAt(square);
    const name = piece ? pieceName(this.o.game, piece.kind).toLocaleLowerCase() : "";
    if (moves.length === 0) return t("learn.diagram.noMoves", { piece: name, square });
    const to = [...new Set(moves.map((m) => m.to))];
    const named = to.map((s) => (this.pieceAt(s) ? t("grid.capture", { square: s }) : s));
    const count = tCount("learn.diagram.moves", to.length, { piece: name, square });
    return `${count} ${t("grid.destinations", { moves: named.join(", ") })}`;
  }

  /** The last text a tap on a piece produced, for the page to show. */
  onSelect: ((text: string) => void) | null = null;

  private deselect(): void {
    this.selected = null;
    this.mark();
  }

  private select(square: string): boolean {
    const game = this.o.movable(square);
    if (!game || !this.pieceAt(square)) return false;
    const moves = game.legalMoves().filter((m) => m.from === square);
    this.selected = { square, game, moves };
    this.mark();
    this.onSelect?.(this.describe(square, moves));
    return true;
  }

  private tap(square: string): void {
    const sel = this.selected;
    if (sel && sel.square === square) {
      this.deselect();
      return;
    }
    if (!sel) {
      this.select(square);
      return;
    }
    const target = this.pieceAt(square);
    const mover = this.pieceAt(sel.square);
    const isDestination = sel.moves.some((m) => m.to === square);
    // Another piece of the same side: select it instead.
    if (!isDestination && target && mover && target.seat === mover.seat && this.select(square))
      return;
    this.attempt(sel.game, { from: sel.square, to: square }, sel.moves);
  }

  private attempt(game: Game, asked: MoveInput, moves: readonly MoveInput[]): void {
    // A pawn reaching its last row becomes a queen unless the page says otherwise.
    const promotions = moves.filter((m) => m.from === asked.from && m.to === asked.to);
    const move =
      promotions.length > 1
        ? (promotions.find((m) => m.promotion === "Q") ?? promotions[0]!)
        : (promotions[0] ?? asked);
    const played = game.play(move);
    this.selected = null;
    if (!played.ok) {
      this.mark();
      this.o.tried({ ok: false, move, refusal: played.error });
      return;
    }
    const result = played.value;
    const last = result.lastMove;
    if (!last) return;
    this.o.tried({ ok: true, move: last, game: result, before: game });
  }

  /** A refusal as the reader reads it. */
  static refusalText(refusal: Refusal, game: GameId): string {
    return errorText(refusal, { game });
  }

  private draw(animate: boolean): void {
    if (!this.mounted) return;
    this.renderer.view.syncPieces(this.pieces, performance.now(), animate && !document.hidden);
    this.mark();
  }

  private mark(): void {
    if (!this.mounted) return;
    const game = this.game;
    const checks = game ? checkSquares(this.pieces, game.checks()) : [];
    const destinations: Destination[] = (this.selected?.moves ?? []).map((m) => ({
      square: m.to,
      capture: this.pieceAt(m.to) !== undefined,
    }));
    const h: Highlights = {
      selected: this.selected?.square ?? null,
      destinations,
      lastMove: this.lastMove,
      checks,
      stars: this.stars,
    };
    this.renderer.view.setHighlights(h);
  }
}
