/**
 * Four-player chess on a phone: each seat's badge (colour, name, points, clock, the pieces it
 * has taken as far as there is room) in one of the
 * cross board's empty 3×3 corners, as chess.com places them, so the board can take the whole
 * width and nobody's seat is listed below it. Each seat's badge sits in the corner to the right
 * of its side as it faces the centre: the bottom side's in the bottom-right corner, the left
 * side's in the bottom-left, the top side's in the top-left, the right side's in the top-right.
 * Shown by the stylesheet on narrow screens only, once a game has begun.
 */
import type { Piece } from "../../../shared/games/types";
import type { TableView } from "../../../shared/protocol/views";
import { css, pieceFill } from "../board/art/palette";
import type { BoardView } from "../board/view";
import { personName, t, tCount, tOr } from "../i18n";
import type { Me } from "../model/facts";
import type { ClockFace } from "../model/gameClock";
import { clear, el } from "../ui/dom";
import { seatShape } from "../ui/icons";
import { ratingText } from "./rating";
import { capturedRow, clock, showFace } from "./seats";

/** A square on each seat's home rank (where its king starts), to find the side it plays from. */
const HOME = ["h1", "a7", "g14", "n8"] as const;
/** The corner each side's badge takes: by side bottom, left, top, right. */
type Corner = "br" | "bl" | "tl" | "tr";

interface Badge {
  readonly element: HTMLElement;
  readonly clock: HTMLElement;
}

export class CornerSeats {
  readonly element = el("div", { class: "corner-seats", "aria-hidden": "true" });
  private badges: Badge[] = [];
  /** What the badges were built for: rebuilt only when it changes. */
  private key = "";
  private placed = "";

  constructor(private readonly view: BoardView) {}

  /** Shows the seats of a four-player game (none for other games or before the start). */
  render(s: TableView, me: Me, captures: readonly (readonly Piece[])[]): void {
    const shown = s.game === "fourchess" && s.phase !== "waiting";
    this.element.hidden = !shown;
    if (!shown) {
      this.key = "";
      clear(this.element);
      this.badges = [];
      return;
    }
    const points = s.rules.format === "individual";
    const key = JSON.stringify([
      s.seats.map((x) => [x.kind, x.name, x.score, x.out, x.color, x.rating, x.provisional]),
      s.phase === "playing" ? s.turn : -1,
      me.seats,
      points,
      captures.map((list) => list.map((p) => `${p.kind}${p.seat}`)),
    ]);
    if (key !== this.key) {
      this.key = key;
      this.build(s, me, points, captures);
    }
    this.place();
  }

  /** The clocks (the game clocks `faces`, where the table has them), and the corners again if the board moved or turned. */
  tick(s: TableView, serverNow: number, faces: readonly (ClockFace | null)[] = []): void {
    if (this.element.hidden) return;
    const running = s.phase === "playing" && s.clockBase > 0;
    this.badges.forEach((b, i) => {
      const face = faces[i];
      if (face) {
        showFace(b.clock, face);
        return;
      }
      const toMove = running && s.turn === i;
      const thinking = toMove ? Math.max(0, serverNow - (s.clockBase + s.turnStarted)) : 0;
      const text =
        toMove && s.turnDeadline > 0
          ? t("table.timeLeft", {
              s: Math.ceil(Math.max(0, s.clockBase + s.turnDeadline - serverNow) / 1000),
            })
          : clock((s.seats[i]?.used ?? 0) + thinking);
      if (b.clock.textContent !== text) b.clock.textContent = text;
    });
    this.place();
  }

  private build(
    s: TableView,
    me: Me,
    points: boolean,
    captures: readonly (readonly Piece[])[],
  ): void {
    clear(this.element);
    this.placed = "";
    this.badges = s.seats.map((seat, i) => {
      const name =
        seat.kind === "cpu" ? t("seat.cpu") : seat.kind === "open" ? "" : personName(seat.name);
      const clockBox = el("span", { class: "corner-clock" });
      const toMove = s.phase === "playing" && s.turn === i;
      const element = el(
        "div",
        {
          class: `corner-seat seat-${seat.color}${toMove ? " to-move" : ""}${seat.out ? " is-out" : ""}${me.seats.includes(i) ? " mine" : ""}`,
          "data-seat": String(i),
          title: tOr(`color.${seat.color}`, seat.color),
        },
        el(
          "div",
          { class: "corner-line" },
          seatShape(i, css(pieceFill(s.game, i)), 12),
          // The seat's colour in words beside its shape, for those who do not see the colour.
          el("span", { class: "sr-only" }, `${tOr(`color.${seat.color}`, seat.color)}: `),
          el("span", { class: "corner-name" }, name),
        ),
        // A line of its own: beside the name it would leave the name a letter or two.
        seat.kind === "human" && seat.rating > 0
          ? el("span", { class: "corner-rating" }, ratingText(seat.rating, seat.provisional))
          : null,
        points ? el("span", { class: "corner-score" }, tCount("seat.points", seat.score)) : null,
        seat.out ? el("span", { class: "corner-out" }, tOr(`out.${seat.out}`, seat.out)) : null,
        clockBox,
        takenRow(captures[i] ?? []),
      );
      this.element.append(element);
      return { element, clock: clockBox };
    });
  }

  /** Puts each badge in its corner of the grid as the board is now laid out. */
  /** Puts the badges in the corners where the board now is (it moved, turned or was resized). */
  place(): void {
    const grid = this.view.gridOnCanvas();
    if (!grid) return;
    const cell = grid.width / 14;
    const sides = HOME.map((square) => sideOf(this.view, square, grid));
    const key = `${grid.x},${grid.y},${grid.width},${sides.join("")}`;
    if (key === this.placed) return;
    this.placed = key;
    const size = cell * 3;
    this.badges.forEach((b, i) => {
      const corner = CORNER_OF[sides[i] ?? 0]!;
      const left = grid.x + (corner[1] === "l" ? 0 : grid.width - size);
      const top = grid.y + (corner[0] === "t" ? 0 : grid.height - size);
      Object.assign(b.element.style, {
        left: `${left}px`,
        top: `${top}px`,
        width: `${size}px`,
        height: `${size}px`,
      });
      b.element.dataset.corner = corner;
    });
  }
}

const CORNER_OF: readonly Corner[] = ["br", "bl", "tl", "tr"];

/**
 * Captured pieces shown in a corner, at the panel's size (24 px) and overlapping a little as
 * on a player's tray (a corner holds no more); the rest are counted.
 */
const TAKEN_SHOWN = 3;

/** The pieces a seat has taken, the most valuable first, as many as a corner holds. */
function takenRow(taken: readonly Piece[]): HTMLElement | null {
  if (taken.length === 0) return null;
  const row = capturedRow("fourchess", taken);
  const icons = [...row.querySelectorAll("[data-piece]")];
  for (const icon of icons.slice(TAKEN_SHOWN)) icon.remove();
  if (icons.length > TAKEN_SHOWN) row.append(el("span", {}, `+${icons.length - TAKEN_SHOWN}`));
  row.classList.add("corner-taken");
  return row;
}

/** The side of the board (0 bottom, 1 left, 2 top, 3 right) a home square is shown on. */
function sideOf(
  view: BoardView,
  square: string,
  grid: { x: number; y: number; width: number; height: number },
): number {
  const p = view.squareOnCanvas(square);
  if (!p) return 0;
  const d = [grid.y + grid.height - p.y, p.x - grid.x, p.y - grid.y, grid.x + grid.width - p.x];
  return d.indexOf(Math.min(...d));
}
