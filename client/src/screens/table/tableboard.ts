/**
 * The board at a table: turned towards this client's seat, showing the position with the last
 * move, kings in check, the selected piece and where it may go, a hinted move and this player's
 * queued premove; taps and drags become moves (a promotion asks for the piece first), or while
 * another seat is to move premoves (a right-click or Escape cancels one). While a review shows
 * other positions the board takes no moves and leaves the review's pieces alone. The arrows and
 * circles a person draws (`board/input.ts`) are theirs alone, never sent.
 */
import type { MoveInput, TrackedPiece } from "../../../../shared/games/types";
import type { TableView } from "../../../../shared/protocol/views";
import { orientationFor, SPECS } from "../../board/geometry";
import { pieceWords } from "../../board/grid";
import type { BoardRenderer } from "../../board/renderer";
import {
  type BoardUi,
  canPickUp,
  choosePromotion,
  destinations,
  drop,
  EMPTY_UI,
  type Intent,
  isMyTurn,
  markedDestinations,
  revalidate,
  type TableFacts,
  tap,
} from "../../board/state";
import { t, tCount, tOr } from "../../i18n";
import { checkSquares, type Me, piecesOf, tableFacts } from "../../model/facts";
import type { GameMirror, Squares } from "../../model/mirror";
import { announce } from "../../ui/announce";
import { el } from "../../ui/dom";

export interface BoardActions {
  move(move: MoveInput): void;
  /** Queues a move for this player's next turn, or (null) cancels the one queued. */
  premove(move: MoveInput | null): void;
  /** A word beside the board (never over it). */
  say(text: string, isError: boolean): void;
}

interface Shown {
  readonly s: TableView;
  readonly me: Me;
  readonly game: GameMirror;
  readonly pieces: readonly TrackedPiece[];
  readonly facts: TableFacts;
}

/** What the board says of a piece picked up or put back: only the latest of quick presses. */
const BOARD = { group: "board" } as const;

const NO_MOVE = { ui: EMPTY_UI, intent: { kind: "none" } as Intent };

export class TableBoard {
  readonly element = el("div", { class: "board" });
  private ui: BoardUi = EMPTY_UI;
  private hint: Squares | null = null;
  /** This player's queued premove, as the server last said (or as just asked). */
  private premove: Squares | null = null;
  /** Presses of the rotate button, each turning the next seat's side to the bottom. */
  private rotations = 0;
  private reviewing = false;
  private shown: Shown | null = null;

  constructor(
    private readonly renderer: BoardRenderer,
    /** Where the promotion question is shown. */
    private readonly overlay: HTMLElement,
    private readonly actions: BoardActions,
  ) {}

  async mount(): Promise<void> {
    await this.renderer.init();
    this.renderer.mount(this.element, {
      tap: (square) => this.onTap(square),
      drop: (from, to) => {
        const f = this.shown?.facts;
        this.apply(to && f ? drop(this.ui, f, from, to) : NO_MOVE);
      },
      canDrag: (square) => {
        const f = this.shown?.facts;
        return !this.reviewing && f !== undefined && canPickUp(f, square);
      },
      // The grid's focused cell says what stands there.
      cursor: () => undefined,
      cancel: () => {
        this.apply(NO_MOVE);
        if (this.premove && !this.reviewing) this.actions.premove(null);
      },
      premoveQueued: () => this.premove !== null && !this.reviewing,
    });
  }

  unmount(): void {
    this.renderer.unmount();
  }

  /** Shows a new state of the table. */
  show(s: TableView, me: Me, game: GameMirror): void {
    const pieces = piecesOf(s);
    this.shown = { s, me, game, pieces, facts: tableFacts(s, me, pieces, game) };
    this.orient();
    if (this.reviewing) return;
    this.renderer.view.syncPieces(pieces, performance.now(), !document.hidden);
    this.ui = revalidate(this.ui, this.shown.facts);
    this.mark();
  }

  /** Whether this client may move now. */
  get myTurn(): boolean {
    return this.shown !== null && isMyTurn(this.shown.facts);
  }

  /** The pieces shown (from the state, with their ids there). */
  get pieces(): readonly TrackedPiece[] {
    return this.shown?.pieces ?? [];
  }

  /** A suggested move to draw, or null to clear it. */
  setHint(move: Squares | null): void {
    this.hint = move && { from: move.from, to: move.to };
    if (!this.reviewing && this.shown) this.mark();
  }

  /** The queued premove to show, or null. */
  setPremove(move: Squares | null): void {
    this.premove = move && { from: move.from, to: move.to };
    if (!this.reviewing && this.shown) this.mark();
  }

  /** The rotate button: the next seat's side at the bottom. */
  rotate(): void {
    this.rotations = (this.rotations + 1) % 4;
    this.orient();
  }

