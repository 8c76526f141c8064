/**
 * Feedback as people and the operator meet it, in English, Indonesian, Portuguese and Hindi: a
 * problem reported from a table during a game against the computer reaches the desk with the
 * table's id, is answered and published there, and shows on /feedback with its status and
 * answer; markup in a message shows as text on both pages and runs nothing; the desk refuses a
 * wrong password in words; the form and /feedback are axe-clean.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "../../client/src/i18n/catalogues";
import { axeViolations } from "./axe";
import { ARTIFACTS, type BrowserRig, playComputer, startRig, tableId, useRig } from "./harness";

const PASSWORD = "a-desk-password-for-tests";
const rig = useRig(undefined, { feedbackPassword: PASSWORD, feedbackPerHour: 1000 });

const LOCALES = { en: "en-US", id: "id-ID", pt: "pt-BR", hi: "hi-IN" } as const;
type Lang = keyof typeof LOCALES;
const words = (lang: Lang) => CATALOGUES[lang] as Record<string, string>;
const fill = (template: string, params: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? `{${k}}`));

const HOSTILE = "<img src=x onerror=alert(1)><script>alert(2)</script>";
const ANSWERS: Record<Lang, string> = {
  en: "Fixed in the next version.",
  id: "Diperbaiki di versi berikutnya.",
  pt: "Corrigido na próxima versão.",
  hi: "अगले संस्करण में ठीक हो गया।",
};

/** A page of its own device in `lang` that counts the dialogs (alerts) anything opens. */
async function pageIn(r: BrowserRig, lang: Lang): Promise<{ page: Page; dialogs: () => number }> {
  const context = await r.browser.newContext({
    viewport: { width: 1200, height: 860 },
    locale: LOCALES[lang],
  });
  await context.addInitScript(() => localStorage.setItem("crossboard.name", "Ana"));
  const page = await context.newPage();
  let dialogs = 0;
  page.on("dialog", (d) => {
    dialogs++;
    void d.dismiss();
  });
  page.on("pageerror", (e) => console.error(`[${lang}] page error: ${e.message}`));
  return { page, dialogs: () => dialogs };
}

async function expectAxeClean(page: Page, selector?: string): Promise<void> {
  expect(await axeViolations(page, selector)).toEqual([]);
}

