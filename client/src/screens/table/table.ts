/**
 * The table screen: the board, the side panel, the cards over the board and the review, kept
 * in step with the table's state. Each state is followed by the client's mirror of the game
 * and handed to the parts that show it; every action goes to the server, which answers with
 * state or with a coded refusal shown beside the board. Phrases said at the table arrive as
 * messages of their own and show in the reader's language.
 */
import type { MoveInput } from "../../../../shared/games/types";
import { setupOf } from "../../../../shared/match/replay";
import type { MoveEntry } from "../../../../shared/match/state";
import type { Phrase, ServerPayloads } from "../../../../shared/protocol/messages";
import type { TableView } from "../../../../shared/protocol/views";
import type { BoardRenderer } from "../../board/renderer";
import { rememberGame } from "../../device/games";
import { getSetting, setSetting } from "../../device/storage";
import { errorText, t, tCount, tOr } from "../../i18n";
import { ServerClock } from "../../model/clock";
import { Cues } from "../../model/cues";
import { type Me, meIn } from "../../model/facts";
import { ClockFaces } from "../../model/gameClock";
import { GameMirror } from "../../model/mirror";
import { TableTalk } from "../../model/talk";
import type { ConnectionNotice, TableConnection } from "../../net/connection";
import { TableCards } from "../../parts/cards";
import { CornerSeats } from "../../parts/cornerSeats";
import type { RematchActions } from "../../parts/rematch";
import { Review } from "../../parts/review";
import { noTools, reviewTools } from "../../parts/reviewTools";
import { pointRules, rulesButton } from "../../parts/rulesLink";
import { talkLineText } from "../../parts/talk";
import { announce } from "../../ui/announce";
import { useAnnouncer } from "../../ui/announcer";
import { play } from "../../ui/audio";
import { clear, el } from "../../ui/dom";
import { icon } from "../../ui/icons";
import { tableContext } from "./commandContext";
import { tellMoves, tellSeats } from "./news";
import { SidePanel } from "./sidepanel";
import { TableBoard } from "./tableboard";

export interface TableSnapshot {
  readonly fen: string;
  readonly startFen: string;
  readonly moves: number;
  readonly phase: string;
  /** Games begun at this table (the next game after a result adds one). */
  readonly gameNumber: number;
  readonly turn: number;
  readonly game: string;
  readonly mySeats: number[];
  /** The legal moves of the player to move, "from-to" or "from-to=P" (none outside play). */
  readonly legalMoves: string[];
  readonly pieces: { square: string; kind: string; seat: number }[];
  /** The review step shown, or -1 outside a review. */
  readonly reviewStep: number;
  readonly moveList: Pick<MoveEntry, "seat" | "move">[];
  /** The current game's archive id (its review is at `/g/<id>` once it is finished). */
  readonly gameId: string;
  /** This player's queued premove shown on the board, "from-to", or null. */
  readonly premove: string | null;
}

export interface TableActions {
  /** Back to the lobby (the connection is already left). */
  exit(): void;
  /** A new game like this one: against the computer again, or quick play. */
  newGame(s: TableView): void;
  /** Casual quick play of this rated quick-play table's pool (the connection is already left). */
  casual(s: TableView): void;
}

