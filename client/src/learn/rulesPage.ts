/**
 * A game's rules page (`/rules/xiangqi`, `/rules/fourchess`): its sections in the reader's
 * language with a list of them at the top, live diagrams, the house rules from the server's
 * definitions, and links to the lessons and the lobby. A format's section is its anchor
 * (`/rules/fourchess#individual`).
 */
import type { GameId } from "../../../shared/games/catalog";
import { type Key, t } from "../i18n";
import { el } from "../ui/dom";
import type { Block, RulesContent } from "./content";
import { type Diagram, diagramOf } from "./diagram";
import { houseRulesTable } from "./houseRules";

export interface LearnLinks {
  lobby(): void;
  /** Another learning page: `/rules/<game>`, `/learn/<game>`, `/learn/<game>/<stage>`. */
  open(path: string): void;
}

/** A link that opens a page of the client without reloading it. */
export function pageLink(
  path: string,
  text: string,
  go: (path: string) => void,
  cls = "",
): HTMLElement {
  return el(
    "a",
    {
      href: path,
      class: cls,
      onclick: (e: MouseEvent) => {
        if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey) return;
        e.preventDefault();
        go(path);
      },
    },
    text,
  );
}

export class RulesPage {
  readonly element: HTMLElement;
  readonly diagrams: Diagram[] = [];
  /** The last refusal or success text a diagram showed. */
  message = "";

  constructor(
    private readonly content: RulesContent,
    links: LearnLinks,
  ) {
    const game = content.game;
    const contents = el(
      "nav",
      { class: "learn-contents", "aria-label": t("learn.contents") },
      el("h2", {}, t("learn.contents")),
      el(
        "ol",
        {},
        ...content.sections.map((s) => el("li", {}, el("a", { href: `#${s.id}` }, t(s.title)))),
      ),
    );
    const sections = content.sections.map((s) =>
      el(
        "section",
        { id: s.id, class: "learn-section", "data-section": s.id },
        el("h2", {}, t(s.title)),
        ...s.blocks.map((b) => this.block(game, b)),
      ),
    );
    this.element = el(
      "article",
      { class: `learn-page rules-page rules-${game}`, "data-page": "rules" },
      el(
        "header",
        { class: "learn-head" },
        el("h1", {}, t(`learn.rules.title.${game}` as Key)),
        el(
          "p",
          { class: "learn-links" },
          pageLink(`/learn/${game}`, t("learn.toLessons"), links.open, "learn-to-lessons"),
          pageLink("/", t("learn.lobby"), () => links.lobby(), "learn-to-lobby"),
        ),
      ),
      contents,
      ...sections,
    );
  }

  private block(game: GameId, b: Block): HTMLElement {
    if ("p" in b) return el("p", {}, t(b.p));
    if ("list" in b) return el("ul", {}, ...b.list.map((k) => el("li", {}, t(k))));
    if ("qa" in b)
      return el(
        "dl",
        { class: "learn-qa" },
        ...b.qa.flatMap(([q, a]) => [el("dt", {}, t(q)), el("dd", {}, t(a))]),
      );
    if ("table" in b) {
      const cell = (c: Key | { readonly text: string }) => (typeof c === "string" ? t(c) : c.text);
      return el(
        "div",
        { class: "table-scroll" },
        el(
          "table",
          { class: "learn-table" },
          el(
            "thead",
            {},
            el("tr", {}, ...b.table.head.map((h) => el("th", { scope: "col" }, t(h)))),
          ),
          el(
            "tbody",
            {},
            ...b.table.rows.map((row) => el("tr", {}, ...row.map((c) => el("td", {}, cell(c))))),
          ),
        ),
      );
    }
    if ("houseRules" in b)
      return el(
        "div",
        { class: "learn-house" },
        el("p", {}, t("learn.house.intro")),
        houseRulesTable(game),
      );
    const diagram = diagramOf(game, b.diagram);
    if (!diagram) throw new Error(`Diagram ${b.diagram.id} has a position the rules do not take.`);
    diagram.onSay = (text) => {
      this.message = text;
    };
    this.diagrams.push(diagram);
    return diagram.element;
  }

  /** Draws the diagrams (the page must be in the document). */
  async show(): Promise<void> {
    await Promise.all(this.diagrams.map((d) => d.mount()));
    const anchor = decodeURIComponent(window.location.hash.slice(1));
    if (anchor) document.getElementById(anchor)?.scrollIntoView();
  }

  hide(): void {
    for (const d of this.diagrams) d.board.unmount();
  }

  snapshot() {
    return { page: "rules" as const, game: this.content.game, message: this.message };
  }
}
