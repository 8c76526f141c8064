/**
 * The privacy notice at `/privacy`: what the server keeps, why and for how long, what this
 * device keeps, and how to have it erased; then "My data" (myData.ts). The durations are the
 * running server's own (`GET /api/privacy`), so that the page is true to the server serving it.
 */
import type { PrivacyFacts } from "../../../shared/protocol/site";
import { type CountKey, type Key, t, tCount } from "../i18n";
import { pageLink } from "../screens/lobby/lists";
import { el } from "../ui/dom";
import { myDataSection } from "./myData";

export interface SiteLinks {
  /** Opens another page of the client at `path`, as a link does. */
  open(path: string): void;
}

/** This server's facts, or the reason they could not be read. */
export async function fetchPrivacyFacts(): Promise<PrivacyFacts | string> {
  try {
    const res = await fetch("/api/privacy", { headers: { accept: "application/json" } });
    if (!res.ok) return `HTTP ${res.status}`;
    return (await res.json()) as PrivacyFacts;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

/** A number of days, or "until you ask to erase it" for 0 (kept with no end). */
function days(base: CountKey, n: number): string {
  return n > 0 ? tCount(base, n) : t("privacy.untilErased");
}

/** One thing kept: its heading, what and why, and for how long. */
function kept(id: string, title: Key, text: Key, howLong: readonly string[]): HTMLElement {
  return el(
    "div",
    { class: "kept", "data-kept": id },
    el("h3", {}, t(title)),
    el("p", {}, t(text)),
    el(
      "p",
      { class: "how-long" },
      el("strong", {}, t("privacy.kept")),
      " ",
      el("span", { "data-how-long": "" }, howLong.join(" ")),
    ),
  );
}

function serverSection(facts: PrivacyFacts | string): HTMLElement {
  const section = el(
    "section",
    { "aria-labelledby": "privacy-server", "data-section": "server" },
    el("h2", { id: "privacy-server" }, t("privacy.server")),
  );
  if (typeof facts === "string") {
    section.append(
      el("p", { class: "muted", role: "alert" }, t("privacy.failed", { reason: facts })),
    );
    return section;
  }
  section.append(
    kept("tables", "privacy.tables", "privacy.tablesText", [
      tCount("privacy.tableKeep", facts.tableKeepDays),
      tCount("privacy.seatHold", facts.seatHoldSeconds),
    ]),
    kept("games", "privacy.games", "privacy.gamesText", [
      days("privacy.archive", facts.archiveDays),
    ]),
  );
  if (facts.players)
    section.append(
      kept("players", "privacy.players", "privacy.playersText", [t("privacy.untilErased")]),
    );
  section.append(
    kept("addresses", "privacy.addresses", "privacy.addressesText", [
      tCount("privacy.addressKey", facts.addressKeyHours),
    ]),
    kept("feedback", "privacy.feedback", "privacy.feedbackText", [
      days("privacy.feedbackDays", facts.feedbackDays),
    ]),
  );
  return section;
}

/** What this device keeps, item by item (device/: storage, tables, games, analyses, …). */
const DEVICE_ITEMS: readonly Key[] = [
  "privacy.deviceName",
  "privacy.deviceId",
  "privacy.deviceTables",
  "privacy.deviceGames",
  "privacy.deviceAnalyses",
  "privacy.deviceLessons",
  "privacy.devicePlayer",
  "privacy.deviceSettings",
];

function deviceSection(): HTMLElement {
  return el(
    "section",
    { "aria-labelledby": "privacy-device", "data-section": "device" },
    el("h2", { id: "privacy-device" }, t("privacy.device")),
    el("p", {}, t("privacy.deviceText")),
    el("ul", {}, ...DEVICE_ITEMS.map((k) => el("li", {}, t(k)))),
  );
}

/** How erasure is asked: here (My data), by e-mail when the server names an address, or feedback. */
function eraseSection(facts: PrivacyFacts | string, links: SiteLinks): HTMLElement {
  const contact = typeof facts === "string" ? null : facts.contact;
  let ask: HTMLElement;
  if (contact) {
    const [before = "", after = ""] = t("privacy.contact").split("{contact}");
    ask = el(
      "p",
      { "data-contact": "" },
      before,
      el("a", { href: `mailto:${contact}` }, contact),
      after,
    );
  } else
    ask = el(
      "p",
      { "data-contact": "none" },
      t("privacy.noContact"),
      " ",
      pageLink("", "/feedback", "feedback", t("privacy.feedbackLink"), links.open),
    );
  return el(
    "section",
    { "aria-labelledby": "privacy-erase", "data-section": "erase" },
    el("h2", { id: "privacy-erase" }, t("privacy.erase")),
    el("p", {}, t("privacy.eraseText")),
    ask,
  );
}

/**
 * Shows the page through `show` once this server's facts are here (or could not be read), if
 * the address is still the page's; then the part the address names (`#my-data`) takes focus.
 */
export async function showPrivacy(
  show: (page: HTMLElement) => void,
  links: SiteLinks,
): Promise<void> {
  const path = window.location.pathname;
  const facts = await fetchPrivacyFacts();
  if (window.location.pathname !== path) return;
  show(
    el(
      "div",
      { class: "site-page", "data-page": "privacy" },
      el("h1", {}, t("privacy.title")),
      el("p", { class: "lead" }, t("privacy.intro")),
      serverSection(facts),
      deviceSection(),
      eraseSection(facts, links),
      myDataSection(),
    ),
  );
  const part = window.location.hash.slice(1);
  if (part) document.getElementById(part)?.focus();
}
