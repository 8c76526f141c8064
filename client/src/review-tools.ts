/**
 * What a review adds to stepping through a finished game, fetched with the first review rather
 * than with the board: the engine's analysis panel (its graph and marks; the engine itself runs
 * in a worker of its own) and four-player chess's story (the chart, who captured whom).
 */
export { AnalysisPanel } from "./analysis/panel";
export { StoryPanel } from "./parts/storyPanel";
