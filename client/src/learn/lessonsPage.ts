/**
 * A game's lessons: the list of stages with the stars this device earned (`/learn/<game>`), and
 * one stage played on its board (`/learn/<game>/<stage>`), with its goal, its moves counted,
 * and when done its stars and the way to the next stage.
 */
import type { GameId } from "../../../shared/games/catalog";
import { starsOf } from "../device/lessons";
import { type Key, t } from "../i18n";
import { el } from "../ui/dom";
import type { Stage } from "./content";
import { type LearnLinks, pageLink } from "./rulesPage";
import { StageRun } from "./stage";

/** Three stars, `n` of them filled, with their count for a screen reader. */
export function starRow(n: number): HTMLElement {
  const label = n === 0 ? t("learn.stars.none") : t("learn.stars.label", { stars: n });
  return el(
    "span",
    { class: "stars", role: "img", "aria-label": label, title: label, "data-stars": n },
    ...[1, 2, 3].map((i) =>
      el("span", { class: i <= n ? "star on" : "star", "aria-hidden": "true" }, "★"),
    ),
  );
}

export class LessonList {
  readonly element: HTMLElement;

  constructor(
    private readonly game: GameId,
    private readonly stages: readonly Stage[],
    links: LearnLinks,
  ) {
    this.element = el(
      "article",
      { class: "learn-page lessons-page", "data-page": "lessons" },
      el(
        "header",
        { class: "learn-head" },
        el("h1", {}, t(`learn.lessons.title.${game}` as Key)),
        el(
          "p",
          { class: "learn-links" },
          pageLink(`/rules/${game}`, t("learn.toRules"), links.open, "learn-to-rules"),
          pageLink("/", t("learn.lobby"), () => links.lobby(), "learn-to-lobby"),
        ),
      ),
      el("p", {}, t("learn.lessons.intro")),
      el(
        "ol",
        { class: "stage-list" },
        ...stages.map((s, i) =>
          el(
            "li",
            { "data-stage": s.id },
            pageLink(`/learn/${game}/${s.id}`, `${i + 1}. ${t(s.title)}`, links.open, "stage-link"),
            starRow(starsOf(game, s.id)),
          ),
        ),
      ),
    );
  }

  async show(): Promise<void> {}
  hide(): void {}

  snapshot() {
    return {
      page: "lessons" as const,
      game: this.game,
      stages: this.stages.map((s) => ({ id: s.id, stars: starsOf(this.game, s.id) })),
    };
  }
}

export class LessonPage {
  readonly element: HTMLElement;
  private readonly run: StageRun;
  private readonly stars = el("div", { class: "stage-stars" });

  constructor(
    private readonly game: GameId,
    stages: readonly Stage[],
    private readonly stage: Stage,
    links: LearnLinks,
  ) {
    const index = stages.indexOf(stage);
    const next = stages[index + 1];
    this.run = new StageRun(stage, game);
    const nextLink = next
      ? pageLink(
          `/learn/${game}/${next.id}`,
          t("learn.stage.next"),
          links.open,
          "stage-next button",
        )
      : el("p", {}, t("learn.stage.finished"));
    const after = el(
      "div",
      { class: "stage-after", hidden: true },
      this.stars,
      el(
        "div",
        { class: "stage-after-actions" },
        nextLink,
        el(
          "button",
          { type: "button", class: "stage-again", onclick: () => this.again(after) },
          t("learn.stage.again"),
        ),
      ),
    );
    this.run.onDone = (stars) => {
      this.stars.replaceChildren(starRow(stars));
      after.hidden = false;
      (after.querySelector("a, button") as HTMLElement | null)?.focus();
    };
    this.element = el(
      "article",
      { class: "learn-page lesson-page", "data-page": "lesson", "data-stage": stage.id },
      el(
        "header",
        { class: "learn-head" },
        el(
          "p",
          { class: "stage-of" },
          t("learn.stage.of", { index: index + 1, total: stages.length }),
        ),
        el("h1", {}, t(stage.title)),
        el(
          "p",
          { class: "learn-links" },
          pageLink(`/learn/${game}`, t("learn.stage.list"), links.open, "learn-to-list"),
          pageLink(`/rules/${game}`, t("learn.toRules"), links.open, "learn-to-rules"),
        ),
      ),
      el(
        "div",
        { class: "stage-body" },
        this.run.element,
        el(
          "div",
          { class: "stage-side" },
          el("h2", {}, t("learn.stage.goal")),
          el("p", { class: "stage-goal" }, t(stage.goal)),
          after,
        ),
      ),
    );
  }

  private again(after: HTMLElement): void {
    after.hidden = true;
    this.run.restart();
  }

  show(): Promise<void> {
    return this.run.mount();
  }

  hide(): void {
    this.run.board.unmount();
  }

  snapshot() {
    return {
      page: "lesson" as const,
      game: this.game,
      stage: this.stage.id,
      goal: t(this.stage.goal),
      done: this.run.done,
      stars: this.run.done ? this.run.stars : starsOf(this.game, this.stage.id),
      message: this.run.message,
    };
  }
}
