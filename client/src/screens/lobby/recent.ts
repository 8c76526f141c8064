/**
 * The lobby's list of the finished games this device played or watched, fetched after the first
 * paint with the words of results (the table's part of the catalogue).
 */
import { GAMES } from "../../../../shared/games/catalog";
import type { RecentGame } from "../../device/games";
import { gameName, t, tOr } from "../../i18n";
import { dateAndTime } from "../../i18n/dates";
import { resultHeadline, resultReason } from "../../parts/texts";
import { el } from "../../ui/dom";
import { pageLink } from "./lists";

/**
 * Draws in `box` the finished games this device played or watched, newest first, each a link to
 * its review (`open` is given its address).
 */
export function recentCard(
  box: HTMLElement,
  games: readonly RecentGame[],
  open: (path: string) => void,
): void {
  const ul = el("ul", { class: "tables" });
  for (const g of games) ul.append(recentItem(g, open));
  box.replaceChildren(el("h2", {}, t("lobby.recent")), ul);
  box.hidden = games.length === 0;
}

/** "You won — Double-cannon mate." in the reader's language; older entries keep their words. */
function recentResult(g: RecentGame): string {
  const r = g.result;
  if (typeof r?.code !== "string" || !Array.isArray(r.winners) || !Array.isArray(r.placing))
    return g.message;
  const seated = {
    game: g.game,
    format: g.format,
    seats: GAMES[g.game].colors.map((color) => ({ color, kind: "human" as const, name: "" })),
  };
  const result = { ...r, reason: r.code, message: g.message };
  return `${resultHeadline(seated, result, g.seats)} — ${resultReason(seated, result)}`;
}

function recentItem(g: RecentGame, open: (path: string) => void): HTMLElement {
  const colors = g.seats.map((seat) => {
    const color = GAMES[g.game].colors[seat] ?? "";
    return tOr(`color.${color}`, color);
  });
  const when = t("lobby.recentWhen", dateAndTime(g.finishedAt, "medium"));
  return el(
    "li",
    { "data-game": g.id },
    el("span", { class: "game" }, gameName(g.game, g.format)),
    el("span", { class: "result" }, g.left ? t("lobby.recentLeft") : recentResult(g)),
    el(
      "span",
      { class: "muted" },
      `${colors.length ? t("lobby.recentAs", { color: colors.join(" + ") }) : t("lobby.recentWatched")} · ${when}`,
    ),
    pageLink("btn", `/g/${g.id}`, "review-game", t("lobby.recentReview"), open),
  );
}