export class TableScreen {
  readonly element: HTMLElement;
  /** Buttons for the top bar: leave, turn the board, the game's rules. */
  readonly tools: HTMLElement;
  /** The rules of the table's game and format, in a new tab (shown once the state says which). */
  private readonly rules = rulesButton();
  private readonly overlay = el("div", { class: "board-overlay" });
  /** Not a live region: what it says is announced once, when it changes. */
  private readonly banner = el("div", { class: "banner", hidden: true });
  private readonly board: TableBoard;
  private readonly panel: SidePanel;
  private readonly cards: TableCards;
  /** Four-player chess on a phone: the seats in the board's corners. */
  private readonly corners: CornerSeats;
  private readonly game = new GameMirror();
  private readonly clock = new ServerClock();
  private readonly faces = new ClockFaces();
  private readonly cues = new Cues();
  private readonly boardWrap: HTMLElement;
  private state: TableView | null = null;
  private me: Me = { player: null, seats: [], host: false, spectator: true };
  private review: Review | null = null;
  private clockTimer: ReturnType<typeof setInterval> | null = null;
  /** The game number last seen being played, and the archive id last put on the recent list. */
  private watchedGame = -1;
  private notedGame = "";
  /** What the banner says now (it is rebuilt only when that changes). */
  private bannerText = "";
  /** The phase, game, move count and turn last shown (a change ends the line beside the board). */
  private turnKey = "";
  /** Between a dropped connection and its return: moves go nowhere. */
  private offline = false;
  /** Why the table is paused (the server said so since this connection joined), or null. */
  private paused: string | null = null;
  /** This player's queued premove: as the server last said, or as just asked. */
  private premove: MoveInput | null = null;
  /** The line beside the board outlasts the next turn change (it tells of that change). */
  private keepMessage = false;
  /** The connection dropped: the state it brings back catches up, and is not read out. */
  private catchingUp = false;
  /** Takebacks so far (a move taken back and made again is news again). */
  private rewrites = 0;
  /** The draw or takeback offer last seen, to tell how it ended. */
  private offerSeen: { kind: string; gameNumber: number } | null = null;

  constructor(
    private readonly renderer: BoardRenderer,
    private readonly connection: TableConnection,
    private readonly actions: TableActions,
    /** What was said at this table so far (a screen rebuilt in another language keeps it). */
    readonly talk = new TableTalk(getSetting("talk.muted") ?? false),
  ) {
    const send = connection.send;
    // What happens here is told to a screen reader once, fully, nothing wiping anything.
    useAnnouncer();
    if (connection.serverOffset !== null) this.clock.sync(connection.serverOffset);
    this.board = new TableBoard(renderer, this.overlay, {
      move: (move) => {
        if (this.offline) {
          // Nobody would receive it: the piece goes back, and the banner says why.
          this.board.release();
          this.panel.say(this.banner.textContent ?? "", true);
        } else send("move", move);
      },
      premove: (move) => this.queuePremove(move),
      say: (text, isError) => this.panel.say(text, isError),
    });
    const rematch: RematchActions = {
      ask: () => send("playAgain", { action: "offer" }),
      accept: () => send("playAgain", { action: "accept" }),
      decline: () => send("playAgain", { action: "decline" }),
    };
    const leaveThen = (then: () => void) => () => {
      this.noteLeaving();
      void connection.leave().then(then);
    };
    this.panel = new SidePanel(
      {
        send,
        review: () => this.startReview(),
        resign: () => void this.resign(),
        rematch,
        talk: {
          say: (phrase) => this.say(phrase),
          mute: (muted) => setSetting("talk.muted", muted),
        },
        casual: leaveThen(() => this.state && actions.casual(this.state)),
        commands: () =>
          this.state &&
          tableContext(
            this.state,
            this.me,
            this.game,
            this.review?.step ?? null,
            this.clock.shown(),
          ),
      },
      this.talk,
    );
    this.cards = new TableCards(this.overlay, {
      review: () => this.startReview(),
      rematch,
      newGame: leaveThen(() => this.state && actions.newGame(this.state)),
      exit: leaveThen(() => actions.exit()),
    });
    this.tools = el(
      "div",
      { class: "tools" },
      el(
        "button",
        { class: "btn small", "data-action": "leave", onclick: () => void this.leave() },
        icon("back"),
        el("span", {}, t("table.back")),
      ),
      // Apart from Leave, and named: a square turning, not a reload.
      el("span", { class: "tools-sep", "aria-hidden": "true" }),
      el(
        "button",
        {
          class: "btn small",
          "data-action": "rotate",
          onclick: () => this.board.rotate(),
          title: t("table.rotateTitle"),
          "aria-label": t("table.rotate"),
        },
        icon("rotate"),
        el("span", {}, t("table.rotate")),
      ),
      this.rules,
    );
    this.rules.hidden = true;
    this.corners = new CornerSeats(renderer.view);
    this.boardWrap = el(
      "div",
      { class: "board-wrap" },
      this.board.element,
      this.corners.element,
      this.overlay,
    );
    this.element = el(
      "div",
      { class: "table-screen" },
      this.banner,
      el("div", { class: "table-main" }, this.boardWrap, this.panel.element),
    );
  }

