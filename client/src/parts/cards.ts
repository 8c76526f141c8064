/**
 * Cards over the board: the result of a game (with, in a rated game, each person's new rating
 * once the server has it, and the request for the next one, kept up to date while the card
 * shows), the standing of a player who is out of an Individual game that goes on, and questions
 * that need an answer before acting (leave, resign). Each is a small dialog that takes clicks
 * only on itself.
 */
import { departures, sharesPlace, standings } from "../../../shared/games/fourchess/standings";
import type { TableView } from "../../../shared/protocol/views";
import { unpackMove } from "../../../shared/protocol/wire";
import { css, pieceFill } from "../board/art/palette";
import { t, tCount, tOr } from "../i18n";
import type { Me } from "../model/facts";
import { rematchOf } from "../model/rematch";
import { announce } from "../ui/announce";
import { play } from "../ui/audio";
import { el } from "../ui/dom";
import { holdFocus } from "../ui/focus";
import { icon, seatShape } from "../ui/icons";
import { gameLink } from "./gamelink";
import {
  changeText,
  personLink,
  type RatingChange,
  ratingChanges,
  ratingsSpoken,
  ratingText,
} from "./rating";
import { recommendBox } from "./recommend";
import { type RematchActions, rematchBox } from "./rematch";
import {
  aborted,
  isTeams,
  type ResultLike,
  resultHeadline,
  resultReason,
  resultTitle,
  type SeatedGame,
  seatLabel,
  teamTitle,
} from "./texts";

export { resultTitle, type SeatedGame };

export interface CardButton {
  readonly label: string;
  readonly action: string;
  readonly primary?: boolean;
  readonly danger?: boolean;
  /** What Escape does: this button's action. */
  readonly escape?: boolean;
  /** The button that takes focus as the card opens (else the card's first control). */
  readonly first?: boolean;
  readonly onclick: () => void;
}

/** How each card shown lets go of focus: set by `showCard`, called by `removeCard`. */
const releases = new WeakMap<Element, () => void>();

function card(
  cls: string,
  title: string,
  body: (Node | null)[],
  buttons: CardButton[],
): HTMLElement {
  const box = el(
    "div",
    { class: `card-dialog ${cls}`, role: "dialog", "aria-modal": "true", "aria-label": title },
    el("h2", {}, title),
    ...body,
  );
  const row = el("div", { class: "row wrap" });
  for (const b of buttons) {
    const button = el(
      "button",
      {
        class: `btn${b.primary ? " primary" : ""}${b.danger ? " danger" : ""}`,
        "data-action": b.action,
        onclick: () => {
          removeCard(box);
          b.onclick();
        },
      },
      b.label,
    );
    if (b.escape) button.dataset.escape = "";
    if (b.first) button.dataset.first = "";
    row.append(button);
  }
  box.append(row);
  return box;
}

/**
 * Shows a card in `container` as a modal dialog: focus moves onto it (its first button, or the
 * one marked first), Tab stays inside, Escape presses its Escape button; once it is removed
 * (`removeCard`) focus goes back to what had it, or to `fallback`'s element.
 */
export function showCard(
  container: HTMLElement,
  box: HTMLElement,
  fallback?: () => HTMLElement | null,
): void {
  container.append(box);
  const onEscape = box.querySelector<HTMLButtonElement>("[data-escape]");
  releases.set(
    box,
    holdFocus(box, {
      first: box.querySelector<HTMLElement>("[data-first]"),
      ...(onEscape ? { escape: () => onEscape.click() } : {}),
      ...(fallback ? { fallback } : {}),
    }),
  );
}

/** Removes a card, giving focus back as `showCard` tells. */
export function removeCard(box: Element | null | undefined): void {
  if (!box) return;
  box.remove();
  releases.get(box)?.();
  releases.delete(box);
}

/** Asks before acting; resolves true when confirmed. Shown in `container`, removed when answered. */
export function confirmCard(
  container: HTMLElement,
  title: string,
  text: string,
  yes: string,
): Promise<boolean> {
  removeCard(container.querySelector(".confirm"));
  return new Promise((resolve) => {
    const box = card(
      "confirm",
      title,
      [el("p", {}, text)],
      [
        { label: yes, action: "confirm", danger: true, onclick: () => resolve(true) },
        {
          label: t("dialog.cancel"),
          action: "cancel",
          primary: true,
          escape: true,
          first: true,
          onclick: () => resolve(false),
        },
      ],
    );
    showCard(container, box);
  });
}

/**
 * The seats from first place to last ("=1." where a place is shared), with their points when
 * `points` gives them; a Teams game won by a team names the team instead ("Team Blue + Green
 * wins"), or nothing when `title` already says it.
 */
