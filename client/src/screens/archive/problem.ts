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
  if (playing && missing) return stillPlaying(actions);
  return el(
    "div",
    { class: "lobby archive-problem", "data-page": missing ? "missing" : "failed" },
    el("h1", {}, missing ? t("archive.missing") : t("archive.failed", { reason })),
    missing ? el("p", { class: "muted" }, t("archive.missingText")) : null,
    el(
      "div",
      { class: "row wrap" },
      missing
        ? null
        : el(
            "button",
            { class: "btn", "data-action": "retry", onclick: () => actions.retry() },
            t("archive.retry"),
          ),
      el(
        "button",
        { class: "btn primary", "data-action": "lobby", onclick: () => actions.lobby() },
        t("nav.lobby"),
      ),
    ),
  );
}

/** A game this device left while it was being played, not finished yet. */
function stillPlaying(actions: ProblemActions): HTMLElement {
  return el(
    "div",
    { class: "lobby archive-problem", "data-page": "playing" },
    el("h1", {}, t("archive.playing")),
    el("p", { class: "muted" }, t("archive.playingText")),
    el(
      "div",
      { class: "row wrap" },
      el(
        "button",
        { class: "btn", "data-action": "retry", onclick: () => actions.retry() },
        t("archive.retry"),
      ),
      el(
        "button",
        { class: "btn primary", "data-action": "lobby", onclick: () => actions.lobby() },
        t("nav.lobby"),
      ),
    ),
  );
}
