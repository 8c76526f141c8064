/**
 * The panel beside the board: a rated game's mark, what is happening (and, at a waiting
 * quick-play table, when it starts, or at a rated one after a long wait an offer of casual play;
 * before the start, a link to the game's rules) and a line for refusals and help, who is
 * watching, the controls (or a review's), the seats with their clocks and phrases, in a
 * four-player game's review how it went, the move list with the typed-move field and the table
 * talk, the invitation and the house rules (before the start: the invitation right after the
 * seats). Rebuilt from the state on every change; the clocks, the countdown and the bubbles
 * change in between.
 */
import type { GameId } from "../../../../shared/games/catalog";
import type { TableView } from "../../../../shared/protocol/views";
import type { Mark } from "../../analysis/judge";
import { personName, t, tCount } from "../../i18n";
import type { CommandContext } from "../../model/commands";
import type { Me } from "../../model/facts";
import type { ClockFace } from "../../model/gameClock";
import type { GameMirror } from "../../model/mirror";
import { CASUAL_OFFER_MS, quickWait, waitsForRated } from "../../model/quick";
import { storyOf } from "../../model/story";
import type { TableTalk } from "../../model/talk";
import type { Send } from "../../net/connection";
import { markMoves, renderMoves } from "../../parts/moves";
import type { RematchActions } from "../../parts/rematch";
import { reportLine } from "../../parts/report";
import type { Review } from "../../parts/review";
import { noTools, reviewTools } from "../../parts/reviewTools";
import { rulesForm } from "../../parts/rulesForm";
import { rulesLink } from "../../parts/rulesLink";
import { SeatList } from "../../parts/seats";
import type { StoryPanel } from "../../parts/storyPanel";
import { phraseText, type TalkActions, TalkBox } from "../../parts/talk";
import { noticeLine } from "../../parts/texts";
import { announce } from "../../ui/announce";
import { clear, el } from "../../ui/dom";
import { keepFocus } from "../../ui/focus";
import { icon } from "../../ui/icons";
import { CommandField } from "./commandField";
import { MoveField } from "./movefield";
import { renderControls, statusText } from "./panel";
import { ShareBox } from "./share";

