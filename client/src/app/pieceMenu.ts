/**
 * The menu of how pieces look, opened from the top bar: the corner letters on or off, and
 * xiangqi's characters or pictures. Loaded on its first opening, with the code that draws
 * nothing until then; every board showing redraws at once (board/look.ts).
 */
import "./pieceMenu.css";
import { type PieceLook, pieceLook, setPieceLook, type XiangqiSet } from "../board/look";
import { t } from "../i18n";
import { el } from "../ui/dom";
import { holdFocus } from "../ui/focus";

const SETS: readonly XiangqiSet[] = ["characters", "pictures"];

function menu(): HTMLElement {
  const look = pieceLook();
  const change = (c: Partial<PieceLook>) => () => setPieceLook(c);
  const letters = el("input", { type: "checkbox", name: "pieces.letters", checked: look.letters });
  letters.addEventListener("change", () => setPieceLook({ letters: letters.checked }));
  return el(
    "div",
    { class: "piece-menu", popover: "auto", role: "dialog", "aria-label": t("look.menu") },
    el("label", {}, letters, t("look.letters")),
    el(
      "fieldset",
      {},
      el("legend", {}, t("look.xiangqi")),
      ...SETS.map((set) =>
        el(
          "label",
          {},
          el("input", {
            type: "radio",
            name: "pieces.xiangqi",
            value: set,
            checked: look.xiangqiSet === set,
            onchange: change({ xiangqiSet: set }),
          }),
          t(`look.${set}`),
        ),
      ),
    ),
  );
}

/**
 * Opens the menu under `button` the first time; from then on the button opens and closes it
 * by itself (it is the menu's popover invoker).
 */
export function openPieceMenu(button: HTMLButtonElement): void {
  const popover = menu();
  // Open, it holds focus (Escape closes it); closed, focus goes back to the button.
  let release: (() => void) | null = null;
  popover.addEventListener("toggle", (e) => {
    release?.();
    release = null;
    if ((e as ToggleEvent).newState === "open")
      release = holdFocus(popover, { escape: () => popover.hidePopover() });
  });
  button.after(popover);
  button.popoverTargetElement = popover;
  // The button as the source: clicking it again closes the menu rather than reopening it.
  const show = popover.showPopover as (this: HTMLElement, o?: { source?: HTMLElement }) => void;
  show.call(popover, { source: button });
}
