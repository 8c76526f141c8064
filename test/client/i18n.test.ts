import { afterEach, describe, expect, it } from "vitest";
import {
  detectLang,
  format,
  lang,
  onLangChange,
  playerTexts,
  setLang,
  t,
  tableTexts,
} from "../../client/src/i18n";
import { CATALOGUES } from "../../client/src/i18n/catalogues";

const en = CATALOGUES.en;

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("interface languages", () => {
  for (const [code, strings] of Object.entries(CATALOGUES)) {
    it(`${code} translates every key, keeping the placeholders`, () => {
      expect(Object.keys(strings).sort()).toEqual(Object.keys(en).sort());
      for (const [key, english] of Object.entries(en)) {
        const text = (strings as Record<string, string>)[key]!;
        expect(text.trim().length, key).toBeGreaterThan(0);
        expect(placeholders(text), key).toEqual(placeholders(english));
      }
    });
  }

  it("picks the browser's language, falling back to English", () => {
    expect(detectLang(["id-ID", "en"])).toBe("id");
    expect(detectLang(["pt-BR"])).toBe("pt");
    expect(detectLang(["hi"])).toBe("hi");
    expect(detectLang(["fr-FR", "de"])).toBe("en");
    expect(detectLang([])).toBe("en");
  });

  describe("switching", () => {
    afterEach(() => setLang("en"));

    it("shows a language once its catalogue is fetched, then tells the screens once", async () => {
      let told = 0;
      const stop = onLangChange(() => told++);
      const switching = setLang("pt");
      // Until the catalogue is there the page stays in the language it shows.
      expect(lang()).toBe("en");
      expect(t("lobby.quick")).toBe(CATALOGUES.en["lobby.quick"]);
      await switching;
      expect(lang()).toBe("pt");
      expect(t("lobby.quick")).toBe(CATALOGUES.pt["lobby.quick"]);
      expect(told).toBe(1);
      stop();
    });

    it("keeps the last choice when an earlier one arrives later", async () => {
      const first = setLang("id");
      await setLang("en");
      await first;
      expect(lang()).toBe("en");
      expect(t("lobby.quick")).toBe(CATALOGUES.en["lobby.quick"]);
    });

    it("brings the table's words when a table opens, and with every language chosen after", async () => {
      await setLang("id");
      // The lobby's part only: a table's word is not there yet.
      expect(t("table.resign")).toBe("table.resign");
      await tableTexts();
      expect(t("table.resign")).toBe(CATALOGUES.id["table.resign"]);
      await setLang("hi");
      expect(t("table.resign")).toBe(CATALOGUES.hi["table.resign"]);
      expect(t("lobby.quick")).toBe(CATALOGUES.hi["lobby.quick"]);
      await setLang("en");
      expect(t("table.resign")).toBe(CATALOGUES.en["table.resign"]);
    });

    it("brings the player pages' words when one shows, and with every language chosen after", async () => {
      await setLang("pt");
      expect(t("you.heading")).toBe("you.heading");
      await playerTexts();
      expect(t("you.heading")).toBe(CATALOGUES.pt["you.heading"]);
      expect(t("lobby.quick")).toBe(CATALOGUES.pt["lobby.quick"]);
      await setLang("hi");
      expect(t("leaderboard.empty")).toBe(CATALOGUES.hi["leaderboard.empty"]);
    });
  });

  it("fills placeholders", () => {
    expect(format("{name} to move", { name: "Ana" })).toBe("Ana to move");
  });
});
