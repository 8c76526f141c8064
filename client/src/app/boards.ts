/**
 * The pages that show the board: a table (its connection, its screen, a new game after it) and a
 * finished game from the archive. A chunk of its own, fetched when one of them opens, with the
 * board's code and the table's words: the lobby's first download does not carry it.
 */
import type { Format, GameId } from "../../../shared/games/catalog";
import { clockOf, presetOf } from "../../../shared/match/clocks";
import type { ClockRule } from "../../../shared/match/rules";
import type { PublishedGame } from "../../../shared/protocol/archive";
import type { TableView } from "../../../shared/protocol/views";
import type { BoardRenderer } from "../board/renderer";
import { recentGame, rememberGame } from "../device/games";
import { ensurePlayer } from "../device/player";
import { errorText, t, tableTexts } from "../i18n";
import { fetchArchivedGame } from "../net/archive";
import type { TableConnection } from "../net/connection";
import { quickPlayTable } from "../net/lobby";
import type { ArchiveScreen } from "../screens/archive/archive";
import { archiveProblem } from "../screens/archive/problem";
import type { Lobby } from "../screens/lobby/lobby";
import type { TableScreen } from "../screens/table/table";
import { el } from "../ui/dom";
import type { PageFrame } from "./frame";

/**
 * The lazily loaded part of the client: the board and the screens that show it, with the
 * table's words in the reader's language.
 */
export const loadBoardPage = () =>
  Promise.all([import("../table-entry"), tableTexts()]).then(([page]) => page);
type BoardPage = Awaited<ReturnType<typeof loadBoardPage>>;
/** The connection to a table; its refusals are among the table's words. */
const loadNet = () => Promise.all([import("../net/connection"), tableTexts()]).then(([net]) => net);

/** What the board's pages need of the navigation. */
export interface BoardHost {
  readonly frame: PageFrame;
  /** The lobby goes (a table or a game takes the page). */
  hideLobby(): void;
  /** Shows the lobby (a table could not be opened). */
  showLobby(): Lobby;
  /** Back to the lobby, leaving what is open. */
  home(): void;
  /** The display name to sit under. */
  name(): string;
}

export class BoardPages {
  private board: BoardRenderer | null = null;
  private table: TableScreen | null = null;
  private connection: TableConnection | null = null;
  private archive: { screen: ArchiveScreen; game: PublishedGame } | null = null;

  constructor(private readonly host: BoardHost) {}

  private get frame(): PageFrame {
    return this.host.frame;
  }

  /** Whether a table's connection is open. */
  get connected(): boolean {
    return this.connection !== null;
  }

  handleKey(e: KeyboardEvent): void {
    this.table?.handleKey(e);
    this.archive?.screen.handleKey(e);
  }

  /**
   * Rebuilds the table or the game shown in the new language (a table keeps its connection);
   * false when neither shows.
   */
  relanguage(): boolean {
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
      return true;
    }
    if (archive) {
      const { game } = archive;
      this.closeArchive();
      void loadBoardPage().then((page) => this.showArchive(page, game));
      return true;
    }
    return this.connection !== null;
  }

  /** Leaves the table (its connection) and the game shown. */
  async leave(): Promise<void> {
    if (this.connection) await this.connection.leave();
    this.connection = null;
    this.table?.hide();
    this.table = null;
    this.closeArchive();
  }

  private boardOf(page: BoardPage): BoardRenderer {
    this.board ??= page.createBoard({
      table: () => this.table,
      archive: () => this.archive?.screen ?? null,
    });
    return this.board;
  }

  closeArchive(): void {
    this.archive?.screen.hide();
    this.archive = null;
  }

  /** A seat at a quick-play table; a rated one needs this device's player, made now if need be. */
  quickPlay(game: GameId, format: Format, clock: ClockRule | null, rated = false): Promise<void> {
    return this.openTable(async (c) => {
      const name = this.host.name();
      if (rated && !(await ensurePlayer(name))) throw new Error("rated/key: no player");
      return c.join(await quickPlayTable(game, format, clock, rated), { seat: "any", name });
    });
  }

  /** Opens a table through `connect`; `tableId` is the code asked for, if one was. */
  async openTable(
    connect: (c: TableConnection) => Promise<unknown>,
    tableId?: string,
  ): Promise<void> {
    this.host.hideLobby();
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
      this.host.showLobby().say(joinFailure(e, tableId));
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
        exit: () => this.host.home(),
        newGame: (state) => void this.newGame(state),
        casual: (state) => void this.quickAgain(state, false),
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
        c.create({ game: s.game, format, mode: "computer", rules, name: this.host.name() }),
      );
    } else await this.quickAgain(s, s.rules.rated);
  }

  /**
   * Quick play again after the table `s` (already left), rated or casual: in the same pool when
   * its clock was one of the pool's common controls.
   */
  private async quickAgain(s: TableView, rated: boolean): Promise<void> {
    this.table?.hide();
    this.table = null;
    this.connection = null;
    const clock = presetOf(s.game, clockOf(s.rules.clock))?.clock ?? null;
    await this.quickPlay(s.game, s.rules.format, clock, rated);
  }

  /** A finished game from the archive, reviewed on the board; a friendly page when it is not there. */
  async openArchive(id: string): Promise<void> {
    this.host.hideLobby();
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
    const screen = new page.ArchiveScreen(board, game, mine, { exit: () => this.host.home() });
    this.archive = { screen, game };
    this.frame.show(screen.element, screen.tools);
    void screen.show();
  }

  showArchiveProblem(id: string, missing: boolean, reason: string): void {
    this.frame.show(
      archiveProblem(
        missing,
        reason,
        { retry: () => void this.openArchive(id), lobby: () => this.host.home() },
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
