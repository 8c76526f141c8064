/**
 * The feedback form: a small modal dialog with the kind of message, its text (with a count of
 * what is left) and Send. The message carries what it is about (the game, the table or the
 * archived game it was sent from), the reader's language, the client's version, the device's id
 * and, so that erasing them later detaches the message, the table's seat token and the device's
 * player key. Sent, it thanks and points to the published answers at /feedback.
 */
import {
  FEEDBACK_KINDS,
  FEEDBACK_MAX,
  type FeedbackKind,
  type FeedbackLanguage,
  type FeedbackPost,
  textLength,
} from "../../../shared/protocol/site";
import type { FeedbackAbout } from "../app/feedback";
import { deviceId } from "../device/deviceId";
import { devicePlayer } from "../device/player";
import { recallTable } from "../device/tables";
import { lang, t } from "../i18n";
import { announce } from "../ui/announce";
import { el } from "../ui/dom";
import { holdFocus } from "../ui/focus";
import { sendFeedback } from "./api";
import { refusalText } from "./refusal";
import "./feedback.css";

/** The build's version (client/vite.config.ts), absent outside a build (unit tests). */
const VERSION = typeof __CLIENT_VERSION__ === "string" ? __CLIENT_VERSION__ : undefined;

/** What is sent for `text` of `kind` about `about`. */
export function feedbackPost(about: FeedbackAbout, kind: FeedbackKind, text: string): FeedbackPost {
  const seatToken = about.tableId ? recallTable(about.tableId)?.seatToken : undefined;
  const key = devicePlayer()?.key;
  return {
    kind,
    text,
    language: lang() as FeedbackLanguage,
    ...(about.game ? { game: about.game } : {}),
    ...(about.tableId ? { tableId: about.tableId } : {}),
    ...(about.gameId ? { gameId: about.gameId } : {}),
    ...(VERSION ? { version: VERSION } : {}),
    device: deviceId(),
    ...(seatToken ? { seatToken } : {}),
    ...(key ? { playerKey: key } : {}),
  };
}

let closeOpen: (() => void) | null = null;

/** Shows the form over the page (one at a time); Escape or Cancel closes it. */
export function showFeedbackForm(about: FeedbackAbout): void {
  closeOpen?.();
  const backdrop = el("div", { class: "site-backdrop" });
  const box = el("div", {
    class: "card-dialog feedback-dialog",
    role: "dialog",
    "aria-modal": "true",
    "aria-labelledby": "feedback-title",
  });
  backdrop.append(box);
  document.body.append(backdrop);
  let release = () => {};
  const close = () => {
    backdrop.remove();
    closeOpen = null;
    release();
  };
  closeOpen = close;
  box.append(...formParts(about, box, close));
  release = holdFocus(box, { escape: close });
}

function formParts(about: FeedbackAbout, box: HTMLElement, close: () => void): HTMLElement[] {
  const kinds = el(
    "fieldset",
    { class: "feedback-kinds" },
    el("legend", {}, t("feedback.kind")),
    ...FEEDBACK_KINDS.map((kind) =>
      el(
        "label",
        { class: "choice" },
        el("input", {
          type: "radio",
          name: "kind",
          value: kind,
          checked: kind === about.kind,
          "data-kind": kind,
        }),
        el("span", {}, t(`feedback.kind.${kind}`)),
      ),
    ),
  );
  const count = el("p", { id: "feedback-count", class: "muted feedback-count" });
  const text = el("textarea", {
    id: "feedback-text",
    name: "text",
    rows: 6,
    maxLength: FEEDBACK_MAX,
    required: true,
    "aria-describedby": "feedback-note feedback-count",
  });
  const showCount = () => {
    count.textContent = t("feedback.count", { n: textLength(text.value), max: FEEDBACK_MAX });
  };
  text.addEventListener("input", showCount);
  showCount();
  const message = el("p", { class: "message", role: "alert" });
  const send = el("button", { type: "submit", class: "btn primary", "data-action": "send" });
  send.textContent = t("feedback.send");
  const form = el(
    "form",
    { class: "feedback-form" },
    kinds,
    el("label", { for: "feedback-text", class: "feedback-label" }, t("feedback.text")),
    text,
    count,
    el("p", { id: "feedback-note", class: "muted" }, t("feedback.note")),
    message,
    el(
      "div",
      { class: "row wrap" },
      send,
      el(
        "button",
        { type: "button", class: "btn", "data-action": "cancel", onclick: close },
        t("feedback.cancel"),
      ),
    ),
  );
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const chosen = form.querySelector<HTMLInputElement>("input[name=kind]:checked");
    const kind = (chosen?.value ?? about.kind) as FeedbackKind;
    const words = text.value.trim();
    if (!words) {
      message.textContent = t("feedback.empty");
      text.focus();
      return;
    }
    send.disabled = true;
    send.textContent = t("feedback.sending");
    void sendFeedback(feedbackPost(about, kind, words)).then((answer) => {
      if (!box.isConnected) return;
      if (answer.ok) {
        thank(about, box, close);
        return;
      }
      send.disabled = false;
      send.textContent = t("feedback.send");
      message.textContent = refusalText(answer.refusal);
    });
  });
  return [el("h2", { id: "feedback-title" }, t("feedback.title")), form];
}

/** The form's place after sending: thanks, where answers appear, and Close. */
function thank(about: FeedbackAbout, box: HTMLElement, close: () => void): void {
  const link = el(
    "a",
    {
      href: "/feedback",
      "data-action": "published",
      onclick: (e: MouseEvent) => {
        if (!about.open || e.button || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        close();
        about.open("/feedback");
      },
    },
    t("feedback.seeAnswers"),
  );
  const done = el(
    "button",
    { type: "button", class: "btn primary", "data-action": "close", onclick: close },
    t("feedback.close"),
  );
  box.replaceChildren(
    el("h2", { id: "feedback-title" }, t("feedback.thanksTitle")),
    el("p", { class: "feedback-thanks" }, t("feedback.thanks")),
    el("p", {}, link),
    el("div", { class: "row wrap" }, done),
  );
  announce(t("feedback.thanks"));
  done.focus();
}
