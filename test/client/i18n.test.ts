import { describe, expect, it } from "vitest";
import { detectLang, format } from "../../client/src/i18n";
import { CATALOGUES } from "../../client/src/i18n/catalogues";
import { en } from "../../client/src/i18n/en";

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

  it("fills placeholders", () => {
    expect(format("{name} to move", { name: "Ana" })).toBe("Ana to move");
  });
});
