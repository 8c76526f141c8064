/**
 * One game's analysis on the page: the worker that runs it, what it has reported so far, and
 * each played move judged as soon as the positions before and after it are known. Stopping
 * terminates the worker, which ends a search wherever it is.
 */
import { keepAnalysis, keptAnalysis } from "../device/analyses";
import type { AnalysisJob, BestMove, PlyAnalysis } from "./driver";
import { lossOf, type Mark, markOf } from "./judge";
import type { AnalysisMessage } from "./worker";

/**
 * Time cap of one position's search: a 100-move game takes at most about 30 s of search, half
 * the minute a reader should wait even on a slow machine. Xiangqi's Master and four-player
 * Hard stop on their node budgets sooner than this on an ordinary computer.
 */
export const BUDGET_MS = 300;
/**
 * Time cap of the second pass: once every position has a value, those the first cap cut short
 * are searched again up to this long, so that each reaches its level's node budget (Master's
 * takes about 0.3–1 s on a slow machine) and the values and marks firm up.
 */
export const DEEPEN_MS = 2000;

/**
 * What makes an analysis, for the ones this browser keeps: another engine's values are not shown
 * as this one's. The last number goes up when the engines' search or evaluation changes.
 */
export const ANALYSIS_ENGINE = `xiangqi master, four-player hard, ${BUDGET_MS}+${DEEPEN_MS} ms, 1`;

/** A played move judged: from its player's view, the best score, the score reached, the loss. */
export interface Judgement {
  readonly seat: number;
  readonly best: number;
  readonly played: number;
  readonly loss: number;
  readonly mark: Mark | null;
}

export type AnalysisState = "idle" | "running" | "done" | "failed";

/** Something that runs the job and posts `AnalysisMessage`s back (a worker, or a test's fake). */
export interface AnalysisThread {
  onmessage: ((e: MessageEvent<AnalysisMessage>) => void) | null;
  onerror: ((e: ErrorEvent) => void) | null;
  postMessage(job: AnalysisJob): void;
  terminate(): void;
}

const spawnWorker = (): AnalysisThread =>
  new Worker(new URL("./worker.ts", import.meta.url), { type: "module" });

export class GameAnalysis {
  /** Per step (the position after that many entries): what the engine found, once known. */
  readonly plies: (PlyAnalysis | null)[];
  /** Per entry of the record: its judgement, once both its positions are known. */
  readonly judged: (Judgement | null)[];
  /** "done" once every position has a value. */
  state: AnalysisState = "idle";
  /** The second pass runs: values may still change where the first search was cut short. */
  deepening = false;
  /** When it started and ended (performance.now), for the figures. */
  startedAt = 0;
  endedAt = 0;
  /** The longest the page took over one report (its panel, marks and arrow), ms. */
  longestReportMs = 0;
  /** Shown from what this browser kept of an earlier analysis of the game: no search ran. */
  kept = false;
  private thread: AnalysisThread | null = null;

  constructor(
    readonly job: AnalysisJob,
    /** Called after each report: the step it brought, or null when the analysis ended. */
    private readonly changed: (step: number | null) => void,
    private readonly spawn: () => AnalysisThread = spawnWorker,
    /** The game's archive id: a completed analysis is kept under it, and found again. */
    private readonly gameId: string | null = null,
  ) {
    this.plies = Array.from({ length: job.log.length + 1 }, () => null);
    this.judged = Array.from({ length: job.log.length }, () => null);
  }

  /** Positions analysed so far. */
  get known(): number {
    return this.plies.filter((p) => p !== null).length;
  }

  /**
   * Shows what this browser kept of an earlier analysis of the same game, if it did: every
   * position's value at once, and no search. True when it did.
   */
  restore(): boolean {
    if (this.state !== "idle" || !this.gameId) return false;
    const kept = keptAnalysis(this.gameId, ANALYSIS_ENGINE, this.plies.length);
    if (!kept) return false;
    kept.forEach((ply, step) => {
      this.plies[step] = ply;
    });
    for (let entry = 0; entry < this.judged.length; entry++) this.judge(entry);
    this.state = "done";
    this.kept = true;
    this.startedAt = performance.now();
    this.endedAt = this.startedAt;
    this.changed(null);
    return true;
  }

  start(): void {
    if (this.state === "running" || this.state === "done") return;
    if (this.restore()) return;
    const thread = this.spawn();
    this.thread = thread;
    this.state = "running";
    this.startedAt = performance.now();
    thread.onmessage = (e) => this.receive(e.data);
    thread.onerror = (e) => this.receive({ type: "error", message: e.message });
    thread.postMessage(this.job);
  }

  /** Stops the worker (leaving the page or the review); what is known stays. */
  stop(): void {
    this.thread?.terminate();
    this.thread = null;
    this.deepening = false;
    if (this.state === "running") this.state = "idle";
  }

  receive(message: AnalysisMessage): void {
    const t0 = performance.now();
    this.take(message);
    this.longestReportMs = Math.max(this.longestReportMs, performance.now() - t0);
  }

  private take(message: AnalysisMessage): void {
    if (message.type === "ply") {
      const ply = message.ply;
      if (ply.step < 0 || ply.step >= this.plies.length) return;
      this.plies[ply.step] = ply;
      this.judge(ply.step - 1);
      this.judge(ply.step);
      this.changed(ply.step);
      return;
    }
    if (message.type === "valued") {
      this.state = "done";
      this.endedAt = performance.now();
      this.deepening = (this.job.deepenMs ?? 0) > this.job.budgetMs;
      this.changed(null);
      return;
    }
    const valued = this.state === "done";
    this.deepening = false;
    if (!valued) {
      this.state = message.type === "done" && message.complete ? "done" : "failed";
      this.endedAt = performance.now();
    }
    // Both passes over: kept, so that the game opened again shows it at once.
    if (
      message.type === "done" &&
      message.complete &&
      this.gameId &&
      this.known === this.plies.length
    )
      keepAnalysis(this.gameId, ANALYSIS_ENGINE, this.plies as PlyAnalysis[]);
    this.thread?.terminate();
    this.thread = null;
    this.changed(null);
  }

  /** Each step's value from the first seat's view (Red), null until known. */
  evaluations(): (number | null)[] {
    return this.plies.map((p) => (p ? p.views[0]! : null));
  }

  /** The engine's move at each step, null until known (and at the end). */
  bestMoves(): (BestMove | null)[] {
    return this.plies.map((p) => p?.best ?? null);
  }

  marks(): (Mark | null)[] {
    return this.judged.map((j) => j?.mark ?? null);
  }

  private judge(entry: number): void {
    const e = this.job.log[entry];
    const before = this.plies[entry];
    const after = this.plies[entry + 1];
    if (!e?.move || !before || !after || before.mover !== e.seat) return;
    const best = before.views[e.seat]!;
    const played = after.views[e.seat]!;
    this.judged[entry] = {
      seat: e.seat,
      best,
      played,
      loss: lossOf(best, played),
      mark: markOf(best, played),
    };
  }
}
