/**
 * The rules pages and the lessons: a chunk of their own, fetched when such a page opens, with
 * its words (i18n/learn/). Each page's boards are drawn by the board's renderer, one per board.
 * The hooks tools and tests read a page through are set on `window.crossboard` while it shows:
 * `learn()` what the page shows, `square(name)` where a square is on the board in use,
 * `useBoard(i)` which board that is (the first by default), scrolled into view.
 */
import "./learn/learn.css";
import type { GameId } from "../../shared/games/catalog";
import { t } from "./i18n";
import { LessonList, LessonPage } from "./learn/lessonsPage";
import { LESSONS, RULES } from "./learn/library";
import { liveBoards } from "./learn/liveBoard";
import type { LearnLinks } from "./learn/rulesPage";
import { RulesPage } from "./learn/rulesPage";
import { el } from "./ui/dom";

export type LearnPage = RulesPage | LessonList | LessonPage;

/** What a learning address names: `rules`, `lessons` or one `lesson`. */
export interface LearnAddress {
  readonly page: "rules" | "lessons" | "lesson";
  readonly game: GameId;
  readonly stage?: string;
}

/** The page at `at`, or a short page saying the stage is not there. */
export function learnPage(at: LearnAddress, links: LearnLinks): LearnPage | HTMLElement {
  if (at.page === "rules") return new RulesPage(RULES[at.game], links);
  const stages = LESSONS[at.game];
  if (at.page === "lessons") return new LessonList(at.game, stages, links);
  const stage = stages.find((s) => s.id === at.stage);
  if (!stage)
    return el(
      "article",
      { class: "learn-page" },
      el("p", {}, t("learn.stage.locked")),
      el("p", {}, el("a", { href: `/learn/${at.game}` }, t("learn.stage.list"))),
    );
  return new LessonPage(at.game, stages, stage, links);
}

type Hooks = Record<string, unknown>;
let chosenBoard = 0;
/** The table's hooks a learning page stands in for, put back when it goes. */
let saved: [string, PropertyDescriptor | undefined][] | null = null;

/** Sets the hooks for `page` on `window.crossboard`; the returned function takes them off. */
export function installLearnHooks(page: () => LearnPage | null): () => void {
  const w = window as unknown as { crossboard?: Hooks };
  const hooks: Hooks = w.crossboard ?? {};
  saved = ["square", "board", "animating"].map((k) => [
    k,
    Object.getOwnPropertyDescriptor(hooks, k),
  ]);
  chosenBoard = 0;
  hooks.learn = () => page()?.snapshot() ?? null;
  hooks.useBoard = (i: number) => {
    chosenBoard = i;
    const b = liveBoards[i];
    // In view, so that a click at a square's place lands on it; its canvas marked for tools
    // that read pixels.
    b?.element.scrollIntoView({ block: "center" });
    for (const other of liveBoards)
      other.renderer.canvas?.toggleAttribute("data-in-use", other === b);
    return b !== undefined;
  };
  hooks.square = (name: string) => {
    const b = liveBoards[chosenBoard];
    const p = b?.renderer.view.squareOnCanvas(name);
    if (!b || !p) return null;
    const rect = b.renderer.canvas.getBoundingClientRect();
    return { x: rect.left + p.x, y: rect.top + p.y };
  };
  Object.defineProperty(hooks, "animating", {
    configurable: true,
    get: () => liveBoards.some((b) => b.renderer.view.animating),
  });
  hooks.board = () => {
    const b = liveBoards[chosenBoard];
    const squares: Record<string, { x: number; y: number }> = {};
    if (!b) return { cell: 0, squares };
    for (const name of b.renderer.view.squareNames()) {
      const p = b.renderer.view.squareOnCanvas(name);
      if (p) squares[name] = p;
    }
    return { cell: b.renderer.view.cellSize, squares };
  };
  w.crossboard = hooks;
  return () => {
    const now = w.crossboard ?? {};
    delete now.learn;
    delete now.useBoard;
    for (const [key, descriptor] of saved ?? []) {
      delete now[key];
      if (descriptor) Object.defineProperty(now, key, descriptor);
    }
    saved = null;
  };
}
