/**
 * Screen-reader announcements through a polite live region. A table installs a speaker
 * (ui/announcer.ts, in the table's chunk) that joins messages arriving together, says an event
 * once and has an assertive region for urgent words; until then each message replaces the last.
 */
let region: HTMLElement | null = null;

/** How a message is said: `urgent` interrupts; `key` names its event (said once). */
export interface Say {
  readonly urgent?: boolean;
  readonly key?: string;
  /** A newer message of the same group replaces one not yet said (the square under a cursor). */
  readonly group?: string;
}

let speaker: ((text: string, how: Say) => void) | null = null;

export function mountAnnouncer(parent: HTMLElement): void {
  region = document.createElement("div");
  region.setAttribute("aria-live", "polite");
  region.setAttribute("role", "status");
  region.className = "sr-only";
  parent.append(region);
}

/** The polite region (null before the page's frame is mounted). */
export const politeRegion = (): HTMLElement | null => region;

/** From now on messages go to `say`. */
export function setSpeaker(say: (text: string, how: Say) => void): void {
  speaker = say;
}

export function announce(text: string, how: Say = {}): void {
  if (speaker) speaker(text, how);
  else if (region) {
    // Clearing first makes repeated identical messages be read again.
    region.textContent = "";
    const r = region;
    setTimeout(() => {
      r.textContent = text;
    }, 30);
  }
}
