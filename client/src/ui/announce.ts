/** Screen-reader announcements through a polite live region. */
let region: HTMLElement | null = null;

export function mountAnnouncer(parent: HTMLElement): void {
  region = document.createElement("div");
  region.setAttribute("aria-live", "polite");
  region.setAttribute("role", "status");
  region.className = "sr-only";
  parent.append(region);
}

export function announce(text: string): void {
  if (!region) return;
  // Clearing first makes repeated identical messages be read again.
  region.textContent = "";
  const r = region;
  setTimeout(() => {
    r.textContent = text;
  }, 30);
}
