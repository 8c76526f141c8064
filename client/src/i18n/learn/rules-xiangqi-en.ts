/** English: words of the rules xiangqi (a part of the learning chunk, see en.ts). */
export const rulesXiangqiEn = {
  "rules-xiangqi.title": "rules-xiangqi",
} as const;

export type RulesXiangqiKey = keyof typeof rulesXiangqiEn;
