/**
 * The fonts the client ships for scripts a device may have no font for: today Devanagari, a
 * subset of Noto Sans Devanagari holding every letter of the Devanagari block (client/public/
 * fonts/, made by `npm run font`), so that Hindi, and names written in Devanagari on a page in
 * any language, draw on devices without a Devanagari font. Each font is registered at start for
 * its script's Unicode ranges only, not loaded: the browser fetches it the first time the page
 * lays out a character of those ranges that the device's own fonts lack (a name at a table, in
 * the chat, among the watchers, in the lobby's lists, on /g/), and a page that shows none never
 * fetches it. The style sheet names each family after the system's fonts, which draw the script
 * where the device has them. Other scripts (Tamil, Bengali, Arabic, CJK, …) fall back to the
 * device's fonts.
 */

export const DEVANAGARI_FAMILY = "Crossboard Devanagari";
/** The regular and the bold weight (headings, names, the status line). */
export const DEVANAGARI_WEIGHTS = [400, 700] as const;

/** Where a weight's file is, under the client's static files. */
export function devanagariFile(weight: number): string {
  return `fonts/devanagari-${weight}.woff2`;
}

/** A script the client ships a font for: its family, its Unicode ranges and its files. */
interface ScriptFont {
  readonly script: string;
  readonly family: string;
  /** The characters it is used for, as CSS writes them (the joiners and dotted circle too). */
  readonly unicodeRange: string;
  /** Its letters, to find text that needs it. */
  readonly letters: RegExp;
  readonly weights: readonly number[];
  file(weight: number): string;
}

/** The scripts the shipped fonts cover, by Unicode range. */
export const SCRIPT_FONTS: readonly ScriptFont[] = [
  {
    script: "Devanagari",
    family: DEVANAGARI_FAMILY,
    unicodeRange: "U+0900-097F, U+200C-200D, U+25CC",
    letters: /[\u0900-\u097F]/,
    weights: DEVANAGARI_WEIGHTS,
    file: devanagariFile,
  },
];

/** The longest the page waits for the font before it shows Hindi without it. */
const PATIENCE_MS = 4000;

/** Each script's faces, once registered. */
const faces = new Map<string, FontFace[]>();

/**
 * Makes the shipped fonts known to the page, unloaded: each is fetched when text needs it.
 * Called at start, before anything is drawn, so that text is laid out with the font from its
 * first frame (invisible for the moment the font takes, rather than boxes).
 */
export function registerScriptFonts(): void {
  if (typeof document === "undefined" || typeof FontFace === "undefined") return;
  for (const font of SCRIPT_FONTS) {
    if (faces.has(font.script)) continue;
    const added = font.weights.map((weight) => {
      const face = new FontFace(font.family, `url(/${font.file(weight)}) format("woff2")`, {
        weight: String(weight),
        display: "block",
        unicodeRange: font.unicodeRange,
      });
      document.fonts.add(face);
      return face;
    });
    faces.set(font.script, added);
  }
}

/** The scripts whose fonts are loaded or loading whole, and need no redraw for it. */
const settled = new Set<string>();

/**
 * Once a script's font has arrived because text needed it (a name on a page in another
 * language), loads its other weights too, then writes again the page's text in that script:
 * Chromium keeps drawing text it laid out while the font loaded as boxes until the text changes.
 */
export function onScriptFontLoaded(): void {
  if (typeof document === "undefined" || typeof FontFace === "undefined") return;
  document.fonts.addEventListener("loadingdone", (e) => {
    for (const font of SCRIPT_FONTS) {
      if (settled.has(font.script)) continue;
      if (!e.fontfaces.some((f) => f.family.replace(/["']/g, "") === font.family)) continue;
      settled.add(font.script);
      const all = (faces.get(font.script) ?? []).map((f) => f.load());
      const redraw = () => {
        rewrite(font.letters);
        // Said on the page, for tests: the text in this script is drawn with its font.
        document.documentElement.dataset.drawnFonts = font.script;
      };
      void Promise.all(all).then(redraw, redraw);
    }
  });
}

/** Writes again every text of the page, and every field's value, with a letter of `letters`. */
function rewrite(letters: RegExp): void {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const stale: Text[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode())
    if (letters.test((n as Text).data)) stale.push(n as Text);
  for (const n of stale) n.replaceWith(document.createTextNode(n.data));
  for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    "input, textarea",
  ))
    if (letters.test(field.value)) {
      const { value } = field;
      field.value = "";
      field.value = value;
    }
}

let ready: Promise<void> | null = null;

/**
 * Loads both weights of the Devanagari font at once (every page in Hindi has bold text);
 * settles when they are loaded, failed or late. Hindi is shown only then: text laid out while
 * the font loads can keep, in Chromium, the boxes it was first shaped with after the font has
 * arrived.
 */
export function useDevanagari(): Promise<void> {
  if (ready) return ready;
  if (typeof document === "undefined" || typeof FontFace === "undefined") return Promise.resolve();
  registerScriptFonts();
  // A page in Hindi is drawn once its font is here: no redraw needed.
  settled.add("Devanagari");
  const loads = (faces.get("Devanagari") ?? []).map((face) => face.load());
  ready = Promise.race([
    Promise.all(loads).then(
      () => undefined,
      () => undefined,
    ),
    new Promise<void>((resolve) => setTimeout(resolve, PATIENCE_MS)),
  ]);
  return ready;
}
