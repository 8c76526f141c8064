/**
 * What a refusal may repeat of what a client sent. A reply that echoes its input whole lets a
 * client make the server send kilobytes back for a few bytes of its own, and a piece cut by
 * UTF-16 units can end inside a surrogate pair, which no encoder writes as valid UTF-8.
 */

/** Code points of client text a reply repeats, at most. */
export const QUOTE_POINTS = 40;

const CUT = "…";
const LONE_SURROGATE = /\p{Cs}/gu;

/**
 * At most `max` code points of `text` (a non-string as `String` writes it), a lone surrogate
 * as U+FFFD, ending in "…" when something was cut (the mark counts in `max`).
 */
export function quote(text: unknown, max: number = QUOTE_POINTS): string {
  const whole = (typeof text === "string" ? text : String(text)).replace(LONE_SURROGATE, "\uFFFD");
  let out = "";
  let points = 0;
  for (const c of whole) {
    if (points === max) return `${[...out].slice(0, max - 1).join("")}${CUT}`;
    out += c;
    points++;
  }
  return out;
}