describe.each(Object.keys(LOCALES) as Lang[])("feedback in %s", (lang) => {
  it("goes from a table to the desk, is answered, and shows published as text", async () => {
    const w = words(lang);
    const { page, dialogs } = await pageIn(rig(), lang);
    await playComputer(rig(), page, 2);
    const table = tableId(page);

    // Reported from the table's panel: the form opens with "Report a problem" chosen.
    await page.click(".panel [data-action=report]");
    await page.waitForSelector(".feedback-dialog textarea");
    expect(await page.isChecked(".feedback-dialog [data-kind=problem]")).toBe(true);
    await expectAxeClean(page, ".feedback-dialog");
    const text = `${HOSTILE} ${lang}`;
    await page.fill(".feedback-dialog textarea", text);
    expect(await page.textContent(".feedback-count")).toBe(
      fill(w["feedback.count"]!, { n: [...text].length, max: 1000 }),
    );
    await page.screenshot({ path: path.join(ARTIFACTS, `feedback-form-${lang}.png`) });
    await page.click(".feedback-dialog [data-action=send]");
    await page.waitForSelector(".feedback-thanks");
    expect(await page.textContent(".feedback-thanks")).toBe(w["feedback.thanks"]);
    await expectAxeClean(page, ".feedback-dialog");
    // Escape closes it and focus goes back to what opened it.
    await page.keyboard.press("Escape");
    await page.waitForSelector(".feedback-dialog", { state: "detached" });
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-action"))).toBe(
      "report",
    );

    // The desk: a wrong password is refused in words, the right one opens it.
    await page.goto(`${rig().base}/feedback/desk`);
    await page.fill("#desk-password", "not-the-password");
    await page.click("[data-action=enter]");
    await page.waitForSelector(`.desk-login .message:text-is("${w["desk.wrong"]}")`);
    await page.fill("#desk-password", PASSWORD);
    await page.click("[data-action=enter]");
    const item = page
      .locator(".desk-item")
      .filter({ hasText: fill(w["desk.table"]!, { id: table }) });
    await item.waitFor();
    expect(await item.locator(".feedback-text").textContent()).toBe(text);
    expect(await item.locator(".feedback-text").getAttribute("lang")).toBe(lang);
    expect(await page.locator(".desk-items img, .desk-items script").count()).toBe(0);
    const id = await item.getAttribute("data-id");

    await item.locator("select[name=status]").selectOption("done");
    await item.locator("textarea[name=answer]").fill(ANSWERS[lang]);
    await item.locator("input[name=published]").check();
    await item.locator("[data-action=save]").click();
    await page.waitForSelector(
      `.desk-item[data-id="${id}"] .desk-said:text-is("${w["desk.saved"]}")`,
    );
    await page.screenshot({
      path: path.join(ARTIFACTS, `feedback-desk-${lang}.png`),
      fullPage: true,
    });

    // Published: with its status, its answer and its words as written.
    await page.goto(`${rig().base}/feedback`);
    const shown = page.locator(`.feedback-item[data-id="${id}"]`);
    await shown.waitFor();
    expect(await shown.locator(".feedback-status").textContent()).toBe(w["feedback.status.done"]);
    expect(await shown.locator(".feedback-answer-text").textContent()).toBe(ANSWERS[lang]);
    expect(await shown.locator(".feedback-text").textContent()).toBe(text);
    expect(await shown.locator(".feedback-kind").textContent()).toBe(w["feedback.kind.problem"]);
    expect(await page.locator(".feedback-list img, .feedback-list script").count()).toBe(0);
    await expectAxeClean(page);
    await page.screenshot({
      path: path.join(ARTIFACTS, `feedback-page-${lang}.png`),
      fullPage: true,
    });

    // Sending from /feedback opens the same form, which Escape closes.
    await page.click("[data-action=feedback]");
    await page.waitForSelector(".feedback-dialog textarea");
    await page.keyboard.press("Escape");
    await page.waitForSelector(".feedback-dialog", { state: "detached" });
    expect(dialogs()).toBe(0);
    await page.context().close();
  }, 90_000);
});

describe("the published list", () => {
  it("filters by game and says when nothing is published", async () => {
    const { page } = await pageIn(rig(), "en");
    await page.goto(`${rig().base}/feedback`);
    await page.waitForSelector(".feedback-item");
    const answer = page.waitForResponse((r) => r.url().includes("/api/feedback?game=fourchess"));
    await page.selectOption("#feedback-game", "fourchess");
    await answer;
    await page.waitForSelector(".feedback-empty");
    expect(await page.textContent(".feedback-empty")).toBe(words("en")["feedback.none"]);
    await page.context().close();
  });
});

describe("the lobby", () => {
  it("asks for a setting or other feedback through the same form, drawn after its first paint", async () => {
    const { page } = await pageIn(rig(), "hi");
    await page.goto(`${rig().base}/`);
    await page.click("[data-action=feedback-setting]");
    await page.waitForSelector(".feedback-dialog textarea");
    expect(await page.isChecked(".feedback-dialog [data-kind=setting]")).toBe(true);
    expect(await page.textContent("#feedback-title")).toBe(words("hi")["feedback.title"]);
    await expectAxeClean(page, ".feedback-dialog");
    await page.click(".feedback-dialog [data-action=cancel]");
    await page.waitForSelector(".feedback-dialog", { state: "detached" });
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-action"))).toBe(
      "feedback-setting",
    );
    await page.click("[data-action=feedback-other]");
    await page.waitForSelector(".feedback-dialog [data-kind=other]:checked");
    await page.context().close();
  });
});

describe("a server without a desk", () => {
  it("says so at /feedback/desk, in words, without asking a password", async () => {
    const bare = await startRig(undefined, { feedbackPassword: null });
    try {
      const { page } = await pageIn(bare, "pt");
      await page.goto(`${bare.base}/feedback/desk`);
      await page.waitForSelector(".desk-none");
      expect(await page.locator("#desk-password").count()).toBe(0);
      expect(await page.textContent(".desk-none")).toBe(words("pt")["desk.none"]);
      await page.screenshot({ path: path.join(ARTIFACTS, "feedback-desk-none-pt.png") });
    } finally {
      await bare.close();
    }
  }, 60_000);
});
