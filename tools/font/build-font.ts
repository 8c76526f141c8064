/**
 * Dev-only generator for client/public/fonts/: the Devanagari font the client loads when the
 * page is in Hindi, so that Hindi draws on devices without a Devanagari font.
 *
 *   npm run font          (node --import tsx tools/font/build-font.ts [--check])
 *
 * It keeps, of Noto Sans Devanagari (OFL, from the @fontsource package), only the characters the
 * Hindi catalogue and the language picker write, in the regular and the bold weight. HarfBuzz's
 * subsetter keeps the layout tables (GSUB, GPOS) and every glyph they can reach from those
 * characters, so conjuncts, half forms and matras shape as in the whole font; the script checks
 * that by shaping every Devanagari word of the catalogue with both fonts and comparing the glyphs'
 * outlines and positions. `--check` only says whether the committed files are up to date.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import * as hb from "harfbuzzjs";
import subsetFont from "subset-font";
import { LANGUAGES } from "../../client/src/i18n";
import { CATALOGUES } from "../../client/src/i18n/catalogues";
import { DEVANAGARI_WEIGHTS, devanagariFile } from "../../client/src/i18n/devanagari";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const SOURCE = join(ROOT, "node_modules/@fontsource/noto-sans-devanagari");
const OUT = join(ROOT, "client/public");

/** Devanagari, Devanagari Extended and Vedic Extensions. */
const DEVANAGARI = /[\u0900-\u097F\uA8E0-\uA8FF\u1CD0-\u1CFF]/u;
/**
 * Kept besides the catalogue's letters: the joiners that ask for or prevent a conjunct, and the
 * dotted circle the shaper puts under a vowel sign that has no consonant.
 */
const ALWAYS = "\u200C\u200D\u25CC";

/**
 * Every letter of the Devanagari block (U+0900–U+097F), for the names people give themselves,
 * which any page can show; and names to shape as checks of conjuncts, half forms and matras.
 */
const NAMES = "राज अनन्या क्षितिज श्रेया द्रौपदी ऋषि हृदय ज्ञान श्रीकृष्ण प्रज्ञा विट्ठल उद्धव ॐ";
const BLOCK = Array.from({ length: 0x80 }, (_, i) => String.fromCodePoint(0x900 + i)).join("");

/**
 * Every text a page can show in Devanagari: the Hindi catalogue, the picker's name, and names
 * written in any letter of the block.
 */
function hindiText(): string {
  return [...Object.values(CATALOGUES.hi), LANGUAGES.hi.name, NAMES, BLOCK].join("\n");
}

/** The distinct Devanagari characters of `text`, sorted, with the joiners and dotted circle. */
function devanagariCharacters(text: string): string {
  const chars = new Set([...text].filter((c) => DEVANAGARI.test(c)));
  for (const c of ALWAYS) chars.add(c);
  return [...chars].sort().join("");
}

/** The Devanagari words of `text` (with their joiners), each shaped on its own. */
function devanagariWords(text: string): string[] {
  return [...new Set(text.match(/[\u0900-\u097F\uA8E0-\uA8FF\u1CD0-\u1CFF\u200C\u200D]+/gu))];
}

function sourceFont(weight: number): Buffer {
  const file = join(SOURCE, `files/noto-sans-devanagari-devanagari-${weight}-normal.woff2`);
  if (!existsSync(file)) {
    console.error(`${file} is missing: run npm ci first.`);
    process.exit(2);
  }
  return readFileSync(file);
}

/** How `font` shapes `word`: each glyph's outline and position, as text to compare. */
function shaped(font: hb.Font, word: string): string {
  const buffer = new hb.Buffer();
  buffer.addText(word);
  buffer.guessSegmentProperties();
  hb.shape(font, buffer);
  const out = buffer.getGlyphInfosAndPositions().map(
    (g) =>
      // Glyph 0 is .notdef, the box of a character the font lacks.
      `${g.cluster}:${g.xAdvance},${g.xOffset},${g.yOffset}:${g.codepoint === 0 ? "notdef" : font.glyphToPath(g.codepoint)}`,
  );
  return out.join("\n");
}

function hbFont(sfnt: Buffer): hb.Font {
  const blob = new hb.Blob(new Uint8Array(sfnt));
  return new hb.Font(new hb.Face(blob, 0));
}

/** The words the subset shapes differently from the whole font (none when it is right). */
async function misshapen(whole: Buffer, subset: Buffer, words: readonly string[]) {
  const full = hbFont(await subsetFont(whole, null, { keepAllGlyphs: true, targetFormat: "sfnt" }));
  const part = hbFont(subset);
  return words.filter((w) => {
    const b = shaped(part, w);
    return b !== shaped(full, w) || b.includes(":notdef");
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { check: { type: "boolean", default: false } } });
  const text = hindiText();
  const chars = devanagariCharacters(text);
  const words = devanagariWords(text);
  const files = new Map<string, Buffer>();
  for (const weight of DEVANAGARI_WEIGHTS) {
    const whole = sourceFont(weight);
    const sfnt = await subsetFont(whole, chars, { targetFormat: "sfnt" });
    const wrong = await misshapen(whole, sfnt, words);
    if (wrong.length > 0) {
      console.error(`The ${weight} subset shapes these words differently: ${wrong.join(" ")}`);
      process.exit(1);
    }
    files.set(devanagariFile(weight), await subsetFont(whole, chars, { targetFormat: "woff2" }));
  }
  files.set("fonts/OFL.txt", readFileSync(join(SOURCE, "LICENSE")));

  const stale = [...files].filter(([name, data]) => {
    const path = join(OUT, name);
    return !existsSync(path) || !readFileSync(path).equals(data);
  });
  if (values.check) {
    if (stale.length > 0) {
      console.error(`Out of date: ${stale.map(([n]) => n).join(", ")}. Run npm run font.`);
      process.exit(1);
    }
    console.log("The Devanagari font is up to date.");
    return;
  }
  for (const [name, data] of files) {
    const path = join(OUT, name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, data);
    console.log(`${relative(ROOT, path)}: ${(data.length / 1024).toFixed(1)} KiB`);
  }
  console.log(
    `${[...chars].length} characters, ${words.length} words shaped as in the whole font.`,
  );
}

await main();