export interface SidePanelActions {
  send: Send;
  review(): void;
  resign(): void;
  rematch: RematchActions;
  talk: TalkActions;
  /** Leaves this rated quick-play table for casual quick play of the same pool. */
  casual(): void;
  /** What the commands field answers from now (model/commands.ts). */
  commands?: () => CommandContext | null;
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
/** Spectators named beside the count; the rest are "+N". */
const WATCHERS_NAMED = 5;

/** "Watching: Ana, Budi +3": the first spectators' names and how many more. */
export function watchersText(s: Pick<TableView, "spectators" | "watchers">): string {
  const names = Array.from(s.watchers ?? [])
    .slice(0, WATCHERS_NAMED)
    .map(personName);
  if (names.length === 0) return tCount("table.watchersCount", s.spectators);
  const more = s.spectators - names.length;
  const text = t("table.watchers", { names: names.join(", ") });
  return more > 0 ? `${text} ${t("table.moreWatchers", { n: more })}` : text;
}

export class SidePanel {
  private readonly seats = new SeatList();
  private readonly statusBox = el("p", { class: "status" });
  private readonly countdownBox = el("p", { class: "countdown", role: "timer", hidden: true });
  /** A rated game: said at the top, with what that means at this table. */
  private readonly ratedBox = el(
    "p",
    { class: "rated-mark", hidden: true },
    el("span", { class: "rated-badge" }, t("rated.mark")),
    el("span", { class: "rated-note" }, t("rated.note")),
  );
  /** At a rated quick-play table waited at for a while: casual play of the same pool instead. */
  private readonly casualBox: HTMLElement;
  /** Since when (this device's time) this person has waited for people at a rated table. */
  private ratedWaitSince: number | null = null;
  private readonly watchingBox = el("p", { class: "watching", hidden: true });
  private readonly watchersBox = el("p", { class: "watchers", hidden: true });
  private readonly messageBox = el("p", { class: "message", role: "alert", hidden: true });
  /** Before the start: the rules of the table's game and format, in a new tab. */
  private readonly rulesLinkBox = el("p", { class: "rules-link-box", hidden: true });
  /** The game and format whose rules the link names ("" while none is shown). */
  private rulesLinkKey = "";
  private readonly noticeBox = el("div", { class: "notices" });
  /** The notices already read out, so a rebuild does not read them again. */
  private toldNotices = new Set<string>();
  private readonly controlsBox = el("section", { class: "controls" });
  private readonly movesBox = el("section", { class: "moves-box", "aria-label": t("table.moves") });
  private readonly share = new ShareBox((text) => this.say(text, false));
  private readonly rulesBox = el("section", { class: "rules-box" });
  /** In the review of a four-player game: how it went (parts/storyPanel.ts). */
  private readonly storySlot = el("div", { class: "story-slot" });
  private story: { review: Review; panel: StoryPanel | null } | null = null;
  private readonly moveField: MoveField;
  private readonly talkBox: TalkBox;
  private readonly now: HTMLElement;
  private readonly record: HTMLElement;
  /** Whether the panel is arranged for a table waiting for its start (null: not yet). */
  private waiting: boolean | null = null;
  /** The house rules last shown, and to whom they were editable. */
  private rulesKey = "";
  /** The host is setting a clock of their own (kept while the house rules are rebuilt). */
  private readonly clockMemo = { custom: false };
  private messageTimer: ReturnType<typeof setTimeout> | null = null;
  /** The countdown's text and the bubbles last shown (each changes the page only when it changes). */
  private countdownText = "";
  private bubblesKey = "";
  /** The table's game and id, which a problem reported from here is about. */
  private about: { game: GameId; tableId: string | null } | null = null;
  /** "Report a problem", last in the panel, for players and spectators alike. */
  private readonly reportBox = reportLine(() => {
    const a = this.about;
    return a && { kind: "problem", game: a.game, ...(a.tableId ? { tableId: a.tableId } : {}) };
  });
  readonly element: HTMLElement;

  constructor(
    private readonly actions: SidePanelActions,
    private readonly talk: TableTalk,
  ) {
    this.talkBox = new TalkBox(talk, actions.talk);
    this.moveField = new MoveField(
      (move) => actions.send("move", move),
      (message) => this.say(message, true),
    );
    this.casualBox = el(
      "div",
      { class: "casual-offer", hidden: true },
      el("p", {}, t("quick.casualOffer")),
      el(
        "button",
        { class: "btn primary", "data-action": "casual", onclick: () => actions.casual() },
        t("quick.casual"),
      ),
    );
    this.now = el(
      "section",
      { class: "now" },
      this.ratedBox,
      this.statusBox,
      this.countdownBox,
      this.casualBox,
      this.watchingBox,
      this.watchersBox,
      this.noticeBox,
      this.controlsBox,
      // Under the controls: a refusal that shows never moves a button.
      this.messageBox,
      this.rulesLinkBox,
    );
    this.record = el(
      "section",
      { class: "record" },
      el("h2", {}, t("table.moves")),
      this.movesBox,
      this.moveField.element,
      new CommandField(actions.commands ?? (() => null)).element,
    );
    this.element = el("aside", { class: "panel" });
    this.arrange(false);
  }

  /** The analysis's marks on the move list shown. */
  markMoves(marks: readonly (Mark | null)[]): void {
    markMoves(this.movesBox, marks);
  }

  /**
   * The panel's order. Before the start the host sees the start button, the seats and the
   * invitation together, then the house rules; no moves yet. During and after a game: the seats, the
   * moves and the table talk, then the invitation.
   */
  private arrange(waiting: boolean): void {
    if (this.waiting === waiting) return;
    this.waiting = waiting;
    this.element.classList.toggle("waiting", waiting);
    this.record.hidden = waiting;
    const order = waiting
      ? [
          this.now,
          this.seats.element,
          this.share.element,
          this.rulesBox,
          this.talkBox.element,
          this.reportBox,
        ]
      : [
          this.now,
          this.seats.element,
          this.storySlot,
          this.record,
          this.talkBox.element,
          this.share.element,
          this.rulesBox,
          this.reportBox,
        ];
    keepFocus(this.element, () => this.element.append(...order));
  }

