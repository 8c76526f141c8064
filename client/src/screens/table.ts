/**
 * The table screen: the board, the side panel, sharing, house rules, the result card and the
 * review. It listens to the room's state and redraws what changed; every action goes to the
 * server, which answers with state or with a coded refusal shown to the player.
 */
import QRCode from "qrcode";
import { type GameId, gameDefinition } from "../../../shared/games/registry";
import type { TableView } from "../../../shared/protocol/views";
import { SPECS, turnFor } from "../board/geometry";
import type { BoardHost } from "../board/host";
import {
  type BoardUi,
  choosePromotion,
  drop,
  EMPTY_UI,
  type Intent,
  isMyTurn,
  markedDestinations,
  revalidate,
  tap,
} from "../board/ui";
import { t, tOr } from "../i18n";
import type { ConnectionStatus, Session, TableRoom, Welcome } from "../net/session";
import { announce } from "../ui/announce";
import { play } from "../ui/audio";
import { clear, el } from "../ui/dom";
import { checkSquares, lastMoveOf, type Me, meIn, piecesOf, tableFacts } from "./facts";
import { renderControls, renderMoves, renderSeats, statusText } from "./panel";
import { buildFrames, type ReviewFrame } from "./review";
import { rulesForm } from "./rulesForm";

export interface TableSnapshot {
  readonly fen: string;
  readonly moves: number;
  readonly phase: string;
  readonly turn: number;
  readonly mySeats: number[];
  readonly legalMoves: string[];
}

interface Review {
  readonly frames: readonly ReviewFrame[];
  step: number;
}

export class TableScreen {
  readonly element: HTMLElement;
  private readonly boardBox = el("div", { class: "board" });
  private readonly overlay = el("div", { class: "board-overlay" });
  private readonly seatsBox = el("section", { class: "panel-seats" });
  private readonly statusBox = el("p", { class: "status", "aria-live": "off" });
  private readonly clockBox = el("p", { class: "clock" });
  private readonly noticeBox = el("div", { class: "notices" });
  private readonly controlsBox = el("section", { class: "controls" });
  private readonly movesBox = el("section", { class: "moves-box", "aria-label": t("table.moves") });
  private readonly shareBox = el("section", { class: "share" });
  private readonly rulesBox = el("section", { class: "rules-box" });
  private readonly keyboard = el("input", {
    class: "keyboard",
    type: "text",
    autocomplete: "off",
    spellcheck: false,
  });
  private readonly banner = el("div", { class: "banner", role: "status", hidden: true });
  private readonly toast = el("div", { class: "toast", role: "alert", hidden: true });
  private room: TableRoom | null = null;
  private state: TableView | null = null;
  private me: Me = { player: null, seats: [], host: false, spectator: true };
  private ui: BoardUi = EMPTY_UI;
  private extraTurn = 0;
  private movesSeen = -1;
  private gameSeen = 0;
  private resultShown = 0;
  private review: Review | null = null;
  private clockOffset = 0;
  private lastDeadline = 0;
  private clockTimer: ReturnType<typeof setInterval> | null = null;
  private toastTimer: ReturnType<typeof setTimeout> | null = null;
  private shareFor = "";

  constructor(
    private readonly board: BoardHost,
    private readonly session: Session,
    private readonly onExit: () => void,
  ) {
    this.keyboard.addEventListener("keydown", (e) => {
      if (e.key === "Enter") this.typedMove();
    });
    const side = el(
      "aside",
      { class: "panel" },
      this.seatsBox,
      this.statusBox,
      this.clockBox,
      this.noticeBox,
      this.controlsBox,
      el("h2", {}, t("table.moves")),
      this.movesBox,
      el(
        "label",
        { class: "field keyboard-field" },
        el("span", {}, t("table.keyboard")),
        this.keyboard,
      ),
      this.shareBox,
      this.rulesBox,
    );
    const header = el(
      "header",
      { class: "table-header" },
      el("button", { class: "btn", onclick: () => this.leave() }, `← ${t("table.back")}`),
      el(
        "button",
        { class: "btn", onclick: () => this.rotate(), title: t("table.rotate") },
        `⟳ ${t("table.rotate")}`,
      ),
    );
    this.element = el(
      "div",
      { class: "table-screen" },
      header,
      this.banner,
      el(
        "div",
        { class: "table-main" },
        el("div", { class: "board-wrap" }, this.boardBox, this.overlay),
        side,
      ),
      this.toast,
    );
  }

  async show(): Promise<void> {
    await this.board.init();
    this.board.mount(this.boardBox, {
      tap: (square) => this.apply(tap(this.ui, this.facts(), square)),
      drop: (from, to) =>
        to
          ? this.apply(drop(this.ui, this.facts(), from, to))
          : this.apply({ ui: EMPTY_UI, intent: { kind: "none" } }),
      canDrag: (square) =>
        !this.review &&
        isMyTurn(this.facts()) &&
        this.facts().pieces.some((p) => p.square === square && this.me.seats.includes(p.color)),
    });
    this.clockTimer = setInterval(() => this.renderClock(), 250);
  }

