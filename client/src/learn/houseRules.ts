/**
 * The house rules of a game as a table (name, what it does, default, who may change it), made
 * from the definitions the server parses them with (shared/match/rules.ts `houseRules`): a rule
 * added or changed there shows here without another word.
 */
import type { GameId } from "../../../shared/games/catalog";
import { RULES_CHANGED_BY, type RuleDefinition, rulesFor } from "../../../shared/match/houseRules";
import type { HouseRules } from "../../../shared/match/rules";
import { type Key, t, tOr } from "../i18n";
import { el } from "../ui/dom";

/** A rule's value as the forms name it. */
export function ruleValueText(key: keyof HouseRules, value: unknown): string {
  if (value === null || value === 0 || value === "none") return t("learn.house.none");
  if (typeof value === "boolean") return t(value ? "learn.house.on" : "learn.house.off");
  switch (key) {
    case "format":
      return tOr(`format.${value}`, String(value));
    case "turnTimer":
      return t("rules.seconds", { n: Number(value) });
    case "cpuLevel":
      return tOr(`level.${value}`, String(value));
    case "handicap":
      return tOr(`handicap.${value}`, String(value));
    default:
      return String(value);
  }
}

export function houseRulesTable(game: GameId): HTMLElement {
  const row = (rule: RuleDefinition) =>
    el(
      "tr",
      { "data-rule": rule.key },
      el("th", { scope: "row" }, t(`rules.${rule.key}` as Key)),
      el("td", {}, t(`learn.house.does.${rule.key}` as Key)),
      el(
        "td",
        { "data-default": JSON.stringify(rule.byDefault(game)) },
        ruleValueText(rule.key, rule.byDefault(game)),
      ),
      el("td", {}, t(`learn.house.${RULES_CHANGED_BY}` as Key)),
    );
  return el(
    "div",
    { class: "table-scroll" },
    el(
      "table",
      { class: "house-rules" },
      el(
        "thead",
        {},
        el(
          "tr",
          {},
          ...(
            [
              "learn.house.name",
              "learn.house.does",
              "learn.house.default",
              "learn.house.who",
            ] as const
          ).map((k) => el("th", { scope: "col" }, t(k))),
        ),
      ),
      el("tbody", {}, ...rulesFor(game).map(row)),
    ),
  );
}
