/**
 * The analysis beside a review: how far the engine has got, the evaluation graph, the step's
 * evaluation, the engine's best move there (drawn on the board by the review) and the loss of
 * the move that led to it, and each player's inaccuracies, mistakes and blunders. On the game's
 * page it starts by itself; at the table a button starts it (the players may only want a look
 * before the next game, and a phone's battery pays for the search).
 */
import type { GameId } from "../../../shared/games/catalog";
import type { MoveEntry } from "../../../shared/match/state";
import { css, pieceFill } from "../board/art/palette";
import { type Key, lang, t } from "../i18n";
import { seatColorName } from "../parts/seats";
import type { SeatedGame } from "../parts/texts";
import { clear, el } from "../ui/dom";
import { seatShape } from "../ui/icons";
import { BUDGET_MS, DEEPEN_MS, GameAnalysis } from "./analysis";
import type { AnalysisJob } from "./driver";
import { EvalGraph, type EvalRow, EvalTable, type Series } from "./graph";
import { countMarks, MATE_SCORE, type Mark } from "./judge";
import { MARK_NAMES } from "./marks";

/** A figure in the reader's own form ("1.5", "1,5"), with `digits` decimals. */
export function figure(value: number, digits: number): string {
  const locale = lang() === "pt" ? "pt-BR" : lang();
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

/**
 * A value from its side's view, in the game's unit (the engine's 1.0 is a pawn in chess, a
 * soldier in xiangqi): "+1.3 pawns", "−0.4 soldiers", a mate "+# (mate)".
 */
export function valueText(cp: number, game: GameId): string {
  const sign = cp > 0 ? "+" : cp < 0 ? "−" : "";
  if (Math.abs(cp) >= MATE_SCORE) return t("analysis.mateValue", { value: `${sign}#` });
  return unitText(`${sign}${figure(Math.abs(cp) / 100, 1)}`, game);
}

/** A figure with the game's unit: "1.3 pawns", "1,3 soldados". */
function unitText(value: string, game: GameId): string {
  return t(game === "xiangqi" ? "analysis.soldiers" : "analysis.pawns", { value });
}

/** The arrow to draw for the engine's move. */
export interface EngineArrow {
  readonly from: string;
  readonly to: string;
}

/** A mistake's and a blunder's dot on the graph (the move list's colours for them). */
const DOT_COLORS = { "?": "#d35400", "??": "#b3261e" } as const;

export class AnalysisPanel {
  readonly element: HTMLElement;
  readonly analysis: GameAnalysis;
  private readonly statusLine = el("p", { class: "analysis-status", role: "status" });
  private readonly startButton: HTMLButtonElement;
  private readonly nowBox = el("div", { class: "analysis-now" });
  private readonly countsBox = el("div", { class: "analysis-counts" });
  private readonly graph: EvalGraph;
  /** The graph's numbers for those who do not see it. */
  private readonly table = new EvalTable(() => this.rows());
  private step = 0;
  /** Whether the engine's move is drawn on the board (a reader may want the board alone). */
  private showArrow = true;

  constructor(
    private readonly seated: SeatedGame,
    /** The record with its notation (the move list's). */
    private readonly entries: readonly MoveEntry[],
    job: Omit<AnalysisJob, "budgetMs">,
    /** Go to a step (a point of the graph picked). */
    pick: (step: number) => void,
    /**
     * A step's analysis arrived (null: the analysis ended): the screen marks the move list and,
     * for the step shown, draws the engine's arrow.
     */
    changed: (step: number | null) => void,
    /** The game's archive id, under which a completed analysis is kept (null: not kept). */
    gameId: string | null = null,
  ) {
    const arrowBox = el("input", {
      type: "checkbox",
      name: "engine-arrow",
      checked: true,
      onchange: () => {
        this.showArrow = arrowBox.checked;
        changed(this.step);
      },
    });
    this.analysis = new GameAnalysis(
      { ...job, budgetMs: BUDGET_MS, deepenMs: DEEPEN_MS },
      (step) => {
        this.draw(step);
        changed(step);
      },
      undefined,
      gameId,
    );
    this.graph = new EvalGraph(
      t("analysis.graph"),
      (step) => this.describe(step),
      (step) => pick(step),
    );
    this.startButton = el(
      "button",
      { class: "btn", "data-action": "analysis-start", onclick: () => this.start() },
      t("analysis.start"),
    );
    this.element = el(
      "section",
      { class: "analysis", "aria-label": t("analysis.title") },
      el("h2", {}, t("analysis.title")),
      this.startButton,
      this.statusLine,
      this.graph.element,
      this.table.element,
      this.nowBox,
      el("label", { class: "analysis-arrow" }, arrowBox, ` ${t("analysis.arrow")}`),
      this.countsBox,
    );
    this.draw();
  }

  start(): void {
    this.analysis.start();
    this.draw();
  }

  /** Shows what this browser kept of an earlier analysis of the game, if anything. */
  restore(): void {
    if (this.analysis.restore()) this.draw();
  }

  /** Leaving the page or the review. */
  stop(): void {
    this.analysis.stop();
    this.graph.dispose();
  }

  setStep(step: number): void {
    this.step = step;
    this.draw();
  }

  /** The engine's move at a step to draw, once known (none when the reader turned it off). */
  arrowAt(step: number): EngineArrow | null {
    if (!this.showArrow) return null;
    const best = this.analysis.plies[step]?.best;
    return best ? { from: best.from, to: best.to } : null;
  }

  marks(): (Mark | null)[] {
    return this.analysis.marks();
  }

  /** Lines of the graph: one for xiangqi, one per team in Teams, one per seat in Individual. */
  private series(): Series[] {
    const { game, seats } = this.seated;
    const lines = game === "xiangqi" ? 1 : this.analysis.job.setup.format === "teams" ? 2 : 4;
    const judged = this.analysis.judged;
    return Array.from({ length: Math.min(lines, seats.length) }, (_, line) => ({
      color: css(pieceFill(game, line)),
      values: this.analysis.plies.map((p) => (p ? p.views[line]! : null)),
      // Each mistake and blunder on the line of its player's side, where it led.
      dots: judged.flatMap((j, entry) =>
        j && (j.mark === "?" || j.mark === "??") && j.seat % lines === line
          ? [{ step: entry + 1, color: DOT_COLORS[j.mark] }]
          : [],
      ),
    }));
  }

  /**
   * The panel after `step` arrived (undefined: everything). A report comes every few hundred
   * milliseconds: only what it changes is made again, and nothing here reads the layout.
   */
  private draw(step?: number | null): void {
    const a = this.analysis;
    const last = a.plies.length - 1;
    this.startButton.hidden = a.state !== "idle" || a.known > 0;
    this.statusLine.textContent =
      a.state === "running"
        ? t("analysis.running", { i: a.known, n: a.plies.length })
        : a.state === "done"
          ? t(a.deepening ? "analysis.deepening" : "analysis.done")
          : a.state === "failed"
            ? t("analysis.failed")
            : a.known > 0
              ? t("analysis.stopped")
              : "";
    this.statusLine.hidden = this.statusLine.textContent === "";
    this.graph.element.hidden = a.known === 0;
    this.graph.update(this.series(), this.step, last);
    this.table.element.hidden = a.known === 0;
    this.table.refresh();
    if (step === undefined || step === null || step === this.step || step === this.step - 1)
      this.drawNow();
    this.drawCounts();
  }

  /** Each move with the evaluation after it, from the view of the side that played it. */
  private rows(): EvalRow[] {
    return this.entries.map((entry, i) => {
      const ply = this.analysis.plies[i + 1];
      const value = ply?.views[entry.seat];
      return {
        move: i + 1,
        side: this.colorName(entry.seat),
        played: entry.notation,
        value: value === undefined ? "" : valueText(value, this.seated.game),
      };
    });
  }

  private describe(step: number): string {
    const ply = this.analysis.plies[step];
    const n = this.analysis.plies.length - 1;
    return ply
      ? t("analysis.graphStep", { i: step, n, value: valueText(ply.views[0]!, this.seated.game) })
      : t("review.position", { i: step, n });
  }

  /** The step's evaluation, the engine's move and the judgement of the move that led here. */
  private drawNow(): void {
    clear(this.nowBox);
    const ply = this.analysis.plies[this.step];
    if (!ply) return;
    // Two sides: from the first seat's view (Red); Individual: from the view of the seat to move.
    const seat = this.analysis.job.setup.format === "individual" && ply.mover >= 0 ? ply.mover : 0;
    const side = el("span", {}, seatShape(seat, css(pieceFill(this.seated.game, seat)), 12));
    this.nowBox.append(
      el(
        "p",
        { class: "analysis-eval" },
        side,
        " ",
        t("analysis.eval", {
          side: this.colorName(seat),
          value: valueText(ply.views[seat]!, this.seated.game),
        }),
      ),
    );
    if (ply.best)
      this.nowBox.append(
        el("p", { class: "analysis-best" }, t("analysis.best", { move: ply.best.notation })),
      );
    const j = this.analysis.judged[this.step - 1];
    const entry = this.entries[this.step - 1];
    if (j && entry) {
      const best = this.analysis.plies[this.step - 1]?.best?.notation ?? "";
      this.nowBox.append(
        el(
          "p",
          { class: "analysis-played", "data-mark": j.mark ?? "" },
          j.mark ? el("strong", {}, `${entry.notation}${j.mark} ${t(MARK_NAMES[j.mark])}. `) : null,
          t("analysis.played", {
            move: entry.notation,
            loss:
              j.loss >= MATE_SCORE
                ? t("analysis.mateValue", { value: "#" })
                : unitText(figure(j.loss / 100, 1), this.seated.game),
            best,
          }),
        ),
      );
    }
  }

  private colorName(seat: number): string {
    return seatColorName(this.seated, seat);
  }

  private drawCounts(): void {
    clear(this.countsBox);
    const a = this.analysis;
    if (a.known === 0) return;
    const counts = countMarks(this.seated.seats.length, a.judged);
    const head = (key: Key, mark: string) => el("th", { title: t(key), scope: "col" }, mark);
    this.countsBox.append(
      el(
        "table",
        { class: "counts" },
        el(
          "thead",
          {},
          el(
            "tr",
            {},
            el("th", { scope: "col" }, t("table.players")),
            head("analysis.inaccuracies", "?!"),
            head("analysis.mistakes", "?"),
            head("analysis.blunders", "??"),
            el(
              "th",
              { scope: "col", title: t("analysis.meanLossTitle") },
              t(
                this.seated.game === "xiangqi"
                  ? "analysis.meanLossSoldiers"
                  : "analysis.meanLossPawns",
              ),
            ),
          ),
        ),
        el(
          "tbody",
          {},
          ...counts.map((c, seat) =>
            el(
              "tr",
              { "data-seat": String(seat) },
              el(
                "th",
                { scope: "row" },
                seatShape(seat, css(pieceFill(this.seated.game, seat)), 12),
                " ",
                this.colorName(seat),
              ),
              el("td", {}, String(c.inaccuracies)),
              el("td", {}, String(c.mistakes)),
              el("td", {}, String(c.blunders)),
              el("td", {}, figure(c.meanLoss / 100, 2)),
            ),
          ),
        ),
      ),
    );
  }
}
