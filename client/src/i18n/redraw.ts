/**
 * Text laid out while a shipped font was absent: Chromium keeps drawing it as boxes once the
 * font has arrived, and also new text of the same size and weight. Loaded only when the font
 * was fetched because a page needed it (a name in Devanagari on a page in another language).
 */

/**
 * Loads every weight of the font, then has the page lay out its text again: the root's size
 * moves by a hundredth of a pixel (invisible), so that every size the page uses is one the
 * browser has not yet laid out without the font; the texts and fields in `letters` are written
 * again too.
 */
export async function redraw(faces: readonly FontFace[], letters: RegExp): Promise<void> {
  await Promise.allSettled(faces.map((f) => f.load()));
  const root = document.documentElement;
  root.style.fontSize = `${Number.parseFloat(getComputedStyle(root).fontSize) + 0.01}px`;
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
  root.dataset.drawnFonts = "Devanagari";
}
