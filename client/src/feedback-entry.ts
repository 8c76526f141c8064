/**
 * Feedback and recommendations, one chunk fetched on first use: the form, `/feedback`, the
 * operator's desk, and the lobby's recommendation lines and way to send feedback.
 */
export { deskPage } from "./site/desk";
export { showFeedbackForm } from "./site/feedbackForm";
export { feedbackPage } from "./site/feedbackPage";
export { showLobbyExtras } from "./site/recommendations";
