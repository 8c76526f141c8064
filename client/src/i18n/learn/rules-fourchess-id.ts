import type { RulesFourchessKey } from "./rules-fourchess-en";

export const rulesFourchessId: Readonly<Record<RulesFourchessKey, string>> = {
  "rules-fourchess.title": "rules-fourchess",
};
