import type { RulesXiangqiKey } from "./rules-xiangqi-en";

export const rulesXiangqiHi: Readonly<Record<RulesXiangqiKey, string>> = {
  "rules-xiangqi.title": "rules-xiangqi",
};
