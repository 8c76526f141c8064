/**
 * Feedback's code (client/src/feedback-entry.ts) is one chunk, fetched on first use: the lobby
 * carries only this (a table and a game's page parts/report.ts).
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

/** The feedback chunk, with the site's words when `words`. */
export const loadFeedback = (words = true) =>
  Promise.all([import("../feedback-entry"), words ? siteTexts() : null]).then(([m]) => m);
