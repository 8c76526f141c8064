/**
 * The client's entry: the lobby at `/`, a table at `/t/<id>`. One board (a Pixi renderer)
 * and one connection at a time; the table screen is rebuilt for each table. The lobby loads
 * alone; the network client and then the board with its renderer and rules load when a table
 * opens, so that the connection is under way while the board's code arrives.
 */
import "./style.css";
import type { Format, GameId } from "../../shared/games/catalog";
import type { TableView } from "../../shared/protocol/views";
import type { BoardHost } from "./board/host";
import { initLang, LANGUAGES, type Lang, lang, onLangChange, setLang, t } from "./i18n";
import type { TableConnection } from "./net/connection";
import { displayName, Lobby } from "./screens/lobby";
import type { TableScreen } from "./screens/table";
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
const loadTable = () => import("./table-entry");
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
  history.pushState(null, "", "/");
  showLobby();
}

function showLobby(): Lobby {
  lobby?.hide();
  lobby = new Lobby({
    create: (options) => void openTable((c) => c.create({ ...options, name: nameOrDefault() })),
    join: (tableId, options) =>
      void openTable((c) => c.join(tableId, { ...options, name: nameOrDefault() })),
    quickPlay: (game, format) => void quickPlay(game, format),
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
    const body = (await res.json()) as { roomId?: string; message?: string };
    if (!body.roomId) throw new Error(body.message ?? "quick play failed");
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
    });
    connection = c;
    const connecting = connect(c);
    connecting.catch(() => undefined);
    const code = await tableCode;
    if (connection !== c) return;
    board ??= code.createBoard(() => table);
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
    shown.say(
      /not found/i.test(message)
        ? t("lobby.noSuchTable", { code: window.location.pathname.slice(3) || "" })
        : t("lobby.failed", { reason: message }),
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

function route(): void {
  const m = /^\/t\/([A-Za-z0-9_-]{4,16})$/.exec(window.location.pathname);
  if (m) void openTable((c) => c.join(m[1]!, { seat: "any", name: nameOrDefault() }));
  else showLobby();
}

window.addEventListener("popstate", () => {
  if (connection) void goHome();
  else route();
});
window.addEventListener("keydown", (e) => table?.handleKey(e));
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
  } else showLobby();
});
route();
