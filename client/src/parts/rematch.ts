/**
 * The next game after a result, on the result card and in the side panel alike: "Play again"
 * (or "Ask to play again" when others are seated), the request with Accept / Decline for those
 * asked, who it still waits for, and a seat someone gave up: free to sit in, or played on by a
 * CPU when someone who agreed says so.
 */
import { t } from "../i18n";
import type { Rematch } from "../model/rematch";
import { el } from "../ui/dom";
import { icon } from "../ui/icons";

export interface RematchActions {
  /** Asks for the next game (or agrees to it; asked again, plays on with CPUs in free seats). */
  ask(): void;
  accept(): void;
  /** Declines, giving up the seat. */
  decline(): void;
}

export function rematchBox(r: Rematch | null, actions: RematchActions): HTMLElement | null {
  if (!r) return null;
  if (r.kind === "none") {
    if (!r.canAsk) return null;
    const label = r.others ? t("rematch.ask") : t("table.playAgain");
    return el(
      "button",
      { class: "btn primary", "data-action": "playAgain", onclick: actions.ask },
      icon("again"),
      el("span", {}, label),
    );
  }
  const box = el(
    "div",
    { class: "offer rematch", "data-rematch": r.answer ? "asked" : r.agreed ? "agreed" : "watch" },
    el("p", {}, r.mine ? t("rematch.youAsked") : t("rematch.asks", { name: r.asker })),
  );
  if (r.answer)
    box.append(
      el(
        "div",
        { class: "row" },
        el(
          "button",
          { class: "btn primary", "data-action": "rematch-accept", onclick: actions.accept },
          t("table.accept"),
        ),
        el(
          "button",
          { class: "btn", "data-action": "rematch-decline", onclick: actions.decline },
          t("table.decline"),
        ),
      ),
      el("p", { class: "muted" }, t("rematch.declineNote")),
    );
  else if (r.waitingFor.length > 0)
    box.append(
      el("p", { class: "muted" }, t("rematch.waitingFor", { names: r.waitingFor.join(", ") })),
    );
  else if (r.freeSeat) {
    box.append(el("p", { class: "muted" }, t("rematch.freeSeat")));
    if (r.agreed)
      box.append(
        el(
          "button",
          { class: "btn", "data-action": "rematch-cpu", onclick: actions.ask },
          icon("cpu"),
          el("span", {}, t("rematch.withCpu")),
        ),
      );
  }
  return box;
}
