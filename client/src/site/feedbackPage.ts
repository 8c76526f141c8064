/**
 * `/feedback`: the messages the operator published, newest first, for all games or one, each
 * with its kind, status, date, text and answer, marked with the language it was written in.
 * Everything people wrote is set as text, never as markup.
 */
import { GAME_IDS, type GameId } from "../../../shared/games/catalog";
import type { FeedbackItem } from "../../../shared/protocol/site";
import { t } from "../i18n";
import { dateAndTime } from "../i18n/dates";
import { el } from "../ui/dom";
import { publishedFeedback } from "./api";
import { showFeedbackForm } from "./feedbackForm";
import { refusalText } from "./refusal";
import "./feedback.css";

export interface FeedbackPageActions {
  open(path: string): void;
}

/** The date a message was written or answered, in the reader's language. */
export const dayOf = (ms: number) => dateAndTime(ms, "long").date;

/** The words of one message as published: shared by the desk. */
export function messageParts(item: FeedbackItem): HTMLElement[] {
  const about = item.game ? t(`game.${item.game}`) : t("feedback.general");
  const written = el("p", { class: "feedback-text", lang: item.language });
  written.textContent = item.text;
  const parts = [
    el(
      "p",
      { class: "feedback-meta" },
      el("span", { class: "feedback-kind" }, t(`feedback.kind.${item.kind}`)),
      el(
        "span",
        { class: `feedback-status status-${item.status}`, "data-status": item.status },
        t(`feedback.status.${item.status}`),
      ),
      el("span", {}, about),
      el("time", { datetime: new Date(item.created).toISOString() }, dayOf(item.created)),
    ),
    written,
  ];
  if (item.answer) {
    const answer = el("p", { class: "feedback-answer-text", lang: item.language });
    answer.textContent = item.answer;
    parts.push(el("div", { class: "feedback-answer" }, el("h3", {}, t("feedback.answer")), answer));
  }
  return parts;
}

export function feedbackPage(actions: FeedbackPageActions): HTMLElement {
  const list = el("div", { class: "feedback-list" });
  const filter = el("select", { id: "feedback-game", name: "game" });
  filter.append(
    el("option", { value: "" }, t("feedback.allGames")),
    ...GAME_IDS.map((g) => el("option", { value: g }, t(`game.${g}`))),
  );
  const load = async () => {
    const game = (filter.value || null) as GameId | null;
    list.setAttribute("aria-busy", "true");
    const answer = await publishedFeedback(game);
    if ((filter.value || null) !== game) return;
    list.removeAttribute("aria-busy");
    if (!answer.ok) {
      list.replaceChildren(
        el("p", { class: "message", role: "alert" }, refusalText(answer.refusal)),
      );
      return;
    }
    const items = [...answer.value.items].sort((a, b) => b.created - a.created);
    list.replaceChildren(
      items.length === 0
        ? el("p", { class: "feedback-empty muted" }, t("feedback.none"))
        : el(
            "ol",
            { class: "feedback-items" },
            ...items.map((item) =>
              el("li", { class: "card feedback-item", "data-id": item.id }, ...messageParts(item)),
            ),
          ),
    );
  };
  filter.addEventListener("change", () => void load());
  void load();
  return el(
    "main",
    { class: "feedback-pages feedback-page" },
    el("h1", {}, t("feedback.page")),
    el("p", { class: "muted" }, t("feedback.intro")),
    el(
      "div",
      { class: "row wrap feedback-tools" },
      el(
        "label",
        { class: "field", for: "feedback-game" },
        el("span", {}, t("feedback.game")),
        filter,
      ),
      el(
        "button",
        {
          type: "button",
          class: "btn primary",
          "data-action": "feedback",
          onclick: () => showFeedbackForm({ kind: "other", open: actions.open }),
        },
        t("feedback.write"),
      ),
    ),
    list,
  );
}
