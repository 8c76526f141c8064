/** The names of the analysis's marks, for the move list and the analysis panel. */
import type { Key } from "../i18n";
import type { Mark } from "./judge";

export const MARK_NAMES: Readonly<Record<Mark, Key>> = {
  "?!": "analysis.inaccuracy",
  "?": "analysis.mistake",
  "??": "analysis.blunder",
};
