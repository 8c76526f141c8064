/**
 * A live diagram of a rules page: a position on the board's renderer with its arrows and circles,
 * the words under it, and the line the reader hears (`message`). Any piece may be tried, as if
 * its side were to move: a tap shows its moves, a move the rules refuse is answered with the
 * engine's reason. A diagram with a line plays it out: the reader's moves must follow it, the
 * diagram answers with the next move, and at the end the result is named as the result card
 * names it.
 */

import { GAMES, type GameId } from "../../../shared/games/catalog";
import type { Game } from "../../../shared/games/types";
import type { Shape } from "../board/shapes";
import { t } from "../i18n";
import { resultReason, resultTitle, type SeatedGame } from "../parts/texts";
import { el } from "../ui/dom";
import type { DiagramSpec, Mark } from "./content";
import { LiveBoard, moveOf, type Tried } from "./liveBoard";
import { positionOf, turnTo } from "./positions";

/** Marks as the board's shapes. */
export const shapesOf = (marks: readonly Mark[] = []): Shape[] =>
  marks.map((m) =>
    m.to
      ? { from: m.from, to: m.to, color: m.color ?? "green" }
      : { from: m.from, color: m.color ?? "green" },
  );

/** The seats of a game as a result's words name them: colours only. */
export function seatedGame(position: Game, format: string): SeatedGame {
  return {
    game: position.id,
    format,
    seats: GAMES[position.id].colors.map((color) => ({ color, kind: "human" as const, name: "" })),
  };
}

/** The result of an ended game in the words of the result card: "Red wins. Double-cannon mate." */
export function outcomeText(position: Game, format: string): string {
  const r = position.outcome;
  if (!r) return "";
  const s = seatedGame(position, format);
  return `${resultTitle(s, r)}. ${resultReason(s, r)}`;
}

export class Diagram {
  readonly element: HTMLElement;
  readonly board: LiveBoard;
  private readonly start: Game;
  private position: Game;
  /** How far along its line the diagram is. */
  private step = 0;
  private readonly said = el("p", { class: "diagram-message", "aria-live": "polite" });
  /** The last refusal or success text shown. */
  message = "";
  /** Hears every text the diagram shows. */
  onSay: ((text: string) => void) | null = null;

  constructor(
    private readonly spec: DiagramSpec,
    game: Game,
  ) {
    this.start = game;
    this.position = game;
    const caption = t(spec.caption);
    this.board = new LiveBoard({
      game: game.id,
      format: spec.format,
      bottom: spec.bottom ?? game.turn,
      label: t("learn.diagram.label", { caption }),
      movable: (square) => this.movable(square),
      tried: (tried) => this.tried(tried),
    });
    this.board.onSelect = (text) => this.say(text);
    const reset = el(
      "button",
      { type: "button", class: "diagram-reset", onclick: () => this.reset() },
      t("learn.diagram.reset"),
    );
    this.element = el(
      "figure",
      { class: `diagram diagram-${game.id}`, id: `diagram-${spec.id}`, "data-diagram": spec.id },
      this.board.element,
      el("figcaption", {}, caption),
      el("div", { class: "diagram-foot" }, this.said, reset),
    );
  }

  async mount(): Promise<void> {
    await this.board.mount();
    this.reset();
  }

  reset(): void {
    this.position = this.start;
    this.step = 0;
    this.board.show(this.start);
    this.board.setShapes(shapesOf(this.spec.marks));
    this.say(this.spec.line ? "" : t("learn.diagram.try"));
  }

  private say(text: string): void {
    this.message = text;
    this.said.textContent = text;
    if (text) this.onSay?.(text);
  }

  private get format(): string {
    return this.spec.format ?? "teams";
  }

  private movable(square: string): Game | null {
    const piece = this.board.pieceAt(square);
    if (!piece || piece.seat < 0) return null;
    if (this.spec.line) {
      // Along a line the reader moves the side whose turn it is, until the line ends.
      if (this.step >= this.spec.line.length || this.position.outcome) return null;
      return piece.seat === this.position.turn ? this.position : null;
    }
    return turnTo(this.position, piece.seat, this.spec.format);
  }

  private tried(tried: Tried): void {
    if (!tried.ok) {
      this.say(LiveBoard.refusalText(tried.refusal, this.position.id));
      return;
    }
    const line = this.spec.line;
    if (!line) {
      this.position = tried.game;
      this.board.show(tried.game, tried.move);
      this.board.setShapes([]);
      this.say(tried.game.outcome ? outcomeText(tried.game, this.format) : tried.move.notation);
      return;
    }
    const expected = moveOf(line[this.step] ?? "");
    if (tried.move.from !== expected.from || tried.move.to !== expected.to) {
      this.say(t("learn.diagram.offLine"));
      return;
    }
    this.advance(tried.game, tried.move);
    // The diagram's answer, a moment later so that the reader sees their move land first.
    const answer = line[this.step];
    if (answer && !tried.game.outcome)
      setTimeout(() => {
        const played = this.position.play(moveOf(answer));
        if (played.ok && played.value.lastMove) this.advance(played.value, played.value.lastMove);
      }, 350);
  }

  private advance(game: Game, move: NonNullable<Game["lastMove"]>): void {
    const line = this.spec.line ?? [];
    this.position = game;
    this.step++;
    this.board.show(game, move);
    const next = line[this.step];
    // The arrow shows the reader's next move along the line.
    const nextMove = next ? moveOf(next) : null;
    this.board.setShapes(
      nextMove ? [{ from: nextMove.from, to: nextMove.to, color: "green" }] : [],
    );
    if (game.outcome || this.step >= line.length) {
      const done = this.spec.lineDone ? t(this.spec.lineDone) : "";
      this.say([outcomeText(game, this.format), done].filter(Boolean).join(" "));
    } else this.say(move.notation);
  }
}

/** A diagram of `spec`, or null when its position is not one the rules engine takes. */
export function diagramOf(game: GameId, spec: DiagramSpec): Diagram | null {
  const position = positionOf(game, spec.fen, spec.format);
  return position ? new Diagram(spec, position) : null;
}
