import { describe, expect, it } from "vitest";
import { seeded } from "../../shared/core/random";
import { parseCreateOptions, parseJoinOptions } from "../../shared/protocol/messages";
import {
  cleanName,
  cleanText,
  displayWidth,
  MAX_GRAPHEME,
  NAME_WIDTH,
  textWidth,
} from "../../shared/protocol/text";
import { randomText } from "../security/unicodekit";

const name = (x: unknown) => cleanName(x, "Player");
const points = (s: string) => [...s].length;
/** UTF-8 bytes as the schema encoder writes them (a surrogate pair as 4, any other unit 1–3). */
function written(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c < 0xd800 || c >= 0xe000) n += 3;
    else {
      i++;
      n += 4;
    }
  }
  return n;
}

describe("names that the wire carries intact", () => {
  it("cuts between graphemes, never inside a surrogate pair", () => {
    expect(name(`${"a".repeat(23)}😀`)).toBe("a".repeat(23));
    expect(name(`Ana${"🎉".repeat(20)}`)).toBe(`Ana${"🎉".repeat(10)}`);
    expect(name("abc\ud83d")).toBe("abc");
    expect(name("\ude00abc\ud83d\ud83d")).toBe("abc");
    for (const raw of [`${"a".repeat(23)}😀`, `Ana${"🎉".repeat(20)}`, "abc\ud83d"]) {
      const n = name(raw);
      expect(Buffer.byteLength(n)).toBe(written(n));
    }
  });

  it("removes C0 and C1 controls, bidi overrides, isolates and invisible fillers", () => {
    expect(name("x\u009By\u0000z\u007f")).toBe("xyz");
    expect(name("\u202Eevil\u202C txt")).toBe("evil txt");
    expect(name("\u2066a\u2067b\u2068c\u2069\u202A\u202B\u202D\u200E\u200F\u061C")).toBe("abc");
    expect(name("a\u200Bb\uFEFFc\u2060d\u00ADe\u180Ef")).toBe("abcdef");
    expect(name("\u3164\uFFA0\u115F")).toBe("Player");
    expect(name("\uFFFE\uFFFFok\u{1FFFF}")).toBe("ok");
  });

  it("gives printable ASCII the result the full screening gives (seeded)", () => {
    const random = seeded(41);
    for (let i = 0; i < 500; i++) {
      const length = Math.floor(random() * 40);
      const raw = Array.from({ length }, () =>
        random() < 0.25 ? " " : String.fromCharCode(0x21 + Math.floor(random() * 94)),
      ).join("");
      // A zero-width space is removed by the screening, and keeps the text off the ASCII path.
      for (const width of [NAME_WIDTH, 5])
        expect(cleanText(raw, width)).toBe(cleanText(`${raw}\u200B`, width));
    }
    expect(name(`${"a".repeat(23)} b`)).toBe("a".repeat(23));
  });

  it("collapses and trims whitespace, line breaks and NEL included", () => {
    expect(name("  Ana \t\n Budi  ")).toBe("Ana Budi");
    expect(name("Ana\u0085Budi\u2028Citra\u00A0\u3000Dewi")).toBe("Ana Budi Citra Dewi");
    expect(name(" \t\r\n ")).toBe("Player");
  });

  it("keeps emoji sequences, flags and joiners that belong to a grapheme", () => {
    for (const whole of ["👨‍👩‍👧‍👦", "🏳️‍🌈", "🧑🏻‍❤️‍💋‍🧑🏼", "🇮🇩🇧🇷", "🏴󠁧󠁢󠁥󠁮󠁧󠁿", "1️⃣", "👍🏽"])
      expect(name(`Ana ${whole}`)).toBe(`Ana ${whole}`);
    expect(name("می‌خواهم")).toBe("می‌خواهم"); // ZWNJ in Persian
    expect(name("क्‍षत्रिय")).toBe("क्‍षत्रिय"); // ZWJ in a Devanagari conjunct
    expect(name("\u200D\u200C\u{E0041}\uFE0F")).toBe("Player");
    expect(name("😀\u200D")).toBe("😀");
  });

  it("removes default-ignorable characters that draw nothing: Ana and Ana with them are one", () => {
    for (const hidden of [
      "\uFE00",
      "\uFE0F",
      "\u{E0020}",
      "\u{E0041}",
      "\u034F",
      "\u00AD",
      "\u200B",
    ]) {
      expect(name(`Ana${hidden}`)).toBe("Ana");
      expect(name(`A${hidden}na`)).toBe("Ana");
    }
    expect(name("Ana\u200D")).toBe("Ana");
    expect(name("A\u200Cna")).toBe("Ana");
    // Kept where a script or an emoji needs them: after a virama, between Persian letters, in
    // emoji sequences and subdivision flags, an emoji's presentation selector.
    expect(name("क्\u200Cष")).toBe("क्\u200Cष");
    expect(name("क्\u200Dष")).toBe("क्\u200Dष");
    expect(name("अनु\u200Dपम")).toBe("अनुपम");
    expect(name("می\u200Cخواهم")).toBe("می\u200Cخواهم");
    expect(name("❤\uFE0F Ana")).toBe("❤\uFE0F Ana");
  });

  it("normalises to NFC, also where a removed character stood between base and mark", () => {
    expect(name("Jo\u0061\u0303o")).toBe("João");
    expect(name("e\u200B\u0301")).toBe("é");
    expect(name("\u0301\u0302abc")).toBe("abc");
  });

  it("measures 24 columns: wide characters and emoji count two", () => {
    expect(NAME_WIDTH).toBe(24);
    expect(name("x".repeat(30))).toBe("x".repeat(24));
    expect(name("王小明".repeat(5))).toBe("王小明".repeat(4));
    expect(name("ＡＢＣ".repeat(5))).toBe("ＡＢＣ".repeat(4));
    expect(name("김민준".repeat(5))).toBe("김민준".repeat(4));
    expect(name(`${"a".repeat(22)}王x`)).toBe(`${"a".repeat(22)}王`);
    expect(name(`${"a".repeat(23)}王`)).toBe("a".repeat(23));
    for (const g of ["王", "😀", "🇮🇩", "👨‍👩‍👧‍👦", "❤️", "1️⃣", "Ａ"]) expect(displayWidth(g)).toBe(2);
    for (const g of ["a", "é", "©", "ש", "क्ष", " "]) expect(displayWidth(g)).toBe(1);
  });

  it("stops a grapheme piled with marks at ten code points", () => {
    const zalgo = `Z${"\u0301".repeat(50)}algo`;
    const n = name(zalgo);
    expect(points(n)).toBe(MAX_GRAPHEME + "algo".length);
    expect(n.endsWith("algo")).toBe(true);
  });

  it("falls back when nothing is left or the name is not a string", () => {
    expect(name("")).toBe("Player");
    expect(name(42)).toBe("Player");
    expect(name({ name: "x" })).toBe("Player");
    expect(cleanName("\u202E", "Gast")).toBe("Gast");
  });

  it("is what the create and join parsers give", () => {
    const raw = `\u202E${"a".repeat(23)}😀`;
    const join = parseJoinOptions({ name: raw });
    const create = parseCreateOptions({ name: raw });
    expect(join.ok && join.value.name).toBe("a".repeat(23));
    expect(create.ok && create.value.name).toBe("a".repeat(23));
  });

  it("gives well-formed, clean, idempotent text for random input (seeded)", () => {
    const r = seeded(20240611);
    const layout = /[\p{Cc}\p{Cs}\u202A-\u202E\u2066-\u2069\u200B\u200E\u200F\uFEFF\u00AD]/u;
    for (let i = 0; i < 3000; i++) {
      const raw = randomText(r);
      const n = cleanText(raw, NAME_WIDTH);
      const why = JSON.stringify(raw.slice(0, 80));
      expect(layout.test(n), why).toBe(false);
      expect(n, why).toBe(n.normalize("NFC"));
      expect(n, why).toBe(n.trim());
      expect(n.includes("  "), why).toBe(false);
      expect(textWidth(n), why).toBeLessThanOrEqual(NAME_WIDTH);
      expect(cleanText(n, NAME_WIDTH), why).toBe(n);
      expect(Buffer.byteLength(n), why).toBe(written(n));
    }
  });
});
