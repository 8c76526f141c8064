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
import type { Session } from "./net/session";
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
let session: Session | null = null;
const loadTable = () => import("./table-entry");
const loadNet = () => import("./net/session");

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
  if (session) await session.leave();
  session = null;
  table?.hide();
  table = null;
  history.pushState(null, "", "/");
  showLobby();
}

function showLobby(): Lobby {
  lobby?.hide();
  lobby = new Lobby({
    create: (options) => void openTable((s) => s.create({ ...options, name: nameOrDefault() })),
    join: (roomId, options) =>
      void openTable((s) => s.join(roomId, { ...options, name: nameOrDefault() })),
    quickPlay: (game, format) => void quickPlay(game, format),
  });
  render(lobby.element);
  lobby.show();
  return lobby;
}

function quickPlay(game: GameId, format: Format): Promise<void> {
  return openTable(async (s) => {
    const res = await fetch("/api/quickplay", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ game, format }),
    });
    const body = (await res.json()) as { roomId?: string; message?: string };
    if (!body.roomId) throw new Error(body.message ?? "quick play failed");
    return s.join(body.roomId, { seat: "any", name: nameOrDefault() });
  });
}

function nameOrDefault(): string {
  return displayName() || "Player";
}

async function openTable(connect: (s: Session) => Promise<unknown>): Promise<void> {
  lobby?.hide();
  lobby = null;
  render(el("p", { class: "opening" }, t("table.opening")));
  let s: Session | null = null;
  try {
    // The connection first: joining takes round trips to the server, during which the board's
    // code (the larger part) arrives and starts the renderer.
    const { Session } = await loadNet();
    const tableCode = loadTable();
    // Session events go to whichever table screen is showing (a language change rebuilds it).
    s = new Session({
      room: (room) => {
        if (window.location.pathname !== `/t/${room.roomId}`)
          history.pushState(null, "", `/t/${room.roomId}`);
        table?.attach(room);
      },
      status: (status, attempt) => table?.onStatus(status, attempt),
      welcome: (w) => table?.onWelcome(w),
      error: (e) => table?.onError(e),
      hint: (m) => table?.onHint(m),
    });
    session = s;
    const connecting = connect(s);
    connecting.catch(() => undefined);
    const code = await tableCode;
    if (session !== s) return;
    board ??= code.createBoard(() => table);
    const screen = newTableScreen(code.TableScreen, s);
    table = screen;
    render(screen.element, screen.tools);
    if (s.room) screen.attach(s.room);
    // The renderer starts while the connection is made: both take a moment.
    await Promise.all([screen.show(), connecting]);
  } catch (e) {
    if (s && session !== s) return;
    table?.hide();
    table = null;
    session = null;
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

function newTableScreen(Screen: typeof TableScreen, s: Session): TableScreen {
  return new Screen(board!, s, {
    exit: () => void goHome(),
    newGame: (state) => void newGame(state),
  });
}

/** Another game like the one just left: against the computer again, or quick play. */
async function newGame(s: TableView): Promise<void> {
  table?.hide();
  table = null;
  session = null;
  const format = s.rules.format === "individual" ? "individual" : "teams";
  if (s.mode === "computer") {
    const rules = {
      cpuLevel: s.rules.cpuLevel,
      turnTimer: s.rules.turnTimer,
      hints: s.rules.hints,
    };
    await openTable((x) =>
      x.create({ game: s.game, format, mode: "computer", rules, name: nameOrDefault() }),
    );
  } else await quickPlay(s.game as GameId, format);
}

function route(): void {
  const m = /^\/t\/([A-Za-z0-9_-]{4,16})$/.exec(window.location.pathname);
  if (m) void openTable((s) => s.join(m[1]!, { seat: "any", name: nameOrDefault() }));
  else showLobby();
}

window.addEventListener("popstate", () => {
  if (session) void goHome();
  else route();
});
window.addEventListener("keydown", (e) => table?.handleKey(e));
onLangChange(() => {
  // Rebuild the current screen in the new language; a table keeps its connection.
  if (table && session?.room) {
    const room = session.room;
    const old = table;
    old.hide();
    const screen = newTableScreen(old.constructor as typeof TableScreen, session);
    table = screen;
    render(screen.element, screen.tools);
    void screen.show().then(() => screen.attach(room));
  } else showLobby();
});
route();
