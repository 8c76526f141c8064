/**
 * The table's controls as a person uses them, in Chromium: the host sees the start button, the
 * invitation and the house rules' title at once on a 1280×800 screen; the invitation's code is never broken across lines;
 * a draw is offered only where another person could agree; keyboard focus stays on the control
 * used while the panel changes; a refused move moves no button and goes with the next good
 * move; the Hint button keeps its place between turns; "Turn the board" is named and apart from
 * Leave.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  ARTIFACTS,
  newPage,
  playComputer,
  playLegal,
  playMove,
  useRig,
  waitBoard,
  waitTable,
} from "./harness";

const rig = useRig(400);

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where each control of the panel's row is, by its action. */
async function controlBoxes(page: Page): Promise<Record<string, Box>> {
  return page.$$eval(".controls > button", (buttons) =>
    Object.fromEntries(
      buttons.map((b) => {
        const r = b.getBoundingClientRect();
        return [b.dataset.action ?? "", { x: r.x, y: r.y, width: r.width, height: r.height }];
      }),
    ),
  );
}

/** The lines a text node is drawn on (its rectangles' tops, rounded). */
async function linesOf(page: Page, selector: string): Promise<number[]> {
  return page.$eval(selector, (node) => {
    const text = node.firstChild ?? node;
    const range = document.createRange();
    range.selectNodeContents(text);
    return [...new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top)))];
  });
}

/** The focused element, described: its tag and action, or "body". */
async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const a = document.activeElement;
    if (!a || a === document.body) return "body";
    return `${a.tagName.toLowerCase()}|${a.getAttribute("data-action") ?? a.getAttribute("name") ?? ""}|${a.closest(".panel") ? "panel" : "elsewhere"}`;
  });
}

/** A hosted four-player table with Ana as host; Budi joins it by code when asked. */
async function hostedTable(viewport = { width: 1280, height: 800 }, locale = "en-US") {
  const ana = await newPage(rig(), "Ana", viewport, locale);
  await ana.goto(rig().base);
  await ana.click("[data-action=create]");
  await waitBoard(ana);
  await ana.waitForURL(/\/t\/[A-Z2-9]{6}$/);
  await waitTable(ana, (t) => t.mySeats.length === 1 && t.phase === "waiting");
  const code = ana.url().split("/t/")[1]!;
  return { ana, code };
}

