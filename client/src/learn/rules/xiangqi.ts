/** The rules page of xiangqi: its sections, in the order the page shows them. */
import type { RulesContent } from "../content";

export const xiangqiRules: RulesContent = {
  game: "xiangqi",
  sections: [
    {
      id: "key-rules",
      title: "rules-xiangqi.title",
      blocks: [
        {
          diagram: {
            id: "horse-leg",
            fen: "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            caption: "rules-xiangqi.title",
            marks: [{ from: "b0", to: "d1", color: "red" }],
          },
        },
      ],
    },
    { id: "house-rules", title: "learn.house.title", blocks: [{ houseRules: true }] },
  ],
};
