/**
 * The name a person goes by at a table they open from a link, asked before they sit: prefilled
 * with the name this device remembers, remembered again as it is typed. The server tells equal
 * names at one table apart by itself ("Ana", "Ana 2").
 */
import { getSetting, setSetting } from "../device/storage";
import "./namePrompt.css";
import { t } from "../i18n";
import { el } from "../ui/dom";
import { holdFocus } from "../ui/focus";

/** The page that asks; `join` is called once with the name given. */
export function namePrompt(join: (name: string) => void): HTMLElement {
  const input = el("input", {
    id: "table-name",
    type: "text",
    name: "name",
    maxLength: 24,
    "aria-describedby": "name-error",
    autocomplete: "nickname",
    value: getSetting("name") ?? "",
    placeholder: t("lobby.namePlaceholder"),
    oninput: () => {
      setSetting("name", input.value.trim());
      if (input.value.trim()) refuse(false);
    },
  });
  // An empty name is refused by the page itself, in the page's language (the browser's own bubble
  // speaks the browser's language): the message stays until a name is typed.
  const error = el("p", { id: "name-error", class: "field-error", "aria-live": "polite" });
  const refuse = (on: boolean) => {
    error.textContent = on ? t("name.empty") : "";
    if (on) input.setAttribute("aria-invalid", "true");
    else input.removeAttribute("aria-invalid");
  };
  const form = el(
    "form",
    {
      class: "card-dialog name-prompt",
      role: "dialog",
      "aria-modal": "true",
      "aria-labelledby": "name-title",
      novalidate: true,
      onsubmit: (e: Event) => {
        e.preventDefault();
        const name = input.value.trim();
        if (!name) {
          refuse(true);
          input.focus();
          return;
        }
        setSetting("name", name);
        join(name);
      },
    },
    el("h2", { id: "name-title" }, t("name.title")),
    el("p", { class: "muted" }, t("name.text")),
    el("label", { class: "field" }, el("span", {}, t("lobby.name")), input),
    error,
    el(
      "div",
      { class: "row" },
      el(
        "button",
        { class: "btn primary", type: "submit", "data-action": "join-named" },
        t("name.join"),
      ),
    ),
  );
  // Focused once shown, with the remembered name selected to type over; Tab stays in the form
  // until a name is given (the page then changes).
  queueMicrotask(() => {
    if (form.isConnected) holdFocus(form, { first: input });
    else input.focus();
    input.select();
  });
  return el("div", { class: "name-page" }, form);
}
