/**
 * When something happened, in the reader's language: the date and the time each by
 * `Intl.DateTimeFormat` for the language, for a catalogue sentence to join with its own words
 * (`{date}`, `{time}`), so that no language's joining words ("at", "को … बजे") come twice.
 * Hindi names the part of the day ("दोपहर 2:34") where Intl would write a Latin "pm", and
 * writes its months in full: the short ones end in "॰", which the Devanagari subset we ship
 * does not draw.
 */
import { type Lang, lang } from "./index";

const TIME: Partial<Record<Lang, Intl.DateTimeFormatOptions>> = { hi: { dayPeriod: "short" } };
const FULL_MONTHS: ReadonlySet<Lang> = new Set(["hi"]);

/** The date (`long`: "December 4, 2026"; `medium`: "Dec 4, 2026") and the time ("2:34 PM"). */
export function dateAndTime(
  ms: number,
  dateStyle: "long" | "medium",
): { date: string; time: string } {
  const l = lang();
  const d = new Date(ms);
  return {
    date: new Intl.DateTimeFormat(l, {
      dateStyle: FULL_MONTHS.has(l) ? "long" : dateStyle,
    }).format(d),
    time: new Intl.DateTimeFormat(l, { hour: "numeric", minute: "2-digit", ...TIME[l] }).format(d),
  };
}
