/**
 * Moving between the screens: the lobby at `/`, a table at `/t/<code>` (opened cold from a
 * link, it first asks the name to sit under), a finished game from the archive at `/g/<id>`. One board (a Pixi renderer) and one connection at a time; the table
 * screen is rebuilt for each table. The lobby loads alone; the network client and then the board
 * with its renderer and rules load when a table or an archived game opens, so that the
 * connection (or the game's download) is under way while the board's code arrives.
 */
import type { Format, GameId } from "../../../shared/games/catalog";
import { clockOf, presetOf } from "../../../shared/match/clocks";
import type { ClockRule } from "../../../shared/match/rules";
import type { PublishedGame } from "../../../shared/protocol/archive";
import { normaliseCode } from "../../../shared/protocol/codes";
import type { TableView } from "../../../shared/protocol/views";
import type { BoardRenderer } from "../board/renderer";
import { recentGame, rememberGame } from "../device/games";
import { recallTable } from "../device/tables";
import { errorText, learnTexts, t, tableTexts } from "../i18n";
import type { LearnAddress, LearnPage } from "../learn-entry";
import { fetchArchivedGame } from "../net/archive";
import type { TableConnection } from "../net/connection";
import { quickPlayTable } from "../net/lobby";
import type { ArchiveScreen } from "../screens/archive/archive";
import { archiveProblem } from "../screens/archive/problem";
import { displayName, Lobby } from "../screens/lobby/lobby";
import type { TableScreen } from "../screens/table/table";
import { el } from "../ui/dom";
import type { PageFrame } from "./frame";

/**
 * The lazily loaded part of the client: the board and the screens that show it, with the
 * table's words in the reader's language.
 */
const loadBoardPage = () =>
  Promise.all([import("../table-entry"), tableTexts()]).then(([page]) => page);
type BoardPage = Awaited<ReturnType<typeof loadBoardPage>>;
/** The connection to a table; its refusals are among the table's words. */
const loadNet = () => Promise.all([import("../net/connection"), tableTexts()]).then(([net]) => net);

/** The rules pages and lessons, with their words, when one opens. */
const loadLearn = () =>
  Promise.all([import("../learn-entry"), learnTexts()]).then(([entry]) => entry);

/** What a learning address names: `/rules/<game>`, `/learn/<game>`, `/learn/<game>/<stage>`. */
export function learnAddress(path: string): LearnAddress | null {
  const m = /^\/(rules|learn)\/(xiangqi|fourchess)(?:\/([a-z0-9-]{1,40}))?\/?$/.exec(path);
  if (!m) return null;
  const game = m[2] as GameId;
  if (m[1] === "rules") return m[3] ? null : { page: "rules", game };
  return m[3] ? { page: "lesson", game, stage: m[3] } : { page: "lessons", game };
}

/**
 * The address the page was opened at, when the server answered it "not found" (status 404, with
 * its mark in the page: server/http/pages.ts): nothing is there, not even the table or game a
 * link names.
 */
const missingAtStart =
  typeof document !== "undefined" && document.querySelector('meta[name="status"][content="404"]')
    ? window.location.pathname
    : null;

function nameOrDefault(): string {
  return displayName() || t("name.default");
}

export class Navigation {
  private board: BoardRenderer | null = null;
  private lobby: Lobby | null = null;
  private table: TableScreen | null = null;
  private connection: TableConnection | null = null;
  private archive: { screen: ArchiveScreen; game: PublishedGame } | null = null;
  private learn: { page: LearnPage | null; unhook: () => void } | null = null;

  constructor(private readonly frame: PageFrame) {}

  /** Shows the page the address names. */
  route(): void {
    const path = window.location.pathname;
    const missing = path === missingAtStart;
    const tableLink = /^\/t\/([A-Za-z0-9_-]{4,16})$/.exec(path);
    const gameLink = /^\/g\/([^/]{1,64})$/.exec(path);
    const code = tableLink ? (normaliseCode(tableLink[1]!) ?? tableLink[1]!) : null;
    const learning = learnAddress(path);
    this.closeLearn();
    if (learning && !missing) void this.openLearn(learning);
    else if (code && !missing) this.openLink(code);
    else if (gameLink && !missing) void this.openArchive(gameLink[1]!);
    else if (gameLink) this.showArchiveProblem(gameLink[1]!, true, "");
    else if (path === "/" || path === "/index.html") this.showLobby();
    else this.showNotFound(code);
  }

  /** Opens another page of the client at `path`, as a link does. */
  go(path: string): void {
    if (path === window.location.pathname) return;
    history.pushState(null, "", path);
    this.route();
    window.scrollTo(0, 0);
  }

