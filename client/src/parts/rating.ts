/**
 * Ratings as people read them: "1512", "1500?" while provisional, a change "+12" or "−8" (a
 * real minus sign), the name of a person with a player key linked to their player page in a new
 * tab (the table or the game stays open).
 */
import type { TableView } from "../../../shared/protocol/views";
import { personName, t } from "../i18n";
import { el } from "../ui/dom";

/** U+2212: a minus sign, the width of a plus, not a hyphen. */
export const MINUS = "\u2212";

/** "1512", or "1500?" while the rating is provisional. */
export function ratingText(rating: number, provisional: boolean): string {
  return `${Math.round(rating)}${provisional ? "?" : ""}`;
}

/** A rating's change: "+12", "−8", "±0". */
export function changeText(delta: number): string {
  const n = Math.round(delta);
  if (n > 0) return `+${n}`;
  if (n < 0) return `${MINUS}${-n}`;
  return "±0";
}

/** The rating in words, for a screen reader and a tooltip: "Rating 1500, provisional". */
export function ratingWords(rating: number, provisional: boolean): string {
  return t(provisional ? "rating.provisional" : "rating.words", { rating: Math.round(rating) });
}

/**
 * A rating beside a name: the figures to the eye, the words to a screen reader (the "?" read
 * out would mean nothing).
 */
export function ratingBadge(rating: number, provisional: boolean): HTMLElement {
  const words = ratingWords(rating, provisional);
  return el(
    "span",
    { class: "rating", title: words, "data-rating": String(Math.round(rating)) },
    el("span", { "aria-hidden": "true" }, ratingText(rating, provisional)),
    el("span", { class: "sr-only" }, words),
  );
}

/** The address of a player's page. */
export const playerUrl = (id: string) => `/p/${encodeURIComponent(id)}`;

/**
 * A person's name: a link to their player page in a new tab when `player` is their public
 * player id, else plain text.
 */
export function personLink(name: string, player: string | null | undefined): HTMLElement {
  const shown = personName(name);
  if (!player) return el("span", { class: "name" }, shown);
  return el(
    "a",
    {
      class: "name",
      href: playerUrl(player),
      target: "_blank",
      rel: "noopener",
      title: t("rating.playerPage"),
      "data-player": player,
    },
    shown,
  );
}

/** A person's rating after a rated game: their seat, name, new rating and its change. */
export interface RatingChange {
  readonly seat: number;
  readonly name: string;
  readonly player: string;
  readonly rating: number;
  readonly provisional: boolean;
  readonly delta: number;
}

/**
 * The people's new ratings after the rated game just finished at `s`: [] while the server has
 * not yet said them (it does a moment after the result, once the game is stored), null when
 * the game changes no rating (not rated, or aborted).
 */
export function ratingChanges(s: TableView): RatingChange[] | null {
  if (!s.rules.rated || s.phase !== "finished" || !s.result || s.result.code === "aborted")
    return null;
  const people = Array.from(s.seats)
    .map((seat, i) => ({ ...seat, seat: i }))
    .filter((x) => x.kind === "human" && x.rating > 0);
  // The state says no change until the changes are known: a game that moves nobody's rating (a
  // draw between equal ratings) shows none either.
  if (!people.some((x) => x.delta !== 0)) return [];
  return people.map(({ seat, name, player, rating, provisional, delta }) => ({
    seat,
    name,
    player,
    rating,
    provisional,
    delta,
  }));
}

/** The new ratings in words, to be read out. */
export function ratingsSpoken(changes: readonly RatingChange[]): string {
  return changes
    .map((c) =>
      t("result.ratingSpoken", {
        name: personName(c.name),
        rating: c.rating,
        change: changeText(c.delta),
      }),
    )
    .join(". ");
}

/** A rating as the lobby and the player pages write it: `ratingText` of a rating view. */
export function ratingLabel(r: { readonly rating: number; readonly provisional: boolean }): string {
  return ratingText(r.rating, r.provisional);
}
