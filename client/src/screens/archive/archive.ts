/**
 * A finished game from the archive, at `/g/<id>`: the board under the review's controls (start,
 * back, forward, end, the arrow keys, a move picked in the list), the result, who played, the
 * game and its house rules, the link to share it, the export to download and the position to
 * copy, and in four-player chess how the game went (parts/storyPanel.ts). The position after
 * each move is the replay of the start position through the record, by the client's mirror of
 * the game.
 */
import { GAMES } from "../../../../shared/games/catalog";
import type { TrackedPiece } from "../../../../shared/games/types";
import { setupOf } from "../../../../shared/match/replay";
import { defaultRules, type HouseRules, parseClock } from "../../../../shared/match/rules";
import type { MoveEntry } from "../../../../shared/match/state";
import { logOf, type PublishedGame } from "../../../../shared/protocol/archive";
import type { RulesView } from "../../../../shared/protocol/views";
import type { AnalysisState } from "../../analysis/analysis";
import type { BestMove } from "../../analysis/driver";
import type { Mark } from "../../analysis/judge";
import type { AnalysisPanel } from "../../analysis/panel";
import { css, pieceFill } from "../../board/art/palette";
import { orientationFor, SPECS } from "../../board/geometry";
import type { BoardRenderer } from "../../board/renderer";
import { gameName, t } from "../../i18n";
import { dateAndTime } from "../../i18n/dates";
import type { CommandContext } from "../../model/commands";
import { GameMirror } from "../../model/mirror";
import { type Story, storyOf } from "../../model/story";
import { placingList, resultTitle, type SeatedGame } from "../../parts/cards";
import { Downloads } from "../../parts/downloads";
import { copyLinkButton, gameUrl, linkText } from "../../parts/gamelink";
import { markMoves, renderMoves } from "../../parts/moves";
import { changeText, personLink } from "../../parts/rating";
import { reportLine } from "../../parts/report";
import { Review } from "../../parts/review";
import { reviewTools } from "../../parts/reviewTools";
import { rulesForm } from "../../parts/rulesForm";
import { pointRules, rulesButton } from "../../parts/rulesLink";
import { capturedRow, seatColorName } from "../../parts/seats";
import type { StoryPanel } from "../../parts/storyPanel";
import { resultReason } from "../../parts/texts";
import { announce } from "../../ui/announce";
import { useAnnouncer } from "../../ui/announcer";
import { el } from "../../ui/dom";
import { icon, seatShape } from "../../ui/icons";
import { reviewContext } from "../table/commandContext";
import { CommandField } from "../table/commandField";

/** What the archive page shows, for tools and tests. */
export interface ArchiveSnapshot {
  readonly id: string;
  readonly game: string;
  readonly startFen: string;
  /** The step shown: 0 the start, n after the n-th entry. */
  readonly step: number;
  readonly last: number;
  readonly moveList: Pick<MoveEntry, "seat" | "move">[];
  /** The pieces of the step shown. */
  readonly pieces: { square: string; kind: string; seat: number }[];
  /**
   * The engine's value of each step (0 the start, n after the n-th entry) in centipawns from the
   * first seat's view (Red; in four-player chess Red, for Teams Red's team), mates ±10 000;
   * null until the analysis reaches it.
   */
  readonly evaluations: (number | null)[];
  /** The engine's move at each step, null until known and at the end. */
  readonly bestMoves: (BestMove | null)[];
  /** Per entry: its mark (?!, ?, ??), null for a good move or until judged. */
  readonly marks: (Mark | null)[];
  /**
   * Whether the analysis runs, is done (every step valued), failed or stopped (idle); whether
   * its second pass still searches again the steps the cap cut short, and how many it has;
   * how long the first pass took, each step's search (ms, null until known) and the page's
   * longest handling of one report; `kept`: shown from this browser's earlier analysis of the
   * game, no search run.
   */
  readonly analysis: {
    readonly state: AnalysisState;
    readonly deepening: boolean;
    readonly deepened: number;
    readonly kept: boolean;
    readonly ms: number;
    readonly plyMs: (number | null)[];
    readonly longestReportMs: number;
  };
}

export interface ArchiveActions {
  /** Back to the lobby. */
  exit(): void;
}

/**
 * The house rules the game was played with, for showing and for the replay's setup: the record's
 * value of each rule where it has the rule's type, the game's default elsewhere. (The server
 * parsed them when the table was made; the lobby's bundle holds the defaults, not the parser.)
 */
