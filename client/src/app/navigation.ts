/**
 * Moving between the screens: the lobby at `/`, a table at `/t/<code>` (opened cold from a
 * link, it first asks the name to sit under), a finished game from the archive at `/g/<id>`, a
 * player's page at `/p/<id>`, the leaderboards at `/leaderboard/<pool>`, the privacy notice at
 * `/privacy`, the published feedback at `/feedback` and the operator's desk at `/feedback/desk`.
 * One board (a Pixi renderer) and one connection at a time; the table
 * screen is rebuilt for each table. The lobby loads alone; the network client and then the board
 * with its renderer and rules load when a table or an archived game opens, so that the
 * connection (or the game's download) is under way while the board's code arrives.
 */
import type { GameId } from "../../../shared/games/catalog";
import { normaliseCode } from "../../../shared/protocol/codes";
import { recallTable } from "../device/tables";
import { learnTexts, playerTexts, siteTexts, t, tableTexts } from "../i18n";
import type { LearnAddress, LearnPage } from "../learn-entry";
import type { TableConnection } from "../net/connection";
import { displayName, Lobby } from "../screens/lobby/lobby";
import { el } from "../ui/dom";
import type { BoardPages } from "./boards";
import { loadFeedback } from "./feedback";
import type { PageFrame } from "./frame";

/**
 * The pages that show the board (a table, an archived game), fetched when one opens; the
 * network client and the board's code are asked for at once, so that they arrive together.
 */
const loadBoards = () => {
  void import("../net/connection").catch(() => undefined);
  return import("./boards");
};

/** The rules pages and lessons, with their words, when one opens. */
const loadLearn = () =>
  Promise.all([import("../learn-entry"), learnTexts()]).then(([entry]) => entry);

/** The player pages and leaderboards, with their words, when one opens. */
const loadPlayerPages = () =>
  Promise.all([import("../player-entry"), playerTexts()]).then(([entry]) => entry);

