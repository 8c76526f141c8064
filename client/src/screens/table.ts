/**
 * The table screen: the board, the side panel, sharing, house rules, the result card and the
 * review. It listens to the room's state and redraws what changed; every action goes to the
 * server, which answers with state or with a coded refusal shown beside the board.
 */
import type { GameId } from "../../../shared/games/catalog";
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
import { pieceName, t, tOr } from "../i18n";
import type { ConnectionStatus, Session, TableRoom, Welcome } from "../net/session";
import { announce } from "../ui/announce";
import { play } from "../ui/audio";
import { clear, el } from "../ui/dom";
import { icon } from "../ui/icons";
import { type CardButton, confirmCard, outCard, resultCard } from "./cards";
import { checkSquares, lastMoveOf, type Me, meIn, piecesOf, tableFacts } from "./facts";
import { MoveField } from "./movefield";
import { renderControls, renderMoves, statusText } from "./panel";
import { GameRecord } from "./record";
import { Review } from "./review";
import { rulesForm } from "./rulesForm";
import { SeatList, seatColorName } from "./seats";
import { ShareBox } from "./share";

export interface TableSnapshot {
  readonly fen: string;
  readonly moves: number;
  readonly phase: string;
  readonly turn: number;
  readonly game: string;
  readonly mySeats: number[];
  readonly legalMoves: string[];
  readonly pieces: { square: string; kind: string; color: number }[];
  /** The review step shown, or -1 outside a review. */
  readonly reviewStep: number;
  readonly moveList: { seat: number; from: string; to: string; promotion: string }[];
}

export interface TableActions {
  /** Back to the lobby (the session is already left). */
  exit(): void;
  /** A new game like this one: against the computer again, or quick play. */
  newGame(s: TableView): void;
}

const MESSAGE_MS = 6000;

