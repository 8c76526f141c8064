/**
 * `/feedback/desk`: the operator's page. It asks for the password (kept for this tab only, in
 * sessionStorage), then lists every message, new ones first, with what it was sent from, and
 * lets the operator set its status, answer it and publish or hide it, one message at a time.
 */
import {
  ANSWER_MAX,
  type DeskItem,
  FEEDBACK_STATUSES,
  type FeedbackStatus,
} from "../../../shared/protocol/site";
import { LANGUAGES, type Lang, t } from "../i18n";
import { announce } from "../ui/announce";
import { el } from "../ui/dom";
import { changeDeskItem, deskItems, type Refusal } from "./api";
import { messageParts } from "./feedbackPage";
import { refusalText } from "./refusal";
import "./feedback.css";

const KEPT = "crossboard.desk";

function keptPassword(): string {
  try {
    return sessionStorage.getItem(KEPT) ?? "";
  } catch {
    return "";
  }
}

function keepPassword(password: string | null): void {
  try {
    if (password) sessionStorage.setItem(KEPT, password);
    else sessionStorage.removeItem(KEPT);
  } catch {
    // Storage blocked: the password is asked again on the next visit.
  }
}

/** New messages first, then the newest. */
const order = (a: DeskItem, b: DeskItem) =>
  Number(b.status === "new") - Number(a.status === "new") || b.created - a.created;

/** What the desk says for a refusal: a wrong password and a server without a desk in words. */
function deskRefusal(r: Refusal): string {
  if (r.status === 401 || r.code === "http/unauthorized") return t("desk.wrong");
  if (r.status === 404 && r.code !== "feedback/not-found") return t("desk.none");
  return refusalText(r);
}

export function deskPage(): HTMLElement {
  const page = el("main", { class: "feedback-pages desk-page" }, el("h1", {}, t("desk.title")));
  const body = el("div", { class: "desk-body" });
  page.append(body);
  // Without a kept password, asking with none tells whether this server has a desk at all.
  void openDesk(body, keptPassword(), true);
  return page;
}

function passwordForm(body: HTMLElement, said: string): HTMLElement {
  const input = el("input", {
    id: "desk-password",
    type: "password",
    name: "password",
    autocomplete: "current-password",
    required: true,
  });
  const message = el("p", { class: "message", role: "alert" }, said);
  const form = el(
    "form",
    { class: "desk-login" },
    el(
      "label",
      { for: "desk-password", class: "field" },
      el("span", {}, t("desk.password")),
      input,
    ),
    el("button", { type: "submit", class: "btn primary", "data-action": "enter" }, t("desk.enter")),
    message,
  );
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    if (input.value) void openDesk(body, input.value, false);
  });
  return form;
}

async function openDesk(body: HTMLElement, password: string, kept: boolean): Promise<void> {
  const answer = await deskItems(password);
  if (!answer.ok) {
    keepPassword(null);
    const said = deskRefusal(answer.refusal);
    // A server without a desk: nothing to ask a password for.
    if (answer.refusal.status === 404)
      body.replaceChildren(el("p", { class: "message desk-none", role: "alert" }, said));
    else {
      body.replaceChildren(passwordForm(body, kept ? "" : said));
      body.querySelector<HTMLInputElement>("input")?.focus();
    }
    return;
  }
  keepPassword(password);
  const items = [...answer.value.items].sort(order);
  const lock = el(
    "button",
    {
      type: "button",
      class: "btn small",
      "data-action": "lock",
      onclick: () => {
        keepPassword(null);
        body.replaceChildren(passwordForm(body, ""));
        body.querySelector<HTMLInputElement>("input")?.focus();
      },
    },
    t("desk.lock"),
  );
  body.replaceChildren(
    el("p", { class: "row wrap" }, lock),
    items.length === 0
      ? el("p", { class: "muted desk-empty" }, t("desk.empty"))
      : el(
          "ol",
          { class: "feedback-items desk-items" },
          ...items.map((item) => deskEntry(password, item)),
        ),
  );
  if (!kept) announce(t("desk.opened"));
}

/** Where a message came from: its table or game, the client's version, its language. */
function origin(item: DeskItem): HTMLElement {
  const facts = [
    item.tableId ? t("desk.table", { id: item.tableId }) : null,
    item.gameId ? t("desk.game", { id: item.gameId }) : null,
    item.version ? t("desk.version", { version: item.version }) : null,
    t("desk.language", { language: LANGUAGES[item.language as Lang]?.name ?? item.language }),
    t(item.published ? "desk.isPublished" : "desk.isHidden"),
  ].filter((x): x is string => x !== null);
  return el("ul", { class: "desk-origin" }, ...facts.map((f) => el("li", {}, f)));
}

function deskEntry(password: string, item: DeskItem): HTMLElement {
  const li = el("li", { class: "card feedback-item desk-item", "data-id": item.id });
  const draw = (it: DeskItem) =>
    li.replaceChildren(...messageParts(it), origin(it), editForm(password, it, draw));
  draw(item);
  return li;
}

function editForm(password: string, item: DeskItem, redraw: (it: DeskItem) => void): HTMLElement {
  const id = (name: string) => `desk-${name}-${item.id}`;
  const status = el("select", { id: id("status"), name: "status" });
  for (const s of FEEDBACK_STATUSES)
    status.append(
      el("option", { value: s, selected: s === item.status }, t(`feedback.status.${s}`)),
    );
  const answer = el("textarea", {
    id: id("answer"),
    name: "answer",
    rows: 3,
    maxLength: ANSWER_MAX,
    lang: item.language,
  });
  answer.value = item.answer ?? "";
  const published = el("input", {
    id: id("published"),
    type: "checkbox",
    name: "published",
    checked: item.published,
  });
  // Not a live region: what it says is announced.
  const message = el("p", { class: "message desk-said" });
  const save = el(
    "button",
    { type: "submit", class: "btn primary", "data-action": "save" },
    t("desk.save"),
  );
  const form = el(
    "form",
    { class: "desk-edit" },
    el("label", { for: id("status"), class: "field" }, el("span", {}, t("desk.status")), status),
    el("label", { for: id("answer"), class: "desk-answer-label" }, t("desk.answer")),
    answer,
    el(
      "label",
      { for: id("published"), class: "field check" },
      published,
      el("span", {}, t("desk.publish")),
    ),
    el("div", { class: "row wrap" }, save),
    message,
  );
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    save.disabled = true;
    const change = {
      status: status.value as FeedbackStatus,
      answer: answer.value.trim() || null,
      published: published.checked,
    };
    void changeDeskItem(password, item.id, change).then((r) => {
      save.disabled = false;
      if (!r.ok) {
        message.textContent = deskRefusal(r.refusal);
        announce(message.textContent, { urgent: true });
        return;
      }
      redraw(r.value);
      const said = document
        .getElementById(id("status"))
        ?.closest("form")
        ?.querySelector(".desk-said");
      if (said) {
        said.textContent = t("desk.saved");
        said.classList.add("good");
      }
      announce(t("desk.saved"));
      document.getElementById(id("status"))?.focus();
    });
  });
  return form;
}