describe("the table's panel and controls", () => {
  for (const locale of ["en-US", "pt-BR", "id-ID", "hi-IN"])
    it(`1280×800 (${locale}): the host sees the start button, the invitation and the house rules' title without scrolling`, async () => {
      const { ana } = await hostedTable({ width: 1280, height: 800 }, locale);
      await ana.waitForSelector(".rules-box .rules");
      await ana.waitForSelector(".share img.qr");
      const seen = await ana.evaluate(() => {
        const panel = document.querySelector(".panel")!;
        const view = panel.getBoundingClientRect();
        const inside = (sel: string) => {
          const nodes = Array.from(document.querySelectorAll(sel));
          if (nodes.length === 0) return `${sel}: missing`;
          for (const n of nodes) {
            const r = n.getBoundingClientRect();
            if (r.top < view.top || r.bottom > view.bottom || r.bottom > window.innerHeight)
              return `${sel}: ${Math.round(r.top)}–${Math.round(r.bottom)} outside ${Math.round(view.top)}–${Math.round(view.bottom)}`;
          }
          return "";
        };
        return {
          scrollTop: panel.scrollTop,
          problems: [
            inside("[data-action='table.start']"),
            inside(".share"),
            inside(".rules-box h2"),
          ].filter(Boolean),
        };
      });
      await ana.screenshot({ path: path.join(ARTIFACTS, `table-host-1280x800-${locale}.png`) });
      expect(seen).toEqual({ scrollTop: 0, problems: [] });
      if (locale !== "en-US") {
        await ana.context().close();
        return;
      }
      // "Turn the board" is named, apart from Leave, with a tooltip.
      const rotate = ana.locator("nav.top [data-action=rotate]");
      expect(await rotate.textContent()).toBe("Turn the board");
      expect(await rotate.getAttribute("aria-label")).toBe("Turn the board");
      expect(await rotate.getAttribute("title")).toMatch(/next player's side/);
      const leaveBox = (await ana.locator("nav.top [data-action=leave]").boundingBox())!;
      const rotateBox = (await rotate.boundingBox())!;
      expect(rotateBox.x - (leaveBox.x + leaveBox.width)).toBeGreaterThanOrEqual(12);
      await ana.context().close();
    }, 60_000);

  it("the invitation's code is never broken across lines, on a desktop, a phone or a narrow panel", async () => {
    const { ana, code } = await hostedTable();
    await ana.waitForSelector(".share .link-path");
    const checkWhole = async (name: string) => {
      expect(await ana.textContent(".share .link-path")).toBe(`/t/${code}`);
      expect(await linesOf(ana, ".share .link-path")).toHaveLength(1);
      expect(await linesOf(ana, ".share [data-code]")).toHaveLength(1);
      await ana.locator(".share").screenshot({ path: path.join(ARTIFACTS, `invite-${name}.png`) });
    };
    await checkWhole("desktop");
    await ana.setViewportSize({ width: 320, height: 700 });
    await checkWhole("phone");
    // Squeezed until the link must wrap: it wraps before "/t/", never inside the code.
    await ana.addStyleTag({ content: ".share-text { width: 7rem; flex: none; }" });
    expect((await linesOf(ana, ".share .link-site")).length).toBeGreaterThan(1);
    await checkWhole("squeezed");
    const site = await ana.$eval(".share .link-site", (n) => n.getBoundingClientRect().bottom);
    const pathTop = await ana.$eval(".share .link-path", (n) => n.getBoundingClientRect().top);
    expect(pathTop).toBeGreaterThanOrEqual(site - 1);
    await ana.context().close();
  }, 60_000);

  it("a draw is offered only where another person plays: not against CPUs, not in hot-seat", async () => {
    const solo = await newPage(rig(), "Solo");
    await playComputer(rig(), solo, 2);
    await solo.waitForSelector("[data-action='table.resign']");
    expect(await solo.$("[data-action='table.offerDraw']")).toBeNull();
    await solo.context().close();

    const hot = await newPage(rig(), "Hot");
    await hot.goto(rig().base);
    await hot.click("[data-section=hotseat] button");
    await waitBoard(hot);
    await waitTable(hot, (t) => t.phase === "playing");
    await hot.waitForSelector("[data-action='table.resign']");
    expect(await hot.$("[data-action='table.offerDraw']")).toBeNull();
    await hot.context().close();

    // Two people at a hosted table (the other two seats CPUs): both may offer a draw.
    const { ana, code } = await hostedTable();
    const budi = await newPage(rig(), "Budi");
    await budi.goto(rig().base);
    await budi.fill("#code", code);
    await budi.click("[data-section=code] button");
    await waitTable(budi, (t) => t.mySeats.length === 1);
    await ana.click("[data-action='table.start']");
    await waitTable(ana, (t) => t.phase === "playing");
    await ana.waitForSelector("[data-action='table.offerDraw']");
    await budi.waitForSelector("[data-action='table.offerDraw']");
    await ana.click("[data-action='table.offerDraw']");
    await budi.waitForSelector(".offer [data-action=offer-accept]");
    await budi.screenshot({ path: path.join(ARTIFACTS, "table-draw-offered.png") });
    // While the offer waits the button stays in its place, greyed.
    await ana.waitForSelector("[data-action='table.offerDraw'][disabled]");
    expect(await ana.$(".message.error:not([hidden])")).toBeNull();
    await Promise.all([ana.context().close(), budi.context().close()]);
  }, 90_000);

  it("keyboard focus stays on the control used while the panel changes", async () => {
    const page = await newPage(rig(), "Keys");
    await playComputer(rig(), page, 2);
    await playLegal(page, ["h2-e2", "b2-e2"]);
    const played = await waitTable(page, (t) => t.moves >= 2 && t.mySeats.includes(t.turn));
    // Take back by the keyboard: the move goes, the panel changes, focus stays on the control.
    await page.$eval("[data-action='table.takeback']", (b) => {
      (b as HTMLElement & { marked?: boolean }).marked = true;
    });
    await page.focus("[data-action='table.takeback']");
    await page.keyboard.press("Enter");
    await waitTable(page, (t) => t.moves < played.moves);
    await page.waitForTimeout(300);
    expect(await focused(page)).toBe("button|table.takeback|panel");
    // Updated in place: the very button pressed, not a new one.
    expect(
      await page.$eval(
        "[data-action='table.takeback']",
        (b) => (b as HTMLElement & { marked?: boolean }).marked === true,
      ),
    ).toBe(true);
    await page.context().close();

    // The host changes a house rule with the keyboard: the field keeps focus.
    const { ana } = await hostedTable();
    await ana.focus(".rules select[name=turnTimer]");
    await ana.selectOption(".rules select[name=turnTimer]", "30");
    await waitTable(ana, () => true);
    await ana.waitForFunction(
      () =>
        document.querySelector<HTMLSelectElement>(".rules select[name=turnTimer]")?.value === "30",
    );
    expect(await focused(ana)).toBe("select|turnTimer|panel");
    await ana.focus(".rules input[name=hints]");
    await ana.keyboard.press("Space");
    await ana.waitForFunction(
      () => document.querySelector<HTMLInputElement>(".rules input[name=hints]")?.checked === true,
    );
    expect(await focused(ana)).toBe("input|hints|panel");
    // Leaving the seat: the button goes, focus goes to the control now in its place.
    await ana.focus("[data-action='table.stand']");
    await ana.keyboard.press("Enter");
    await waitTable(ana, (t) => t.mySeats.length === 0);
    await ana.waitForTimeout(300);
    expect(await focused(ana)).toMatch(/\|panel$/);
    await ana.context().close();
  }, 90_000);

  it("a refused move moves no control and goes with the next good move; Hint keeps its place", async () => {
    const page = await newPage(rig(), "Rows", { width: 1280, height: 800 });
    await playComputer(rig(), page, 2);
    const before = await controlBoxes(page);
    expect(Object.keys(before)).toEqual(["table.hint", "table.takeback", "table.resign"]);
    // The general steps one point at a time: e0 to e2 is refused, the reason shows.
    await playMove(page, "e0", "e2");
    await page.waitForSelector(".message.error:not([hidden])");
    await page.screenshot({ path: path.join(ARTIFACTS, "table-refusal.png") });
    expect(await controlBoxes(page)).toEqual(before);
    // A good move: the refusal goes at once (not 6 s later); while the CPU thinks Hint stays,
    // greyed, with its reason.
    const t0 = Date.now();
    await playLegal(page, ["h2-e2", "b2-e2"]);
    await waitTable(page, (t) => t.moves >= 1 && !t.mySeats.includes(t.turn), 5000).catch(
      () => undefined,
    );
    await page.waitForSelector(".message.error", { state: "hidden", timeout: 3000 });
    expect(Date.now() - t0).toBeLessThan(5000);
    await waitTable(page, (t) => t.moves >= 2 && t.mySeats.includes(t.turn));
    expect(await controlBoxes(page)).toEqual(before);
    await page.context().close();
  }, 60_000);

  it("Hint is greyed, with its reason, while another seat moves", async () => {
    const { ana, code } = await hostedTable();
    await ana.check(".rules input[name=hints]");
    await ana.waitForFunction(
      () => document.querySelector<HTMLInputElement>(".rules input[name=hints]")?.checked === true,
    );
    const budi = await newPage(rig(), "Budi");
    await budi.goto(rig().base);
    await budi.fill("#code", code);
    await budi.click("[data-section=code] button");
    await waitTable(budi, (t) => t.mySeats.length === 1);
    await ana.click("[data-action='table.start']");
    await waitTable(budi, (t) => t.phase === "playing" && t.turn === 0);
    const hint = budi.locator("[data-action='table.hint']");
    expect(await hint.isDisabled()).toBe(true);
    expect(await hint.getAttribute("title")).toBe("Hints are given on your turn");
    const greyed = await controlBoxes(budi);
    await playMove(ana, "h2", "h4");
    await waitTable(budi, (t) => t.turn === 1);
    await budi.waitForSelector("[data-action='table.hint']:not([disabled])");
    expect(await controlBoxes(budi)).toEqual(greyed);
    await Promise.all([ana.context().close(), budi.context().close()]);
  }, 90_000);
});
