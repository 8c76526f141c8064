/**
 * The page shown instead of an archived game that is not there (or not yet: this device left
 * it while it was still being played), or could not be fetched.
 */
import { t } from "../../i18n";
import { el } from "../../ui/dom";

export interface ProblemActions {
  /** Asks for the game again (offered when the server could not be asked). */
  retry(): void;
  lobby(): void;
}

export function archiveProblem(
  missing: boolean,
  reason: string,
  actions: ProblemActions,
  playing = false,
): HTMLElement {
  // A game this device left while it was being played, not finished yet: asking again may find it.
  if (playing && missing)
    return page("playing", t("archive.playing"), t("archive.playingText"), true, actions);
  return missing
    ? page("missing", t("archive.missing"), t("archive.missingText"), false, actions)
    : page("failed", t("archive.failed", { reason }), null, true, actions);
}

function page(
  kind: string,
  title: string,
  text: string | null,
  retry: boolean,
  actions: ProblemActions,
): HTMLElement {
  return el(
    "div",
    { class: "lobby archive-problem", "data-page": kind },
    el("h1", {}, title),
    text ? el("p", { class: "muted" }, text) : null,
    el(
      "div",
      { class: "row wrap" },
      retry
        ? el(
            "button",
            { class: "btn", "data-action": "retry", onclick: () => actions.retry() },
            t("archive.retry"),
          )
        : null,
      el(
        "button",
        { class: "btn primary", "data-action": "lobby", onclick: () => actions.lobby() },
        t("nav.lobby"),
      ),
    ),
  );
}
