/**
 * What a screen reader is told at a table, each thing once and nothing lost. Messages arriving
 * together (one state bringing a move, a check and a result) are joined in order into one
 * utterance a moment later, instead of each wiping the one before; a message already waiting,
 * or just said, is not said again, and an event named by a key (a move, a turn's low-time
 * warning) is said only the first time. Urgent words go to an assertive region of their own.
 *
 * The queue works without the page (`Announcer` writes through a function); `useAnnouncer`
 * puts it behind `announce` with the page's two regions.
 */
import { type Say, setSpeaker } from "./announce";

/** How long after the first of them messages are gathered into one utterance. */
export const JOIN_MS = 80;
/** A text said this recently is not said again (unless it names its event by a key). */
export const REPEAT_MS = 2000;
/** How many event keys are remembered. */
const KEYS_KEPT = 300;

export type Write = (urgent: boolean, text: string) => void;
export type Schedule = (run: () => void, ms: number) => unknown;

interface Waiting {
  readonly text: string;
  readonly group: string | undefined;
}

/** Ends a sentence that has no end mark, so that joined sentences read as sentences. */
function ended(text: string): string {
  if (/[.!?।…:;]$/u.test(text)) return text;
  return /\p{Script=Devanagari}/u.test(text) ? `${text}।` : `${text}.`;
}

/** Texts said together: each one a sentence, in the order they came. */
export function joinTexts(texts: readonly string[]): string {
  return texts.length === 1 ? texts[0]! : texts.map(ended).join(" ");
}

export class Announcer {
  /** Waiting to be said: [polite, urgent]. */
  private readonly waiting: [Waiting[], Waiting[]] = [[], []];
  private readonly due: [boolean, boolean] = [false, false];
  /** The texts last said in each region, and when. */
  private readonly said: [{ texts: string[]; at: number }, { texts: string[]; at: number }] = [
    { texts: [], at: 0 },
    { texts: [], at: 0 },
  ];
  private readonly keys: string[] = [];

  constructor(
    private readonly write: Write,
    private readonly schedule: Schedule = (run, ms) => setTimeout(run, ms),
    private readonly now: () => number = Date.now,
  ) {}

  say(raw: string, how: Say = {}): void {
    const text = raw.trim();
    if (!text) return;
    const u = how.urgent ? 1 : 0;
    if (how.key !== undefined) {
      if (this.keys.includes(how.key)) return;
      this.keys.push(how.key);
      if (this.keys.length > KEYS_KEPT) this.keys.shift();
    }
    const queue = this.waiting[u];
    if (queue.some((w) => w.text === text)) return;
    const last = this.said[u];
    if (how.key === undefined && last.texts.includes(text) && this.now() - last.at < REPEAT_MS)
      return;
    if (how.group !== undefined) {
      const i = queue.findIndex((w) => w.group === how.group);
      if (i >= 0) queue.splice(i, 1);
    }
    queue.push({ text, group: how.group });
    if (!this.due[u]) {
      this.due[u] = true;
      this.schedule(() => this.flush(u), JOIN_MS);
    }
  }

  /** Says what waits in one region (the polite one: 0) now. */
  flush(u: 0 | 1): void {
    this.due[u] = false;
    const texts = this.waiting[u].splice(0).map((w) => w.text);
    if (texts.length === 0) return;
    this.said[u] = { texts, at: this.now() };
    this.write(u === 1, joinTexts(texts));
  }
}

let installed = false;

/**
 * The region to write in: the page's polite one (the frame makes a new one with each screen),
 * or the assertive one kept beside it.
 */
function regionFor(urgent: boolean, polite: HTMLElement): HTMLElement {
  polite.setAttribute("aria-atomic", "true");
  if (!urgent) return polite;
  const next = polite.nextElementSibling;
  if (next instanceof HTMLElement && next.getAttribute("aria-live") === "assertive") return next;
  const region = document.createElement("div");
  region.setAttribute("aria-live", "assertive");
  region.setAttribute("aria-atomic", "true");
  region.className = "sr-only";
  polite.after(region);
  return region;
}

/**
 * `announce` goes through an `Announcer` from now on, into the page's polite region and an
 * assertive one beside it. Each utterance is a new paragraph in its region, so that the same
 * words said again later are read again.
 */
export function useAnnouncer(): void {
  if (installed) return;
  installed = true;
  // The region of the screen shown when the words are written.
  let polite: HTMLElement | null = null;
  const announcer = new Announcer((urgent, text) => {
    if (!polite?.isConnected) return;
    const p = document.createElement("p");
    p.textContent = text;
    regionFor(urgent, polite).replaceChildren(p);
  });
  setSpeaker((text, how, region) => {
    polite = region;
    announcer.say(text, how ?? {});
  });
}
