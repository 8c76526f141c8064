/**
 * What a newcomer sees of the layout, in Chromium, in the languages where the rough edges were
 * met: before the start the host has the seats, Start and the invitation in view at 1280×800;
 * the lobby's clock pickers name their game; the house rules' selects stay inside the panel;
 * the four-player move list on /g/ keeps its four columns with the analysis's marks; the phone's
 * top bar shows the language's whole name and "Turn the board" by its name; the game link on
 * /g/ breaks only after the site; the evaluation and the average loss say their unit; the
 * phone's corner badges draw captured pieces at the panel's 24 px.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { archived, blunderGame } from "../client/blunders";
import {
  ARTIFACTS,
  newPage,
  playComputer,
  playLegal,
  tableOf,
  useRig,
  waitBoard,
  waitTable,
} from "./harness";

const rig = useRig();

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const LOCALES = ["en-US", "id-ID", "pt-BR", "hi-IN"] as const;
type Locale = (typeof LOCALES)[number];

const shot = (name: string) => path.join(ARTIFACTS, `layout-${name}.png`);

/** A hosted table (four-player unless `xiangqi`) with its host waiting to start. */
async function hosted(locale: Locale, viewport = DESKTOP, xiangqi = false): Promise<Page> {
  const page = await newPage(rig(), "Ana", viewport, locale);
  await page.goto(rig().base);
  if (xiangqi) await page.selectOption("[data-section=create] select[name=game]", "xiangqi");
  await page.click("[data-action=create]");
  await waitBoard(page);
  await page.waitForURL(/\/t\/[A-Z2-9]{6}$/);
  await waitTable(page, (t) => t.mySeats.length === 1 && t.phase === "waiting");
  await page.waitForSelector(".rules-box .rules");
  await page.waitForSelector(".share img.qr[src^='data:']");
  return page;
}

/** The elements matching `selector` that reach past `container`'s right edge (by a pixel). */
async function pastRight(page: Page, container: string, selector: string): Promise<string[]> {
  return page.$eval(
    container,
    (box, sel) => {
      const edge = box.getBoundingClientRect().right;
      return Array.from(box.querySelectorAll<HTMLElement>(sel))
        .filter((n) => n.getBoundingClientRect().right > edge + 1)
        .map(
          (n) =>
            `${n.getAttribute("name") ?? n.textContent}: ${n.getBoundingClientRect().right} > ${edge}`,
        );
    },
    selector,
  );
}

