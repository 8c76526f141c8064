/**
 * The seats of a table as cards: colour and shape, name, who is a CPU or away, partners in
 * Teams, points in Individual, the pieces each seat has taken, and its clock: the game clock
 * where the table has one (red under ten seconds, with what is left of the turn's delay), else
 * the time it has used and, on the seat to move, the time left on the turn timer; a phrase just
 * said from a seat shows as a bubble on its card. The clocks and bubbles change without
 * rebuilding cards.
 */
import type { SeatColor } from "../../../shared/core/seats";
import type { GameId } from "../../../shared/games/catalog";
import type { Piece } from "../../../shared/games/types";
import type { SeatView, TableView } from "../../../shared/protocol/views";
import { pieceIcon } from "../board/art/draw";
import { css, pieceFill } from "../board/art/palette";
import { pieceName, t, tCount, tOr } from "../i18n";
import type { Me } from "../model/facts";
import { type ClockFace, clockText } from "../model/gameClock";
import { clear, el } from "../ui/dom";
import { icon, seatShape } from "../ui/icons";
import { personLink, ratingBadge } from "./rating";

export interface SeatActions {
  sit(seat: number): void;
}

const colorName = (color: string) => tOr(`color.${color}`, color);
const PIECE_ORDER = "KQRCHBNEAP";

/** Teams in four-player chess: opposite seats are partners. */
export function teamsOf(s: TableView): number[][] | null {
  return s.game === "fourchess" && s.rules.format === "teams"
    ? [
        [0, 2],
        [1, 3],
      ]
    : null;
}

/**
 * The public player id of a seat's person who has a player key (their rating shows), or null:
 * the seat's `player` is then an id of this table only, with no page of its own.
 */
export function keyedPlayer(seat: Pick<SeatView, "kind" | "player" | "rating">): string | null {
  return seat.kind === "human" && seat.rating > 0 && seat.player ? seat.player : null;
}

