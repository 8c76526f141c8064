/** The link to a finished game in the archive (`/g/<id>`), to open or to copy and share. */
import { t } from "../i18n";
import { el } from "../ui/dom";
import { icon } from "../ui/icons";

export function gameUrl(id: string): string {
  return `${window.location.origin}/g/${id}`;
}

/**
 * A link's text that breaks only after the site's address, never inside the path (a table's
 * code, a game's id): the site, a break opportunity, the path kept whole.
 */
export function linkText(path: string): Node[] {
  return [
    el("span", { class: "link-site" }, window.location.origin),
    document.createElement("wbr"),
    el("span", { class: "link-path" }, path),
  ];
}

/** A button that copies a game's link; `copied` is told once it is on the clipboard. */
export function copyLinkButton(id: string, copied: () => void): HTMLButtonElement {
  return el(
    "button",
    {
      class: "btn small",
      "data-action": "copy-game-link",
      onclick: () => void navigator.clipboard?.writeText(gameUrl(id)).then(copied, () => undefined),
    },
    icon("copy", 16),
    el("span", {}, t("table.copyLink")),
  );
}

/**
 * "Share this game": the archive page in a new tab (the table stays open in this one)
 * and a button to copy its link.
 */
export function gameLink(id: string, copied: () => void): HTMLElement {
  return el(
    "p",
    { class: "game-link" },
    el(
      "a",
      { href: gameUrl(id), target: "_blank", rel: "noopener", "data-game": id },
      t("result.share"),
    ),
    copyLinkButton(id, copied),
  );
}