export function rulesOf(game: PublishedGame): RulesView {
  const base: Record<string, unknown> = { ...defaultRules(game.game), format: game.format };
  for (const [key, value] of Object.entries(game.rules)) {
    if (key === "clock") {
      const clock = parseClock(value);
      if (clock.ok) base.clock = clock.value;
      continue;
    }
    const known = key in base && key !== "format";
    const fits =
      typeof value === typeof base[key] || (key === "moveLimit" && typeof value === "number");
    if (known && fits) base[key] = value;
  }
  const rules = base as unknown as HouseRules;
  return { ...rules, moveLimit: rules.moveLimit ?? 0 };
}

export class ArchiveScreen {
  readonly element: HTMLElement;
  /** Buttons for the top bar: back to the lobby, turn the board, the game's rules. */
  readonly tools: HTMLElement;
  private readonly boardBox = el("div", { class: "board" });
  private readonly controlsBox = el("div", { class: "controls" });
  private readonly movesBox = el("section", { class: "moves-box", "aria-label": t("table.moves") });
  /** Not a live region: what it shows is announced (once). */
  private readonly messageBox = el("p", { class: "message", hidden: true });
  private readonly mirror = new GameMirror();
  private readonly seated: SeatedGame;
  private review: Review | null = null;
  private analysis: AnalysisPanel | null = null;
  /** Each seat's entry in the players' list, where the pieces it has taken are shown. */
  private readonly seatItems: HTMLElement[] = [];
  /** The seat whose side of the board is at the bottom. */
  private viewSeat: number;
  /** The export as a file and the position to copy. */
  private readonly downloads: Downloads;
  /** Four-player chess: the chart, the view from each seat, who captured whom. */
  private story: StoryPanel | null = null;
  private readonly story0: Story;
  /** The move list's section; the story goes above it. */
  private readonly record = el(
    "section",
    { class: "record" },
    el("h2", {}, t("table.moves")),
    this.movesBox,
  );
  /** Left: no analysis starts any more. */
  private hidden = false;

  constructor(
    private readonly renderer: BoardRenderer,
    private readonly game: PublishedGame,
    /** The seats this device played, if it did: the board turns to the first. */
    private readonly mySeats: readonly number[],
    private readonly actions: ArchiveActions,
  ) {
    useAnnouncer();
    this.mirror.load(game.game, rulesOf(game), game.startFen, logOf(game));
    this.record.append(new CommandField(() => this.commandContext()).element);
    const colors = GAMES[game.game].colors;
    this.seated = {
      game: game.game,
      format: game.format,
      seats: colors.map((color, i) => ({
        color,
        kind: game.players[i]?.kind === "cpu" ? "cpu" : "human",
        name: game.players[i]?.name ?? "",
      })),
    };
    this.viewSeat = mySeats[0] ?? 0;
    const story = storyOf(game.game, rulesOf(game), game.startFen, colors.length, logOf(game));
    this.downloads = new Downloads(game, story.fens, (text) => this.say(text));
    this.story0 = story;
    const rules = rulesButton();
    pointRules(rules, game.game, game.format);
    this.tools = el(
      "div",
      { class: "tools" },
      el(
        "button",
        { class: "btn small", "data-action": "lobby", onclick: () => actions.exit() },
        icon("back"),
        el("span", {}, t("nav.lobby")),
      ),
      el(
        "button",
        {
          class: "btn small",
          "data-action": "rotate",
          onclick: () => this.rotate(),
          title: t("table.rotateTitle"),
          "aria-label": t("table.rotate"),
        },
        icon("rotate"),
        el("span", {}, t("table.rotate")),
      ),
      rules,
    );
    this.element = el(
      "div",
      { class: "table-screen archive-screen", "data-game": game.id },
      el(
        "div",
        { class: "table-main" },
        el("div", { class: "board-wrap" }, this.boardBox),
        this.panel(),
      ),
    );
  }