  hide(): void {
    if (this.clockTimer) clearInterval(this.clockTimer);
    this.detach();
    this.board.unmount();
  }

  /** A summary for tools and tests. */
  snapshot(): TableSnapshot | null {
    const s = this.state;
    if (!s) return null;
    return {
      fen: s.fen,
      moves: s.moves.length,
      phase: s.phase,
      turn: s.turn,
      mySeats: [...this.me.seats],
      legalMoves: Array.from(s.legalMoves),
    };
  }

  // --- events from the session -------------------------------------------------------------

  attach(room: TableRoom): void {
    this.detach();
    this.room = room;
    room.onStateChange(this.listener);
    if (room.state?.seats) this.onState(room.state);
  }

  private readonly listener = (state: TableView) => this.onState(state);

  private detach(): void {
    this.room?.onStateChange.remove(this.listener);
  }

  onWelcome(w: Welcome): void {
    if (this.state) this.onState(this.state);
    if (w.role === "spectator" && this.state?.phase !== "waiting")
      this.showToast(t("table.spectating"), false);
  }

  onStatus(status: ConnectionStatus, attempt: number): void {
    if (status === "connected") {
      if (!this.banner.hidden) {
        this.banner.hidden = true;
        announce(t("conn.back"));
      }
      return;
    }
    this.banner.hidden = false;
    this.banner.textContent =
      status === "lost" ? t("conn.lost") : t("conn.reconnecting", { n: attempt });
  }

  onError(e: { code: string; message: string }): void {
    this.showToast(tOr(`error.${e.code}`, e.message), true);
  }

  onHint(move: { from: string; to: string; promotion?: string }): void {
    this.board.view.setHighlights({ ...this.highlights(), lastMove: move, selected: null });
    this.showToast(t("table.hintIs", { move: `${move.from}-${move.to}` }), false);
  }

  // --- rendering ---------------------------------------------------------------------------

  private facts() {
    return tableFacts(this.state!, this.me);
  }

  private onState(s: TableView): void {
    if (!s.seats || !s.game) return;
    this.state = s;
    this.me = meIn(s, this.session.player);
    const spec = SPECS[s.game as GameId];
    const hotSeat = s.mode === "hotseat";
    const base = hotSeat || this.me.seats.length === 0 ? 0 : turnFor(spec, this.me.seats[0]!);
    const step = spec.points ? 2 : 1;
    this.board.view.setBoard(spec, (base + this.extraTurn * step) % 4, hotSeat);
    if (!this.review) {
      this.board.view.syncPieces(piecesOf(s), performance.now());
      this.ui = revalidate(this.ui, this.facts());
      this.board.view.setHighlights(this.highlights());
    }
    this.noticeMoves(s);
    this.renderPanel();
  }

  private highlights() {
    const s = this.state!;
    return {
      selected: this.ui.selected,
      destinations: markedDestinations(this.ui, this.facts()),
      lastMove: lastMoveOf(s),
      checks: checkSquares(s),
    };
  }

  /** Sounds and announcements for moves that arrived since the last state. */
  private noticeMoves(s: TableView): void {
    const count = s.moves.length;
    const fresh = this.movesSeen >= 0 && s.gameNumber === this.gameSeen && count > this.movesSeen;
    if (fresh) {
      const m = s.moves[count - 1]!;
      const seat = s.seats[m.seat];
      announce(
        t("table.moved", {
          name: seat ? tOr(`color.${seat.color}`, seat.color) : "",
          move: m.notation,
        }),
      );
      play(m.notation.includes("x") || /[a-z]\d+x/.test(m.notation) ? "capture" : "move");
      if (s.phase === "playing" && this.me.seats.includes(s.turn)) {
        play("turn");
        announce(t("table.yourTurn"));
      }
      if (Array.from(s.checks).length > 0) announce(t("table.check"));
    }
    if (s.phase === "finished" && this.resultShown !== s.gameNumber && s.result) {
      this.resultShown = s.gameNumber;
      play("end");
      announce(s.result.message);
      this.showResult();
    }
    if (s.gameNumber !== this.gameSeen) this.review = null;
    this.movesSeen = count;
    this.gameSeen = s.gameNumber;
  }

