/**
 * A player's page, `/p/<id>`: their name, each pool's rating (games played, deviation, "?" while
 * provisional) with a graph of it over their rated games, and their recent rated games, each
 * linked to its review with the rating before and after it.
 */
import { POOLS, type Pool } from "../../../shared/rating/types";
import { personName, t } from "../i18n";
import { dateAndTime } from "../i18n/dates";
import { fetchPlayer, type PlayerView, ReadFailed } from "../net/players";
import { pageLink } from "../screens/lobby/lists";
import { el } from "../ui/dom";
import { ratingGraph, signed } from "./graph";
import { poolName, ratingDetails, ratingLabel } from "./pools";

export interface PageLinks {
  /** Opens another page of the client in place. */
  open(path: string): void;
}

/** The page, filled once the player's record arrives. */
export function playerPage(id: string, links: PageLinks): HTMLElement {
  const page = el(
    "article",
    { class: "player-page", "aria-busy": "true" },
    el("p", { class: "muted" }, t("learn.opening")),
  );
  fetchPlayer(id).then(
    (view) => {
      page.replaceChildren(...playerContent(view, links));
      page.removeAttribute("aria-busy");
      page.dataset.ready = "";
    },
    (e) => {
      const missing = e instanceof ReadFailed && e.missing;
      page.replaceChildren(
        el(
          "h1",
          {},
          missing ? t("player.unknown") : t("player.failed", { reason: String(e?.message ?? e) }),
        ),
        el(
          "p",
          {},
          pageLink("", "/leaderboard", "leaderboard", t("player.leaderboard"), links.open),
        ),
      );
      page.removeAttribute("aria-busy");
      page.dataset.ready = missing ? "missing" : "failed";
    },
  );
  return page;
}

function poolCard(view: PlayerView, pool: Pool): HTMLElement {
  const r = view.ratings[pool];
  const games = view.history.filter((h) => h.pool === pool);
  return el(
    "section",
    { class: "pool", "data-pool": pool },
    el("h3", {}, poolName(pool)),
    el("p", { class: "pool-rating", "data-rating": "" }, ratingLabel(r)),
    el("p", { class: "muted" }, ratingDetails(r)),
    games.length ? ratingGraph(poolName(pool), games) : null,
  );
}

function playerContent(view: PlayerView, links: PageLinks): HTMLElement[] {
  const provisional = POOLS.some((p) => view.ratings[p].provisional);
  const recent = el("ul", { class: "recent-games" });
  for (const g of view.recent) {
    const { date } = dateAndTime(g.at, "medium");
    const before = Math.round(g.before);
    const after = Math.round(g.after);
    recent.append(
      el(
        "li",
        { "data-game": g.game },
        el("span", { class: "pool-name" }, poolName(g.pool)),
        el("span", { class: "muted" }, date),
        el(
          "span",
          { class: "change" },
          `${before} → ${after} `,
          el(
            "strong",
            { class: after > before ? "up" : after < before ? "down" : "" },
            `(${signed(after - before)})`,
          ),
        ),
        pageLink("btn small", `/g/${g.game}`, "review-game", t("player.review"), links.open),
      ),
    );
  }
  return [
    el(
      "header",
      { class: "player-head" },
      el("p", { class: "kicker" }, t("player.heading")),
      el("h1", {}, el("bdi", {}, personName(view.name))),
      el(
        "p",
        { class: "player-links" },
        pageLink("", "/leaderboard", "leaderboard", t("player.leaderboard"), links.open),
      ),
    ),
    el(
      "section",
      { "aria-labelledby": "ratings-heading" },
      el("h2", { id: "ratings-heading" }, t("player.ratings")),
      el("div", { class: "pools" }, ...POOLS.map((pool) => poolCard(view, pool))),
      provisional ? el("p", { class: "muted note" }, t("player.provisionalNote")) : null,
    ),
    el(
      "section",
      { "aria-labelledby": "recent-heading" },
      el("h2", { id: "recent-heading" }, t("player.recent")),
      view.recent.length ? recent : el("p", { class: "muted" }, t("player.noGames")),
    ),
  ];
}
