/**
 * The move list as a table: one row per round, a column per seat under its colour and shape,
 * moves made by a CPU stand-in marked; a move may be picked (the review steps to it).
 */

import type { MoveEntry } from "../../../shared/match/state";
import type { SeatView, TableView } from "../../../shared/protocol/views";
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
              class:
                `${cell.standIn ? "stand-in" : ""}${cell.index === current ? " current" : ""}`.trim(),
              title: cell.standIn ? t("seat.standIn") : null,
              onclick: onPick ? () => onPick(cell.index) : null,
            },
            cell.text,
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
