/** The page shown instead of an archived game that is not there, or could not be fetched. */
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
): HTMLElement {
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