  render(s: TableView, v: PanelView): void {
    // The panel is rebuilt in parts: keyboard focus stays on the control it was on.
    keepFocus(this.element, () => this.update(s, v));
  }

  private update(s: TableView, v: PanelView): void {
    const { me, game, review } = v;
    this.about = { game: s.game, tableId: v.tableId };
    this.arrange(s.phase === "waiting");
    const send = this.actions.send;
    const hotSeat = s.mode === "hotseat";
    // In a review, the pieces taken as of the step shown.
    this.seats.render(s, me, game.capturesBy(s.seats.length, review?.step), {
      sit: (seat) => send("sit", { seat }),
    });
    this.ratedBox.hidden = !s.rules.rated;
    this.statusBox.textContent = statusText(s, me, hotSeat);
    this.statusBox.classList.toggle("mine", v.myTurn);
    this.watchingBox.hidden = !me.spectator;
    if (me.spectator) {
      clear(this.watchingBox);
      this.watchingBox.append(icon("watch", 16), el("span", {}, t("table.youWatch")));
    }
    this.watchersBox.hidden = !(s.spectators > 0);
    if (s.spectators > 0) {
      clear(this.watchersBox);
      this.watchersBox.title = tCount("table.watchersCount", s.spectators);
      this.watchersBox.append(icon("watch", 16), el("span", {}, watchersText(s)));
    }
    clear(this.noticeBox);
    const told = new Set<string>();
    for (const n of Array.from(s.notices)) {
      const text = noticeLine(s, n, me.seats);
      this.noticeBox.append(el("p", { class: "notice", "data-notice": n.code }, text));
      // A notice is read out when it first shows, not again while it stays.
      const key = `${s.gameNumber}|${n.code}|${n.seat}|${text}`;
      if (!this.toldNotices.has(key)) announce(text);
      told.add(key);
    }
    this.toldNotices = told;
    this.showStory(s, game, review);
    if (review) review.render(this.controlsBox);
    else
      renderControls(this.controlsBox, s, me, {
        send,
        review: this.actions.review,
        hint: () => send("hint"),
        resign: this.actions.resign,
        rematch: this.actions.rematch,
        copied: () => this.say(t("table.copied"), false),
      });
    renderMoves(
      this.movesBox,
      s,
      game.entries,
      review ? (i) => review.to(i + 1) : undefined,
      review ? review.step - 1 : -1,
      review?.analysis?.marks(),
    );
    this.moveField.render(
      s.game,
      game.current,
      me.spectator || s.phase !== "playing" ? "hidden" : v.myTurn && !review ? "mine" : "wait",
    );
    this.share.render(v.tableId, s);
    // Phrases are for tables where people meet, not for a game against the computer.
    this.talkBox.element.hidden = s.mode !== "online" && s.mode !== "quick";
    this.talkBox.renderLines();
    this.bubblesKey = "";
    this.renderRules(s, me);
    this.renderRulesLink(s);
  }

  /** Before the start, a link to the rules of the game about to be played. */
  private renderRulesLink(s: TableView): void {
    const key = s.phase === "waiting" ? `${s.game}|${s.rules.format}` : "";
    if (key === this.rulesLinkKey) return;
    this.rulesLinkKey = key;
    clear(this.rulesLinkBox);
    this.rulesLinkBox.hidden = key === "";
    if (key) this.rulesLinkBox.append(rulesLink(s.game, s.rules.format));
  }

  /**
   * The chart and the captures of a four-player game's review, made once per review when the
   * review's chunk has come.
   */
  private showStory(s: TableView, game: GameMirror, review: Review | null): void {
    if (!review || s.game !== "fourchess") {
      if (this.story) clear(this.storySlot);
      this.story = null;
      return;
    }
    if (this.story?.review !== review) {
      this.story = { review, panel: null };
      clear(this.storySlot);
      const story = storyOf(s.game, s.rules, s.startFen, s.seats.length, game.entries);
      void reviewTools().then(({ StoryPanel }) => {
        if (this.story?.review !== review) return;
        const panel = new StoryPanel(s, story, { to: (step) => review.to(step) });
        this.storySlot.append(panel.element);
        this.story.panel = panel;
        panel.update(review.step);
      }, noTools);
    }
    this.story.panel?.update(review.step);
  }

