/**
 * The client's entry: the lobby at `/`, a table at `/t/<id>`, a finished game from the archive
 * at `/g/<id>`. One board (a Pixi renderer) and one connection at a time; the table screen is
 * rebuilt for each table. The lobby loads alone; the network client and then the board with its
 * renderer and rules load when a table or an archived game opens, so that the connection (or the
 * game's download) is under way while the board's code arrives.
 */
import "./style.css";
import type { Format, GameId } from "../../shared/games/catalog";
import type { PublishedGame } from "../../shared/protocol/archive";
import type { TableView } from "../../shared/protocol/views";
import type { BoardHost } from "./board/renderer";
import { recentGames } from "./device/storage";
import { initLang, LANGUAGES, type Lang, lang, onLangChange, setLang, t, tOr } from "./i18n";
import { fetchArchivedGame } from "./net/archive";
import type { TableConnection } from "./net/connection";
import type { ArchiveScreen } from "./screens/archive/archive";
import { displayName, Lobby } from "./screens/lobby/lobby";
import type { TableScreen } from "./screens/table/table";
import { mountAnnouncer } from "./ui/announce";
import { isMuted, setMuted } from "./ui/audio";
import { clear, el } from "./ui/dom";
import { icon } from "./ui/icons";

initLang();
const root = document.querySelector<HTMLElement>("#app")!;
let board: BoardHost | null = null;
let lobby: Lobby | null = null;
let table: TableScreen | null = null;
let connection: TableConnection | null = null;
let archive: { screen: ArchiveScreen; game: PublishedGame } | null = null;
const loadTable = () => import("./table-entry");
type BoardCode = Awaited<ReturnType<typeof loadTable>>;
const boardOf = (code: BoardCode) =>
  (board ??= code.createBoard({ table: () => table, archive: () => archive?.screen ?? null }));
const loadNet = () => import("./net/connection");

function chrome(tools: HTMLElement | null): HTMLElement {
  const select = el("select", {
    "aria-label": t("lang.label"),
    onchange: () => setLang(select.value as Lang),
  });
  for (const [code, { name }] of Object.entries(LANGUAGES))
    select.append(el("option", { value: code, selected: code === lang() }, name));
  const mute = el("button", { class: "btn small", "data-action": "sound" });
  const showSound = () => {
    clear(mute);
    mute.append(icon(isMuted() ? "soundOff" : "soundOn"));
    const label = isMuted() ? t("sound.unmute") : t("sound.mute");
    mute.title = label;
    mute.setAttribute("aria-label", label);
    mute.setAttribute("aria-pressed", String(isMuted()));
  };
  mute.addEventListener("click", () => {
    setMuted(!isMuted());
    showSound();
  });
  showSound();
  return el(
    "nav",
    { class: "top" },
    el(
      "a",
      {
        href: "/",
        class: "brand",
        onclick: (e: Event) => {
          e.preventDefault();
          void goHome();
        },
      },
      t("app.title"),
    ),
    tools,
    el("span", { class: "spacer" }),
    mute,
    select,
  );
}

function render(node: HTMLElement, tools: HTMLElement | null = null): void {
  clear(root);
  root.append(chrome(tools), node);
  mountAnnouncer(root);
}

async function goHome(): Promise<void> {
  if (connection) await connection.leave();
  connection = null;
  table?.hide();
  table = null;
  closeArchive();
  history.pushState(null, "", "/");
  showLobby();
}

function closeArchive(): void {
  archive?.screen.hide();
  archive = null;
}

function showLobby(): Lobby {
  lobby?.hide();
  lobby = new Lobby({
    create: (options) => void openTable((c) => c.create({ ...options, name: nameOrDefault() })),
    join: (tableId, options) =>
      void openTable((c) => c.join(tableId, { ...options, name: nameOrDefault() })),
    quickPlay: (game, format) => void quickPlay(game, format),
    openGame: (id) => {
      history.pushState(null, "", `/g/${id}`);
      void openArchive(id);
    },
  });
  render(lobby.element);
  lobby.show();
  return lobby;
}

function quickPlay(game: GameId, format: Format): Promise<void> {
  return openTable(async (c) => {
    const res = await fetch("/api/quickplay", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ game, format }),
    });
    const body = (await res.json()) as { roomId?: string; code?: string; message?: string };
    // The code first, as the matchmaker's refusals put it (the lobby shows its translation).
    if (!body.roomId) throw new Error(`${body.code ?? "quickplay/failed"}: ${body.message ?? ""}`);
    return c.join(body.roomId, { seat: "any", name: nameOrDefault() });
  });
}

function nameOrDefault(): string {
  return displayName() || "Player";
}

