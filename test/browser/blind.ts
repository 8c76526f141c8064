/**
 * Playing as a blind player does: only the keyboard, and only what the accessibility tree
 * exposes (roles, names, live regions). No canvas pixels and no `window.crossboard` hooks: the
 * position is read from the board grid's cell names, moves are made with the arrow keys and
 * Enter, and what the page said is what its live regions were given.
 */
import type { Locator, Page } from "playwright-core";

/** Everything written into the page's live regions, in order (installed before the page loads). */
export async function listen(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const heard: string[] = [];
    (window as unknown as { __heard: string[] }).__heard = heard;
    const live = (n: Node | null): Element | null => {
      const e = n instanceof Element ? n : (n?.parentElement ?? null);
      return e?.closest("[aria-live], [role=status], [role=log], [role=alert]") ?? null;
    };
    const seen = new WeakMap<Element, string>();
    const observer = new MutationObserver((records) => {
      for (const r of records) {
        const region = live(r.target);
        if (!region || region.getAttribute("aria-live") === "off") continue;
        const text = (region.textContent ?? "").replace(/\s+/g, " ").trim();
        if (!text || seen.get(region) === text) continue;
        seen.set(region, text);
        heard.push(text);
      }
    });
    const start = () =>
      observer.observe(document.documentElement, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    if (document.documentElement) start();
    else document.addEventListener("DOMContentLoaded", start);
  });
}

/** What the live regions said since the page loaded. */
export function heard(page: Page): Promise<string[]> {
  return page.evaluate(() => [...(window as unknown as { __heard: string[] }).__heard]);
}

/** The names of the board grid's cells, in the order the tree lists them. */
export async function gridCells(page: Page): Promise<string[]> {
  const tree = await page.getByRole("grid").first().ariaSnapshot();
  return [...tree.matchAll(/- gridcell "([^"]*)"/g)].map((m) => m[1]!);
}

/** The focused element as the tree shows it: role and name. */
export async function focused(page: Page): Promise<{ role: string; name: string }> {
  const focus = page.locator(":focus");
  if ((await focus.count()) === 0) return { role: "", name: "" };
  const tree = await focus.ariaSnapshot();
  const m = /^- (\w+)(?: "([^"]*)")?/.exec(tree.trim());
  return { role: m?.[1] ?? "", name: m?.[2] ?? "" };
}

/** Tab (forwards) until the focused element matches; fails after `limit` presses. */
export async function tabTo(
  page: Page,
  role: string,
  name: RegExp,
  limit = 80,
): Promise<{ role: string; name: string }> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press("Tab");
    const f = await focused(page);
    if (f.role === role && name.test(f.name)) return f;
  }
  throw new Error(`no ${role} named ${name} reached with Tab`);
}

interface Spot {
  readonly square: string;
  readonly row: number;
  readonly col: number;
}

/** A grid cell's square and its place in the grid (the tree's row and column indices). */
async function spotOf(
  page: Page,
  square: string | null,
  within: Page | Locator = page,
): Promise<Spot> {
  const cell = square
    ? within.getByRole("gridcell", { name: new RegExp(`^${square},`) })
    : page.locator(":focus");
  const name = (await cell.textContent()) ?? "";
  const col = Number(await cell.getAttribute("aria-colindex"));
  const row = Number(await cell.locator("xpath=..").getAttribute("aria-rowindex"));
  return { square: name.split(",")[0]!, row, col };
}

/**
 * Moves the focus over the grid to `square` with the arrow keys, as a person would: along the
 * row or the column, and round the cross board's missing corners; `within` the grid meant
 * when the page has several.
 */
export async function goTo(
  page: Page,
  square: string,
  within: Page | Locator = page,
): Promise<void> {
  const target = await spotOf(page, square, within);
  for (let i = 0; i < 60; i++) {
    const here = await spotOf(page, null);
    if (here.square === square) return;
    const tries: string[] = [];
    if (here.row !== target.row) tries.push(here.row < target.row ? "ArrowDown" : "ArrowUp");
    if (here.col !== target.col) tries.push(here.col < target.col ? "ArrowRight" : "ArrowLeft");
    // Stuck at a corner of the cross: step towards the middle first.
    tries.push(here.col < 7 ? "ArrowRight" : "ArrowLeft", here.row < 7 ? "ArrowDown" : "ArrowUp");
    let moved = false;
    for (const key of tries) {
      await page.keyboard.press(key);
      const now = await spotOf(page, null);
      if (now.square !== here.square) {
        moved = true;
        break;
      }
    }
    if (!moved) throw new Error(`the focus is stuck at ${here.square} on the way to ${square}`);
  }
  throw new Error(`${square} not reached`);
}

/** Tabs into the board's grid (from wherever the focus is). */
export async function focusGrid(page: Page): Promise<void> {
  const f = await focused(page);
  if (f.role === "gridcell") return;
  await tabTo(page, "gridcell", /./, 120);
}
