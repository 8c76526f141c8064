/**
 * Links to a game's rules page, opened in a new tab so that the table or the game's review
 * stays where it is; four-player chess opens at its format's part.
 */
import type { Format, GameId } from "../../../shared/games/catalog";
import { gameName, t } from "../i18n";
import { el } from "../ui/dom";
import { icon } from "../ui/icons";

export function rulesPath(game: GameId, format: Format): string {
  return game === "fourchess" ? `/rules/fourchess#${format}` : `/rules/${game}`;
}

function rulesAnchor(cls: string, ...children: Node[]): HTMLAnchorElement {
  return el(
    "a",
    {
      class: cls,
      target: "_blank",
      rel: "noopener",
      "data-action": "rules",
      title: t("table.rulesTitle"),
    },
    ...children,
  );
}

/** The top bar's Rules button (a link that looks like one), pointed at a game by `pointRules`. */
export function rulesButton(): HTMLAnchorElement {
  return rulesAnchor("btn small", icon("rules"), el("span", {}, t("table.rules")));
}

export function pointRules(a: HTMLAnchorElement, game: GameId, format: Format): void {
  a.href = rulesPath(game, format);
}

/** "Read the rules: Four-player chess · Individual", as a link. */
export function rulesLink(game: GameId, format: Format): HTMLAnchorElement {
  const a = rulesAnchor(
    "rules-link",
    document.createTextNode(t("table.readRules", { game: gameName(game, format) })),
  );
  pointRules(a, game, format);
  return a;
}
