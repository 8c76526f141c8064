/**
 * Each pool's leaderboard, `/leaderboard/<pool>` (`/leaderboard`: the first pool's): a tab per
 * pool, then the players with a settled rating who played lately, the highest first, each linked
 * to their page.
 */
import { POOLS, type Pool } from "../../../shared/rating/types";
import { personName, t } from "../i18n";
import { fetchLeaderboard, type LeaderRow } from "../net/players";
import { pageLink } from "../screens/lobby/lists";
import { el } from "../ui/dom";
import type { PageLinks } from "./playerPage";
import { poolName } from "./pools";

export function leaderboardPage(pool: Pool, links: PageLinks): HTMLElement {
  const body = el(
    "div",
    { class: "leaders", "aria-busy": "true" },
    el("p", { class: "muted" }, t("learn.opening")),
  );
  const tabs = el(
    "nav",
    { class: "pool-tabs", "aria-label": t("leaderboard.pools") },
    ...POOLS.map((p) => {
      const a = pageLink("tab", `/leaderboard/${p}`, "pool", poolName(p), links.open);
      if (p === pool) a.setAttribute("aria-current", "page");
      return a;
    }),
  );
  fetchLeaderboard(pool).then(
    (rows) => {
      body.replaceChildren(
        rows.length
          ? leaderTable(rows, links)
          : el("p", { class: "empty" }, t("leaderboard.empty")),
      );
      body.removeAttribute("aria-busy");
      body.dataset.ready = "";
    },
    (e) => {
      body.replaceChildren(el("p", {}, t("player.failed", { reason: String(e?.message ?? e) })));
      body.removeAttribute("aria-busy");
      body.dataset.ready = "failed";
    },
  );
  return el(
    "article",
    { class: "player-page leaderboard", "data-pool": pool },
    el("h1", {}, t("player.leaderboard")),
    el("p", { class: "muted" }, t("leaderboard.text")),
    tabs,
    body,
  );
}

function leaderTable(rows: readonly LeaderRow[], links: PageLinks): HTMLElement {
  return el(
    "div",
    { class: "table-scroll" },
    el(
      "table",
      { class: "leader-table" },
      el(
        "thead",
        {},
        el(
          "tr",
          {},
          ...(["rank", "name", "rating", "games"] as const).map((k) =>
            el("th", { scope: "col", class: k }, t(`leaderboard.${k}`)),
          ),
        ),
      ),
      el(
        "tbody",
        {},
        ...rows.map((r, i) =>
          el(
            "tr",
            { "data-player": r.id },
            el("td", { class: "rank" }, String(i + 1)),
            el(
              "td",
              { class: "name" },
              pageLink("", `/p/${r.id}`, "player", personName(r.name), links.open),
            ),
            el("td", { class: "rating" }, String(Math.round(r.rating))),
            el("td", { class: "games" }, String(r.games)),
          ),
        ),
      ),
    ),
  );
}
