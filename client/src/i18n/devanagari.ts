/**
 * The one font the client ships for a script a device may have no font for: a subset of Noto
 * Sans Devanagari holding every letter of the Devanagari block (client/public/fonts/, made by
 * `npm run font`), so that Hindi, and names written in Devanagari on a page in any language,
 * draw on devices without a Devanagari font. It is registered at start for the block's range
 * only, not loaded: the browser fetches it the first time the page lays out Devanagari that the
 * device's own fonts lack (a name at a table, in the chat, among the watchers, in the lobby's
 * lists, on /g/), and a page that shows none never fetches it. The style sheet names its family
 * after the system's fonts, which draw Devanagari where the device has them. Other scripts
 * (Tamil, Bengali, Arabic, CJK, …) are drawn with the device's fonts.
 */

export const DEVANAGARI_FAMILY = "Crossboard Devanagari";
/** The regular and the bold weight (headings, names, the status line). */
export const DEVANAGARI_WEIGHTS = [400, 700] as const;

/** Where a weight's file is, under the client's static files. */
export function devanagariFile(weight: number): string {
  return `fonts/devanagari-${weight}.woff2`;
}

/** The longest the page waits for the font before it shows Hindi without it. */
const PATIENCE_MS = 4000;

const fonts = () =>
  typeof document !== "undefined" && typeof FontFace !== "undefined" ? document.fonts : null;

let faces: FontFace[] = [];
/** Loaded or loading whole on purpose (a page in Hindi): no redraw is needed. */
let settled = false;

/**
 * Makes the font known to the page, unloaded, and listens for the browser fetching it because
 * text needed it: then its other weight is loaded too and the page's Devanagari is written again
 * (client/src/i18n/redraw.ts). Called at start, before anything is drawn, so that text is laid
 * out with the font from its first frame (invisible for the moment it takes, rather than boxes).
 */
export function registerDevanagari(): void {
  const set = fonts();
  if (!set || faces.length) return;
  faces = DEVANAGARI_WEIGHTS.map((weight) => {
    const face = new FontFace(
      DEVANAGARI_FAMILY,
      `url(/${devanagariFile(weight)}) format("woff2")`,
      {
        weight: String(weight),
        display: "block",
        unicodeRange: "U+0900-097F, U+200C-200D, U+25CC",
      },
    );
    set.add(face);
    return face;
  });
  set.addEventListener("loadingdone", (e) => {
    if (settled || !e.fontfaces.some((f) => f.family.replace(/["']/g, "") === DEVANAGARI_FAMILY))
      return;
    settled = true;
    void import("./redraw").then(({ redraw }) => redraw(faces, /[\u0900-\u097F]/));
  });
}

let ready: Promise<void> | null = null;

/**
 * Loads both weights at once (every page in Hindi has bold text); settles when they are loaded,
 * failed or late. Hindi is shown only then: text laid out while the font loads can keep, in
 * Chromium, the boxes it was first shaped with after the font has arrived.
 */
export function useDevanagari(): Promise<void> {
  if (ready) return ready;
  if (!fonts()) return Promise.resolve();
  registerDevanagari();
  settled = true;
  ready = Promise.race([
    Promise.all(faces.map((face) => face.load())).then(
      () => {
        // Said on the page, for tests: the text in Devanagari is drawn with its font.
        document.documentElement.dataset.drawnFonts = "Devanagari";
      },
      () => undefined,
    ),
    new Promise<void>((resolve) => setTimeout(resolve, PATIENCE_MS)),
  ]);
  return ready;
}
