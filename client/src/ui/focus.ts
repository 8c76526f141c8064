/**
 * Keeping keyboard focus where it was while a part of the page is rebuilt: the control that
 * had it gets it back (the new element for the same action), or the one now in its place; and
 * updating a list of controls in place, keeping the ones that did not change.
 */

const FOCUSABLE =
  "button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex='-1'])";

/** What names a control across rebuilds: its action, phrase or field name, and its seat. */
function keyOf(node: Element): string {
  const seat = node.closest("[data-seat]")?.getAttribute("data-seat") ?? "";
  const id =
    node.getAttribute("data-action") ??
    node.getAttribute("data-phrase") ??
    node.getAttribute("name") ??
    node.getAttribute("data-game") ??
    "";
  return id ? `${node.tagName}|${id}|${seat}` : "";
}

function focusables(container: Element): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (n) => !n.closest("[hidden]"),
  );
}

/** Runs `rebuild`, then gives focus back inside `container` if the rebuild took it away. */
export function keepFocus(container: Element, rebuild: () => void): void {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || !container.contains(active)) {
    rebuild();
    return;
  }
  const key = keyOf(active);
  const index = focusables(container).indexOf(active);
  rebuild();
  if (active.isConnected && container.contains(active)) return;
  const now = focusables(container);
  const same = key ? now.find((n) => keyOf(n) === key) : undefined;
  const next = same ?? now[Math.min(Math.max(index, 0), now.length - 1)];
  next?.focus({ preventScroll: true });
}

/**
 * Makes `box`'s children `next`, keeping each present child that equals one of them (same
 * attributes and content) in its place of the new one: a control that did not change is not
 * replaced, so focus and hover stay on it. Only for children whose listeners depend on nothing
 * but what their attributes and content show.
 */
export function patchChildren(box: Element, next: readonly Node[]): void {
  const old = Array.from(box.childNodes);
  const kept = next.map((node) => {
    const i = old.findIndex((o) => o.isEqualNode(node));
    return i < 0 ? node : old.splice(i, 1)[0]!;
  });
  for (const node of old) node.parentNode?.removeChild(node);
  kept.forEach((node, i) => {
    if (box.childNodes[i] !== node) box.insertBefore(node, box.childNodes[i] ?? null);
  });
}

/**
 * The controls inside `box` that Tab reaches, in order: of a group of radio buttons only the
 * checked one (the first when none is), as the browser does.
 */
function tabbable(box: Element): HTMLElement[] {
  return focusables(box).filter((n) => {
    if (n.tabIndex < 0 || n.closest("[inert]") || n.getClientRects().length === 0) return false;
    if (!(n instanceof HTMLInputElement) || n.type !== "radio" || !n.name) return true;
    const group = Array.from(
      box.querySelectorAll<HTMLInputElement>(`input[type=radio][name="${CSS.escape(n.name)}"]`),
    );
    return n.checked || (!group.some((r) => r.checked) && group[0] === n);
  });
}

export interface HoldOptions {
  /** Called on Escape (the dialog closes itself); Escape does nothing without it. */
  readonly escape?: () => void;
  /** What takes focus as the dialog opens: the first control inside by default. */
  readonly first?: HTMLElement | null;
  /** Where focus goes back when what opened the dialog is gone. */
  readonly fallback?: () => HTMLElement | null;
}

/**
 * A dialog that holds keyboard focus while it is open: `box` (already in the page) takes focus,
 * Tab and Shift+Tab go round its controls, Escape calls `escape`. The function returned lets go:
 * focus goes back to what had it when the dialog opened (or to `fallback`'s element) when it was
 * inside the dialog or nowhere. Calling it again does nothing.
 */
export function holdFocus(box: HTMLElement, options: HoldOptions = {}): () => void {
  const active = document.activeElement;
  const opener = active instanceof HTMLElement && active !== document.body ? active : null;
  const onKey = (e: KeyboardEvent) => {
    if (e.key === "Escape" && options.escape) {
      e.preventDefault();
      e.stopPropagation();
      options.escape();
      return;
    }
    if (e.key !== "Tab") return;
    const list = tabbable(box);
    if (list.length === 0) {
      e.preventDefault();
      return;
    }
    const first = list[0]!;
    const last = list[list.length - 1]!;
    const at = document.activeElement;
    if (e.shiftKey && (at === first || !box.contains(at))) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && (at === last || !box.contains(at))) {
      e.preventDefault();
      first.focus();
    }
  };
  box.addEventListener("keydown", onKey);
  if (!box.contains(document.activeElement)) (options.first ?? tabbable(box)[0] ?? box).focus();
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    box.removeEventListener("keydown", onKey);
    const now = document.activeElement;
    if (now && now !== document.body && !box.contains(now)) return;
    const back = opener?.isConnected ? opener : (options.fallback?.() ?? null);
    back?.focus({ preventScroll: true });
  };
}
