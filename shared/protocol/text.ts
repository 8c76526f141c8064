/**
 * Text a client may put into the synchronised state (display names), made safe to encode,
 * to show and to compare. The schema encoder counts a lone surrogate as 3 bytes and writes 4,
 * so every decoder reading that patch fails; controls and bidi overrides scramble whatever is
 * drawn after them; default-ignorable characters (variation selectors, tags, U+034F, soft
 * hyphens…) draw nothing, so "Ana" with one of them looks like "Ana" and is not. The result is
 * well formed, NFC, has no control, format or default-ignorable character except where a
 * script or an emoji sequence needs it, one space between words, and is cut between graphemes
 * by display width.
 */

/** Columns of a display name: 24 Latin letters, or 12 CJK characters or emoji. */
export const NAME_WIDTH = 24;

/** Code points kept in one grapheme (the longest emoji sequences have 10); Zalgo text stops. */
export const MAX_GRAPHEME = 10;

const LONE_SURROGATE = /\p{Cs}/gu;
const WHITESPACE = /^\p{White_Space}$/u;
/** Invisible or layout-changing: C0, DEL, C1, format characters, default-ignorables. */
const REMOVED = /^[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\p{Noncharacter_Code_Point}]$/u;
/**
 * Kept only after a visible character in the same grapheme: marks (variation selectors among
 * them), ZWNJ and ZWJ (Persian, Indic conjuncts, emoji sequences), emoji tag characters.
 */
const ATTACHED = /^(?:[\p{M}\u200C\u{E0020}-\u{E007F}]|\u200D)$/u;
const ZWJ = "\u200D";

/** A grapheme drawn two columns wide: emoji presentation, flags, keycaps, ZWJ emoji. */
const WIDE_EMOJI =
  /\p{Emoji_Presentation}|\p{Regional_Indicator}|\p{Emoji}\uFE0F|\p{Emoji_Modifier}|\u200D\p{Extended_Pictographic}/u;

/** East Asian Wide and Fullwidth blocks (UAX #11), by first code point of a grapheme. */
const WIDE_RANGES: readonly (readonly [number, number])[] = [
  [0x1100, 0x115f], // Hangul Jamo leading consonants
  [0x2329, 0x232a], // angle brackets
  [0x2e80, 0x303e], // CJK radicals, Kangxi, CJK symbols and punctuation
  [0x3041, 0x33ff], // kana, Bopomofo, Hangul compatibility Jamo, enclosed CJK
  [0x3400, 0x4dbf], // CJK extension A
  [0x4e00, 0x9fff], // CJK unified ideographs
  [0xa000, 0xa4cf], // Yi
  [0xa960, 0xa97f], // Hangul Jamo extended-A
  [0xac00, 0xd7a3], // Hangul syllables
  [0xf900, 0xfaff], // CJK compatibility ideographs
  [0xfe10, 0xfe19], // vertical forms
  [0xfe30, 0xfe6f], // CJK compatibility forms, small forms
  [0xff00, 0xff60], // fullwidth forms
  [0xffe0, 0xffe6], // fullwidth signs
  [0x16fe0, 0x16fe4], // ideographic symbols
  [0x17000, 0x18cff], // Tangut, Khitan
  [0x1aff0, 0x1b2ff], // kana supplements, Nushu
  [0x1f200, 0x1f2ff], // enclosed ideographic supplement
  [0x20000, 0x2fffd], // CJK extensions B–F, compatibility supplement
  [0x30000, 0x3fffd], // CJK extensions G–H
];

let segmenter: Intl.Segmenter | undefined;
/** Made on first use: the client imports this module too, and only the server calls it. */
const graphemes = () => {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  return segmenter;
};

/** Columns a grapheme takes on screen: 2 for wide East Asian characters and emoji, else 1. */
export function displayWidth(grapheme: string): 1 | 2 {
  const first = grapheme.codePointAt(0) ?? 0;
  if (WIDE_RANGES.some(([lo, hi]) => first >= lo && first <= hi)) return 2;
  return WIDE_EMOJI.test(grapheme) ? 2 : 1;
}

/** Columns a text takes on screen. */
export function textWidth(text: string): number {
  let width = 0;
  for (const { segment } of graphemes().segment(text)) width += displayWidth(segment);
  return width;
}

/**
 * Viramas (canonical combining class 9, Unicode 14): a ZWJ or ZWNJ after one picks a conjunct's
 * form in Devanagari and other Indic scripts (IDNA's CONTEXTJ rules).
 */
const VIRAMA =
  /^[\u094D\u09CD\u0A4D\u0ACD\u0B4D\u0BCD\u0C4D\u0CCD\u0D3B\u0D3C\u0D4D\u0DCA\u0E3A\u0EBA\u0F84\u1039\u103A\u1714\u1715\u1734\u17D2\u1A60\u1B44\u1BAA\u1BAB\u1BF2\u1BF3\u2D7F\uA806\uA82C\uA8C4\uA953\uA9C0\uAAF6\uABED\u{10A3F}\u{11046}\u{11070}\u{1107F}\u{110B9}\u{11133}\u{11134}\u{111C0}\u{11235}\u{112EA}\u{1134D}\u{11442}\u{114C2}\u{115BF}\u{1163F}\u{116B6}\u{1172B}\u{11839}\u{1193D}\u{1193E}\u{119E0}\u{11A34}\u{11A47}\u{11A99}\u{11C3F}\u{11D44}\u{11D45}\u{11D97}]$/u;
