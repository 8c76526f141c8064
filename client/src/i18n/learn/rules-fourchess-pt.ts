import type { RulesFourchessKey } from "./rules-fourchess-en";

export const rulesFourchessPt: Readonly<Record<RulesFourchessKey, string>> = {
  "rules-fourchess.title": "rules-fourchess",
};
