/**
 * "My data" on the privacy page (`/privacy#my-data`): what this device keeps, readable; all of it
 * as a JSON file; and erasing it, once confirmed: first this server is asked to erase what it
 * holds for each seat token the device keeps and for its player (`POST /api/erase`), and only
 * when it answered every request are the device's `crossboard.*` keys removed, so that nothing
 * is lost here that the server still holds under a token only this device has.
 */
import type { EraseRequest } from "../../../shared/protocol/site";
import { devicePlayer, forgetPlayer } from "../device/player";
import { getSetting, PREFIX, readItem, type StoredKey } from "../device/storage";
import { type Key, t } from "../i18n";
import { clear, el } from "../ui/dom";
import { holdFocus } from "../ui/focus";

/** The keys listed apart from the other settings (device/storage.ts `StoredKey`). */
const NOT_SETTINGS: readonly StoredKey[] = [
  "name",
  "tables",
  "games",
  "analyses",
  "lessons",
  "player",
  "device",
];

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** Every `crossboard.*` key this browser holds, with its stored text. */
export function keptItems(): [string, string][] {
  const s = storage();
  if (!s) return [];
  const out: [string, string][] = [];
  for (let i = 0; i < s.length; i++) {
    const key = s.key(i);
    if (key?.startsWith(PREFIX)) out.push([key, s.getItem(key) ?? ""]);
  }
  return out.sort(([a], [b]) => a.localeCompare(b));
}

function parsed(key: StoredKey): unknown {
  try {
    return JSON.parse(readItem(key) ?? "null");
  } catch {
    return null;
  }
}

/** Every seat token kept (device/tables.ts), the week-old ones too: they may still hold a seat. */
function seatTokens(): string[] {
  const tables = parsed("tables");
  if (!tables || typeof tables !== "object") return [];
  return Object.values(tables as Record<string, { seatToken?: unknown }>)
    .map((x) => x?.seatToken)
    .filter((x): x is string => typeof x === "string");
}

const countOf = (x: unknown): number =>
  Array.isArray(x) ? x.length : x && typeof x === "object" ? Object.keys(x).length : 0;

/** What the device keeps, as label and value. */
function summary(): [Key, string, string][] {
  const none = t("mine.none");
  const settings = keptItems().filter(
    ([k]) => !NOT_SETTINGS.includes(k.slice(PREFIX.length) as StoredKey),
  );
  return [
    ["mine.name", "name", getSetting("name") || none],
    ["mine.player", "player", devicePlayer()?.id ?? none],
    ["mine.device", "device", readItem("device") ?? none],
    ["mine.tables", "tables", String(seatTokens().length)],
    ["mine.games", "games", String(countOf(parsed("games")))],
    ["mine.analyses", "analyses", String(countOf(parsed("analyses")))],
    ["mine.lessons", "lessons", String(countOf(parsed("lessons")))],
    ["mine.settings", "settings", String(settings.length)],
  ];
}

function summaryList(): HTMLElement {
  return el(
    "dl",
    { class: "mine-list" },
    ...summary().map(([label, id, value]) =>
      el("div", { "data-mine": id }, el("dt", {}, t(label)), el("dd", {}, el("bdi", {}, value))),
    ),
  );
}

/** Saves everything under `crossboard.*` as a JSON file (the values that are JSON, parsed). */
function download(): void {
  const data: Record<string, unknown> = {};
  for (const [key, raw] of keptItems()) {
    try {
      const value: unknown = JSON.parse(raw);
      data[key] = value !== null && typeof value === "object" ? value : raw;
    } catch {
      data[key] = raw;
    }
  }
  const blob = new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const day = new Date().toISOString().slice(0, 10);
  const a = el("a", { href: url, download: `crossboard-my-data-${day}.json`, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Asks the server to erase what it holds for each seat token and the player key, one request
 * each; true when it answered every one (a token it cannot read holds nothing there).
 */
async function eraseOnServer(): Promise<boolean> {
  const player = devicePlayer();
  const asks: EraseRequest[] = [
    ...seatTokens().map((seatToken) => ({ seatToken })),
    ...(player ? [{ playerKey: player.key }] : []),
  ];
  for (const ask of asks) {
    try {
      const res = await fetch("/api/erase", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(ask),
      });
      if (!res.ok && res.status !== 400) return false;
    } catch {
      return false;
    }
  }
  return true;
}

/** Removes every `crossboard.*` key of this browser. */
function eraseOnDevice(): void {
  if (devicePlayer()) forgetPlayer();
  const s = storage();
  for (const [key] of keptItems()) {
    try {
      s?.removeItem(key);
    } catch {
      // Storage blocked: nothing is kept.
    }
  }
}

/** The dialog that asks before erasing; resolves true when confirmed. */
function confirmErase(box: HTMLElement): Promise<boolean> {
  return new Promise((resolve) => {
    let release = () => {};
    const answer = (yes: boolean) => {
      dialog.remove();
      release();
      resolve(yes);
    };
    const dialog = el(
      "div",
      {
        class: "card-dialog mine-dialog",
        role: "dialog",
        "aria-modal": "true",
        "aria-labelledby": "mine-confirm-title",
        "aria-describedby": "mine-confirm-text",
      },
      el("h2", { id: "mine-confirm-title" }, t("mine.confirmTitle")),
      el("p", { id: "mine-confirm-text" }, t("mine.confirmText")),
      el(
        "div",
        { class: "row wrap" },
        el(
          "button",
          { class: "btn danger", "data-action": "erase-confirm", onclick: () => answer(true) },
          t("mine.confirm"),
        ),
        el(
          "button",
          { class: "btn primary", "data-action": "erase-cancel", onclick: () => answer(false) },
          t("mine.cancel"),
        ),
      ),
    );
    box.append(dialog);
    release = holdFocus(dialog, {
      escape: () => answer(false),
      first: dialog.querySelector<HTMLElement>("[data-action=erase-cancel]"),
    });
  });
}

/** The section, with its id `my-data` (the footer's link). */
export function myDataSection(): HTMLElement {
  const list = el("div", { class: "mine-kept" }, summaryList());
  const status = el("p", { class: "mine-status", role: "status", "data-erase-result": "" });
  const refresh = () => {
    clear(list);
    list.append(summaryList());
  };
  const downloadButton = el(
    "button",
    { class: "btn", "data-action": "download-data", onclick: download },
    t("mine.download"),
  );
  const eraseButton: HTMLButtonElement = el(
    "button",
    {
      class: "btn danger",
      "data-action": "erase-data",
      onclick: async () => {
        if (!(await confirmErase(section))) return;
        eraseButton.disabled = true;
        downloadButton.disabled = true;
        status.className = "mine-status";
        status.textContent = t("mine.erasing");
        const answered = await eraseOnServer();
        if (answered) eraseOnDevice();
        status.textContent = t(answered ? "mine.erased" : "mine.unreachable");
        status.classList.add(answered ? "good" : "bad");
        eraseButton.disabled = false;
        downloadButton.disabled = false;
        refresh();
      },
    },
    t("mine.erase"),
  );
  const section = el(
    "section",
    // Focused when the footer's "My data" link leads here (it then scrolls into view).
    {
      id: "my-data",
      tabindex: -1,
      "aria-labelledby": "my-data-heading",
      "data-section": "my-data",
    },
    el("h2", { id: "my-data-heading" }, t("mine.heading")),
    el("p", {}, t("mine.text")),
    list,
    el("div", { class: "row wrap" }, downloadButton, eraseButton),
    status,
  );
  return section;
}