  private renderPanel(): void {
    const s = this.state!;
    const actions = {
      send: (type: string, payload?: unknown) => this.session.send(type, payload),
      review: () => this.startReview(),
      hint: () => this.session.send("hint"),
    };
    renderSeats(this.seatsBox, s, this.me, actions);
    this.statusBox.textContent = statusText(s, this.me);
    clear(this.noticeBox);
    for (const n of Array.from(s.notices))
      this.noticeBox.append(el("p", { class: "notice" }, n.message));
    if (this.review) this.renderReviewControls();
    else renderControls(this.controlsBox, s, this.me, actions);
    renderMoves(
      this.movesBox,
      s,
      this.review ? (i) => this.reviewTo(i + 1) : undefined,
      this.review ? this.review.step - 1 : -1,
    );
    const example = s.game === "xiangqi" ? "h2e2 / C2=5" : "h2-h4";
    this.keyboard.placeholder = t("table.keyboardPlaceholder", { example });
    this.keyboard.disabled = !isMyTurn(this.facts());
    this.renderShare(s);
    clear(this.rulesBox);
    if (s.phase === "waiting") {
      this.rulesBox.append(
        el("h2", {}, t("rules.title")),
        rulesForm(s.game as GameId, s.rules, this.me.host, (key, value) =>
          this.session.send("rules", { rules: { [key]: value } }),
        ),
      );
    }
    this.renderPromotion();
    this.renderClock();
  }

  private renderClock(): void {
    const s = this.state;
    if (s?.phase !== "playing" || !s.turnDeadline) {
      this.clockBox.textContent = "";
      this.lastDeadline = 0;
      return;
    }
    if (s.turnDeadline !== this.lastDeadline) {
      // A deadline that arrives with a new move was set as the turn began, a full timer ahead of
      // the server's clock then: that tells how far our clock is from the server's. A deadline
      // seen on joining mid-turn keeps the last estimate.
      const fresh = this.lastDeadline !== 0 || s.moves.length === 0;
      this.lastDeadline = s.turnDeadline;
      if (fresh) this.clockOffset = s.turnDeadline - s.rules.turnTimer * 1000 - Date.now();
    }
    const left = Math.max(0, Math.ceil((s.turnDeadline - (Date.now() + this.clockOffset)) / 1000));
    this.clockBox.textContent = t("table.timeLeft", { s: left });
    this.clockBox.classList.toggle("urgent", left <= 10);
  }

  private renderShare(s: TableView): void {
    const room = this.room;
    if (!room || s.mode === "hotseat" || s.mode === "computer" || s.phase === "finished") {
      clear(this.shareBox);
      this.shareFor = "";
      return;
    }
    const link = `${window.location.origin}/t/${room.roomId}`;
    if (this.shareFor === link) return;
    this.shareFor = link;
    clear(this.shareBox);
    const img = el("img", { class: "qr", alt: link, width: 128, height: 128 });
    void QRCode.toDataURL(link, { margin: 1, width: 256 }).then((url) => {
      img.src = url;
    });
    this.shareBox.append(
      el("p", {}, t("table.share")),
      el(
        "p",
        { class: "code" },
        `${t("table.code")}: `,
        el("strong", { "data-code": room.roomId }, room.roomId),
      ),
      el(
        "p",
        {},
        el("a", { href: link }, link),
        " ",
        el(
          "button",
          {
            class: "btn small",
            onclick: () => {
              void navigator.clipboard
                ?.writeText(link)
                .then(() => this.showToast(t("table.copied"), false));
            },
          },
          t("table.copyLink"),
        ),
      ),
      img,
    );
  }

  private renderPromotion(): void {
    const old = this.overlay.querySelector(".promotion");
    old?.remove();
    const p = this.ui.promotion;
    if (!p) return;
    const box = el(
      "div",
      { class: "promotion", role: "dialog", "aria-label": t("table.promote") },
      el("p", {}, t("table.promote")),
    );
    for (const kind of p.choices) {
      box.append(
        el(
          "button",
          { class: "btn", onclick: () => this.apply(choosePromotion(this.ui, kind)) },
          tOr(`piece.${kind}`, kind),
        ),
      );
    }
    this.overlay.append(box);
  }

  private showResult(): void {
    const s = this.state!;
    const r = s.result;
    if (!r) return;
    this.overlay.querySelector(".result")?.remove();
    const winners = Array.from(r.winners).map((seat) => {
      const x = s.seats[seat]!;
      return `${tOr(`color.${x.color}`, x.color)}${x.name && x.kind !== "cpu" ? ` (${x.name})` : ""}`;
    });
    const title = r.draw
      ? t("result.draw")
      : winners.length > 1
        ? t("result.win", { names: winners.join(", ") })
        : t("result.wins", { names: winners[0] ?? "" });
    const placing = Array.from(r.placing)
      .map((place, seat) => ({ place, seat }))
      .sort((a, b) => a.place - b.place)
      .map(({ place, seat }) => {
        const x = s.seats[seat]!;
        const score =
          s.game === "fourchess" && s.rules.format === "individual"
            ? ` — ${t("seat.points", { n: x.score })}`
            : "";
        return el(
          "li",
          {},
          t("result.place", { place, name: `${tOr(`color.${x.color}`, x.color)} ${x.name}` }) +
            score,
        );
      });
    const card = el(
      "div",
      { class: "result", role: "dialog", "aria-label": t("result.title") },
      el("h2", {}, title),
      el("p", {}, r.message),
      el("ol", { class: "placing" }, ...placing),
      el(
        "div",
        { class: "row" },
        el(
          "button",
          {
            class: "btn",
            onclick: () => {
              card.remove();
              this.startReview();
            },
          },
          t("table.review"),
        ),
        this.me.seats.length > 0
          ? el(
              "button",
              {
                class: "btn primary",
                onclick: () => {
                  card.remove();
                  this.session.send("playAgain");
                },
              },
              t("table.playAgain"),
            )
          : null,
        el("button", { class: "btn", onclick: () => card.remove() }, t("result.close")),
      ),
    );
    this.overlay.append(card);
  }

