/**
 * The site's own pages: the privacy notice with "My data" (`/privacy`), a chunk of its own
 * fetched with its words (i18n `siteTexts`) when one of them opens, so that the lobby's first
 * download stays small.
 */
import "./site/site.css";

export { showPrivacy } from "./site/privacyPage";
