/**
 * Keeping keyboard focus where it was while a part of the page is rebuilt: the control that
 * had it gets it back (the new element for the same action), or the one now in its place.
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
