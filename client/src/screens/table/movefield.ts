/**
 * Typing a move: PGN4 or from-to in four-player chess, WXF or ICCS in xiangqi, read with the
 * shared rules from the current position. Shown to players while a game runs (spectators and a
 * finished game have nothing to type); enabled on this client's turn, otherwise it says to wait.
 */
import type { GameId } from "../../../../shared/games/catalog";
import type { Game, MoveInput } from "../../../../shared/games/types";
import { errorText, t } from "../../i18n";
import { el } from "../../ui/dom";

/** `hidden`: not a player in a running game. */
export type FieldState = "mine" | "wait" | "hidden";

export class MoveField {
  private readonly input = el("input", {
    class: "keyboard",
    type: "text",
    autocomplete: "off",
    spellcheck: false,
  });
  readonly element = el(
    "label",
    { class: "field keyboard-field" },
    el("span", {}, t("table.keyboard")),
    this.input,
  );
  private game: Game | null = null;

  constructor(send: (move: MoveInput) => void, refuse: (message: string) => void) {
    this.input.addEventListener("keydown", (e) => {
      if (e.key !== "Enter") return;
      const move = this.read();
      if (!move) return;
      if (move.ok) {
        send(move.value);
        this.input.value = "";
      } else refuse(errorText(move.error, { game: this.game?.id }));
    });
  }

  /** `game` is the current position, which typed moves are read against. */
  render(id: GameId, game: Game | null, state: FieldState): void {
    this.game = game;
    const example = id === "xiangqi" ? "h2e2 / C2=5" : "h2-h4";
    this.element.hidden = state === "hidden";
    const why =
      state === "mine" ? t("table.keyboardPlaceholder", { example }) : t("table.keyboardWait");
    this.input.placeholder = why;
    this.input.title = why;
    this.input.disabled = state !== "mine";
  }

  private read() {
    const text = this.input.value.trim();
    return this.game && text ? this.game.readMove(text) : null;
  }
}