  /** A game's rules, its lessons or one of them. */
  private async openLearn(at: LearnAddress): Promise<void> {
    this.lobby?.hide();
    this.lobby = null;
    this.closeArchive();
    const path = window.location.pathname;
    this.frame.show(el("p", { class: "opening" }, t("learn.opening")));
    let entry: Awaited<ReturnType<typeof loadLearn>>;
    try {
      entry = await loadLearn();
    } catch {
      if (window.location.pathname === path)
        this.frame.show(el("p", { class: "opening" }, t("learn.failed")));
      return;
    }
    if (window.location.pathname !== path) return;
    const shown = entry.learnPage(at, {
      lobby: () => void this.goHome(),
      open: (to) => this.go(to),
    });
    const page = shown instanceof HTMLElement ? null : shown;
    this.closeLearn();
    this.learn = { page, unhook: entry.installLearnHooks(() => this.learn?.page ?? null) };
    this.frame.show(page ? page.element : (shown as HTMLElement));
    await page?.show();
  }

  private closeLearn(): void {
    this.learn?.page?.hide();
    this.learn?.unhook();
    this.learn = null;
  }

  /** Nothing is at this address (`code`: the table code it names, if it names one). */
  private showNotFound(code: string | null): void {
    this.lobby?.hide();
    this.lobby = null;
    this.closeArchive();
    // A page rarely seen: its code and words load with it, not with the lobby.
    const path = window.location.pathname;
    void Promise.all([import("./notFound"), tableTexts()]).then(
      ([{ notFoundPage }]) => {
        if (window.location.pathname === path)
          this.frame.show(notFoundPage(code, () => void this.goHome()));
      },
      () => {
        if (window.location.pathname === path) this.showLobby();
      },
    );
  }

  /**
   * A table's link: a device that was at this table goes straight back (to its seat, if it has
   * one); any other is first asked the name to sit under.
   */
  private openLink(tableId: string): void {
    const join = (name: string) =>
      void this.openTable((c) => c.join(tableId, { seat: "any", name }), tableId);
    if (recallTable(tableId)) join(nameOrDefault());
    else {
      this.lobby?.hide();
      this.lobby = null;
      // The prompt's code and words load with the link, not with the lobby; the table's meanwhile.
      const path = window.location.pathname;
      void loadBoardPage().catch(() => undefined);
      void Promise.all([import("./namePrompt"), tableTexts()]).then(
        ([{ namePrompt }]) => {
          if (window.location.pathname === path) this.frame.show(namePrompt(join));
        },
        () => join(nameOrDefault()),
      );
    }
  }

  /** The browser's back or forward: a table is left for the lobby. */
  back(): void {
    if (this.connection) void this.goHome();
    else {
      this.closeArchive();
      this.route();
    }
  }

  handleKey(e: KeyboardEvent): void {
    this.table?.handleKey(e);
    this.archive?.screen.handleKey(e);
  }

  /** Rebuilds the current screen in the new language; a table keeps its connection. */
  relanguage(): void {
    const { table, archive } = this;
    if (table && this.connection?.state) {
      const c = this.connection;
      table.hide();
      const screen = this.newTableScreen(table.constructor as typeof TableScreen, c, table.talk);
      this.table = screen;
      this.frame.show(screen.element, screen.tools);
      void screen.show().then(() => {
        if (c.state) screen.onState(c.state);
      });
    } else if (archive) {
      const { game } = archive;
      this.closeArchive();
      void loadBoardPage().then((page) => this.showArchive(page, game));
    } else if (!this.connection) this.route();
  }

  async goHome(): Promise<void> {
    if (this.connection) await this.connection.leave();
    this.connection = null;
    this.table?.hide();
    this.table = null;
    this.closeArchive();
    this.closeLearn();
    history.pushState(null, "", "/");
    this.showLobby();
  }

  private boardOf(page: BoardPage): BoardRenderer {
    this.board ??= page.createBoard({
      table: () => this.table,
      archive: () => this.archive?.screen ?? null,
    });
    return this.board;
  }

  private closeArchive(): void {
    this.archive?.screen.hide();
    this.archive = null;
  }

  private showLobby(): Lobby {
    this.lobby?.hide();
    this.closeLearn();
    const lobby = new Lobby({
      create: (options) =>
        void this.openTable((c) => c.create({ ...options, name: nameOrDefault() })),
      join: (tableId, options) =>
        void this.openTable((c) => c.join(tableId, { ...options, name: nameOrDefault() }), tableId),
      quickPlay: (game, format, clock) => void this.quickPlay(game, format, clock),
      open: (path) => this.go(path),
    });
    this.lobby = lobby;
    this.frame.show(lobby.element);
    lobby.show();
    return lobby;
  }

  private quickPlay(game: GameId, format: Format, clock: ClockRule | null): Promise<void> {
    return this.openTable(async (c) =>
      c.join(await quickPlayTable(game, format, clock), { seat: "any", name: nameOrDefault() }),
    );
  }

