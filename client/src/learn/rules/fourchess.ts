/** The rules page of fourchess: its sections, in the order the page shows them. */
import type { RulesContent } from "../content";

export const fourchessRules: RulesContent = {
  game: "fourchess",
  sections: [{ id: "house-rules", title: "learn.house.title", blocks: [{ houseRules: true }] }],
};