export class TableScreen {
  readonly element: HTMLElement;
  /** Buttons for the top bar: leave, turn the board. */
  readonly tools: HTMLElement;
  private readonly boardBox = el("div", {
    class: "board",
    tabindex: 0,
    role: "application",
    "aria-roledescription": "board",
  });
  private readonly overlay = el("div", { class: "board-overlay" });
  private readonly seats = new SeatList();
  private readonly statusBox = el("p", { class: "status" });
  private readonly watchingBox = el("p", { class: "watching", hidden: true });
  private readonly messageBox = el("p", { class: "message", role: "alert", hidden: true });
  private readonly noticeBox = el("div", { class: "notices" });
  private readonly controlsBox = el("section", { class: "controls" });
  private readonly movesBox = el("section", { class: "moves-box", "aria-label": t("table.moves") });
  private readonly share = new ShareBox((text) => this.say(text, false));
  private readonly rulesBox = el("section", { class: "rules-box" });
  private readonly moveField = new MoveField(
    (move) => this.session.send("move", move),
    (message) => this.say(message, true),
  );
  private readonly banner = el("div", { class: "banner", role: "status", hidden: true });
  private room: TableRoom | null = null;
  private state: TableView | null = null;
  private me: Me = { player: null, seats: [], host: false, spectator: true };
  private ui: BoardUi = EMPTY_UI;
  private record: GameRecord | null = null;
  private extraTurn = 0;
  private movesSeen = -1;
  private gameSeen = -1;
  private resultShown = -1;
  private outShown = -1;
  private hint: { from: string; to: string } | null = null;
  private review: Review | null = null;
  private clockOffset = 0;
  private lastTurnStart = 0;
  private clockTimer: ReturnType<typeof setInterval> | null = null;
  private messageTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly board: BoardHost,
    private readonly session: Session,
    private readonly actions: TableActions,
  ) {
    this.boardBox.setAttribute("aria-label", t("table.boardLabel"));
    const side = el(
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
    this.tools = el(
      "div",
      { class: "tools" },
      el(
        "button",
        { class: "btn small", "data-action": "leave", onclick: () => void this.leave() },
        icon("back"),
        el("span", {}, t("table.back")),
      ),
      el(
        "button",
        {
          class: "btn small",
          "data-action": "rotate",
          onclick: () => this.rotate(),
          title: t("table.rotate"),
          "aria-label": t("table.rotate"),
        },
        icon("rotate"),
      ),
    );
    this.element = el(
      "div",
      { class: "table-screen" },
      this.banner,
      el(
        "div",
        { class: "table-main" },
        el("div", { class: "board-wrap" }, this.boardBox, this.overlay),
        side,
      ),
    );
  }

  async show(): Promise<void> {
    await this.board.init();
    this.board.mount(this.boardBox, {
      tap: (square) => this.onTap(square),
      drop: (from, to) => {
        const result = to
          ? drop(this.ui, this.facts(), from, to)
          : { ui: EMPTY_UI, intent: { kind: "none" } as Intent };
        this.apply(result);
      },
      canDrag: (square) =>
        !this.review &&
        isMyTurn(this.facts()) &&
        this.facts().pieces.some((p) => p.square === square && this.me.seats.includes(p.color)),
      cursor: (square) => this.announceSquare(square),
      cancel: () => this.apply({ ui: EMPTY_UI, intent: { kind: "none" } }),
    });
    this.clockTimer = setInterval(() => this.tick(), 250);
  }

  hide(): void {
    if (this.clockTimer) clearInterval(this.clockTimer);
    if (this.messageTimer) clearTimeout(this.messageTimer);
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
      game: s.game,
      mySeats: [...this.me.seats],
      legalMoves: Array.from(s.legalMoves),
      pieces: piecesOf(s).map(({ square, kind, color }) => ({ square, kind, color })),
      reviewStep: this.review?.step ?? -1,
      moveList: Array.from(s.moves, (m) => ({
        seat: m.seat,
        from: m.from,
        to: m.to,
        promotion: m.promotion,
      })),
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

  onWelcome(_w: Welcome): void {
    if (this.state) this.onState(this.state);
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
    this.board.view.release();
    this.say(tOr(`error.${e.code}`, e.message), true);
  }

  onHint(move: { from: string; to: string; promotion?: string }): void {
    this.hint = { from: move.from, to: move.to };
    if (!this.review && this.state) this.board.view.setHighlights(this.highlights());
    this.say(t("table.hintIs", { move: `${move.from}–${move.to}` }), false);
  }

  // --- rendering ---------------------------------------------------------------------------

  private facts() {
    return tableFacts(this.state!, this.me);
  }

  private get hotSeat(): boolean {
    return this.state?.mode === "hotseat";
  }

  private onState(s: TableView): void {
    if (!s.seats || !s.game) return;
    this.state = s;
    this.me = meIn(s, this.session.player);
    const spec = SPECS[s.game as GameId];
    const base = this.hotSeat || this.me.seats.length === 0 ? 0 : turnFor(spec, this.me.seats[0]!);
    const step = spec.points ? 2 : 1;
    this.board.view.setBoard(spec, (base + this.extraTurn * step) % 4, this.hotSeat);
    this.boardBox.style.setProperty("--board-ratio", this.board.view.aspect.toFixed(4));
    this.followRecord(s);
    const fresh =
      this.movesSeen >= 0 && s.gameNumber === this.gameSeen && s.moves.length > this.movesSeen;
    if (s.moves.length !== this.movesSeen || s.gameNumber !== this.gameSeen) this.hint = null;
    if (!this.review) {
      this.board.view.syncPieces(piecesOf(s), performance.now(), !document.hidden);
      this.ui = revalidate(this.ui, this.facts());
      this.board.view.setHighlights(this.highlights());
    }
    this.noticeMoves(s, fresh);
    this.renderPanel();
  }

  /** Keeps the replayed record in step with the move list. */
  private followRecord(s: TableView): void {
    if (s.phase === "waiting" && s.moves.length === 0) {
      this.record = null;
      return;
    }
    const first = s.moves[0]?.seat ?? Math.max(s.turn, 0);
    const moves = Array.from(s.moves);
    if (this.record?.matches(s.game as GameId, s.rules, first) && this.record.follow(moves)) return;
    this.record = new GameRecord(s.game as GameId, s.rules, first);
    this.record.follow(moves);
  }

  private highlights() {
    const s = this.state!;
    return {
      selected: this.ui.selected,
      destinations: markedDestinations(this.ui, this.facts()),
      lastMove: lastMoveOf(s),
      checks: checkSquares(s),
      hint: this.hint,
    };
  }

  /** Sounds, announcements and cards for what arrived since the last state. */
  private noticeMoves(s: TableView, fresh: boolean): void {
    if (fresh) {
      const m = s.moves[s.moves.length - 1]!;
      announce(t("table.moved", { name: seatColorName(s, m.seat), move: m.notation }));
      play(this.record?.frames.at(-1)?.captured ? "capture" : "move");
      if (s.phase === "playing" && this.me.seats.includes(s.turn) && !this.hotSeat) {
        play("turn");
        announce(t("table.yourTurn"));
      }
      if (s.checks.length > 0) announce(t("table.check"));
    }
    if (s.gameNumber !== this.gameSeen) {
      this.review = null;
      this.overlay.querySelector(".result, .out")?.remove();
    }
    if (s.phase === "finished" && this.resultShown !== s.gameNumber && s.result) {
      this.resultShown = s.gameNumber;
      this.overlay.querySelector(".out")?.remove();
      play("end");
      announce(s.result.message);
      this.showResult();
    }
    const out = this.me.seats.length > 0 && this.me.seats.every((seat) => s.seats[seat]?.out);
    if (
      s.phase === "playing" &&
      out &&
      s.rules.format === "individual" &&
      this.outShown !== s.gameNumber
    ) {
      this.outShown = s.gameNumber;
      this.showOut(this.me.seats[0]!);
    }
    this.movesSeen = s.moves.length;
    this.gameSeen = s.gameNumber;
  }

  private renderPanel(): void {
    const s = this.state!;
    const panelActions = {
      send: (type: string, payload?: unknown) => this.session.send(type, payload),
      review: () => this.startReview(),
      hint: () => this.session.send("hint"),
      resign: () => void this.resign(),
    };
    this.seats.render(s, this.me, this.record?.capturesBy(s.seats.length) ?? [], {
      sit: (seat) => this.session.send("sit", { seat }),
    });
    this.statusBox.textContent = statusText(s, this.me, this.hotSeat);
    this.statusBox.classList.toggle("mine", isMyTurn(this.facts()));
    this.watchingBox.hidden = !this.me.spectator;
    if (this.me.spectator) {
      clear(this.watchingBox);
      this.watchingBox.append(icon("watch", 16), el("span", {}, t("table.youWatch")));
    }
    clear(this.noticeBox);
    for (const n of Array.from(s.notices))
      this.noticeBox.append(el("p", { class: "notice" }, n.message));
    if (this.review) this.review.render(this.controlsBox);
    else renderControls(this.controlsBox, s, this.me, panelActions);
    renderMoves(
      this.movesBox,
      s,
      this.review ? (i) => this.review?.to(i + 1) : undefined,
      this.review ? this.review.step - 1 : -1,
    );
    this.renderKeyboard(s);
    this.share.render(this.room?.roomId ?? null, s);
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
    this.tick();
  }

  /** The typed-move field: enabled on this client's turn, else saying why not. */
  private renderKeyboard(s: TableView): void {
    this.moveField.render(
      s,
      isMyTurn(this.facts()) && !this.review
        ? "mine"
        : this.me.spectator
          ? "watching"
          : s.phase !== "playing"
            ? "no-game"
            : "wait",
    );
  }

  /** The clocks: estimated server time now, from when the current turn began. */
  private tick(): void {
    const s = this.state;
    if (!s) return;
    if (s.turnStarted && s.turnStarted !== this.lastTurnStart) {
      // A turn that begins while we watch began just now on the server: that tells how far our
      // clock is from the server's. A turn seen on joining mid-turn keeps the last estimate.
      if (this.lastTurnStart !== 0 || s.moves.length === 0)
        this.clockOffset = s.turnStarted - Date.now();
      this.lastTurnStart = s.turnStarted;
    }
    this.seats.tick(s, Date.now() + this.clockOffset);
  }

  private renderPromotion(): void {
    this.overlay.querySelector(".promotion")?.remove();
    const p = this.ui.promotion;
    if (!p) return;
    const box = el(
      "div",
      { class: "card-dialog promotion", role: "dialog", "aria-label": t("table.promote") },
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
    this.overlay.querySelector(".result")?.remove();
    const buttons: CardButton[] = [
      { label: t("table.review"), action: "review", onclick: () => this.startReview() },
    ];
    if (this.me.seats.length > 0)
      buttons.push({
        label: t("table.playAgain"),
        action: "playAgain",
        primary: true,
        onclick: () => this.session.send("playAgain"),
      });
    buttons.push({ label: t("result.close"), action: "close", onclick: () => undefined });
    const card = resultCard(s, buttons);
    if (card) this.overlay.append(card);
  }

  private showOut(seat: number): void {
    const s = this.state!;
    this.overlay.querySelector(".out")?.remove();
    this.overlay.append(
      outCard(s, seat, [
        { label: t("out.watch"), action: "watch", primary: true, onclick: () => undefined },
        {
          label: t("out.again"),
          action: "newGame",
          onclick: () => void this.session.leave().then(() => this.actions.newGame(s)),
        },
        {
          label: t("table.back"),
          action: "exit",
          onclick: () => void this.session.leave().then(() => this.actions.exit()),
        },
      ]),
    );
  }

  // --- review ------------------------------------------------------------------------------

  private startReview(): void {
    const frames = this.record?.frames;
    if (!frames || frames.length === 0) return;
    this.ui = EMPTY_UI;
    this.review = new Review(
      this.board.view,
      frames,
      () => this.renderPanel(),
      () => this.endReview(),
    );
    this.renderPanel();
  }

  private endReview(): void {
    this.review = null;
    if (this.state) {
      this.board.view.syncPieces(piecesOf(this.state), performance.now(), false);
      this.onState(this.state);
    }
  }

  /** Arrow keys step through a review (when the board itself does not have focus). */
  handleKey(e: KeyboardEvent): void {
    if (!this.review || e.target instanceof HTMLInputElement || e.target === this.boardBox) return;
    if (this.review.key(e)) e.preventDefault();
  }

  // --- actions -----------------------------------------------------------------------------

  private onTap(square: string): void {
    const s = this.state;
    if (!s || this.review) return;
    const piece = piecesOf(s).find((p) => p.square === square);
    if (this.me.spectator && piece && s.phase !== "waiting") {
      this.say(t("table.watchingNoMove"), false);
      return;
    }
    this.apply(tap(this.ui, this.facts(), square));
  }

  private apply(result: { ui: BoardUi; intent: Intent }): void {
    if (this.review) return;
    this.ui = result.ui;
    if (result.intent.kind === "move") this.session.send("move", result.intent.move);
    else this.board.view.release();
    if (this.state) {
      this.board.view.setHighlights(this.highlights());
      this.renderPromotion();
    }
  }

  private announceSquare(square: string): void {
    const s = this.state;
    const p = s ? piecesOf(s).find((x) => x.square === square) : undefined;
    announce(
      p && s ? `${square}: ${seatColorName(s, p.color)} ${pieceName(s.game, p.kind)}` : square,
    );
  }

  private rotate(): void {
    this.extraTurn = (this.extraTurn + 1) % 4;
    if (this.state) this.onState(this.state);
  }

  /** A line beside the board: a refusal, or a word of help. Never over the board. */
  private say(text: string, isError: boolean): void {
    this.messageBox.textContent = text;
    this.messageBox.hidden = false;
    this.messageBox.classList.toggle("error", isError);
    if (this.messageTimer) clearTimeout(this.messageTimer);
    this.messageTimer = setTimeout(() => {
      this.messageBox.hidden = true;
    }, MESSAGE_MS);
  }

  private async resign(): Promise<void> {
    const ok = await confirmCard(
      this.overlay,
      t("table.resign"),
      t("table.confirmResign"),
      t("table.resign"),
    );
    if (ok) this.session.send("resign");
  }

  private async leave(): Promise<void> {
    const s = this.state;
    const playing = s?.phase === "playing" && this.me.seats.some((seat) => !s.seats[seat]?.out);
    if (
      playing &&
      !(await confirmCard(this.overlay, t("leave.title"), t("leave.text"), t("leave.confirm")))
    )
      return;
    await this.session.leave();
    this.actions.exit();
  }
}
