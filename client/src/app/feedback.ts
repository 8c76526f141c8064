/**
 * Opens the feedback form (site/feedbackForm.ts), whose code and words load on first use: the
 * lobby, a table and a game's page each carry only this.
 */
import type { GameId } from "../../../shared/games/catalog";
import type { FeedbackKind } from "../../../shared/protocol/site";
import { siteTexts } from "../i18n";

/** What a message is about, attached as it is sent. */
export interface FeedbackAbout {
  readonly kind: FeedbackKind;
  readonly game?: GameId;
  readonly tableId?: string;
  readonly gameId?: string;
  /** Opens another page of the client in place (the thank-you's link to /feedback). */
  readonly open?: (path: string) => void;
}

export function openFeedback(about: FeedbackAbout): void {
  void Promise.all([import("../site/feedbackForm"), siteTexts()]).then(
    ([m]) => m.showFeedbackForm(about),
    () => undefined,
  );
}
