import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as fontkit from "fontkit";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../client/src/i18n";
import { CATALOGUES } from "../../client/src/i18n/catalogues";
import { DEVANAGARI_WEIGHTS, devanagariFile } from "../../client/src/i18n/devanagari";

const PUBLIC = fileURLToPath(new URL("../../client/public/", import.meta.url));

/** Every Devanagari character the Hindi page writes: the catalogue and the picker's name. */
function hindiCharacters(): string[] {
  const text = [...Object.values(CATALOGUES.hi), LANGUAGES.hi.name].join("");
  return [...new Set([...text].filter((c) => /[\u0900-\u097F]/u.test(c)))];
}

function font(weight: number): fontkit.Font {
  return fontkit.create(readFileSync(PUBLIC + devanagariFile(weight))) as fontkit.Font;
}

describe("the Devanagari font shipped for Hindi", () => {
  for (const weight of DEVANAGARI_WEIGHTS) {
    it(`has, at weight ${weight}, every letter the Hindi catalogue writes (else: npm run font)`, () => {
      const f = font(weight);
      const missing = hindiCharacters().filter((c) => !f.hasGlyphForCodePoint(c.codePointAt(0)!));
      expect(missing).toEqual([]);
    });

    it(`keeps, at weight ${weight}, the layout that joins conjuncts and places vowel signs`, () => {
      const f = font(weight);
      expect(f.availableFeatures).toEqual(
        expect.arrayContaining(["akhn", "rphf", "abvm", "blwm", "mark"]),
      );
      // क्ष is one conjunct glyph, not क, a visible virama and ष; ि goes before its consonant.
      const conjunct = f.layout("क्ष").glyphs;
      expect(conjunct).toHaveLength(1);
      const ki = f.layout("कि").glyphs;
      expect(ki.map((g) => g.codePoints)).toEqual([[0x93f], [0x915]]);
    });
  }

  it("has its licence beside it", () => {
    expect(readFileSync(`${PUBLIC}fonts/OFL.txt`, "utf8")).toContain("SIL OPEN FONT LICENSE");
  });

  it("is fetched only by pages in Hindi: the picker names Hindi in Latin letters too", () => {
    expect(LANGUAGES.hi.name).toMatch(/Hindi/);
  });
});
