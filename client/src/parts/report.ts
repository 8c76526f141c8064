import { type FeedbackAbout, loadFeedback } from "../app/feedback";
import { t } from "../i18n";
import { el } from "../ui/dom";

/**
 * "Report a problem" on a table's panel or a game's page: the feedback form, with what
 * `about` says the problem is about at the moment it is opened.
 */
export function reportLine(about: () => FeedbackAbout | null): HTMLElement {
  const open = () => {
    const a = about();
    if (a)
      void loadFeedback().then(
        (m) => m.showFeedbackForm(a),
        () => undefined,
      );
  };
  return el(
    "p",
    { class: "report-line" },
    el(
      "button",
      { type: "button", class: "btn link", "data-action": "report", onclick: open },
      t("table.report"),
    ),
  );
}