  async show(): Promise<void> {
    // The review's tools are fetched beside the board; the review steps before they come.
    const tools = reviewTools();
    await this.renderer.init();
    this.renderer.mount(this.boardBox, {
      tap: () => undefined,
      drop: () => this.renderer.view.release(),
      canDrag: () => false,
      cursor: () => undefined,
      cancel: () => undefined,
      premoveQueued: () => false,
    });
    this.orient();
    const frames = this.mirror.frames;
    if (frames.length === 0) return;
    const review = new Review(this.renderer.view, frames, () => this.renderReview(), null);
    this.review = review;
    this.renderReview();
    const { AnalysisPanel, StoryPanel } = await tools.catch(() => ({
      AnalysisPanel: null,
      StoryPanel: null,
    }));
    if (this.hidden || !AnalysisPanel || !StoryPanel) return;
    if (this.game.game === "fourchess") {
      this.story = new StoryPanel(this.seated, this.story0, {
        to: (step) => review.to(step),
        viewFrom: (seat) => this.viewFrom(seat),
      });
      this.record.before(this.story.element);
      this.story.showView(this.viewSeat);
    }
    const g = this.game;
    this.analysis = new AnalysisPanel(
      this.seated,
      this.mirror.entries,
      {
        game: g.game,
        setup: setupOf(rulesOf(g), 0, g.startFen),
        log: logOf(g).slice(0, frames.length - 1),
      },
      (step) => review.to(step),
      (step) => {
        if (step === null || step === review.step) review.marks();
        if (this.analysis) markMoves(this.movesBox, this.analysis.marks());
      },
      g.id,
    );
    review.analysis = this.analysis;
    this.renderReview();
    this.analysis.start();
  }

  hide(): void {
    this.hidden = true;
    this.analysis?.stop();
    this.renderer.unmount();
  }

  /** Arrow keys, Home and End step through the game. */
  handleKey(e: KeyboardEvent): void {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    if (this.review?.key(e)) e.preventDefault();
  }

  snapshot(): ArchiveSnapshot {
    const step = this.review?.step ?? -1;
    const frame = this.mirror.frames[step];
    const a = this.analysis?.analysis;
    return {
      id: this.game.id,
      game: this.game.game,
      startFen: this.game.startFen,
      step,
      last: this.review?.last ?? -1,
      moveList: this.mirror.entries.map(({ seat, move }) => ({ seat, move })),
      pieces: (frame?.pieces ?? []).map(({ square, kind, seat }: TrackedPiece) => ({
        square,
        kind,
        seat,
      })),
      evaluations: a?.evaluations() ?? [],
      bestMoves: a?.bestMoves() ?? [],
      marks: a?.marks() ?? [],
      analysis: {
        state: a?.state ?? "idle",
        deepening: a?.deepening ?? false,
        deepened: a?.plies.filter((p) => p?.deepened).length ?? 0,
        kept: a?.kept ?? false,
        ms: a && a.endedAt > 0 ? Math.round(a.endedAt - a.startedAt) : 0,
        plyMs: a?.plies.map((p) => (p ? Math.round(p.ms) : null)) ?? [],
        longestReportMs: Math.round((a?.longestReportMs ?? 0) * 10) / 10,
      },
    };
  }

  private rotate(): void {
    this.viewFrom((this.viewSeat + 1) % this.seated.seats.length);
  }

  /** Turns the board so that `seat`'s side is at the bottom. */
  private viewFrom(seat: number): void {
    this.viewSeat = seat;
    this.orient();
  }

  private orient(): void {
    const spec = SPECS[this.game.game];
    this.renderer.view.setBoard(spec, orientationFor(spec, this.viewSeat));
    this.boardBox.style.setProperty("--board-ratio", this.renderer.view.aspect.toFixed(4));
    this.story?.showView(this.viewSeat);
  }

  private renderReview(): void {
    const review = this.review;
    if (!review) return;
    review.render(this.controlsBox);
    this.showCaptures(review.step);
    this.downloads.update(review.step);
    this.story?.update(review.step);
    this.renderMoves();
  }

  private renderMoves(): void {
    const review = this.review;
    if (!review) return;
    renderMoves(
      this.movesBox,
      this.seated,
      this.mirror.entries,
      (i) => review.to(i + 1),
      review.step - 1,
      this.analysis?.marks(),
    );
  }

