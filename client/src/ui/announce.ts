/**
 * Screen-reader announcements through a polite live region. A table installs a speaker
 * (ui/announcer.ts, in the table's chunk) that joins messages arriving together, says an event
 * once and has an assertive region for urgent words; until then a message simply replaces the
 * last.
 */
let region: HTMLElement | null = null;

/** How a message is said: `urgent` interrupts; `key` names its event (said once). */
export interface Say {
  readonly urgent?: boolean;
  readonly key?: string;
  /** A newer message of the same group replaces one not yet said (the square under a cursor). */
  readonly group?: string;
}

/** Says a message into the page's polite region (the frame makes a new one with each screen). */
export type Speaker = (text: string, how: Say | undefined, polite: HTMLElement) => void;

let speaker: Speaker | null = null;

export function mountAnnouncer(parent: HTMLElement): void {
  region = document.createElement("div");
  region.setAttribute("aria-live", "polite");
  region.setAttribute("role", "status");
  region.className = "sr-only";
  parent.append(region);
}

/** From now on messages go to `say`. */
export function setSpeaker(say: Speaker): void {
  speaker = say;
}

export function announce(text: string, how?: Say): void {
  if (!region) return;
  if (speaker) speaker(text, how, region);
  else region.textContent = text;
}