  /** Opens a table through `connect`; `tableId` is the code asked for, if one was. */
  private async openTable(
    connect: (c: TableConnection) => Promise<unknown>,
    tableId?: string,
  ): Promise<void> {
    this.lobby?.hide();
    this.lobby = null;
    this.frame.show(el("p", { class: "opening" }, t("table.opening")));
    let c: TableConnection | null = null;
    try {
      // The connection first: joining takes round trips to the server, during which the board's
      // code (the larger part) arrives and starts the renderer.
      const { TableConnection } = await loadNet();
      const boardPage = loadBoardPage();
      // Connection events go to whichever table screen is showing (a language change rebuilds it).
      c = new TableConnection({
        joined: (tableId) => {
          if (window.location.pathname !== `/t/${tableId}`)
            history.pushState(null, "", `/t/${tableId}`);
        },
        state: (s) => this.table?.onState(s),
        status: (notice) => this.table?.onStatus(notice),
        welcome: (w) => this.table?.onWelcome(w),
        error: (e) => this.table?.onError(e),
        hint: (m) => this.table?.onHint(m),
        paused: (error) => this.table?.onPaused(error),
        said: (m) => this.table?.onSaid(m),
        premove: (m) => this.table?.onPremove(m),
        time: (offset) => this.table?.onTime(offset),
      });
      this.connection = c;
      const connecting = connect(c);
      connecting.catch(() => undefined);
      const page = await boardPage;
      if (this.connection !== c) return;
      this.boardOf(page);
      const screen = this.newTableScreen(page.TableScreen, c);
      this.table = screen;
      this.frame.show(screen.element, screen.tools);
      if (c.state) screen.onState(c.state);
      // The renderer starts while the connection is made: both take a moment.
      await Promise.all([screen.show(), connecting]);
    } catch (e) {
      if (c && this.connection !== c) return;
      this.table?.hide();
      this.table = null;
      this.connection = null;
      this.showLobby().say(joinFailure(e, tableId));
      if (window.location.pathname !== "/") history.replaceState(null, "", "/");
    }
  }

  private newTableScreen(
    Screen: typeof TableScreen,
    c: TableConnection,
    talk?: TableScreen["talk"],
  ): TableScreen {
    return new Screen(
      this.board!,
      c,
      {
        exit: () => void this.goHome(),
        newGame: (state) => void this.newGame(state),
      },
      talk,
    );
  }

  /** Another game like the one just left: against the computer again, or quick play. */
  private async newGame(s: TableView): Promise<void> {
    this.table?.hide();
    this.table = null;
    this.connection = null;
    const format = s.rules.format;
    const clock = clockOf(s.rules.clock);
    if (s.mode === "computer") {
      const rules = {
        cpuLevel: s.rules.cpuLevel,
        ...(clock ? { clock } : { turnTimer: s.rules.turnTimer }),
        hints: s.rules.hints,
      };
      await this.openTable((c) =>
        c.create({ game: s.game, format, mode: "computer", rules, name: nameOrDefault() }),
      );
      // Quick play again, in the same pool when the clock was one of its common controls.
    } else await this.quickPlay(s.game, format, presetOf(s.game, clock)?.clock ?? null);
  }

  /** A finished game from the archive, reviewed on the board; a friendly page when it is not there. */
  private async openArchive(id: string): Promise<void> {
    this.lobby?.hide();
    this.lobby = null;
    this.closeArchive();
    this.frame.show(el("p", { class: "opening" }, t("archive.opening")));
    // The game's download and the board's code at once.
    const boardPage = loadBoardPage();
    boardPage.catch(() => undefined);
    const answer = await fetchArchivedGame(id);
    if (window.location.pathname !== `/g/${id}`) return;
    if (!answer.ok) {
      this.showArchiveProblem(id, answer.missing, answer.reason);
      return;
    }
    try {
      this.showArchive(await boardPage, answer.game);
    } catch (e) {
      this.showArchiveProblem(id, false, e instanceof Error ? e.message : String(e));
    }
  }

  private showArchive(page: BoardPage, game: PublishedGame): void {
    if (window.location.pathname !== `/g/${game.id}`) return;
    const board = this.boardOf(page);
    const listed = recentGame(game.id);
    const mine = listed?.seats ?? [];
    // A game left while it was being played: its result now stands on the lobby's list.
    if (listed?.left)
      rememberGame({
        ...listed,
        finishedAt: game.finishedAt,
        message: game.result.message,
        left: false,
      });
    const screen = new page.ArchiveScreen(board, game, mine, { exit: () => void this.goHome() });
    this.archive = { screen, game };
    this.frame.show(screen.element, screen.tools);
    void screen.show();
  }

  private showArchiveProblem(id: string, missing: boolean, reason: string): void {
    this.frame.show(
      archiveProblem(
        missing,
        reason,
        { retry: () => void this.openArchive(id), lobby: () => void this.goHome() },
        recentGame(id)?.left === true,
      ),
    );
  }
}

/**
 * What the lobby says when a table could not be opened; `tableId` is the code asked for (the
 * server's "room "…" not found" names it too, for a table found by quick play).
 */
function joinFailure(e: unknown, tableId?: string): string {
  const message = e instanceof Error ? e.message : String(e);
  // A table that refused the join names its reason's code first (`table/full: …`).
  const error = /^([a-z]+\/[a-z-]+):/.exec(message)?.[1];
  const failed = t("lobby.failed", { reason: message });
  const missing = /"([^"]*)" not found/i.exec(message);
  const code = tableId ?? missing?.[1];
  if (/not found/i.test(message) && code) return t("lobby.noSuchTable", { code });
  return error ? errorText({ code: error, message: failed }) : failed;
}