  /** Hands the board to a review (`on`), or takes it back and shows the table's position. */
  setReviewing(on: boolean): void {
    this.reviewing = on;
    // Arrows drawn on one position mean nothing on the other.
    this.renderer.view.setShapes("user", []);
    this.ui = EMPTY_UI;
    this.renderPromotion();
    const shown = this.shown;
    if (on || !shown) return;
    // The review's pieces are numbered apart from the table's: no slides between them.
    this.renderer.view.syncPieces(shown.pieces, performance.now(), false);
    this.show(shown.s, shown.me, shown.game);
  }

  /** A move that was not made (refused): the held piece goes back. */
  release(): void {
    this.renderer.view.release();
  }

  private orient(): void {
    const shown = this.shown;
    if (!shown) return;
    const { s, me } = shown;
    const spec = SPECS[s.game];
    const hotSeat = s.mode === "hotseat";
    const seat = hotSeat ? 0 : (me.seats[0] ?? 0);
    this.renderer.view.setBoard(spec, orientationFor(spec, seat, this.rotations), hotSeat);
    this.element.style.setProperty("--board-ratio", this.renderer.view.aspect.toFixed(4));
  }

  private mark(): void {
    const shown = this.shown!;
    this.renderer.view.setHighlights({
      selected: this.ui.selected,
      destinations: markedDestinations(this.ui, shown.facts),
      lastMove: shown.game.lastMove(),
      checks: checkSquares(shown.pieces, shown.game.checks()),
      hint: this.hint,
      premove: this.premove,
    });
  }

  private onTap(square: string): void {
    const shown = this.shown;
    if (!shown || this.reviewing) return;
    const piece = shown.pieces.find((p) => p.square === square);
    if (shown.me.spectator && piece && shown.s.phase !== "waiting") {
      this.actions.say(t("table.watchingNoMove"), false);
      return;
    }
    this.apply(tap(this.ui, shown.facts, square));
  }

  private apply(result: { ui: BoardUi; intent: Intent }): void {
    if (this.reviewing) return;
    const before = this.ui.selected;
    this.ui = result.ui;
    this.tellPickUp(before, result.intent);
    if (result.intent.kind === "move") this.actions.move(result.intent.move);
    else {
      // A premove leaves the piece where it stands until the turn comes.
      this.release();
      if (result.intent.kind === "premove") this.actions.premove(result.intent.move);
    }
    if (this.shown) {
      this.mark();
      this.renderPromotion();
    }
  }

  private renderPromotion(): void {
    const before = this.overlay.querySelector(".promotion");
    const hadFocus = before?.contains(document.activeElement) ?? false;
    before?.remove();
    const p = this.ui.promotion;
    // The question answered (or dropped) from the keyboard: the board has the focus again.
    if (!p) {
      if (hadFocus) this.renderer.focusGrid();
      return;
    }
    const box = el(
      "div",
      { class: "card-dialog promotion", role: "dialog", "aria-label": t("table.promote") },
      el("p", {}, t("table.promote")),
    );
    for (const kind of p.choices) {
      box.append(
        el(
          "button",
          { class: "btn", onclick: () => this.apply(choosePromotion(this.ui, kind)) },
          tOr(`piece.${kind}`, kind),
        ),
      );
    }
    box.addEventListener("keydown", (e) => {
      if (e.key === "Escape") this.apply(NO_MOVE);
    });
    this.overlay.append(box);
    // The question takes the focus, as a dialog does: a keyboard or screen reader finds it there.
    box.querySelector("button")?.focus();
  }

  /**
   * A piece picked up is said with where it may go (unless the house rules hide that), a piece
   * put back without a move too: a screen reader has no other way to see either.
   */
  private tellPickUp(before: string | null, intent: Intent): void {
    const shown = this.shown;
    const square = this.ui.selected;
    if (!shown || square === before) return;
    if (!square) {
      if (before && intent.kind === "none") announce(t("grid.putBack"), BOARD);
      return;
    }
    const p = shown.pieces.find((x) => x.square === square);
    const piece = p ? pieceWords(shown.s.game, p) : square;
    const { facts } = shown;
    if (!this.myTurn) {
      announce(t("grid.pickedPremove", { piece, square }), BOARD);
      return;
    }
    if (!facts.showLegal) {
      announce(t("grid.picked", { piece, square }), BOARD);
      return;
    }
    const to = destinations(facts, square);
    const moves = to
      .map((d) => (d.capture ? t("grid.capture", { square: d.square }) : d.square))
      .join(", ");
    announce(
      to.length > 0
        ? tCount("grid.pickedMoves", to.length, { piece, square, moves })
        : t("grid.pickedNone", { piece, square }),
      BOARD,
    );
  }
}
