/**
 * The commands field for players who do not see the board (model/commands.ts): a labelled text
 * field beside the move field; Enter answers the command typed, in a live region under it that
 * a screen reader reads and everyone can see. The field keeps the focus, ready for the next
 * command. Shown to players and spectators alike, during the game, after it and in a review.
 */
import { t } from "../../i18n";
import { answer, type CommandContext } from "../../model/commands";
import { el } from "../../ui/dom";

export class CommandField {
  private readonly input = el("input", {
    class: "commands",
    type: "text",
    autocomplete: "off",
    spellcheck: false,
    placeholder: t("cmd.placeholder"),
  });
  /** The last answer: a new paragraph each time, so the same answer twice is read twice. */
  private readonly output = el("div", {
    class: "command-answer",
    role: "log",
    "aria-live": "polite",
    "aria-label": t("cmd.answers"),
  });
  readonly element = el(
    "div",
    { class: "command-box" },
    el("label", { class: "field command-field" }, el("span", {}, t("cmd.label")), this.input),
    this.output,
  );

  /** `context`: what the commands are answered from now, or null when there is nothing yet. */
  constructor(context: () => CommandContext | null) {
    this.input.addEventListener("keydown", (e) => {
      if (e.key !== "Enter") return;
      e.preventDefault();
      const ctx = context();
      if (!ctx || !this.input.value.trim()) return;
      this.show(answer(this.input.value, ctx));
      this.input.value = "";
    });
  }

  private show(text: string): void {
    this.output.replaceChildren(el("p", {}, text));
  }
}
