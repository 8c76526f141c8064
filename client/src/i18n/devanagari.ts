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

let registered = false;

/**
 * Makes the Devanagari font available to the page (and its canvases) and loads both weights at
 * once: every page in Hindi has bold text. Until they arrive Devanagari is not drawn (`block`),
 * rather than drawn as boxes on a device with no font of its own.
 */
export function useDevanagari(): void {
  if (registered || typeof document === "undefined" || typeof FontFace === "undefined") return;
  registered = true;
  for (const weight of DEVANAGARI_WEIGHTS) {
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
    face.load().catch(() => undefined);
  }
}
