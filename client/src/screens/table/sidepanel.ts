/**
 * The panel beside the board: what is happening and a line for refusals and help, the
 * controls (or a review's), the seats with their clocks, the move list with the typed-move
 * field, the invitation and the house rules. Rebuilt from the state on every change; the
 * clocks tick in between.
 */
import type { TableView } from "../../../../shared/protocol/views";
import { t } from "../../i18n";
import type { Me } from "../../model/facts";
import type { GameMirror } from "../../model/mirror";
import type { Send } from "../../net/connection";
import { renderMoves } from "../../parts/moves";
import type { Review } from "../../parts/review";
import { rulesForm } from "../../parts/rulesForm";
import { SeatList } from "../../parts/seats";
import { clear, el } from "../../ui/dom";
import { icon } from "../../ui/icons";
import { MoveField } from "./movefield";
import { renderControls, statusText } from "./panel";
import { ShareBox } from "./share";

export interface SidePanelActions {
  send: Send;
  review(): void;
  resign(): void;
}

/** What the panel shows, besides the state. */
export interface PanelView {
  readonly me: Me;
  readonly game: GameMirror;
  readonly myTurn: boolean;
  readonly review: Review | null;
  /** The table's id, for the invitation. */
  readonly tableId: string | null;
}

const MESSAGE_MS = 6000;

export class SidePanel {
  private readonly seats = new SeatList();
  private readonly statusBox = el("p", { class: "status" });
  private readonly watchingBox = el("p", { class: "watching", hidden: true });
  private readonly messageBox = el("p", { class: "message", role: "alert", hidden: true });
  private readonly noticeBox = el("div", { class: "notices" });
  private readonly controlsBox = el("section", { class: "controls" });
  private readonly movesBox = el("section", { class: "moves-box", "aria-label": t("table.moves") });
  private readonly share = new ShareBox((text) => this.say(text, false));
  private readonly rulesBox = el("section", { class: "rules-box" });
  private readonly moveField: MoveField;
  private messageTimer: ReturnType<typeof setTimeout> | null = null;
  readonly element: HTMLElement;

  constructor(private readonly actions: SidePanelActions) {
    this.moveField = new MoveField(
      (move) => actions.send("move", move),
      (message) => this.say(message, true),
    );
    this.element = el(
      "aside",
      { class: "panel" },
      el(
        "section",
        { class: "now" },
        this.statusBox,
        this.watchingBox,
        this.messageBox,
        this.noticeBox,
        this.controlsBox,
      ),
      this.seats.element,
      el(
        "section",
        { class: "record" },
        el("h2", {}, t("table.moves")),
        this.movesBox,
        this.moveField.element,
      ),
      this.share.element,
      this.rulesBox,
    );
  }

  render(s: TableView, v: PanelView): void {
    const { me, game, review } = v;
    const send = this.actions.send;
    const hotSeat = s.mode === "hotseat";
    this.seats.render(s, me, game.capturesBy(s.seats.length), {
      sit: (seat) => send("sit", { seat }),
    });
    this.statusBox.textContent = statusText(s, me, hotSeat);
    this.statusBox.classList.toggle("mine", v.myTurn);
    this.watchingBox.hidden = !me.spectator;
    if (me.spectator) {
      clear(this.watchingBox);
      this.watchingBox.append(icon("watch", 16), el("span", {}, t("table.youWatch")));
    }
    clear(this.noticeBox);
    for (const n of Array.from(s.notices))
      this.noticeBox.append(el("p", { class: "notice" }, n.message));
    if (review) review.render(this.controlsBox);
    else
      renderControls(this.controlsBox, s, me, {
        send,
        review: this.actions.review,
        hint: () => send("hint"),
        resign: this.actions.resign,
        copied: () => this.say(t("table.copied"), false),
      });
    renderMoves(
      this.movesBox,
      s,
      game.entries,
      review ? (i) => review.to(i + 1) : undefined,
      review ? review.step - 1 : -1,
    );
    this.moveField.render(
      s.game,
      game.current,
      v.myTurn && !review
        ? "mine"
        : me.spectator
          ? "watching"
          : s.phase !== "playing"
            ? "no-game"
            : "wait",
    );
    this.share.render(v.tableId, s);
    clear(this.rulesBox);
    if (s.phase === "waiting") {
      this.rulesBox.append(
        el("h2", {}, t("rules.title")),
        rulesForm(s.game, s.rules, me.host, (key, value) =>
          send("rules", { rules: { [key]: value } }),
        ),
      );
    }
  }

  /** The clocks, at the server's time `serverNow`. */
  tick(s: TableView, serverNow: number): void {
    this.seats.tick(s, serverNow);
  }

  /** A line beside the board: a refusal, or a word of help. Never over the board. */
  say(text: string, isError: boolean): void {
    this.messageBox.textContent = text;
    this.messageBox.hidden = false;
    this.messageBox.classList.toggle("error", isError);
    if (this.messageTimer) clearTimeout(this.messageTimer);
    this.messageTimer = setTimeout(() => {
      this.messageBox.hidden = true;
    }, MESSAGE_MS);
  }

  stop(): void {
    if (this.messageTimer) clearTimeout(this.messageTimer);
  }
}
