/**
 * Text laid out while a font was loading: Chromium keeps drawing it as boxes once the font has
 * arrived, until the text changes. Loaded only when a shipped font was fetched because a page
 * needed it (a name in Devanagari on a page in another language).
 */

/** Loads every weight of the font, then writes again the page's text and fields in `letters`. */
export async function redraw(faces: readonly FontFace[], letters: RegExp): Promise<void> {
  await Promise.allSettled(faces.map((f) => f.load()));
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
  // Said on the page, for tests: the text in Devanagari is drawn with its font.
  document.documentElement.dataset.drawnFonts = "Devanagari";
}
