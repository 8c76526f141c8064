/**
 * Table talk at the table: a button that opens the fixed phrases, a toggle that hides the
 * others' phrases (kept on the device), and the latest phrases as lines under the move list,
 * each in the reader's own language. The bubbles by the seats are the seat list's.
 */
import { PHRASES, type Phrase } from "../../../shared/protocol/messages";
import { personName, t } from "../i18n";
import type { TableTalk, TalkLine } from "../model/talk";
import { clear, el } from "../ui/dom";
import { icon } from "../ui/icons";

export interface TalkActions {
  say(phrase: Phrase): void;
  /** The person hides (true) or shows the others' phrases. */
  mute(muted: boolean): void;
}

/** How many lines show under the moves. */
const LINES = 4;

/** A phrase in the reader's language. */
export function phraseText(phrase: Phrase): string {
  return t(`phrase.${phrase}`);
}

/** "Ana: Good luck!", or "Ana (watching): Good luck!" for a spectator. */
export function talkLineText(line: Pick<TalkLine, "phrase" | "seat" | "name">): string {
  const params = { name: personName(line.name), phrase: phraseText(line.phrase) };
  return line.seat >= 0 ? t("talk.line", params) : t("talk.watcherLine", params);
}

export class TalkBox {
  readonly element: HTMLElement;
  /**
   * Not a live region: the list is rebuilt with every state, and a phrase heard is read out
   * once by the table (announce).
   */
  private readonly lines = el("ul", { class: "talk-lines" });
  private readonly menu = el("div", { class: "phrase-menu", hidden: true });
  private readonly sayButton: HTMLButtonElement;
  private readonly muteButton = el("button", { class: "btn small", "data-action": "talk-mute" });

  constructor(
    private readonly talk: TableTalk,
    actions: TalkActions,
  ) {
    this.sayButton = el(
      "button",
      {
        class: "btn small",
        "data-action": "talk",
        "aria-expanded": "false",
        title: t("talk.sayLabel"),
        onclick: () => this.openMenu(this.menu.hidden),
      },
      icon("talk", 16),
      el("span", {}, t("talk.say")),
    );
    for (const phrase of PHRASES)
      this.menu.append(
        el(
          "button",
          {
            class: "btn small",
            "data-phrase": phrase,
            onclick: () => {
              this.openMenu(false);
              actions.say(phrase);
            },
          },
          phraseText(phrase),
        ),
      );
    this.muteButton.addEventListener("click", () => {
      this.talk.muted = !this.talk.muted;
      actions.mute(this.talk.muted);
      this.showMute();
      this.renderLines();
    });
    this.showMute();
    this.element = el(
      "section",
      { class: "talk", "aria-label": t("talk.sayLabel") },
      this.lines,
      el("div", { class: "row" }, this.sayButton, this.muteButton),
      this.menu,
    );
  }

  /** The latest phrases the person sees. */
  renderLines(): void {
    clear(this.lines);
    for (const line of this.talk.recent(LINES))
      this.lines.append(
        el(
          "li",
          {
            class: line.mine ? "mine" : line.seat < 0 ? "watcher" : "",
            "data-phrase": line.phrase,
          },
          talkLineText(line),
        ),
      );
    if (this.talk.muted) this.lines.append(el("li", { class: "muted" }, t("talk.hidden")));
  }

  private openMenu(open: boolean): void {
    this.menu.hidden = !open;
    this.sayButton.setAttribute("aria-expanded", String(open));
  }

  private showMute(): void {
    const muted = this.talk.muted;
    clear(this.muteButton);
    this.muteButton.append(icon(muted ? "talkOff" : "talk", 16));
    const label = muted ? t("talk.unmute") : t("talk.mute");
    this.muteButton.title = label;
    this.muteButton.setAttribute("aria-label", label);
    this.muteButton.setAttribute("aria-pressed", String(muted));
  }
}