export function placingList(
  s: SeatedGame,
  r: ResultLike,
  points?: (seat: number) => string,
  title?: string,
): HTMLElement | null {
  const team = teamTitle(s, r);
  if (team) return team === title ? null : el("p", { class: "result-team" }, team);
  if (isTeams(s)) return null;
  const placing = Array.from(r.placing);
  const items = placing
    .map((place, seat) => ({ place, seat }))
    .sort((a, b) => a.place - b.place)
    .map(({ place, seat }) =>
      el(
        "li",
        {},
        t(sharesPlace(placing, seat) ? "result.placeShared" : "result.place", {
          place,
          name: seatLabel(s, seat),
        }) + (points ? ` — ${points(seat)}` : ""),
      ),
    );
  return el("ul", { class: "placing" }, ...items);
}

/**
 * The result as the reader sees it, like a chess site's: a headline from their side ("You
 * won", "You lost", "Draw"; who won for someone watching), one line of why, the places where
 * a game has more than two, and the game's page to share.
 */
export function resultCard(
  s: TableView,
  mine: readonly number[],
  buttons: CardButton[],
): HTMLElement | null {
  const r = s.result;
  if (!r) return null;
  const individual = s.game === "fourchess" && s.rules.format === "individual";
  const points = individual
    ? (seat: number) => tCount("seat.points", s.seats[seat]?.score ?? 0)
    : undefined;
  const headline = resultHeadline(s, r, mine);
  return card(
    "result",
    headline,
    [
      el("p", { class: "result-reason" }, resultReason(s, r)),
      s.seats.length > 2 && !aborted(r) ? placingList(s, r, points, headline) : null,
      // An aborted game is not archived: there is no page to share.
      s.gameId && !aborted(r) ? gameLink(s.gameId, () => announce(t("table.copied"))) : null,
    ],
    buttons,
  );
}

/** The result card's part on ratings: each person's new rating and its change. */
export function ratingsBox(s: TableView, changes: readonly RatingChange[]): HTMLElement {
  const box = el(
    "section",
    { class: "result-ratings", "aria-label": t("result.ratings") },
    el("h3", {}, t("result.ratings")),
  );
  const list = el("ul", {});
  for (const c of changes) {
    const direction = c.delta > 0 ? "up" : c.delta < 0 ? "down" : "same";
    list.append(
      el(
        "li",
        { "data-seat": String(c.seat) },
        seatShape(c.seat, css(pieceFill(s.game, c.seat)), 12),
        personLink(c.name, c.player),
        el(
          "span",
          { class: `rating-change ${direction}`, "data-delta": String(c.delta) },
          t("result.rating", {
            rating: ratingText(c.rating, c.provisional),
            change: changeText(c.delta),
          }),
        ),
      ),
    );
  }
  box.append(list);
  return box;
}

/**
 * "You stand 2 of 4 with 15 points", from the scores now, a seat that resigned or lost on time
 * below every seat still playing (shared/games/fourchess/standings.ts).
 */
export function standingText(s: TableView, seat: number): string {
  const score = s.seats[seat]?.score ?? 0;
  const gone = departures(Array.from(s.moves, unpackMove));
  const { placing } = standings(
    s.seats.map((x) => x.score),
    gone,
  );
  const key = sharesPlace(placing, seat) ? "out.standingShared" : "out.standing";
  return tCount(key, score, { place: placing[seat] ?? 1, seats: s.seats.length });
}

/**
 * Where a player stands when out of an Individual game that goes on without them; the
 * standing (`.standing-text`) follows the others' scores while the card shows.
 */
export function outCard(s: TableView, seat: number, buttons: CardButton[]): HTMLElement {
  const me = s.seats[seat]!;
  const reason = tOr(`out.${me.out}`, me.out);
  return card(
    "out",
    t("out.title", { reason }),
    [
      el(
        "p",
        { class: "standing" },
        icon("resign", 16),
        " ",
        el("span", { class: "standing-text", "aria-live": "polite" }, standingText(s, seat)),
      ),
      el("p", { class: "muted" }, t("out.goesOn")),
    ],
    buttons,
  );
}

export interface CardActions {
  review(): void;
  /** The next game at this table: asked for, agreed to or declined. */
  rematch: RematchActions;
  /** Leaves for a new game like this one. */
  newGame(): void;
  /** Leaves for the lobby. */
  exit(): void;
}

/** The cards of one table: each game's result once, and the standing of a player who is out. */
export class TableCards {
  private gameSeen = -1;
  private resultShown = -1;
  private outShown = -1;
  /** The result card's place for the next game's request, while the card shows. */
  private rematchSlot: HTMLElement | null = null;
  /** The request for the next game last told of (its asker's seat), or -1. */
  private toldRematch = -1;
  /** The seat the out card shows the standing of. */
  private outSeat = -1;
  /** The result card's place for the new ratings, and what it shows. */
  private ratingSlot: HTMLElement | null = null;
  private ratingKey = "";
  /** The game whose new ratings were last read out. */
  private toldRatings = -1;

  constructor(
    private readonly overlay: HTMLElement,
    private readonly actions: CardActions,
  ) {}