  private renderRules(s: TableView, me: Me): void {
    const send = this.actions.send;
    // A quick-play table keeps the pool's house rules: shown, never edited.
    const editable = me.host && s.mode !== "quick";
    const rulesKey =
      s.phase === "waiting" ? JSON.stringify([s.game, editable, s.rules, s.seats.length]) : "";
    if (rulesKey === this.rulesKey) return;
    // Changed only when the rules did: a field being used is left alone.
    this.rulesKey = rulesKey;
    clear(this.rulesBox);
    if (s.phase === "waiting") {
      this.rulesBox.append(
        el("h2", {}, t("rules.title")),
        rulesForm(
          s.game,
          s.rules,
          editable,
          (key, value) => send("rules", { rules: { [key]: value } }),
          this.clockMemo,
          s.mode === "online" || s.mode === "quick",
        ),
      );
    }
  }

  /**
   * What changes with time: the clocks (the game clocks as `faces` shows them) and a quick-play
   * table's countdown at the server's time `serverNow` (held still while `stopped`), the
   * phrases' bubbles at this device's time `now`.
   */
  tick(
    s: TableView,
    me: Me,
    serverNow: number,
    now: number,
    stopped = false,
    faces: readonly (ClockFace | null)[] = [],
  ): void {
    this.seats.tick(s, serverNow, stopped, faces);
    this.showCountdown(quickWaitText(s, me, serverNow));
    this.showCasual(s, me, now);
    this.showBubbles(now);
  }

  /** Casual play offered to a person who has waited `CASUAL_OFFER_MS` at a rated table. */
  private showCasual(s: TableView, me: Me, now: number): void {
    if (!waitsForRated(s, me)) this.ratedWaitSince = null;
    else this.ratedWaitSince ??= now;
    const offer = this.ratedWaitSince !== null && now - this.ratedWaitSince >= CASUAL_OFFER_MS;
    if (offer === !this.casualBox.hidden) return;
    this.casualBox.hidden = !offer;
    if (offer) announce(`${t("quick.casualOffer")} ${t("quick.casual")}`);
  }

  /** A phrase was heard: its line and bubble show. */
  heard(now: number): void {
    this.talkBox.renderLines();
    this.showBubbles(now);
  }

  private showCountdown(text: string): void {
    if (text === this.countdownText) return;
    this.countdownText = text;
    this.countdownBox.textContent = text;
    this.countdownBox.hidden = text === "";
  }

  private showBubbles(now: number): void {
    const bubbles = new Map(
      [...this.talk.bubbles(now)].map(([seat, line]) => [seat, phraseText(line.phrase)]),
    );
    const key = [...bubbles].map(([seat, text]) => `${seat}:${text}`).join("|");
    if (key === this.bubblesKey) return;
    this.bubblesKey = key;
    this.seats.showBubbles(bubbles);
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

  /** The line beside the board goes (a good move was made, or the turn passed). */
  clearMessage(): void {
    if (this.messageTimer) clearTimeout(this.messageTimer);
    this.messageTimer = null;
    this.messageBox.hidden = true;
  }

  stop(): void {
    if (this.messageTimer) clearTimeout(this.messageTimer);
  }
}

/** The line under the status at a waiting quick-play table ("" elsewhere). */
function quickWaitText(s: TableView, me: Me, serverNow: number): string {
  const wait = quickWait(s, me, serverNow);
  switch (wait?.kind) {
    case "counting":
      return tCount("quick.startsIn", wait.seconds);
    case "starting":
      return t("quick.starting");
    case "alone":
      return t("quick.alone");
    case "rated":
      return t("quick.ratedWaiting");
    default:
      return "";
  }
}