export function clock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const sec = String(total % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

export class SeatList {
  readonly element = el("section", { class: "panel-seats", "aria-label": t("table.players") });
  private clocks: {
    used: HTMLElement;
    left: HTMLElement;
    stopped: HTMLElement;
    clock: HTMLElement;
  }[] = [];
  /**
   * The time used shown on each seat in the game shown (by its number): a clock never goes
   * back, even when the server's figures come back lower than what was shown (a server that
   * restarted does not charge the time it was away).
   */
  private shownUsed: { game: number; ms: number[] } = { game: -1, ms: [] };
  private cards: HTMLElement[] = [];
  /** The phrase shown by each seat that just said one. */
  private bubbles: ReadonlyMap<number, string> = new Map();

  render(s: TableView, me: Me, captures: readonly Piece[][], actions: SeatActions): void {
    clear(this.element);
    this.clocks = [];
    this.cards = [];
    const teams = teamsOf(s);
    const groups = teams ?? [Array.from(s.seats, (_, i) => i)];
    // On one device both sides are the same person's: said once, not "you · host" on each seat.
    if (s.mode === "hotseat")
      this.element.append(el("p", { class: "muted hotseat-note" }, t("seat.hotseat")));
    for (const group of groups) {
      const list = el("ul", { class: teams ? "seats team" : "seats" });
      if (teams) {
        const names = group.map((i) => colorName(s.seats[i]?.color ?? "")).join(" + ");
        list.append(el("li", { class: "team-name" }, t("table.team", { names })));
      }
      for (const i of group) list.append(this.card(s, me, i, captures[i] ?? [], actions));
      this.element.append(list);
    }
  }

  private card(
    s: TableView,
    me: Me,
    i: number,
    taken: readonly Piece[],
    actions: SeatActions,
  ): HTMLElement {
    const seat = s.seats[i]!;
    const badges: string[] = [];
    if (seat.kind === "cpu")
      badges.push(`${t("seat.cpu")} · ${tOr(`level.${seat.level}`, seat.level)}`);
    if (seat.kind === "human" && seat.standIn) badges.push(t("seat.standIn"));
    if (seat.kind === "human" && !seat.connected) badges.push(t("seat.away"));
    const oneDevice = s.mode === "hotseat";
    if (me.seats.includes(i) && !oneDevice) badges.push(t("seat.you"));
    if (seat.kind === "human" && seat.player === s.host && !oneDevice) badges.push(t("seat.host"));
    if (seat.out) badges.push(tOr(`out.${seat.out}`, seat.out));
    // Before the start anyone may take or change seats; after a result a spectator may take a
    // free one (and so agrees to the next game).
    const canSit = s.phase === "waiting" || (s.phase === "finished" && me.seats.length === 0);
    const name =
      seat.kind === "open"
        ? canSit
          ? el(
              "button",
              { class: "link", "data-action": "sit", onclick: () => actions.sit(i) },
              t("seat.sitHere"),
            )
          : el("span", { class: "muted" }, t("seat.open"))
        : seat.kind === "cpu"
          ? el("span", { class: "name" }, t("seat.cpu"))
          : personLink(seat.name, keyedPlayer(seat));
    const used = el("span", { class: "used", title: t("seat.timeUsed") });
    const left = el("span", { class: "left" });
    const stopped = el(
      "span",
      { class: "stopped", title: t("seat.clockStoppedWhy"), hidden: true },
      icon("pause", 14),
      el("span", {}, t("seat.clockStopped")),
    );
    const gameClock = el("span", {
      class: "clock",
      title: t("seat.clockTitle"),
      hidden: !s.rules.clock,
    });
    this.clocks[i] = { used, left, stopped, clock: gameClock };
    const toMove = s.phase === "playing" && s.turn === i;
    const card = el(
      "li",
      {
        class: `seat seat-${seat.color}${toMove ? " to-move" : ""}${seat.out ? " is-out" : ""}${me.seats.includes(i) && s.mode !== "hotseat" ? " mine" : ""}`,
        "data-seat": String(i),
      },
      el(
        "div",
        { class: "seat-line" },
        seatShape(i, css(pieceFill(s.game, i))),
        el("span", { class: "color" }, colorName(seat.color)),
        name,
        seat.kind === "human" && seat.rating > 0
          ? ratingBadge(seat.rating, seat.provisional)
          : null,
        s.game === "fourchess" && s.rules.format === "individual"
          ? el("span", { class: "score" }, tCount("seat.points", seat.score))
          : null,
        gameClock,
      ),
      el(
        "div",
        { class: "seat-line small" },
        badges.length ? el("span", { class: "badges" }, badges.join(" · ")) : null,
        el("span", { class: "spacer" }),
        stopped,
        left,
        used,
      ),
    );
    if (taken.length > 0) card.append(capturedRow(s.game, taken));
    this.cards[i] = card;
    placeBubble(card, this.bubbles.get(i));
    return card;
  }

  /** A bubble with the phrase on each seat in `bubbles` (by seat), none on the others. */
  showBubbles(bubbles: ReadonlyMap<number, string>): void {
    this.bubbles = bubbles;
    this.cards.forEach((card, i) => {
      placeBubble(card, bubbles.get(i));
    });
  }

  /**
   * Updates the clocks: each seat's game clock (`faces`, where the table has one), or the time
   * used by each seat and the time left on the turn of the seat to move. `serverNow` is the
   * server's time as this client estimates it (ms since the epoch), held still while `stopped`
   * (the connection is down or the table paused), which the seat to move says.
   */
  tick(
    s: TableView,
    serverNow: number,
    stopped = false,
    faces: readonly (ClockFace | null)[] = [],
  ): void {
    const running = s.phase === "playing" && s.clockBase > 0;
    const turnStarted = s.clockBase + s.turnStarted;
    if (this.shownUsed.game !== s.gameNumber || s.phase === "waiting")
      this.shownUsed = { game: s.gameNumber, ms: [] };
    const shown = this.shownUsed.ms;
    s.seats.forEach((seat, i) => {
      const c = this.clocks[i];
      if (!c) return;
      c.stopped.hidden = !(stopped && running && s.turn === i);
      const face = faces[i];
      if (face) {
        showFace(c.clock, face);
        c.used.textContent = "";
        c.left.classList.remove("urgent");
        c.left.textContent =
          face.delayMs > 0 && !stopped
            ? t("seat.delayLeft", { s: Math.ceil(face.delayMs / 1000) })
            : "";
        return;
      }
      const thinking = running && s.turn === i ? Math.max(0, serverNow - turnStarted) : 0;
      const used = Math.max(shown[i] ?? 0, (seat.used ?? 0) + thinking);
      shown[i] = used;
      c.used.textContent = s.phase === "waiting" ? "" : clock(used);
      if (running && s.turn === i && s.turnDeadline > 0) {
        const leftMs = Math.max(0, s.clockBase + s.turnDeadline - serverNow);
        c.left.textContent = t("table.timeLeft", { s: Math.ceil(leftMs / 1000) });
        c.left.classList.toggle("urgent", leftMs <= 10_000);
      } else {
        c.left.textContent = "";
        c.left.classList.remove("urgent");
      }
    });
  }
}

/** A game clock's figures on its element: the time, red when low, marked while it runs. */
export function showFace(box: HTMLElement, face: ClockFace): void {
  const text = clockText(face.ms);
  if (box.textContent !== text) box.textContent = text;
  box.hidden = false;
  box.classList.toggle("low", face.low);
  box.classList.toggle("running", face.running);
}

function placeBubble(card: HTMLElement, text: string | undefined): void {
  const shown = card.querySelector<HTMLElement>(".bubble");
  if (text === undefined) shown?.remove();
  else if (shown) shown.textContent = text;
  else card.append(el("p", { class: "bubble" }, text));
}

/** Captured-piece icons: legible beside the seat's name (chess.com draws them about 20 px). */
const CAPTURED_PX = 24;

/** The pieces a seat has taken, smallest first; each icon says which piece it is (data-piece). */
export function capturedRow(game: GameId, taken: readonly Piece[]): HTMLElement {
  const sorted = [...taken].sort(
    (a, b) => PIECE_ORDER.indexOf(a.kind) - PIECE_ORDER.indexOf(b.kind) || a.seat - b.seat,
  );
  // One picture named by the pieces it shows; nothing to read while the seat has taken none.
  const row = el(
    "div",
    sorted.length > 0
      ? {
          class: "captured",
          role: "img",
          title: t("seat.captured"),
          "aria-label": `${t("seat.captured")}: ${sorted.map((c) => pieceName(game, c.kind)).join(", ")}`,
        }
      : { class: "captured" },
  );
  for (const c of sorted) {
    const icon = pieceIcon(game, c.kind, c.seat, CAPTURED_PX);
    icon.dataset.piece = `${c.kind}${c.seat}`;
    row.append(icon);
  }
  return row;
}

export function seatColorName(
  s: { readonly seats: readonly Pick<SeatView, "color">[] },
  seat: number,
): string {
  const color = s.seats[seat]?.color as SeatColor | undefined;
  return color ? colorName(color) : "";
}
