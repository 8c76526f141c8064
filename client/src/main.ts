/**
 * The client's entry: the lobby at `/`, a table at `/t/<id>`. One board (a Pixi application)
 * and one connection at a time; the table screen is rebuilt for each table.
 */
import "./style.css";
import { BoardHost } from "./board/host";
import { initLang, LANGUAGES, type Lang, lang, onLangChange, setLang, t } from "./i18n";
import { Session } from "./net/session";
import { displayName, Lobby } from "./screens/lobby";
import { TableScreen } from "./screens/table";
import { mountAnnouncer } from "./ui/announce";
import { isMuted, setMuted } from "./ui/audio";
import { clear, el } from "./ui/dom";

initLang();
const root = document.querySelector<HTMLElement>("#app")!;
const board = new BoardHost();
let lobby: Lobby | null = null;
let table: TableScreen | null = null;
let session: Session | null = null;
const firstBoard = { at: 0 };

/** Hooks for browser tests and tools: where a square is on screen, what the table shows. */
const hooks = {
  square(name: string): { x: number; y: number } | null {
    const p = board.view.squareOnCanvas(name);
    if (!p) return null;
    const rect = board.app.canvas.getBoundingClientRect();
    return { x: rect.left + p.x, y: rect.top + p.y };
  },
  get firstBoardAt(): number {
    return firstBoard.at;
  },
  get animating(): boolean {
    return board.view.animating;
  },
  /** What the current table shows: position, moves, phase and this client's seats. */
  table(): ReturnType<TableScreen["snapshot"]> {
    return table?.snapshot() ?? null;
  },
};
(window as unknown as { crossboard: typeof hooks }).crossboard = hooks;
board.onFirstBoard = () => {
  firstBoard.at = performance.now();
  performance.mark("board-drawn");
};

function chrome(): HTMLElement {
  const select = el("select", {
    "aria-label": t("lang.label"),
    onchange: () => setLang(select.value as Lang),
  });
  for (const [code, { name }] of Object.entries(LANGUAGES))
    select.append(el("option", { value: code, selected: code === lang() }, name));
  const mute = el(
    "button",
    {
      class: "btn small",
      "aria-pressed": String(isMuted()),
      onclick: () => {
        setMuted(!isMuted());
        mute.textContent = isMuted() ? "🔇" : "🔊";
        mute.title = isMuted() ? t("sound.unmute") : t("sound.mute");
        mute.setAttribute("aria-pressed", String(isMuted()));
      },
      title: isMuted() ? t("sound.unmute") : t("sound.mute"),
    },
    isMuted() ? "🔇" : "🔊",
  );
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
    el("span", { class: "spacer" }),
    mute,
    select,
  );
}

function render(node: HTMLElement): void {
  clear(root);
  root.append(chrome(), node);
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

function showLobby(): void {
  lobby?.hide();
  lobby = new Lobby({
    create: (options) => void openTable((s) => s.create({ ...options, name: nameOrDefault() })),
    join: (roomId, options) =>
      void openTable((s) => s.join(roomId, { ...options, name: nameOrDefault() })),
    quickPlay: (game, format) =>
      void openTable(async (s) => {
        const res = await fetch("/api/quickplay", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ game, format }),
        });
        const body = (await res.json()) as { roomId?: string; message?: string };
        if (!body.roomId) throw new Error(body.message ?? "quick play failed");
        return s.join(body.roomId, { seat: "any", name: nameOrDefault() });
      }),
  });
  render(lobby.element);
  lobby.show();
}

function nameOrDefault(): string {
  return displayName() || "Player";
}

async function openTable(connect: (s: Session) => Promise<unknown>): Promise<void> {
  lobby?.hide();
  // Session events go to whichever table screen is showing (a language change rebuilds it).
  const s = new Session({
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
  const screen = new TableScreen(board, s, () => void goHome());
  session = s;
  table = screen;
  render(screen.element);
  try {
    // Start the renderer and the connection together: both take a moment.
    await Promise.all([screen.show(), connect(s)]);
  } catch (e) {
    screen.hide();
    table = null;
    session = null;
    showLobby();
    const message = e instanceof Error ? e.message : String(e);
    lobby?.say(
      /not found/i.test(message)
        ? t("lobby.noSuchTable", { code: window.location.pathname.slice(3) || "" })
        : t("lobby.failed", { reason: message }),
    );
    if (window.location.pathname !== "/") history.replaceState(null, "", "/");
  }
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
    const screen = new TableScreen(board, session, () => void goHome());
    table = screen;
    render(screen.element);
    void screen.show().then(() => screen.attach(room));
  } else showLobby();
});
route();