/**
 * Letters of the scripts whose letters join (Arabic, Persian, Urdu, Syriac…): a ZWNJ between
 * two keeps them apart, as Persian spelling needs. A stand-in for the Joining_Type property of
 * CONTEXTJ, which regular expressions do not have.
 */
const JOINING =
  /^[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Nko}\p{Script=Mongolian}\p{Script=Mandaic}\p{Script=Manichaean}\p{Script=Psalter_Pahlavi}\p{Script=Adlam}\p{Script=Hanifi_Rohingya}\p{Script=Sogdian}\p{Script=Phags_Pa}]$/u;
const IGNORABLE = /^\p{Default_Ignorable_Code_Point}$/u;
const MARK = /^\p{M}$/u;
const EMOJI = /^\p{Emoji}$/u;
/** Where an emoji ZWJ sequence may join: after a pictograph, its skin tone or its VS16. */
const EMOJI_END = /^(?:\p{Extended_Pictographic}|\p{Emoji_Modifier}|\uFE0F|\u20E3)$/u;
const PICTOGRAPH = /^\p{Extended_Pictographic}$/u;
const ZWNJ = "\u200C";
const BLACK_FLAG = "\u{1F3F4}";
const TAG = /^[\u{E0020}-\u{E007F}]$/u;

/** The last code point other than a mark, or "" for none. */
function baseBefore(points: readonly string[]): string {
  for (let i = points.length - 1; i >= 0; i--) if (!MARK.test(points[i]!)) return points[i]!;
  return "";
}

/** The next code point other than a mark, from `i` on. */
function baseFrom(points: readonly string[], i: number): string {
  for (; i < points.length; i++) if (!MARK.test(points[i]!)) return points[i]!;
  return "";
}

/**
 * Whether a default-ignorable code point is kept where it stands: a ZWJ or ZWNJ after a virama,
 * a ZWNJ between joining letters, a ZWJ inside an emoji sequence, an emoji presentation
 * selector after an emoji, tags in a subdivision flag. `kept` is what came before, screened.
 */
function needed(c: string, kept: readonly string[], rest: readonly string[], i: number): boolean {
  const before = kept[kept.length - 1] ?? "";
  if ((c === ZWJ || c === ZWNJ) && VIRAMA.test(before)) return true;
  if (c === ZWNJ) return JOINING.test(baseBefore(kept)) && JOINING.test(baseFrom(rest, i + 1));
  if (c === ZWJ) return EMOJI_END.test(before) && PICTOGRAPH.test(rest[i + 1] ?? "");
  if (c === "\uFE0E" || c === "\uFE0F") return EMOJI.test(before);
  if (TAG.test(c)) return before === BLACK_FLAG || TAG.test(before);
  return false;
}

/**
 * Whitespace as one space; controls, format and default-ignorable characters gone except where
 * `needed`; marks kept.
 */
function screened(text: string): string {
  const points = [...text];
  const kept: string[] = [];
  points.forEach((c, i) => {
    if (WHITESPACE.test(c)) kept.push(" ");
    else if (IGNORABLE.test(c)) {
      if (needed(c, kept, points, i)) kept.push(c);
    } else if (ATTACHED.test(c) || !REMOVED.test(c)) kept.push(c);
  });
  return kept.join("");
}

/**
 * One grapheme as it may be shown: "" for one with nothing visible to attach to (a mark or a
 * joiner after a space or at the start), at most MAX_GRAPHEME code points, no ZWJ at its end
 * (a joiner there would glue it to the next grapheme when the text is read again).
 */
function tidied(grapheme: string): string {
  const points = [...grapheme];
  const base = points[0] ?? "";
  if (base === " ") return " ";
  if (ATTACHED.test(base)) return "";
  const kept = points.slice(0, MAX_GRAPHEME);
  while (kept.length > 1 && kept[kept.length - 1] === ZWJ) kept.pop();
  return kept.join("");
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

const collapsed = (text: string) => text.replace(/ {2,}/g, " ").trim();

/**
 * A text as it may enter the state: lone surrogates dropped, whitespace runs as one space and
 * trimmed, control, format and default-ignorable characters removed (ZWJ, ZWNJ, emoji
 * presentation selectors and tags only where `needed`, and inside a grapheme), NFC, then cut
 * at the last grapheme that fits in `maxWidth` columns. Idempotent.
 */
export function cleanText(raw: string, maxWidth: number): string {
  // Printable ASCII (most names) keeps every character at one column: the same result without
  // the screening and the grapheme segmenter, which cost a join more than the rest of its text.
  if (PRINTABLE_ASCII.test(raw)) return collapsed(collapsed(raw).slice(0, maxWidth));
  // Normalised after screening: a removed format character may have kept a mark from its base.
  const text = collapsed(screened(raw.replace(LONE_SURROGATE, "")).normalize("NFC"));
  let out = "";
  let width = 0;
  for (const { segment } of graphemes().segment(text)) {
    const g = tidied(segment);
    if (g === "") continue;
    const w = displayWidth(g);
    if (width + w > maxWidth) break;
    out += g;
    width += w;
  }
  // A ZWNJ kept for the letter after it is dropped with that letter by the cut.
  return collapsed(screened(out));
}

/** A display name: `cleanText` within NAME_WIDTH columns, or `fallback` when nothing is left. */
export function cleanName(x: unknown, fallback: string): string {
  if (typeof x !== "string") return fallback;
  const name = cleanText(x, NAME_WIDTH);
  return name === "" ? fallback : name;
}
