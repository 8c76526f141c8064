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