describe("the layout a newcomer sees", () => {
  for (const locale of LOCALES)
    it(`1280×800 (${locale}): before the start the seats, Start and the invitation are in view together`, async () => {
      const page = await hosted(locale);
      const seen = await page.evaluate(() => {
        const panel = document.querySelector(".panel")!;
        const view = panel.getBoundingClientRect();
        const outside = (sel: string) => {
          const n = document.querySelector(sel);
          if (!n) return `${sel}: missing`;
          const r = n.getBoundingClientRect();
          return r.top < view.top || r.bottom > Math.min(view.bottom, window.innerHeight)
            ? `${sel}: ${Math.round(r.top)}–${Math.round(r.bottom)}`
            : "";
        };
        const top = (sel: string) => document.querySelector(sel)!.getBoundingClientRect().top;
        return {
          scrollTop: panel.scrollTop,
          problems: [
            "[data-action='table.start']",
            ".panel-seats",
            ".share h2",
            ".share [data-code]",
            ".share .link-row",
            ".share img.qr",
            ".rules-box h2",
          ]
            .map(outside)
            .filter(Boolean),
          // Seats, then the invitation, then the house rules.
          order:
            top(".share") > top("[data-action='table.start']") && top(".rules-box") > top(".share"),
        };
      });
      await page.screenshot({ path: shot(`invite-${locale}`) });
      expect(seen).toEqual({ scrollTop: 0, problems: [], order: true });
      await page.context().close();
    }, 60_000);

  it("a phone keeps the order: seats, invitation, house rules", async () => {
    const page = await hosted("id-ID", PHONE);
    const tops = await page.evaluate(() =>
      [".share", ".rules-box"].map((s) => document.querySelector(s)!.getBoundingClientRect().top),
    );
    expect(tops[0]!).toBeLessThan(tops[1]!);
    await page.screenshot({ path: shot("invite-phone"), fullPage: true });
    await page.context().close();
  }, 60_000);

  const CLOCK_WORDS: Record<Locale, [string, string]> = {
    "en-US": ["Four-player chess clock", "Xiangqi clock"],
    "id-ID": ["Jam catur empat pemain", "Jam xiangqi"],
    "pt-BR": ["Relógio do xadrez para quatro", "Relógio do xiangqi"],
    "hi-IN": ["चार खिलाड़ियों की शतरंज की घड़ी", "शियांगची की घड़ी"],
  };
  for (const locale of LOCALES)
    it(`the lobby (${locale}): each clock picker names its game, on a desktop and a phone`, async () => {
      for (const [name, viewport] of [
        ["desktop", DESKTOP],
        ["phone", PHONE],
      ] as const) {
        const page = await newPage(rig(), "Ana", viewport, locale);
        await page.goto(rig().base);
        await page.waitForSelector("[data-section=computer] .clock-pick");
        for (const section of ["computer", "quick"]) {
          const labels = await page.$$eval(`[data-section=${section}] .clock-pick`, (ls) =>
            ls.map((l) => {
              const r = l.getBoundingClientRect();
              const s = l.querySelector("select")!.getBoundingClientRect();
              return {
                text: l.querySelector("span")!.textContent,
                inside: r.left >= 0 && s.right <= window.innerWidth && r.right <= window.innerWidth,
              };
            }),
          );
          expect(labels).toEqual(CLOCK_WORDS[locale].map((text) => ({ text, inside: true })));
        }
        const scroll = await page.evaluate(
          () => document.documentElement.scrollWidth <= window.innerWidth,
        );
        expect(scroll).toBe(true);
        await page.locator("[data-section=computer]").screenshot({
          path: shot(`clocks-${name}-${locale}`),
        });
        await page.context().close();
      }
    }, 60_000);

  for (const locale of LOCALES)
    it(`the house rules (${locale}): "Extra time" and xiangqi's "Handicap" stay inside the panel`, async () => {
      const page = await hosted(locale, DESKTOP, true);
      await page.selectOption(".rules-box select[name=clock]", "custom");
      await page.waitForSelector(".rules-box .clock-custom:not([hidden]) select[name=clock-extra]");
      await page.waitForSelector(".rules-box select[name=handicap]");
      expect(await pastRight(page, ".rules-box", "select, input, span, label")).toEqual([]);
      const panel = await page.$eval(".panel", (p) => ({
        scroll: p.scrollWidth,
        client: p.clientWidth,
      }));
      expect(panel.scroll).toBeLessThanOrEqual(panel.client);
      await page.locator(".rules-box").scrollIntoViewIfNeeded();
      await page.locator(".rules-box").screenshot({ path: shot(`rules-${locale}`) });
      await page.context().close();
    }, 60_000);

  it("/g/ four-player: the move list keeps its four columns with ?!/?/?? marks; the link breaks after the site; the evaluation says pawns", async () => {
    const b = blunderGame("fourchess", "teams");
    const id = "layoutFourchess0000000";
    rig().server.store.saveGame(archived(b, id, ["Ana", "Budi", "Caca", "Dewi"]));
    const page = await newPage(rig(), "Reader", DESKTOP, "pt-BR");
    await page.goto(`${rig().base}/g/${id}`);
    await waitBoard(page);
    await page.waitForSelector(".moves .move-mark[data-mark='??']", { timeout: 90_000 });
    await page.waitForSelector(".analysis .counts");
    // The widest case: every move marked (the analysis marks only some).
    await page.$$eval(".moves td[data-entry]:not(:has(.move-mark))", (cells) => {
      for (const cell of cells) {
        const mark = document.createElement("span");
        mark.className = "move-mark";
        mark.dataset.mark = "?!";
        mark.textContent = "?!";
        cell.querySelector(".move-text")?.after(mark);
      }
    });
    const moves = await page.$eval(".moves-box", (box) => ({
      scroll: box.scrollWidth,
      client: box.clientWidth,
      columns: box.querySelectorAll("thead th").length,
    }));
    expect(moves.columns).toBe(5);
    expect(moves.scroll).toBeLessThanOrEqual(moves.client);
    // Every marked cell is whole inside the list.
    expect(await pastRight(page, ".moves-box", "td")).toEqual([]);
    await page.locator(".moves-box").screenshot({ path: shot("moves-fourchess") });
    // The evaluation and the average loss in pawns, in the reader's own figures.
    expect(await page.textContent(".analysis-eval")).toMatch(/[+−]?\d+,\d peões|\(xeque-mate\)/);
    expect(await page.textContent(".analysis .counts thead")).toContain("Perda média (peões)");
    const loss = await page.$$eval(".analysis .counts tbody tr td:last-child", (tds) =>
      tds.map((td) => td.textContent),
    );
    for (const l of loss) expect(l).toMatch(/^\d+,\d\d$/);
    await page.locator(".analysis").screenshot({ path: shot("analysis-pt") });

    // On a phone the game's link breaks after the site, never inside the id.
    await page.setViewportSize(PHONE);
    const link = await page.$eval(".archive-screen .link-row a", (a) => {
      const lines = (n: Element) => {
        const range = document.createRange();
        range.selectNodeContents(n);
        return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
      };
      const p = a.querySelector(".link-path")!;
      return { path: p.textContent, lines: lines(p), right: p.getBoundingClientRect().right };
    });
    expect(link).toMatchObject({ path: `/g/${id}`, lines: 1 });
    expect(link.right).toBeLessThanOrEqual(PHONE.width);
    // "Turn the board" by its name in the top bar, on the phone too.
    expect(await page.textContent("nav.top [data-action=rotate]")).toBe("Girar o tabuleiro");
    expect(await page.isVisible("nav.top [data-action=rotate] span")).toBe(true);
    await page.locator(".archive-screen .share").scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot("archive-phone") });
    await page.locator(".archive-screen .share").screenshot({ path: shot("archive-link-phone") });
    await page.context().close();
  }, 150_000);

  it("/g/ xiangqi: the evaluation and the average loss in soldiers (Hindi, English)", async () => {
    const b = blunderGame("xiangqi", "teams");
    const id = "layoutXiangqi000000000";
    rig().server.store.saveGame(archived(b, id, ["Ana", "Budi"]));
    for (const [locale, unit, head] of [
      ["hi-IN", "सिपाही", "औसत नुकसान (सिपाही)"],
      ["en-US", "soldiers", "Avg. loss (soldiers)"],
    ] as const) {
      const page = await newPage(rig(), "Reader", DESKTOP, locale);
      await page.goto(`${rig().base}/g/${id}`);
      await waitBoard(page);
      await page.waitForSelector(".moves .move-mark[data-mark='??']", { timeout: 90_000 });
      await page.waitForSelector(".analysis-eval");
      expect(await page.textContent(".analysis-eval")).toMatch(new RegExp(`\\d\\.\\d ${unit}|\\(`));
      expect(await page.textContent(".analysis .counts thead")).toContain(head);
      await page.locator(".analysis").screenshot({ path: shot(`analysis-xiangqi-${locale}`) });
      await page.context().close();
    }
  }, 150_000);

  for (const locale of ["id-ID", "hi-IN"] as const)
    it(`a phone table (${locale}): the tools on a second line, named; the language's whole name; captured pieces at 24 px`, async () => {
      const page = await newPage(rig(), "Ana", PHONE, locale);
      await playComputer(rig(), page, 1);
      const bar = await page.evaluate(() => {
        const select = document.querySelector<HTMLSelectElement>("nav.top select")!;
        const option = select.selectedOptions[0]!.textContent!;
        // The option's text measured in the select's own font.
        const probe = document.createElement("span");
        probe.style.font = getComputedStyle(select).font;
        probe.style.whiteSpace = "nowrap";
        probe.textContent = option;
        document.body.append(probe);
        const text = probe.getBoundingClientRect().width;
        probe.remove();
        const inView = (n: Element) => {
          const r = n.getBoundingClientRect();
          return r.left >= 0 && r.right <= window.innerWidth;
        };
        const rotate = document.querySelector("nav.top [data-action=rotate]")!;
        return {
          option,
          fits: select.clientWidth - 24 >= text,
          tools: [select, rotate, document.querySelector("nav.top [data-action=leave]")!].every(
            inView,
          ),
          rotate: rotate.querySelector("span")!.getBoundingClientRect().width > 0,
          rotateText: rotate.textContent,
          pageWidth: document.documentElement.scrollWidth <= window.innerWidth,
        };
      });
      expect(bar).toMatchObject({ fits: true, tools: true, rotate: true, pageWidth: true });
      expect(bar.rotateText).toBe(locale === "id-ID" ? "Putar papan" : "बिसात घुमाएँ");
      await page.locator("nav.top").screenshot({ path: shot(`phone-bar-${locale}`) });
      if (locale !== "id-ID") {
        await page.context().close();
        return;
      }
      // Play on, taking whatever can be taken, until a seat has captured a piece.
      for (let round = 0; round < 30; round++) {
        if ((await page.$(".corner-seat [data-piece]")) !== null) break;
        const s = (await tableOf(page))!;
        const enemy = new Set(s.pieces.filter((p) => p.seat !== 0).map((p) => p.square));
        const capture = s.legalMoves.find((m) => !m.includes("=") && enemy.has(m.split("-")[1]!));
        await playLegal(page, capture ? [capture] : ["e2-e3", "f1-b5", "h2-h3", "j2-j3"]);
        await waitTable(
          page,
          (t) => t.moves > s.moves && (t.mySeats.includes(t.turn) || t.phase !== "playing"),
          30_000,
        );
      }
      const icons = await page.$$eval(".corner-seat [data-piece]", (list) =>
        list.map((n) => {
          const r = n.getBoundingClientRect();
          const badge = n.closest(".corner-seat")!.getBoundingClientRect();
          return {
            width: Math.round(r.width),
            height: Math.round(r.height),
            inside:
              r.left >= badge.left - 0.5 &&
              r.right <= badge.right + 0.5 &&
              r.bottom <= badge.bottom + 0.5,
          };
        }),
      );
      expect(icons.length).toBeGreaterThan(0);
      for (const i of icons) expect(i).toEqual({ width: 24, height: 24, inside: true });
      await page.locator(".board-wrap").screenshot({ path: shot("phone-corners") });
      await page.context().close();
    }, 180_000);
});
