/**
 * The page for an address with nothing at it (the server answered it with status 404): a
 * mistyped link, or a table's link whose table is not there. It says so in the reader's
 * language and leads back to the lobby.
 */
import { t } from "../i18n";
import { el } from "../ui/dom";

/** `code`: the table code the link named, when it named one. */
export function notFoundPage(code: string | null, lobby: () => void): HTMLElement {
  return el(
    "div",
    { class: "lobby archive-problem", "data-page": "not-found" },
    el("h1", {}, t("notFound.title")),
    el("p", { class: "muted" }, code ? t("notFound.table", { code }) : t("notFound.page")),
    el(
      "div",
      { class: "row wrap" },
      el(
        "a",
        {
          class: "btn primary",
          href: "/",
          "data-action": "lobby",
          onclick: (e: Event) => {
            e.preventDefault();
            lobby();
          },
        },
        t("nav.lobby"),
      ),
    ),
  );
}
