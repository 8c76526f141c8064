/**
 * The lobby's lists: this device's tables still in play and the public tables to join or watch
 * (the finished games it played or watched: recent.ts).
 */
import { GAMES, type GameId } from "../../../../shared/games/catalog";
import { normaliseCode } from "../../../../shared/protocol/codes";
import type { MyTable } from "../../../../shared/protocol/messages";
import type { TableListing } from "../../../../shared/protocol/views";
import { gameName, personName, t, tCount, tOr } from "../../i18n";
import { clockLabel } from "../../parts/clockField";
import { ratingLabel } from "../../parts/rating";
import { el } from "../../ui/dom";

/**
 * A link to another page of the client, opened in place by a plain click (`open` is given the
 * link's address); a click with a modifier key (a new tab or window) is left to the browser.
 */
export function pageLink(
  cls: string,
  href: string,
  action: string,
  label: string,
  open: (href: string) => void,
) {
  return el(
    "a",
    {
      class: cls,
      href,
      "data-action": action,
      onclick: (e: MouseEvent) => {
        if (e.button || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        open(href);
      },
    },
    label,
  );
}

/** This device's tables still in play, each with a link to go back to it. */
export function myTablesList(
  tables: readonly MyTable[],
  resume: (id: string) => void,
): HTMLElement {
  const ul = el("ul", { class: "tables" });
  for (const x of tables) {
    const color = GAMES[x.game as GameId].colors[x.seats[0] ?? 0] ?? "";
    ul.append(
      el(
        "li",
        { "data-table": x.id },
        el("span", { class: "game" }, gameName(x.game, x.format)),
        el(
          "span",
          { class: "phase" },
          x.phase === "playing"
            ? tCount("lobby.mineProgress", x.moves, { color: tOr(`color.${color}`, color) })
            : t("lobby.waiting"),
        ),
        pageLink("btn primary", `/t/${x.id}`, "resume", t("lobby.resume"), () => resume(x.id)),
      ),
    );
  }
  return ul;
}

export interface PublicTableActions {
  sit(id: string): void;
  watch(id: string): void;
}

/** A table's code as the lobby shows it (the one "Join with a code" takes), if it has one. */
function codeLabel(id: string): HTMLElement | null {
  return normaliseCode(id) === id
    ? el("span", { class: "code", "data-code": id }, t("lobby.tableCode", { code: id }))
    : null;
}

/** The people at a listed table, each with their rating in the table's pool when they have one. */
function peopleLabel(people: TableListing["people"]): HTMLElement | null {
  if (!people?.length) return null;
  return el(
    "span",
    { class: "people" },
    ...people.flatMap((p, i) => [
      i ? ", " : "",
      el("bdi", {}, personName(p.name)),
      p.rating > 0 ? el("span", { class: "rating", "data-rating": "" }, ` ${ratingLabel(p)}`) : "",
    ]),
  );
}

/** The public tables, with their clocks: a seat to take while one is free, and a place to watch. */
export function publicTablesList(
  tables: readonly TableListing[],
  actions: PublicTableActions,
): HTMLElement {
  if (tables.length === 0) return el("p", { class: "muted" }, t("lobby.noTables"));
  const ul = el("ul", { class: "tables" });
  for (const x of tables) {
    const open = x.phase === "waiting" && x.taken < x.seats;
    ul.append(
      el(
        "li",
        { "data-table": x.id },
        el(
          "span",
          { class: "game" },
          gameName(x.game, x.format),
          x.rated ? el("span", { class: "rated-mark" }, t("lobby.ratedMark")) : null,
        ),
        codeLabel(x.id),
        x.clock ? el("span", { class: "clock" }, clockLabel(x.clock)) : null,
        // Some waiting tables have a host to start them, quick-play tables start by themselves.
        el(
          "span",
          { class: "phase" },
          x.phase === "waiting" ? t("lobby.waiting") : t(`phase.${x.phase}`),
        ),
        el("span", { class: "seats" }, t("lobby.seats", { taken: x.taken, seats: x.seats })),
        el("span", { class: "spectators" }, t("lobby.spectators", { n: x.spectators })),
        peopleLabel(x.people),
        open
          ? el("button", { class: "btn primary", onclick: () => actions.sit(x.id) }, t("lobby.sit"))
          : null,
        el("button", { class: "btn", onclick: () => actions.watch(x.id) }, t("lobby.watch")),
      ),
    );
  }
  return ul;
}
