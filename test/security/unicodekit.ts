/**
 * Seeded hostile Unicode for names and other client strings: lone and reversed surrogates,
 * combining marks piled up, emoji ZWJ sequences, flags and tag sequences, RTL text with bidi
 * controls, C0/C1 controls, invisible fillers, wide characters, and very long strings.
 */
import type { Random } from "../../shared/core/random";

const int = (r: Random, n: number) => Math.floor(r() * n);
const one = <T>(r: Random, xs: readonly T[]): T => xs[int(r, xs.length)] as T;
const cp = (n: number) => String.fromCodePoint(n);

const PIECES: readonly ((r: Random) => string)[] = [
  (r) => one(r, ["Ana", "Budi", "João", "Zoë", "x", "Player", " ", "  ", "-", "_", "42"]),
  (r) => one(r, ["\ud83d", "\ude00", "\udfff\ud800", "\ud83d\ud83d", "a\ud83d", "\udc00b"]),
  (r) => "e".concat(...Array.from({ length: 1 + int(r, 40) }, () => cp(0x300 + int(r, 0x70)))),
  (r) => cp(0x300 + int(r, 0x70)),
  (r) =>
    one(r, [
      "😀",
      "🎉",
      "👍🏽",
      "👨‍👩‍👧‍👦",
      "🏳️‍🌈",
      "🧑🏻‍❤️‍💋‍🧑🏼",
      "👁‍🗨",
      "❤️",
      "1️⃣",
      "©",
      "\u200D😀",
      "😀\u200D",
    ]),
  (r) => one(r, ["🇮🇩", "🇧🇷", "🇵🇹", "🇮🇳", "🇦", "🏴󠁧󠁢󠁥󠁮󠁧󠁿", "\u{E0041}\u{E007F}"]),
  (r) => one(r, ["שלום", "مرحبا", "می‌خواهم", "क्‍षत्रिय", "नमस्ते", "ไทย"]),
  (r) =>
    one(r, [
      "\u202A",
      "\u202B",
      "\u202C",
      "\u202D",
      "\u202E",
      "\u2066",
      "\u2067",
      "\u2068",
      "\u2069",
      "\u200E",
      "\u200F",
      "\u061C",
    ]),
  (r) => cp(int(r, 0x20)),
  (r) => cp(0x7f + int(r, 0x21)),
  (r) => one(r, ["\u200B", "\uFEFF", "\u2060", "\u00AD", "\u180E", "\u3164", "\uFFA0", "\u115F"]),
  (r) => one(r, ["\t", "\u00A0", "\u2028", "\u2029", "\u3000", "\u2000", "\r\n", "\u0085"]),
  (r) => one(r, ["王小明", "김민준", "さくら", "ＡＢＣ", "𠜎"]),
  (r) => one(r, ["\uFFFE", "\uFFFF", "\u{1FFFF}", "\uFE0F", "\u{E0100}", "\uFFFD"]),
  (r) => cp(int(r, 0xd800)),
  (r) => cp(0x10000 + int(r, 0x30000)),
];

/** A random string of up to `units` UTF-16 code units (often far fewer). */
export function randomText(r: Random, units = 1200): string {
  let s = "";
  const pieces = r() < 0.15 ? 400 : 1 + int(r, 12);
  for (let i = 0; i < pieces && s.length < units; i++) {
    const piece = one(r, PIECES)(r);
    s += r() < 0.1 ? piece.repeat(1 + int(r, 60)) : piece;
  }
  // Cut anywhere, even inside a surrogate pair.
  return s.slice(0, units);
}
