/**
 * The page around every screen: the top bar (the brand, which leads back to the lobby; the
 * screen's own tools; how pieces look; sound on or off; the language), the live region for
 * announcements, and the footer with the site's own pages (privacy, feedback, my data), after
 * the page's main landmark so that it is the page's contentinfo.
 */
import { createElement, Settings2 } from "lucide";
import { LANGUAGES, type Lang, lang, setLang, t, tableTexts } from "../i18n";
import { pageLink } from "../screens/lobby/lists";
import { mountAnnouncer } from "../ui/announce";
import { clear, el } from "../ui/dom";
import { icon } from "../ui/icons";
import { isMuted, setMuted } from "../ui/mute";

export class PageFrame {
  private footer: HTMLElement | null = null;

  constructor(
    private readonly root: HTMLElement,
    /** The brand was clicked. */
    private readonly home: () => void,
    /** A link of the footer was clicked: the client's page at this path opens. */
    private readonly open: (path: string) => void,
  ) {}

  /** Shows `node` as the page, with `tools` in the top bar. */
  show(node: HTMLElement, tools: HTMLElement | null = null): void {
    clear(this.root);
    this.root.append(this.topBar(tools), node);
    this.footer?.remove();
    this.footer = el(
      "footer",
      { class: "site-footer" },
      ...(
        [
          ["privacy", "/privacy"],
          ["feedback", "/feedback"],
          ["mine", "/privacy#my-data"],
        ] as const
      ).map(([k, href]) => pageLink("", href, `footer-${k}`, t(`footer.${k}`), this.open)),
    );
    this.root.after(this.footer);
    mountAnnouncer(this.root);
  }

  private topBar(tools: HTMLElement | null): HTMLElement {
    return el(
      "nav",
      { class: "top" },
      el(
        "a",
        {
          href: "/",
          class: "brand",
          onclick: (e: Event) => {
            e.preventDefault();
            this.home();
          },
        },
        t("app.title"),
      ),
      tools,
      el("span", { class: "spacer" }),
      pieceButton(),
      soundButton(),
      languageSelect(),
    );
  }
}

/** Opens the menu of how pieces look, which loads on its first opening. */
function pieceButton(): HTMLElement {
  let opening = false;
  const button: HTMLButtonElement = el(
    "button",
    {
      class: "btn small",
      "data-action": "pieces",
      title: t("look.menu"),
      "aria-label": t("look.menu"),
      onclick: () => {
        if (opening || button.popoverTargetElement) return;
        opening = true;
        // The menu's words are the table's: fetched with its code.
        void Promise.all([import("./pieceMenu"), tableTexts()]).then(([m]) =>
          m.openPieceMenu(button),
        );
      },
    },
    createElement(Settings2, { width: 18, height: 18, "aria-hidden": "true", class: "icon" }),
  );
  return button;
}

function soundButton(): HTMLElement {
  const mute = el("button", { class: "btn small", "data-action": "sound" });
  const showSound = () => {
    clear(mute);
    mute.append(icon(isMuted() ? "soundOff" : "soundOn"));
    const label = isMuted() ? t("sound.unmute") : t("sound.mute");
    mute.title = label;
    mute.setAttribute("aria-label", label);
    mute.setAttribute("aria-pressed", String(isMuted()));
  };
  mute.addEventListener("click", () => {
    setMuted(!isMuted());
    showSound();
  });
  showSound();
  return mute;
}

function languageSelect(): HTMLElement {
  const select = el("select", {
    "aria-label": t("lang.label"),
    onchange: () => void setLang(select.value as Lang),
  });
  for (const [id, { name }] of Object.entries(LANGUAGES))
    select.append(el("option", { value: id, selected: id === lang() }, name));
  return select;
}
