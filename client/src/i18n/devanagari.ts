/**
 * The Devanagari font for pages in Hindi: a subset of Noto Sans Devanagari holding what the Hindi
 * catalogue writes (client/public/fonts/, made by `npm run font`), so that Hindi draws on devices
 * without a Devanagari font. It is registered only once Hindi is chosen, so a page in another
 * language never fetches it; the style sheet names its family after the system's fonts, which
 * draw Devanagari where the device has them.
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

let ready: Promise<void> | null = null;

/**
 * Makes the Devanagari font available to the page (and its canvases) and loads both weights at
 * once (every page in Hindi has bold text); settles when they are loaded, failed or late.
 * Hindi is shown only then: text laid out while the font loads can keep, in Chromium, the boxes
 * it was first shaped with after the font has arrived.
 */
export function useDevanagari(): Promise<void> {
  if (ready) return ready;
  if (typeof document === "undefined" || typeof FontFace === "undefined") return Promise.resolve();
  const loads = DEVANAGARI_WEIGHTS.map((weight) => {
    const face = new FontFace(
      DEVANAGARI_FAMILY,
      `url(/${devanagariFile(weight)}) format("woff2")`,
      {
        weight: String(weight),
        display: "block",
        unicodeRange: "U+0900-097F, U+200C-200D, U+25CC",
      },
    );
    document.fonts.add(face);
    return face.load();
  });
  ready = Promise.race([
    Promise.all(loads).then(
      () => undefined,
      () => undefined,
    ),
    new Promise<void>((resolve) => setTimeout(resolve, PATIENCE_MS)),
  ]);
  return ready;
}