/** The site's own pages (privacy), with their words, when one opens. */
const loadSite = () => Promise.all([import("../site-entry"), siteTexts()]).then(([entry]) => entry);

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
  private lobby: Lobby | null = null;
  /** The table and archive pages, once one has opened. */
  private boards: BoardPages | null = null;
  private learn: { page: LearnPage | null; unhook: () => void } | null = null;

  constructor(private readonly frame: PageFrame) {}

  /** The table and archive pages, fetched the first time one opens. */
  private async boardPages(): Promise<BoardPages> {
    const { BoardPages } = await loadBoards();
    this.boards ??= new BoardPages({
      frame: this.frame,
      hideLobby: () => {
        this.lobby?.hide();
        this.lobby = null;
      },
      showLobby: () => this.showLobby(),
      home: () => void this.goHome(),
      name: nameOrDefault,
    });
    return this.boards;
  }

  /** A table, opened through `connect` (`tableId`: the code asked for, if one was). */
  private openTable(connect: (c: TableConnection) => Promise<unknown>, tableId?: string): void {
    this.lobby?.hide();
    this.lobby = null;
    this.frame.show(el("p", { class: "opening" }, t("table.opening")));
    void this.boardPages().then(
      (b) => b.openTable(connect, tableId),
      (e) =>
        this.showLobby().say(
          t("lobby.failed", { reason: e instanceof Error ? e.message : String(e) }),
        ),
    );
  }

  /** A finished game from the archive. */
  private openArchive(id: string): void {
    void this.boardPages().then((b) => b.openArchive(id));
  }

  /** Shows the page the address names. */
  route(): void {
    const path = window.location.pathname;
    const missing = path === missingAtStart;
    const tableLink = /^\/t\/([A-Za-z0-9_-]{4,16})$/.exec(path);
    const gameLink = /^\/g\/([^/]{1,64})$/.exec(path);
    const code = tableLink ? (normaliseCode(tableLink[1]!) ?? tableLink[1]!) : null;
    const learning = learnAddress(path);
    const player = /^\/(p\/|leaderboard\b)/.test(path);
    const privacy = /^\/privacy\/?$/.test(path);
    const feedback = /^\/feedback(\/desk)?\/?$/.exec(path);
    this.closeLearn();
    // A player carried from another device (device/carry.ts `CARRY_PREFIX`).
    if (window.location.hash.startsWith("#player=")) void this.adopt();
    if (learning && !missing) void this.openLearn(learning);
    else if (player && !missing) void this.openPlayerPage();
    else if (privacy && !missing)
      void this.openLoaded(loadSite, (e) =>
        e.showPrivacy((page) => this.frame.show(page), { open: (to) => this.go(to) }),
      );
    else if (feedback && !missing) void this.openFeedback(feedback[1] !== undefined);
    else if (code && !missing) this.openLink(code);
    else if (gameLink && !missing) this.openArchive(gameLink[1]!);
    else if (gameLink)
      void this.boardPages().then((b) => b.showArchiveProblem(gameLink[1]!, true, ""));
    else if (path === "/" || path === "/index.html") this.showLobby();
    else this.showNotFound(code);
  }

  /**
   * Opens another page of the client at `path`, as a link does (leaving the table shown, if
   * any); the same page with a `#part` moves to that part.
   */
  go(path: string): void {
    const [at, part] = path.split("#");
    if (at === window.location.pathname) {
      if (part === undefined) return;
      history.pushState(null, "", path);
      document.getElementById(part)?.focus();
      return;
    }
    // From a table (the footer's links), as from the brand: the table is left first.
    if (this.boards?.connected) {
      void this.boards.leave().then(() => this.go(path));
      return;
    }
    history.pushState(null, "", path);
    this.route();
    window.scrollTo(0, 0);
  }

  /**
   * A link that carries a player from another device (`/#player=<key>`): this device becomes that
   * player if the server knows the key, which leaves the address at once either way.
   */
  private async adopt(): Promise<void> {
    const hash = window.location.hash;
    history.replaceState(null, "", window.location.pathname + window.location.search);
    const said = await loadPlayerPages().then((m) => m.adoptCarried(hash));
    (this.lobby ?? this.showLobby()).say(said.text, said.good);
  }

  /**
   * A page whose code (and words) `load` fetches as it opens: "Opening…" until they are here,
   * then `draw` if the address is still the page's; the lobby says so if they cannot be fetched.
   */
  private async openLoaded<T>(load: () => Promise<T>, draw: (entry: T) => unknown): Promise<void> {
    this.lobby?.hide();
    this.lobby = null;
    this.boards?.closeArchive();
    const path = window.location.pathname;
    this.frame.show(el("p", { class: "opening" }, t("learn.opening")));
    let entry: T;
    try {
      entry = await load();
    } catch (e) {
      if (window.location.pathname === path)
        this.showLobby().say(
          t("lobby.failed", { reason: e instanceof Error ? e.message : String(e) }),
        );
      return;
    }
    if (window.location.pathname === path) await draw(entry);
  }

  /** A player's page or a leaderboard (an address that names neither: not found). */
  private openPlayerPage(): Promise<void> {
    return this.openLoaded(loadPlayerPages, (entry) => {
      const page = entry.playerPageAt(window.location.pathname, { open: (to) => this.go(to) });
      if (page) this.frame.show(page);
      else this.showNotFound(null);
    });
  }

  /** The published feedback, or the operator's desk. */
  private openFeedback(desk: boolean): Promise<void> {
    return this.openLoaded(loadFeedback, (m) =>
      this.frame.show(desk ? m.deskPage() : m.feedbackPage({ open: (to) => this.go(to) })),
    );
  }

  /** A game's rules, its lessons or one of them. */
  private openLearn(at: LearnAddress): Promise<void> {
    return this.openLoaded(loadLearn, async (entry) => {
      const shown = entry.learnPage(at, {
        lobby: () => void this.goHome(),
        open: (to) => this.go(to),
      });
      const page = shown instanceof HTMLElement ? null : shown;
      this.closeLearn();
      this.learn = { page, unhook: entry.installLearnHooks(() => this.learn?.page ?? null) };
      this.frame.show(page ? page.element : (shown as HTMLElement));
      await page?.show();
    });
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
    this.boards?.closeArchive();
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
      this.openTable((c) => c.join(tableId, { seat: "any", name }), tableId);
    if (recallTable(tableId)) join(nameOrDefault());
    else {
      this.lobby?.hide();
      this.lobby = null;
      // The prompt's code and words load with the link, not with the lobby; the table's meanwhile.
      const path = window.location.pathname;
      void loadBoards()
        .then((b) => b.loadBoardPage())
        .catch(() => undefined);
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
    if (this.boards?.connected) void this.goHome();
    else {
      this.boards?.closeArchive();
      this.route();
    }
  }

  handleKey(e: KeyboardEvent): void {
    this.boards?.handleKey(e);
  }

  /** Rebuilds the current screen in the new language; a table keeps its connection. */
  relanguage(): void {
    if (!this.boards?.relanguage()) this.route();
  }

  async goHome(): Promise<void> {
    await this.boards?.leave();
    this.closeLearn();
    history.pushState(null, "", "/");
    this.showLobby();
  }

  private showLobby(): Lobby {
    this.lobby?.hide();
    this.closeLearn();
    const lobby = new Lobby({
      create: (options) => this.openTable((c) => c.create({ ...options, name: nameOrDefault() })),
      join: (tableId, options) =>
        this.openTable((c) => c.join(tableId, { ...options, name: nameOrDefault() }), tableId),
      quickPlay: (game, format, clock, rated) => {
        this.lobby?.hide();
        this.lobby = null;
        this.frame.show(el("p", { class: "opening" }, t("table.opening")));
        void this.boardPages().then((b) => b.quickPlay(game, format, clock, rated));
      },
      open: (path) => this.go(path),
    });
    this.lobby = lobby;
    this.frame.show(lobby.element);
    lobby.show();
    return lobby;
  }
}
