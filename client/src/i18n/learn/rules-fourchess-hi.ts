import type { RulesFourchessKey } from "./rules-fourchess-en";

export const rulesFourchessHi: Readonly<Record<RulesFourchessKey, string>> = {
  "rules-fourchess.title": "rules-fourchess",
};