  /**
   * Where focus goes when a card that opened by itself (a result, a player out) closes and what
   * had focus before is gone: the board's grid beside the overlay (on the square it was left
   * at), else the page's main part.
   */
  private readonly fallback = (): HTMLElement | null =>
    this.overlay.parentElement?.querySelector<HTMLElement>(
      ".board [role=gridcell][tabindex='0']",
    ) ?? document.querySelector<HTMLElement>("main");

  /** Shows what a new state calls for; true when it belongs to another game than the last. */
  follow(s: TableView, me: Me): boolean {
    const newGame = s.gameNumber !== this.gameSeen;
    this.gameSeen = s.gameNumber;
    if (newGame) for (const c of this.overlay.querySelectorAll(".result, .out")) removeCard(c);
    if (s.phase === "finished" && this.resultShown !== s.gameNumber && s.result) {
      this.resultShown = s.gameNumber;
      removeCard(this.overlay.querySelector(".out"));
      play("end");
      // New ratings known already (a table joined after its result) are read out with it.
      const changes = ratingChanges(s);
      const known = changes && changes.length > 0 ? changes : null;
      if (known) this.toldRatings = s.gameNumber;
      announce(
        [resultHeadline(s, s.result, me.seats), resultReason(s, s.result)]
          .concat(known ? [ratingsSpoken(known)] : [])
          .join(". "),
      );
      this.showResult(s, me);
    }
    const standing = this.overlay.querySelector(".out .standing-text");
    if (standing && this.outSeat >= 0) {
      const text = standingText(s, this.outSeat);
      if (standing.textContent !== text) standing.textContent = text;
    }
    this.followRatings(s);
    this.followRematch(s, me);
    const out = me.seats.length > 0 && me.seats.every((seat) => s.seats[seat]?.out);
    if (
      s.phase === "playing" &&
      out &&
      s.rules.format === "individual" &&
      this.outShown !== s.gameNumber
    ) {
      this.outShown = s.gameNumber;
      this.showOut(s, me.seats[0]!);
    }
    return newGame;
  }

  /** Asks before acting; resolves true when confirmed. */
  confirm(title: string, text: string, yes: string): Promise<boolean> {
    return confirmCard(this.overlay, title, text, yes);
  }

  private showResult(s: TableView, me: Me): void {
    removeCard(this.overlay.querySelector(".result"));
    const buttons: CardButton[] = [
      { label: t("table.review"), action: "review", first: true, onclick: this.actions.review },
      { label: t("result.close"), action: "close", escape: true, onclick: () => undefined },
    ];
    const card = resultCard(s, me.seats, buttons);
    if (!card) return;
    // Asking for the next game keeps the card: it then says whom the request waits for.
    this.rematchSlot = el("div", { class: "rematch-slot" });
    this.ratingSlot = el("div", { class: "rating-slot" });
    this.ratingKey = "";
    card.querySelector(":scope > .row")?.before(this.ratingSlot, this.rematchSlot);
    // Someone who played the game is asked whether they would recommend it.
    if (me.seats.length > 0 && s.result?.code !== "aborted")
      card.querySelector(":scope > .row")?.after(recommendBox(s.game));
    showCard(this.overlay, card, this.fallback);
  }

  /**
   * A rated game's new ratings, on the result card while it shows (they come a moment after the
   * result); read out once when they come.
   */
  private followRatings(s: TableView): void {
    const changes = ratingChanges(s);
    const slot = this.ratingSlot;
    if (slot?.isConnected) {
      const key = JSON.stringify(changes);
      if (key !== this.ratingKey) {
        this.ratingKey = key;
        slot.replaceChildren(...(changes?.length ? [ratingsBox(s, changes)] : []));
      }
    } else this.ratingSlot = null;
    if (changes && changes.length > 0 && this.toldRatings !== s.gameNumber) {
      this.toldRatings = s.gameNumber;
      announce(ratingsSpoken(changes));
    }
  }

  /** The request for the next game, on the result card while it shows; told once when it comes. */
  private followRematch(s: TableView, me: Me): void {
    const r = rematchOf(s, me);
    const slot = this.rematchSlot;
    if (slot?.isConnected) {
      slot.replaceChildren(...[rematchBox(r, this.actions.rematch)].filter((x) => x !== null));
    } else this.rematchSlot = null;
    const asker = r?.kind === "asked" ? (s.offer?.seat ?? -1) : -1;
    if (asker !== this.toldRematch && r?.kind === "asked" && !r.mine)
      announce(t("rematch.asks", { name: r.asker }));
    this.toldRematch = asker;
  }

  private showOut(s: TableView, seat: number): void {
    removeCard(this.overlay.querySelector(".out"));
    this.outSeat = seat;
    showCard(
      this.overlay,
      outCard(s, seat, [
        {
          label: t("out.watch"),
          action: "watch",
          primary: true,
          escape: true,
          onclick: () => undefined,
        },
        { label: t("out.again"), action: "newGame", onclick: this.actions.newGame },
        { label: t("table.back"), action: "exit", onclick: this.actions.exit },
      ]),
      this.fallback,
    );
  }
}