async function openTable(connect: (c: TableConnection) => Promise<unknown>): Promise<void> {
  lobby?.hide();
  lobby = null;
  render(el("p", { class: "opening" }, t("table.opening")));
  let c: TableConnection | null = null;
  try {
    // The connection first: joining takes round trips to the server, during which the board's
    // code (the larger part) arrives and starts the renderer.
    const { TableConnection } = await loadNet();
    const tableCode = loadTable();
    // Connection events go to whichever table screen is showing (a language change rebuilds it).
    c = new TableConnection({
      joined: (tableId) => {
        if (window.location.pathname !== `/t/${tableId}`)
          history.pushState(null, "", `/t/${tableId}`);
      },
      state: (s) => table?.onState(s),
      status: (notice) => table?.onStatus(notice),
      welcome: (w) => table?.onWelcome(w),
      error: (e) => table?.onError(e),
      hint: (m) => table?.onHint(m),
      paused: (code) => table?.onPaused(code),
    });
    connection = c;
    const connecting = connect(c);
    connecting.catch(() => undefined);
    const code = await tableCode;
    if (connection !== c) return;
    boardOf(code);
    const screen = newTableScreen(code.TableScreen, c);
    table = screen;
    render(screen.element, screen.tools);
    if (c.state) screen.onState(c.state);
    // The renderer starts while the connection is made: both take a moment.
    await Promise.all([screen.show(), connecting]);
  } catch (e) {
    if (c && connection !== c) return;
    table?.hide();
    table = null;
    connection = null;
    const shown = showLobby();
    const message = e instanceof Error ? e.message : String(e);
    // A table that refused the join names its reason's code first (`table/full: …`).
    const code = /^([a-z]+\/[a-z-]+):/.exec(message)?.[1];
    const failed = t("lobby.failed", { reason: message });
    shown.say(
      /not found/i.test(message)
        ? t("lobby.noSuchTable", { code: window.location.pathname.slice(3) || "" })
        : code
          ? tOr(`error.${code}`, failed)
          : failed,
    );
    if (window.location.pathname !== "/") history.replaceState(null, "", "/");
  }
}

function newTableScreen(Screen: typeof TableScreen, c: TableConnection): TableScreen {
  return new Screen(board!, c, {
    exit: () => void goHome(),
    newGame: (state) => void newGame(state),
  });
}

/** Another game like the one just left: against the computer again, or quick play. */
async function newGame(s: TableView): Promise<void> {
  table?.hide();
  table = null;
  connection = null;
  const format = s.rules.format;
  if (s.mode === "computer") {
    const rules = {
      cpuLevel: s.rules.cpuLevel,
      turnTimer: s.rules.turnTimer,
      hints: s.rules.hints,
    };
    await openTable((c) =>
      c.create({ game: s.game, format, mode: "computer", rules, name: nameOrDefault() }),
    );
  } else await quickPlay(s.game, format);
}

/** A finished game from the archive, reviewed on the board; a friendly page when it is not there. */
async function openArchive(id: string): Promise<void> {
  lobby?.hide();
  lobby = null;
  closeArchive();
  render(el("p", { class: "opening" }, t("archive.opening")));
  // The game's download and the board's code at once.
  const code = loadTable();
  code.catch(() => undefined);
  const answer = await fetchArchivedGame(id);
  if (window.location.pathname !== `/g/${id}`) return;
  if (!answer.ok) {
    showArchiveProblem(id, answer.missing, answer.reason);
    return;
  }
  try {
    showArchive(await code, answer.game);
  } catch (e) {
    showArchiveProblem(id, false, e instanceof Error ? e.message : String(e));
  }
}

function showArchive(code: BoardCode, game: PublishedGame): void {
  if (window.location.pathname !== `/g/${game.id}`) return;
  const host = boardOf(code);
  const mine = recentGames().find((g) => g.id === game.id)?.seats ?? [];
  const screen = new code.ArchiveScreen(host, game, mine, { exit: () => void goHome() });
  archive = { screen, game };
  render(screen.element, screen.tools);
  void screen.show();
}

function showArchiveProblem(id: string, missing: boolean, reason: string): void {
  render(
    el(
      "div",
      { class: "lobby archive-problem", "data-page": missing ? "missing" : "failed" },
      el("h1", {}, missing ? t("archive.missing") : t("archive.failed", { reason })),
      missing ? el("p", { class: "muted" }, t("archive.missingText")) : null,
      el(
        "div",
        { class: "row wrap" },
        missing
          ? null
          : el(
              "button",
              { class: "btn", "data-action": "retry", onclick: () => void openArchive(id) },
              t("archive.retry"),
            ),
        el(
          "button",
          { class: "btn primary", "data-action": "lobby", onclick: () => void goHome() },
          t("nav.lobby"),
        ),
      ),
    ),
  );
}

function route(): void {
  const path = window.location.pathname;
  const tableLink = /^\/t\/([A-Za-z0-9_-]{4,16})$/.exec(path);
  const gameLink = /^\/g\/([^/]{1,64})$/.exec(path);
  if (tableLink)
    void openTable((c) => c.join(tableLink[1]!, { seat: "any", name: nameOrDefault() }));
  else if (gameLink) void openArchive(gameLink[1]!);
  else showLobby();
}

window.addEventListener("popstate", () => {
  if (connection) void goHome();
  else {
    closeArchive();
    route();
  }
});
window.addEventListener("keydown", (e) => {
  table?.handleKey(e);
  archive?.screen.handleKey(e);
});
onLangChange(() => {
  // Rebuild the current screen in the new language; a table keeps its connection.
  if (table && connection?.state) {
    const c = connection;
    const old = table;
    old.hide();
    const screen = newTableScreen(old.constructor as typeof TableScreen, c);
    table = screen;
    render(screen.element, screen.tools);
    void screen.show().then(() => {
      if (c.state) screen.onState(c.state);
    });
  } else if (archive) {
    const { game } = archive;
    closeArchive();
    void loadTable().then((code) => showArchive(code, game));
  } else if (window.location.pathname.startsWith("/g/")) route();
  else showLobby();
});
route();
