/**
 * The move list as a table: one row per round, a column per seat under its colour and shape,
 * moves made by a CPU stand-in marked; a move may be picked (the review steps to it).
 */

import type { MoveEntry } from "../../../shared/match/state";
import type { SeatView, TableView } from "../../../shared/protocol/views";
import type { Mark } from "../analysis/judge";
import { MARK_NAMES } from "../analysis/marks";
import { css, pieceFill } from "../board/art/palette";
import { t } from "../i18n";
import { moveRows, seatColumns } from "../model/movelist";
import { clear, el } from "../ui/dom";
import { icon, seatShape } from "../ui/icons";
import { seatColorName } from "./seats";

/** An entry as the move list shows it: its notation, or the word for a resignation or a flag. */
export function entryText(m: Pick<MoveEntry, "move" | "notation" | "timeout">): string {
  if (m.move) return m.notation;
  return t(m.timeout ? "table.timeoutEntry" : "table.resignedEntry");
}

export function renderMoves(
  box: HTMLElement,
  s: Pick<TableView, "game"> & { readonly seats: readonly Pick<SeatView, "color">[] },
  entries: readonly MoveEntry[],
  onPick?: (index: number) => void,
  current = -1,
  /** The analysis's mark of each entry (?!, ?, ??), if any. */
  marks: readonly (Mark | null)[] = [],
): void {
  clear(box);
  // A resignation or a flag that leaves the game running, or ends it, is an entry without a move.
  const moves = entries.map((m) => ({
    seat: m.seat,
    notation: entryText(m),
    by: m.by,
  }));
  const seats = s.seats.length;
  const columns = seatColumns(moves, seats);
  const table = el("table", { class: "moves" });
  table.append(
    el(
      "thead",
      {},
      el(
        "tr",
        {},
        el("th", {}, "#"),
        ...columns.map((seat) =>
          el(
            "th",
            { title: seatColorName(s, seat) },
            seatShape(seat, css(pieceFill(s.game, seat)), 12),
            // The column's side in words, not by its colour alone.
            el("span", { class: "sr-only" }, seatColorName(s, seat)),
          ),
        ),
      ),
    ),
  );
  const body = el("tbody");
  for (const row of moveRows(moves, seats)) {
    body.append(
      el(
        "tr",
        {},
        el("td", { class: "num" }, `${row.number}.`),
        ...columns.map((seat) => {
          const cell = row.cells[seat];
          if (!cell) return el("td");
          return el(
            "td",
            {
              "data-entry": String(cell.index),
              class:
                `${cell.standIn ? "stand-in" : ""}${cell.index === current ? " current" : ""}`.trim(),
              title: cell.standIn ? t("seat.standIn") : null,
              onclick: onPick ? () => onPick(cell.index) : null,
            },
            // A move is never broken; its mark may go under it in a narrow column.
            el("span", { class: "move-text" }, cell.text),
            markOf(marks[cell.index] ?? null),
            cell.standIn ? icon("cpu", 12) : null,
          );
        }),
      ),
    );
  }
  table.append(body);
  box.append(table);
  if (current < 0) box.scrollTop = box.scrollHeight;
  else box.querySelector(".current")?.scrollIntoView({ block: "nearest" });
}

/**
 * The analysis's marks put on a move list already drawn, without drawing it again (they come
 * one by one while the list stays as it is).
 */
export function markMoves(box: HTMLElement, marks: readonly (Mark | null)[]): void {
  for (const cell of box.querySelectorAll<HTMLElement>("td[data-entry]")) {
    const mark = marks[Number(cell.dataset.entry)] ?? null;
    const shown = cell.querySelector<HTMLElement>(".move-mark");
    if ((shown?.dataset.mark ?? null) === mark) continue;
    shown?.remove();
    const span = markOf(mark);
    // After the move's text, before a stand-in's icon.
    if (span) cell.firstChild?.after(span);
  }
}

/** An entry's mark from the analysis, named for those who hear the list. */
function markOf(mark: Mark | null): HTMLElement | null {
  if (!mark) return null;
  const name = t(MARK_NAMES[mark]);
  return el(
    "span",
    { class: "move-mark", "data-mark": mark, title: name, "aria-label": name },
    mark,
  );
}
