/**
 * The side panel of a table: seats, whose turn it is with the countdown, scores, the controls
 * the current state allows, pending offers and the move list. Rebuilt from the state on every
 * change; it is small enough that this costs nothing noticeable.
 */
import { SEAT_SHAPES, type SeatColor } from "../../../shared/core/seats";
import type { TableView } from "../../../shared/protocol/views";
import { type Key, t, tOr } from "../i18n";
import { clear, el } from "../ui/dom";
import { type Me, seatName } from "./facts";
import { moveRows, seatColumns } from "./movelist";

export interface PanelActions {
  send(type: string, payload?: unknown): void;
  review(): void;
  hint(): void;
}

const colorName = (color: string) => tOr(`color.${color}`, color);

export function renderSeats(box: HTMLElement, s: TableView, me: Me, actions: PanelActions): void {
  clear(box);
  const list = el("ul", { class: "seats" });
  Array.from(s.seats).forEach((seat, i) => {
    const shape = SEAT_SHAPES[seat.color as SeatColor] ?? "";
    const badges: string[] = [];
    if (seat.kind === "cpu") badges.push(t("seat.cpu"));
    if (seat.kind === "human" && seat.standIn) badges.push(t("seat.standIn"));
    if (seat.kind === "human" && !seat.connected) badges.push(t("seat.away"));
    if (me.seats.includes(i)) badges.push(t("seat.you"));
    if (seat.kind === "human" && seat.player === s.host) badges.push(t("seat.host"));
    if (seat.out) badges.push(t("seat.out"));
    const name =
      seat.kind === "open"
        ? s.phase === "waiting"
          ? el(
              "button",
              { class: "link", onclick: () => actions.send("sit", { seat: i }) },
              t("seat.sitHere"),
            )
          : el("span", { class: "muted" }, t("seat.open"))
        : el("span", { class: "name" }, seat.name);
    list.append(
      el(
        "li",
        {
          class: `seat seat-${seat.color}${s.turn === i ? " to-move" : ""}${seat.out ? " is-out" : ""}`,
          "data-seat": String(i),
        },
        el("span", { class: "marker", "aria-hidden": "true" }, shape),
        el("span", { class: "color" }, colorName(seat.color)),
        name,
        s.rules.format === "individual" && s.game === "fourchess"
          ? el("span", { class: "score" }, t("seat.points", { n: seat.score }))
          : null,
        badges.length ? el("span", { class: "badges" }, badges.join(" · ")) : null,
      ),
    );
  });
  box.append(list);
}

export function statusText(s: TableView, me: Me): string {
  if (s.phase === "waiting") return t("phase.waiting");
  if (s.phase === "finished") return s.result?.message ?? t("phase.finished");
  if (me.seats.includes(s.turn)) return t("table.yourTurn");
  const seat = s.seats[s.turn];
  return t("table.turnOf", { name: seat ? `${colorName(seat.color)} ${seat.name}` : "" });
}

export function renderControls(
  box: HTMLElement,
  s: TableView,
  me: Me,
  actions: PanelActions,
): void {
  clear(box);
  const button = (key: Key, onclick: () => void, cls = "") =>
    el("button", { class: `btn ${cls}`.trim(), onclick, "data-action": key }, t(key));
  const inGame = me.seats.some((seat) => !s.seats[seat]?.out);
  if (s.phase === "waiting") {
    if (me.host) box.append(button("table.start", () => actions.send("start"), "primary"));
    if (me.seats.length > 0) box.append(button("table.stand", () => actions.send("stand")));
  }
  if (s.phase === "playing" && inGame) {
    if (s.rules.hints && me.seats.includes(s.turn)) box.append(button("table.hint", actions.hint));
    box.append(button("table.takeback", () => actions.send("takeback", { action: "request" })));
    if (!s.offer)
      box.append(button("table.offerDraw", () => actions.send("draw", { action: "offer" })));
    box.append(
      button(
        "table.resign",
        () => {
          if (window.confirm(t("table.confirmResign"))) actions.send("resign");
        },
        "danger",
      ),
    );
  }
  if (s.phase === "finished") {
    if (me.seats.length > 0)
      box.append(button("table.playAgain", () => actions.send("playAgain"), "primary"));
    box.append(button("table.review", actions.review));
  }
  renderOffer(box, s, me, actions);
}

function renderOffer(box: HTMLElement, s: TableView, me: Me, actions: PanelActions): void {
  const offer = s.offer;
  if (!offer || s.phase !== "playing") return;
  const asker = seatName(s, offer.seat);
  const text =
    offer.kind === "draw"
      ? t("table.drawOffered", { name: asker })
      : t("table.takebackAsked", { name: asker, n: offer.plies });
  const mine = Array.from(offer.needed).some(
    (seat) => me.seats.includes(seat) && !Array.from(offer.agreed).includes(seat),
  );
  const type = offer.kind === "draw" ? "draw" : "takeback";
  box.append(
    el(
      "div",
      { class: "offer", role: "alert" },
      el("p", {}, text),
      mine
        ? el(
            "div",
            { class: "row" },
            el(
              "button",
              { class: "btn primary", onclick: () => actions.send(type, { action: "accept" }) },
              t("table.accept"),
            ),
            el(
              "button",
              { class: "btn", onclick: () => actions.send(type, { action: "decline" }) },
              t("table.decline"),
            ),
          )
        : el("p", { class: "muted" }, t("table.waitingAnswer")),
    ),
  );
}

export function renderMoves(
  box: HTMLElement,
  s: TableView,
  onPick?: (index: number) => void,
  current = -1,
): void {
  clear(box);
  const moves = Array.from(s.moves).map((m) => ({ seat: m.seat, notation: m.notation, by: m.by }));
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
            { class: `seat-${s.seats[seat]?.color ?? ""}` },
            SEAT_SHAPES[s.seats[seat]?.color as SeatColor] ?? "",
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
            cell.text + (cell.standIn ? " ⚙" : ""),
          );
        }),
      ),
    );
  }
  table.append(body);
  box.append(table);
  box.scrollTop = box.scrollHeight;
}