  async show(): Promise<void> {
    await this.board.mount();
    // A phone turned or a window resized: the corner badges move with the board at once.
    this.renderer.onResize = () => this.corners.place();
    this.clockTimer = setInterval(() => this.tick(), 250);
  }

  hide(): void {
    this.review?.analysis?.stop();
    if (this.clockTimer) clearInterval(this.clockTimer);
    this.panel.stop();
    this.board.unmount();
  }

  /** A summary for tools and tests. */
  snapshot(): TableSnapshot | null {
    const s = this.state;
    if (!s) return null;
    const moveText = (m: { from: string; to: string; promotion?: string }) =>
      `${m.from}-${m.to}${m.promotion ? `=${m.promotion}` : ""}`;
    return {
      fen: this.game.fen(),
      startFen: s.startFen,
      moves: s.moves.length,
      phase: s.phase,
      gameNumber: s.gameNumber,
      turn: s.turn,
      game: s.game,
      mySeats: [...this.me.seats],
      legalMoves: s.phase === "playing" ? this.game.legalMoves().map(moveText) : [],
      pieces: this.board.pieces.map(({ square, kind, seat }) => ({ square, kind, seat })),
      reviewStep: this.review?.step ?? -1,
      moveList: this.game.entries.map(({ seat, move }) => ({ seat, move })),
      gameId: s.gameId,
      premove: this.premove ? moveText(this.premove) : null,
    };
  }

  // --- events from the connection ----------------------------------------------------------

  onState(s: TableView): void {
    if (!s.seats || !s.game) return;
    const was = this.state;
    this.state = s;
    // The server's figures are back: the clocks go on from them.
    if (!this.offline && !this.paused) this.clock.run();
    this.me = meIn(s, this.connection.player);
    const entriesBefore = this.game.entries.length;
    const change = this.game.follow(s);
    if (change === "restarted") this.rewrites++;
    if (change !== "same") this.board.setHint(null);
    // A refusal or a hint is about the turn it was given in: a move made or the turn passing
    // takes it away.
    const turnKey = `${s.phase}|${s.gameNumber}|${s.moves.length}|${s.turn}`;
    if (turnKey !== this.turnKey) {
      if (this.turnKey !== "" && !this.keepMessage) this.panel.clearMessage();
      this.keepMessage = false;
      this.turnKey = turnKey;
    }
    // A premove lives only while a game is played (the server drops it with the game).
    if (s.phase !== "playing" && this.premove) this.showPremove(null);
    this.clock.observe(s);
    this.board.show(s, this.me, this.game);
    const caughtUp = this.catchingUp;
    this.catchingUp = false;
    const toldTurn =
      change === "grew" && !caughtUp
        ? tellMoves(s, this.game, this.me, entriesBefore, this.rewrites)
        : false;
    this.followOffer(s, change, entriesBefore);
    if (was) tellSeats(was, s, this.me);
    this.cue(s, toldTurn);
    if (this.cards.follow(s, this.me) && this.review) this.endReview();
    this.noteFinished(s);
    this.render();
  }

  /**
   * How a draw or takeback offer ended, once: a takeback accepted (the moves go back) or
   * declined, a draw declined (one accepted ends the game, which the result tells). The offer
   * itself is read out by its own box (panel.ts, an alert).
   */
  private followOffer(s: TableView, change: string, entriesBefore: number): void {
    const offer = s.offer && s.offer.kind !== "rematch" ? s.offer : null;
    const was = this.offerSeen;
    this.offerSeen = offer ? { kind: offer.kind, gameNumber: s.gameNumber } : null;
    if (!was || offer || was.gameNumber !== s.gameNumber || s.phase !== "playing") return;
    const undone = entriesBefore - this.game.entries.length;
    if (was.kind === "takeback" && change === "restarted" && undone > 0)
      announce(tCount("news.takebackDone", undone));
    // A resignation or a flag also ends an offer: that entry is the news.
    else if (change === "same")
      announce(t(was.kind === "takeback" ? "news.takebackDeclined" : "news.drawDeclined"));
  }

