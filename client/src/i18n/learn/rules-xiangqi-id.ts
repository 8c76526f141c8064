import type { RulesXiangqiKey } from "./rules-xiangqi-en";

export const rulesXiangqiId: Readonly<Record<RulesXiangqiKey, string>> = {
  "rules-xiangqi.title": "rules-xiangqi",
};
