/** English: words of the rules fourchess (a part of the learning chunk, see en.ts). */
export const rulesFourchessEn = {
  "rules-fourchess.title": "rules-fourchess",
} as const;

export type RulesFourchessKey = keyof typeof rulesFourchessEn;