  /** A finished game this device played, or watched being played, goes on the lobby's list. */
  private noteFinished(s: TableView): void {
    if (s.phase === "playing") this.watchedGame = s.gameNumber;
    if (s.phase !== "finished" || !s.result || !s.gameId || this.notedGame === s.gameId) return;
    if (this.me.seats.length === 0 && this.watchedGame !== s.gameNumber) return;
    // An aborted game is not archived: it would be a link to nothing.
    if (s.result.code === "aborted") return;
    this.notedGame = s.gameId;
    rememberGame({
      id: s.gameId,
      game: s.game,
      format: s.rules.format,
      finishedAt: Date.now(),
      message: s.result.message,
      result: {
        code: s.result.code,
        params: Object.fromEntries(s.result.params?.entries?.() ?? []),
        draw: s.result.draw,
        winners: [...s.result.winners],
        placing: [...s.result.placing],
      },
      seats: [...this.me.seats],
    });
  }

  /** A better estimate of the server's clock: countdowns and clocks follow it. */
  onTime(offset: number | null): void {
    if (offset !== null) this.clock.sync(offset);
  }

  onWelcome(_w: ServerPayloads["welcome"]): void {
    if (this.connection.serverOffset !== null) this.clock.sync(this.connection.serverOffset);
    if (this.state) this.onState(this.state);
  }

  /** A phrase said at the table: a line, and a bubble by the speaker's seat (unless hidden). */
  onSaid(m: ServerPayloads["said"]): void {
    const now = Date.now();
    const line = this.talk.hear(m, this.me.seats, now);
    if (!line) return;
    this.panel.heard(now);
    if (!line.mine) announce(talkLineText(line));
  }

  /**
   * The table is paused because the server cannot store moves (or goes on again): said in the
   * banner above the board while the connection itself is fine.
   */
  onPaused(error: ServerPayloads["paused"]["code"]): void {
    const was = this.paused;
    this.paused = error;
    // While paused the server runs no clock. It says the pause is over after the state that
    // charges the pause to nobody, so the clocks go on from there.
    if (error) this.clock.stop();
    else if (!this.offline) this.clock.run();
    if (this.offline) return;
    if (error) this.showPaused(error);
    else if (was && this.banner.dataset.notice === "paused") {
      this.hideBanner();
      announce(t("table.resumed"));
    }
  }

  private showPaused(error: string): void {
    // One reason so far (store/unavailable); another would get a banner text of its own.
    const text = error === "store/unavailable" ? t("table.paused") : tOr(`error.${error}`, error);
    if (this.bannerText === text && !this.banner.hidden) return;
    this.banner.hidden = false;
    this.bannerText = text;
    clear(this.banner);
    this.banner.dataset.notice = "paused";
    this.banner.append(el("span", {}, text));
    announce(text);
  }

  private hideBanner(): void {
    this.banner.hidden = true;
    clear(this.banner);
    this.bannerText = "";
    delete this.banner.dataset.notice;
  }

  /** The connection's state, in the banner above the board (never over it). */
  onStatus(notice: ConnectionNotice): void {
    this.offline = notice.state !== "connected";
    // A connection that comes back is told again if the table is still paused. Meanwhile the
    // clocks stand still, until the state the server sends on coming back.
    if (this.offline) {
      this.catchingUp = true;
      this.paused = null;
      this.clock.stop();
      this.tick();
    }
    if (notice.state === "connected") {
      if (this.paused) {
        this.showPaused(this.paused);
        return;
      }
      if (!this.banner.hidden) {
        this.hideBanner();
        announce(t("conn.back"));
      }
      return;
    }
    const text = notice.restarting
      ? t(notice.seated ? "conn.restarting" : "conn.restartingWatch")
      : t(notice.seated ? "conn.reconnecting" : "conn.reconnectingWatch");
    const key = `${text}|${notice.offerLobby}`;
    this.banner.hidden = false;
    if (key === this.bannerText) return;
    this.bannerText = key;
    clear(this.banner);
    this.banner.dataset.notice = notice.restarting ? "restarting" : "reconnecting";
    this.banner.append(el("span", {}, text));
    announce(notice.offerLobby ? `${text} ${t("conn.missing")}` : text);
    if (notice.offerLobby)
      this.banner.append(
        el("span", {}, ` ${t("conn.missing")} `),
        el(
          "button",
          {
            class: "btn small",
            "data-action": "lobby",
            onclick: () => void this.connection.leave().then(() => this.actions.exit()),
          },
          t("nav.lobby"),
        ),
      );
  }