  private panel(): HTMLElement {
    const g = this.game;
    const when = dateAndTime(g.finishedAt, "long");
    return el(
      "aside",
      { class: "panel" },
      el(
        "section",
        { class: "now" },
        el("h1", { class: "archive-title" }, gameName(g.game, g.format)),
        el("p", { class: "muted" }, t("archive.finished", when)),
        g.rated
          ? el(
              "p",
              { class: "rated-mark" },
              el("span", { class: "rated-badge" }, t("archive.rated")),
            )
          : null,
        el("h2", {}, t("archive.result")),
        el("p", { class: "status result-title" }, resultTitle(this.seated, g.result)),
        el("p", {}, resultReason(this.seated, g.result)),
        // Places say more than who won only with more than two seats.
        this.seated.seats.length > 2
          ? placingList(this.seated, g.result, undefined, resultTitle(this.seated, g.result))
          : null,
        this.messageBox,
        this.controlsBox,
      ),
      this.players(),
      this.record,
      el(
        "section",
        { class: "share" },
        el("p", { class: "muted" }, t("archive.share")),
        el(
          "p",
          { class: "link-row" },
          el("a", { href: gameUrl(g.id), "data-game": g.id }, ...linkText(`/g/${g.id}`)),
          copyLinkButton(g.id, () => this.say(t("table.copied"))),
        ),
        el(
          "button",
          { class: "btn", "data-action": "lobby", onclick: () => this.actions.exit() },
          t("nav.lobby"),
        ),
        reportLine(() => ({ kind: "problem", game: g.game, gameId: g.id })),
      ),
      this.downloads.element,
      el(
        "section",
        { class: "rules-box" },
        el("h2", {}, t("rules.title")),
        // "Rated game" only where it was: a casual game's page reads as it always did.
        rulesForm(
          g.game,
          { ...rulesOf(g), rated: g.rated === true },
          false,
          () => undefined,
          undefined,
          g.rated === true,
        ),
      ),
    );
  }

  /** "you" on this device's seats; "left the game" where a CPU finished it for its person. */
  private badges(seat: number): HTMLElement | null {
    const badges = [
      ...(this.mySeats.includes(seat) ? [t("seat.you")] : []),
      ...(this.game.players[seat]?.left ? [t("out.left")] : []),
    ];
    return badges.length > 0 ? el("span", { class: "badges" }, badges.join(" · ")) : null;
  }

  private players(): HTMLElement {
    const list = el("ul", { class: "seats" });
    this.seated.seats.forEach((seat, i) => {
      const item = el(
        "li",
        { class: `seat seat-${seat.color}`, "data-seat": String(i) },
        el(
          "div",
          { class: "seat-line" },
          seatShape(i, css(pieceFill(this.game.game, i))),
          el("span", { class: "color" }, seatColorName(this.seated, i)),
          seat.kind === "cpu"
            ? el("span", { class: "name" }, t("seat.cpu"))
            : personLink(seat.name, this.game.players[i]?.player),
          this.badges(i),
        ),
        this.ratingLine(i),
      );
      this.seatItems[i] = item;
      list.append(item);
    });
    return el(
      "section",
      { class: "panel-seats", "aria-label": t("table.players") },
      el("h2", {}, t("table.players")),
      list,
    );
  }

  /** In a rated game, the seat's rating before and after it: "1500 → 1662 (+162)". */
  private ratingLine(seat: number): HTMLElement | null {
    const r = this.game.rated ? this.game.players[seat]?.rating : undefined;
    if (!r) return null;
    const before = Math.round(r.before);
    const after = Math.round(r.after);
    const change = changeText(after - before);
    const direction = after > before ? "up" : after < before ? "down" : "same";
    return el(
      "div",
      {
        class: `seat-line small rating-line ${direction}`,
        "data-before": String(before),
        "data-after": String(after),
      },
      el("span", { "aria-hidden": "true" }, t("archive.ratingChange", { before, after, change })),
      el("span", { class: "sr-only" }, t("archive.ratingSpoken", { before, after, change })),
    );
  }

  /** The pieces each seat has taken as of the review's step. */
  private showCaptures(step: number): void {
    const captures = this.mirror.capturesBy(this.seatItems.length, step);
    this.seatItems.forEach((item, i) => {
      item.querySelector(".captured")?.remove();
      const taken = captures[i] ?? [];
      if (taken.length > 0) item.append(capturedRow(this.game.game, taken));
    });
  }

  /** What the commands field answers from: the position the review shows. */
  private commandContext(): CommandContext | null {
    const g = this.game;
    const entries = this.mirror.entries;
    const step = this.review?.step ?? entries.length;
    return reviewContext(
      g.game,
      rulesOf(g),
      g.startFen,
      entries,
      step,
      this.seated.seats,
      this.mySeats,
    );
  }

  private say(text: string): void {
    this.messageBox.textContent = text;
    this.messageBox.hidden = false;
    announce(text);
  }
}