  // --- review ------------------------------------------------------------------------------

  private startReview(): void {
    const s = this.state;
    if (!s) return;
    const moves = Array.from(s.moves).map((m) => ({
      seat: m.seat,
      from: m.from,
      to: m.to,
      promotion: m.promotion,
    }));
    const frames = buildFrames(s.game as GameId, s.rules, moves);
    this.review = { frames, step: frames.length - 1 };
    this.ui = EMPTY_UI;
    this.board.view.syncPieces(frames.at(-1)!.pieces, performance.now(), false);
    this.reviewTo(frames.length - 1);
  }

  private reviewTo(step: number): void {
    const r = this.review;
    if (!r) return;
    r.step = Math.max(0, Math.min(r.frames.length - 1, step));
    const frame = r.frames[r.step]!;
    this.board.view.syncPieces(frame.pieces, performance.now());
    this.board.view.setHighlights({
      selected: null,
      destinations: [],
      lastMove: frame.lastMove,
      checks: [],
    });
    this.renderPanel();
  }

  private renderReviewControls(): void {
    const r = this.review!;
    clear(this.controlsBox);
    const b = (label: string, title: string, to: number) =>
      el(
        "button",
        { class: "btn", title, "aria-label": title, onclick: () => this.reviewTo(to) },
        label,
      );
    this.controlsBox.append(
      el("p", { class: "review-pos" }, t("review.position", { i: r.step, n: r.frames.length - 1 })),
      el(
        "div",
        { class: "row review" },
        b("⏮", t("review.first"), 0),
        b("◀", t("review.prev"), r.step - 1),
        b("▶", t("review.next"), r.step + 1),
        b("⏭", t("review.last"), r.frames.length - 1),
      ),
      el("button", { class: "btn", onclick: () => this.endReview() }, t("review.exit")),
    );
  }

  private endReview(): void {
    this.review = null;
    if (this.state) {
      this.board.view.syncPieces(piecesOf(this.state), performance.now(), false);
      this.onState(this.state);
    }
  }

  /** Arrow keys step through a review. */
  handleKey(e: KeyboardEvent): void {
    if (!this.review || e.target instanceof HTMLInputElement) return;
    if (e.key === "ArrowLeft") this.reviewTo(this.review.step - 1);
    if (e.key === "ArrowRight") this.reviewTo(this.review.step + 1);
    if (e.key === "Home") this.reviewTo(0);
    if (e.key === "End") this.reviewTo(this.review.frames.length - 1);
  }

  // --- actions -----------------------------------------------------------------------------

  private apply(result: { ui: BoardUi; intent: Intent }): void {
    if (this.review) return;
    this.ui = result.ui;
    if (result.intent.kind === "move") this.session.send("move", result.intent.move);
    if (this.state) {
      this.board.view.setHighlights(this.highlights());
      this.renderPromotion();
    }
  }

  private typedMove(): void {
    const s = this.state;
    const text = this.keyboard.value.trim();
    if (!s || !text) return;
    const game = gameDefinition(s.game as GameId).fromFen(
      s.fen,
      s.rules.format === "individual" ? "individual" : "teams",
    );
    if (!game.ok) return;
    const move = game.value.readMove(text);
    if (!move.ok) {
      this.showToast(move.error.message, true);
      return;
    }
    this.session.send("move", move.value);
    this.keyboard.value = "";
  }

  private rotate(): void {
    this.extraTurn = (this.extraTurn + 1) % 4;
    if (this.state) this.onState(this.state);
  }

  private showToast(text: string, isError: boolean): void {
    this.toast.textContent = text;
    this.toast.hidden = false;
    this.toast.classList.toggle("error", isError);
    announce(text);
    if (this.toastTimer) clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => {
      this.toast.hidden = true;
    }, 4000);
  }

  private leave(): void {
    void this.session.leave().then(() => this.onExit());
  }
}