  onError(e: ServerPayloads["error"]): void {
    this.board.release();
    if (e.request === "premove") {
      const asked = this.premove;
      this.showPremove(null);
      // The turn came while the premove was on its way: it is a move now.
      if (e.code === "premove/your-turn" && asked) {
        this.connection.send("move", asked);
        return;
      }
    }
    this.panel.say(errorText(e, { game: this.state?.game }), true);
  }

  /**
   * The player's queued premove, as the server says after each change: queued, cleared, played
   * (the move arrives with the state) or dropped when the turn came, with why (said beside the
   * board through the turn change it came with).
   */
  onPremove(m: ServerPayloads["premove"]): void {
    const was = this.premove;
    this.showPremove(m.move);
    // Played: the move is the reader's own, and not read out as a move.
    if (m.played && was) announce(t("news.premovePlayed", { move: squaresText(was) }));
    if (!m.dropped || !was) return;
    const text = t("table.premoveDropped", {
      move: squaresText(was),
      reason: errorText(m.dropped, { game: this.state?.game }),
    });
    this.panel.say(text, true);
    this.keepMessage = true;
  }

  private showPremove(move: MoveInput | null): void {
    this.premove = move;
    this.board.setPremove(move);
  }

  /** A premove made on the board (null: cancelled), sent to the server. */
  private queuePremove(move: MoveInput | null): void {
    if (this.offline) {
      // Nobody would receive it: the banner says why.
      if (move) this.panel.say(this.banner.textContent ?? "", true);
      return;
    }
    if (!move && !this.premove) return;
    this.showPremove(move);
    this.connection.send("premove", move ?? {});
    const text = move
      ? t("table.premoveSet", { move: squaresText(move) })
      : t("table.premoveCancelled");
    // The line beside the board is an alert: it says this.
    this.panel.say(text, false);
  }

  onHint(move: ServerPayloads["hint"]): void {
    this.board.setHint(move);
    // Written as the move list writes moves; the arrow on the board shows it too.
    const text = this.game.notationOf(move) ?? `${move.from}–${move.to}`;
    this.panel.say(t("table.hintIs", { move: text }), false);
  }

  /** Arrow keys step through a review (when the board itself does not have focus). */
  handleKey(e: KeyboardEvent): void {
    if (!this.review || e.target instanceof HTMLInputElement || e.target === this.board.element)
      return;
    if (this.review.key(e)) e.preventDefault();
  }

  // --- rendering ---------------------------------------------------------------------------

  private render(): void {
    const s = this.state;
    if (!s) return;
    pointRules(this.rules, s.game, s.rules.format);
    this.rules.hidden = false;
    this.panel.render(s, {
      me: this.me,
      game: this.game,
      myTurn: this.board.myTurn,
      review: this.review,
      tableId: this.connection.tableId,
    });
    this.corners.render(s, this.me, this.game.capturesBy(s.seats.length, this.review?.step));
    // On a phone the corners take the place of the panel's list of seats.
    this.element.toggleAttribute("data-corners", !this.corners.element.hidden);
    this.tick();
  }

  private tick(): void {
    const now = Date.now();
    const s = this.state;
    if (!s) return;
    const shown = this.clock.shown(now);
    const faces = s.rules.clock ? this.faces.faces(s, shown) : [];
    this.panel.tick(s, this.me, shown, now, this.clock.stopped, faces);
    this.corners.tick(s, shown, faces);
    // The turn timer (without a clock) runs low as the seat list shows it: 10 s or less.
    const timerLow =
      !s.rules.clock &&
      s.phase === "playing" &&
      s.turnDeadline > 0 &&
      !this.clock.stopped &&
      s.clockBase + s.turnDeadline - shown <= 10_000;
    const clockLow = faces[s.turn]?.running === true && faces[s.turn]!.low;
    if (this.cues.lowTime(s, this.me, clockLow || timerLow)) {
      play("low");
      announce(t(clockLow ? "table.lowTime" : "news.turnLow"), {
        urgent: true,
        key: `low|${s.gameNumber}|${s.moves.length}|${s.turn}`,
      });
    }
  }

