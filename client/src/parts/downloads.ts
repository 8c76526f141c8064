/**
 * A finished game to take elsewhere: its export as a file (PGN4 for four-player chess; WXF and
 * ICCS for xiangqi, from `GET /api/games/<id>?format=…`), and the position at the step shown
 * (FEN4 / FEN) in a field to read or select, with a button that copies it. Where the page has
 * no clipboard (an address that is not secure), the button selects the field's text instead.
 */
import "./downloads.css";
import type { GameId } from "../../../shared/games/catalog";
import { t } from "../i18n";
import { el } from "../ui/dom";
import { icon } from "../ui/icons";

/** The formats a game's export comes in, first the main one. */
const FORMATS: Readonly<Record<GameId, readonly { query: string; name: string; ext: string }[]>> = {
  fourchess: [{ query: "pgn4", name: "PGN4", ext: "pgn4" }],
  xiangqi: [
    { query: "wxf", name: "WXF", ext: "wxf" },
    { query: "iccs", name: "ICCS", ext: "pgn" },
  ],
};

/** The position's notation's name in each game. */
const FEN_NAME: Readonly<Record<GameId, string>> = { fourchess: "FEN4", xiangqi: "FEN" };

/** `crossboard-xiangqi-2026-12-03-Ab3dE9.wxf`: the game, the day it began, its id's start. */
export function exportFileName(game: GameId, id: string, startedAt: number, ext: string): string {
  const day = new Date(startedAt).toISOString().slice(0, 10);
  return `crossboard-${game}-${day}-${id.slice(0, 6)}.${ext}`;
}

export interface ExportedGame {
  readonly id: string;
  readonly game: GameId;
  readonly startedAt: number;
}

export class Downloads {
  readonly element: HTMLElement;
  private readonly field: HTMLInputElement;

  constructor(
    g: ExportedGame,
    /** The position after each step, in the game's notation. */
    private readonly fens: readonly string[],
    /** Something to tell the reader ("Position copied"). */
    private readonly say: (text: string) => void,
  ) {
    const fen = FEN_NAME[g.game];
    this.field = el("input", {
      class: "fen-field",
      readOnly: true,
      "aria-label": t("export.position", { format: fen }),
      onfocus: () => this.field.select(),
    });
    const links = FORMATS[g.game].map((f) =>
      el(
        "a",
        {
          class: "btn small",
          href: `/api/games/${g.id}?format=${f.query}`,
          download: exportFileName(g.game, g.id, g.startedAt, f.ext),
          "data-format": f.query,
        },
        icon("download", 16),
        el("span", {}, t("export.download", { format: f.name })),
      ),
    );
    this.element = el(
      "section",
      { class: "export-box" },
      el("h2", {}, t("export.title")),
      el("p", { class: "row export-links" }, ...links),
      el(
        "label",
        { class: "fen-row" },
        el("span", { class: "muted" }, t("export.position", { format: fen })),
        this.field,
      ),
      el(
        "button",
        { class: "btn small", "data-action": "copy-position", onclick: () => this.copy() },
        icon("copy", 16),
        el("span", {}, t("export.copyPosition")),
      ),
    );
  }

  /** Shows the position of `step`. */
  update(step: number): void {
    this.field.value = this.fens[step] ?? "";
  }

  private copy(): void {
    const text = this.field.value;
    const clipboard = navigator.clipboard;
    const selectIt = () => {
      this.field.focus();
      this.field.select();
    };
    if (!clipboard) {
      selectIt();
      return;
    }
    clipboard.writeText(text).then(() => this.say(t("export.positionCopied")), selectIt);
  }
}
