/**
 * The name a person goes by at a table they open from a link, asked before they sit: prefilled
 * with the name this device remembers, remembered again as it is typed. The server tells equal
 * names at one table apart by itself ("Ana", "Ana 2").
 */
import { getSetting, setSetting } from "../device/storage";
import { t } from "../i18n";
import { el } from "../ui/dom";

/** The page that asks; `join` is called once with the name given. */
export function namePrompt(join: (name: string) => void): HTMLElement {
  const input = el("input", {
    id: "table-name",
    type: "text",
    name: "name",
    "aria-describedby": "table-name-error",
    maxLength: 24,
    autocomplete: "nickname",
    value: getSetting("name") ?? "",
    placeholder: t("lobby.namePlaceholder"),
    oninput: () => {
      setSetting("name", input.value.trim());
      if (input.value.trim()) refuse("");
    },
  });
  // The page's own message in the page's language (not the browser's bubble, in the browser's).
  const error = el("p", { id: "table-name-error", class: "field-error", "aria-live": "polite" });
  const refuse = (message: string) => {
    error.textContent = message;
    if (message) input.setAttribute("aria-invalid", "true");
    else input.removeAttribute("aria-invalid");
  };
  const form = el(
    "form",
    {
      class: "card-dialog name-prompt",
      role: "dialog",
      "aria-labelledby": "name-title",
      novalidate: true,
      onsubmit: (e: Event) => {
        e.preventDefault();
        const name = input.value.trim();
        if (!name) {
          refuse(t("name.empty"));
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
  // Focused once shown, with the remembered name selected to type over.
  queueMicrotask(() => {
    input.focus();
    input.select();
  });
  return el("div", { class: "name-page" }, form);
}