  /**
   * The turn arriving: a chime, the words, and the board framed for as long as it is this
   * player's turn (pulsing as it begins); in four-player chess a quiet note when the seat before
   * this player's is to move.
   */
  private cue(s: TableView, toldTurn: boolean): void {
    const mine = this.board.myTurn && s.mode !== "hotseat";
    this.boardWrap.toggleAttribute("data-my-turn", mine);
    const cue = this.cues.take(s, this.me);
    if (cue === "turn") {
      play("turn");
      // Said already at the end of the move that brought it.
      if (!toldTurn) announce(t("table.yourTurn"));
      // Restarted each time: the pulse shows the turn has just come.
      this.boardWrap.classList.remove("turn-cue");
      void this.boardWrap.offsetWidth;
      this.boardWrap.classList.add("turn-cue");
    } else if (cue === "next") play("next");
  }

  private startReview(): void {
    const frames = this.game.frames;
    if (frames.length === 0) return;
    this.board.setReviewing(true);
    const review = new Review(
      this.renderer.view,
      frames,
      () => this.render(),
      () => this.endReview(),
    );
    this.review = review;
    this.render();
    // The analysis panel comes with the review's chunk; the review steps meanwhile.
    void reviewTools().then(({ AnalysisPanel }) => {
      const s = this.state;
      if (this.review !== review || !s) return;
      // Started by its button: the players may want only a look before the next game.
      review.analysis = new AnalysisPanel(
        s,
        this.game.entries,
        {
          game: s.game,
          setup: setupOf(s.rules, 0, s.startFen),
          log: this.game.entries
            .slice(0, frames.length - 1)
            .map(({ seat, move, timeout }) => ({ seat, move, ...(timeout ? { timeout } : {}) })),
        },
        (step) => review.to(step),
        (step) => {
          if (step === null || step === review.step) review.marks();
          if (review.analysis) this.panel.markMoves(review.analysis.marks());
        },
        s.gameId || null,
      );
      // Analysed on this device before (here or on the game's page): shown without the button.
      review.analysis.restore();
      this.render();
    }, noTools);
  }

  private endReview(): void {
    this.review?.analysis?.stop();
    this.renderer.view.setShapes("engine", []);
    this.review = null;
    this.board.setReviewing(false);
    this.render();
  }

  // --- actions -----------------------------------------------------------------------------

  private say(phrase: Phrase): void {
    if (this.offline) return;
    this.talk.sent(phrase, Date.now());
    this.connection.send("say", { phrase });
  }

  private async resign(): Promise<void> {
    if (await this.cards.confirm(t("table.resign"), t("table.confirmResign"), t("table.resign")))
      this.connection.send("resign");
  }

  private async leave(): Promise<void> {
    const s = this.state;
    const playing = s?.phase === "playing" && this.me.seats.some((seat) => !s.seats[seat]?.out);
    if (
      playing &&
      !(await this.cards.confirm(t("leave.title"), this.leaveText(s), t("leave.confirm")))
    )
      return;
    this.noteLeaving();
    await this.connection.leave();
    this.actions.exit();
  }

  /**
   * What leaving a game in play does: a CPU plays on while someone else plays or watches;
   * otherwise the game ends.
   */
  private leaveText(s: TableView): string {
    const others = s.seats.some((x) => x.kind === "human" && x.player !== this.connection.player);
    if (others || s.spectators > 0) return t("leave.text");
    return t(s.rules.format === "individual" ? "leave.lastPoints" : "leave.last");
  }

  /**
   * A game this device leaves while it is being played stays on the lobby's list with its link:
   * its review is there once it ends (at once when nobody else was playing).
   */
  private noteLeaving(): void {
    const s = this.state;
    if (s?.phase !== "playing" || !s.gameId || this.me.seats.length === 0) return;
    rememberGame({
      id: s.gameId,
      game: s.game,
      format: s.rules.format,
      finishedAt: Date.now(),
      message: "",
      seats: [...this.me.seats],
      left: true,
    });
  }
}

/** A move by its squares (`h2–e2`): how a premove is named before its position exists. */
const squaresText = (m: MoveInput) => `${m.from}–${m.to}`;
