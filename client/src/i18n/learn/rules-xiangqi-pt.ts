import type { RulesXiangqiKey } from "./rules-xiangqi-en";

export const rulesXiangqiPt: Readonly<Record<RulesXiangqiKey, string>> = {
  "rules-xiangqi.title": "rules-xiangqi",
};
