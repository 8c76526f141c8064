/**
 * The side panel's status and controls: whose turn it is, the controls the current state
 * allows and pending offers, the request for the next game among them. Worked out from the
 * state on every change; a control that is the same as before stays the element it was.
 */
import type { TableView } from "../../../../shared/protocol/views";
import { type Key, personName, t, tCount } from "../../i18n";
import { nextIsMine } from "../../model/cues";
import { type Me, seatName } from "../../model/facts";
import { aloneAtQuick } from "../../model/quick";
import { rematchOf } from "../../model/rematch";
import type { Send } from "../../net/connection";
import { gameLink } from "../../parts/gamelink";
import { type RematchActions, rematchBox } from "../../parts/rematch";
import { seatColorName } from "../../parts/seats";
import { resultHeadline } from "../../parts/texts";
import { el } from "../../ui/dom";
import { patchChildren } from "../../ui/focus";
import { type IconName, icon } from "../../ui/icons";

export interface PanelActions {
  send: Send;
  rematch: RematchActions;
  review(): void;
  hint(): void;
  resign(): void;
  /** A game's link was copied. */
  copied(): void;
}

/** The line that says what is happening, from this client's point of view. */
export function statusText(s: TableView, me: Me, hotSeat: boolean): string {
  if (s.phase === "waiting") {
    // A quick-play table has no host: it starts by itself (quick.ts says when).
    if (s.mode === "quick") return t("quick.waiting");
    if (me.host) return t("status.hostStart");
    const host = s.seats.find((x) => x.kind === "human" && x.player === s.host);
    return host ? t("status.waitingFor", { name: personName(host.name) }) : t("phase.waiting");
  }
  // The result card tells why; the panel says only who won, from this reader's side.
  if (s.phase === "finished")
    return s.result ? resultHeadline(s, s.result, me.seats) : t("phase.finished");
  const side = seatColorName(s, s.turn);
  if (hotSeat) return t("table.sideToMove", { side });
  if (me.seats.includes(s.turn)) return t("table.yourTurn");
  const seat = s.seats[s.turn];
  const who = seat?.kind === "human" ? `${side} (${personName(seat.name)})` : side;
  // Four-player chess: the seat before this player's is to move.
  if (nextIsMine(s, me)) return t("table.turnOfYouNext", { name: who });
  return t("table.turnOf", { name: who });
}

/**
 * Whether a draw offer could be agreed: another person (not this client, not a CPU, not a seat
 * a CPU stands in for) still plays in the game. Never in hot-seat, where one person plays all.
 */
export function drawPossible(s: TableView, me: Me): boolean {
  if (s.mode === "hotseat") return false;
  return Array.from(s.seats).some(
    (seat, i) =>
      seat.kind === "human" &&
      !me.seats.includes(i) &&
      seat.player !== me.player &&
      !seat.out &&
      !seat.standIn,
  );
}

export function renderControls(
  box: HTMLElement,
  s: TableView,
  me: Me,
  actions: PanelActions,
): void {
  const items: Node[] = [];
  const button = (key: Key, onclick: () => void, name: IconName | null, cls = "") =>
    el(
      "button",
      { class: `btn ${cls}`.trim(), onclick, "data-action": key },
      name ? icon(name) : null,
      el("span", {}, t(key)),
    );
  const inGame = me.seats.some((seat) => !s.seats[seat]?.out);
  if (s.phase === "waiting") {
    if (s.mode === "quick") {
      if (aloneAtQuick(s, me))
        items.push(button("quick.playNow", () => actions.send("start"), "play", "primary"));
    } else if (me.host)
      items.push(button("table.start", () => actions.send("start"), "play", "primary"));
    if (me.seats.length > 0) items.push(button("table.stand", () => actions.send("stand"), null));
  }
  if (s.phase === "playing" && inGame) {
    // The row keeps its buttons in their places all game: a hint waits for this client's turn.
    // A rated game has neither: not offered at all, rather than offered and refused.
    const rated = s.rules.rated;
    if (s.rules.hints && !rated) {
      const hint = button("table.hint", actions.hint, "hint");
      if (!me.seats.includes(s.turn)) {
        hint.disabled = true;
        hint.title = t("table.hintOnYourTurn");
      }
      items.push(hint);
    }
    if (!rated)
      items.push(
        button("table.takeback", () => actions.send("takeback", { action: "request" }), "takeback"),
      );
    if (drawPossible(s, me)) {
      const draw = button(
        "table.offerDraw",
        () => actions.send("draw", { action: "offer" }),
        "draw",
      );
      if (s.offer) {
        draw.disabled = true;
        draw.title = t("table.offerWaiting");
      }
      items.push(draw);
    }
    items.push(button("table.resign", actions.resign, "resign", "danger"));
  }
  if (s.phase === "finished") {
    // The result card offers these while it shows; the panel keeps them once it is closed.
    const after: HTMLElement[] = [];
    const rematch = rematchBox(rematchOf(s, me), actions.rematch);
    if (rematch) after.push(rematch);
    after.push(button("table.review", actions.review, null));
    if (s.gameId) after.push(gameLink(s.gameId, actions.copied));
    for (const e of after) e.classList.add("after-game");
    items.push(...after);
  }
  renderOffer(items, s, me, actions);
  // Buttons that did not change stay the same elements: focus and hover stay on them.
  patchChildren(box, items);
}

function renderOffer(items: Node[], s: TableView, me: Me, actions: PanelActions): void {
  const offer = s.offer;
  if (!offer || s.phase !== "playing" || offer.kind === "rematch") return;
  const kind = offer.kind;
  const asker = seatName(s, offer.seat);
  const text =
    kind === "draw"
      ? t("table.drawOffered", { name: asker })
      : tCount("table.takebackAsked", offer.plies, { name: asker });
  const mine = Array.from(offer.needed).some(
    (seat) => me.seats.includes(seat) && !Array.from(offer.agreed).includes(seat),
  );
  items.push(
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
              {
                class: "btn primary",
                "data-action": "offer-accept",
                onclick: () => answer(actions, kind, "accept"),
              },
              t("table.accept"),
            ),
            el(
              "button",
              {
                class: "btn",
                "data-action": "offer-decline",
                onclick: () => answer(actions, kind, "decline"),
              },
              t("table.decline"),
            ),
          )
        : el("p", { class: "muted" }, t("table.waitingAnswer")),
    ),
  );
}

/** Accepts or declines the pending offer. */
function answer(actions: PanelActions, kind: "draw" | "takeback", action: "accept" | "decline") {
  if (kind === "draw") actions.send("draw", { action });
  else actions.send("takeback", { action });
}
