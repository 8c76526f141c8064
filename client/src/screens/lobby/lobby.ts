/**
 * Home and lobby: the display name, quick play, playing against the computer and creating a
 * table with its house rules first (on a wide screen the main column), then each game's rules
 * and lessons, joining by code, the live list of public tables to join or watch, the finished
 * games to review and xiangqi for two on one device (beside them; below them on a phone). Quick
 * play and games against the computer offer each game's clocks (quick play only the common
 * ones, each a pool of its own), remembered on the device.
 */
import { type Format, GAMES, type GameId } from "../../../../shared/games/catalog";
import { presetOf } from "../../../../shared/match/clocks";
import { type ClockRule, CPU_LEVELS, defaultRules } from "../../../../shared/match/rules";
import { CODE_LENGTH, normaliseCode } from "../../../../shared/protocol/codes";
import type { MyTable } from "../../../../shared/protocol/messages";
import type { RulesView, TableListing } from "../../../../shared/protocol/views";
import { loadFeedback } from "../../app/feedback";
import { recentGames } from "../../device/games";
import { getSetting, setSetting } from "../../device/storage";
import { rememberedTables } from "../../device/tables";
import { playerTexts, t, tableTexts, tOr } from "../../i18n";
import type { CreateRequest, JoinRequest } from "../../net/connection";
import { fetchMyTables, fetchTables } from "../../net/lobby";
import { clockChoice } from "../../parts/clockField";
import { clear, el } from "../../ui/dom";
import { icon } from "../../ui/icons";
import { myTablesList, pageLink, publicTablesList } from "./lists";

type RulesFormModule = typeof import("../../parts/rulesForm");
const loadRulesForm = () => import("../../parts/rulesForm");
/** The "You" section's code and words, fetched as the lobby shows (not with its first paint). */
const loadYou = () =>
  Promise.all([import("../../player-entry"), playerTexts()]).then(([m]) => m.youSection);

export interface LobbyActions {
  create(options: CreateRequest): void;
  join(tableId: string, options: JoinRequest): void;
  /** A seat at a quick-play table of that pool; `rated`: in the rated pool, paired by rating. */
  quickPlay(game: GameId, format: Format, clock: ClockRule | null, rated?: boolean): void;
  /** Opens another page of the client: a finished game, a game's rules or its lessons. */
  open(path: string): void;
}

export function displayName(): string {
  return getSetting("name") || "";
}

function viewOf(rules: ReturnType<typeof defaultRules>): RulesView {
  return { ...rules, moveLimit: rules.moveLimit ?? 0 };
}

/** A label with its control beside it (a checkbox before its text). */
function field(label: string, control: HTMLElement): HTMLElement {
  const text = el("span", {}, label);
  const check = control instanceof HTMLInputElement && control.type === "checkbox";
  return el("label", { class: "field" }, ...(check ? [control, text] : [text, control]));
}

/** One button per game (and per format of four-player chess): the game, then how it is played. */
function gameButtons(make: (game: GameId, format: Format) => void): HTMLElement {
  const choice = (game: GameId, format: Format, detail: string) =>
    el(
      "button",
      { class: "btn game-choice", onclick: () => make(game, format) },
      el("strong", {}, t(`game.${game}`)),
      el("span", {}, detail),
    );
  return el(
    "div",
    { class: "row games" },
    choice("fourchess", "teams", t("format.teams")),
    choice("fourchess", "individual", t("format.individual")),
    choice("xiangqi", "teams", t("lobby.twoPlayers")),
  );
}

/**
 * Each game's rules and lessons, opened in place by `open`; a device that has not yet seen a
 * game to its end is first told they are there.
 */
function learnCard(open: (path: string) => void): HTMLElement {
  return el(
    "section",
    { class: "card", "data-section": "learn" },
    recentGames().some((g) => !g.left) ? null : el("h2", {}, t("lobby.new")),
    el(
      "ul",
      { class: "tables" },
      ...(["fourchess", "xiangqi"] as const).map((game) =>
        el(
          "li",
          {},
          el("span", { class: "game" }, t(`game.${game}`)),
          // The rules page, then the lessons: `/rules/<game>`, `/learn/<game>`.
          ...(["rules", "learn"] as const).map((page) =>
            pageLink("btn", `/${page}/${game}`, page, t(`lobby.${page}`), open),
          ),
        ),
      ),
    ),
  );
}

export class Lobby {
  readonly element: HTMLElement;
  private readonly list = el("div", { class: "table-list", "aria-live": "polite" });
  private readonly message = el("p", { class: "lobby-message", role: "alert" });
  /** The "You" section: this device's player, drawn by the player chunk once it is here. */
  private readonly youBox = el("section", {
    class: "card you",
    "data-section": "you",
    hidden: true,
  });
  private stopYou: (() => void) | null = null;
  /** Quick play in the rated pools (people only, paired by rating). */
  private quickRated = getSetting("quick.rated") ?? false;
  /** A new table with people is rated. */
  private createRated = false;
  private poll: ReturnType<typeof setInterval> | null = null;
  private game: GameId = "fourchess";
  private format: Format = "teams";
  private privateTable = true;
  private rules: Record<string, unknown> = {};
  private readonly createBox = el("div", { class: "create-box" });
  /** The house rules of a new table are shown (kept as the form is rebuilt on each change). */
  private rulesOpen = false;
  /** The house rules' form, once they were unfolded. */
  private rulesModule: RulesFormModule | null = null;
  private readonly mineBox = el("section", {
    class: "card",
    "data-section": "mine",
    hidden: true,
  });
  /** Against the computer: strength (0 weakest … 2 strongest), turn timer, hints. */
  private strength = getSetting("cpu.strength") ?? 1;
  private timer = getSetting("cpu.timer") ?? 0;
  private hints = getSetting("cpu.hints") ?? true;
  /** Against the computer, each game's clock (null: none, the turn timer then applies). */
  private readonly cpuClocks: Record<GameId, ClockRule | null> = {
    fourchess: getSetting("cpu.clock.fourchess") ?? null,
    xiangqi: getSetting("cpu.clock.xiangqi") ?? null,
  };
  /** Quick play, each game's clock: none or one of its common controls (a pool each). */
  private readonly quickClocks: Record<GameId, ClockRule | null> = {
    fourchess: presetOf("fourchess", getSetting("quick.clock.fourchess"))?.clock ?? null,
    xiangqi: presetOf("xiangqi", getSetting("quick.clock.xiangqi"))?.clock ?? null,
  };
  /** The clocks of one's own being set (kept while their fields are rebuilt). */
  private readonly clockMemos = {
    fourchess: { custom: false },
    xiangqi: { custom: false },
    create: { custom: false },
  };

  constructor(private readonly actions: LobbyActions) {
    this.element = el(
      "div",
      { class: "lobby" },
      el(
        "header",
        { class: "lobby-head" },
        el("div", { class: "hero" }, el("h1", {}, t("app.title")), el("p", {}, t("app.tagline"))),
        this.nameField(),
      ),
      this.message,
      this.mineBox,
      el(
        "div",
        { class: "lobby-grid" },
        el(
          "div",
          { class: "lobby-play" },
          this.quickCard(),
          this.computerCard(),
          this.createCard(),
        ),
        el(
          "div",
          { class: "lobby-side" },
          learnCard(actions.open),
          this.codeCard(),
          this.youBox,
          this.tablesCard(),
          this.recentCard(),
          this.hotseatCard(),
        ),
      ),
    );
    this.renderCreate();
  }

  /** The display name, remembered on the device as it is typed. */
  private nameField(): HTMLElement {
    const name = el("input", {
      id: "name",
      type: "text",
      maxLength: 24,
      value: displayName(),
      placeholder: t("lobby.namePlaceholder"),
      oninput: () => setSetting("name", name.value.trim()),
    });
    return el("label", { class: "field name-field" }, el("span", {}, t("lobby.name")), name);
  }

  /** The finished games this device played or watched, if any: drawn once their code is here. */
  private recentCard(): HTMLElement {
    const box = el("section", { class: "card", "data-section": "recent", hidden: true });
    const games = recentGames();
    if (games.length)
      // Its code, and the words of results (the table's), load after the first paint.
      void Promise.all([import("./recent"), tableTexts()]).then(
        ([m]) => m.recentCard(box, games, this.actions.open),
        () => undefined,
      );
    return box;
  }

  private computerCard(): HTMLElement {
    return el(
      "section",
      { class: "card action", "data-section": "computer", "aria-labelledby": "computer-head" },
      el("h2", { id: "computer-head" }, icon("cpu"), t("lobby.computer")),
      el("p", { class: "muted" }, t("lobby.computerText")),
      this.computerOptions(),
      this.clockRow("cpu"),
      gameButtons((game, format) => {
        const clock = this.cpuClocks[game];
        this.actions.create({
          game,
          format,
          mode: "computer",
          rules: {
            cpuLevel: CPU_LEVELS[game][this.strength] ?? CPU_LEVELS[game][1],
            ...(clock ? { clock } : { turnTimer: this.timer }),
            hints: this.hints,
          },
        });
      }),
    );
  }

  /** Xiangqi for two on one device. */
  private hotseatCard(): HTMLElement {
    return el(
      "section",
      { class: "card", "data-section": "hotseat" },
      el("h2", {}, t("lobby.hotseat")),
      el(
        "button",
        {
          class: "btn",
          onclick: () => this.actions.create({ game: "xiangqi", mode: "hotseat" }),
        },
        t("game.xiangqi"),
      ),
    );
  }

  private quickCard(): HTMLElement {
    return el(
      "section",
      { class: "card action", "data-section": "quick" },
      el(
        "div",
        { class: "card-head" },
        el("h2", {}, icon("people"), t("lobby.quick")),
        this.ratedField("quickRated", this.quickRated, (rated) => {
          this.quickRated = rated;
          setSetting("quick.rated", rated);
        }),
      ),
      el("p", { class: "muted" }, t("lobby.quickText")),
      this.clockRow("quick"),
      gameButtons((game, format) =>
        this.actions.quickPlay(game, format, this.quickClocks[game], this.quickRated),
      ),
    );
  }

  /**
   * "Rated game", beside the heading of the two ways to play with people (never against the
   * computer or on one device), where it takes no room from the ways to play.
   */
  private ratedField(name: string, checked: boolean, set: (rated: boolean) => void): HTMLElement {
    const box = el("input", {
      type: "checkbox",
      name,
      checked,
      onchange: () => set(box.checked),
    });
    return field(t("rules.rated"), box);
  }

  /** Joining a table by its code. */
  private codeCard(): HTMLElement {
    const code = el("input", {
      id: "code",
      type: "text",
      // Room for the spaces or dashes a code may be written with.
      maxLength: CODE_LENGTH + 2,
      placeholder: t("lobby.codePlaceholder"),
      autocapitalize: "characters",
    });
    const joinByCode = () => {
      const c = normaliseCode(code.value);
      if (!c) return this.say(t("lobby.badCode"));
      this.actions.join(c, { seat: "any" });
    };
    code.addEventListener("keydown", (e) => {
      if (e.key === "Enter") joinByCode();
    });
    return el(
      "section",
      { class: "card", "data-section": "code" },
      el("h2", {}, el("label", { for: "code" }, t("lobby.joinCode"))),
      el(
        "div",
        { class: "row code-row" },
        code,
        el("button", { class: "btn primary", onclick: joinByCode }, t("lobby.join")),
      ),
    );
  }

  /** Creating a table with its house rules (the form is `renderCreate`'s). */
  private createCard(): HTMLElement {
    return el(
      "section",
      { class: "card action", "data-section": "create" },
      el(
        "div",
        { class: "card-head" },
        el("h2", {}, icon("create"), t("lobby.create")),
        this.ratedField("rated", this.createRated, (rated) => {
          this.createRated = rated;
          // A rated game has no hints or takebacks to set.
          this.renderCreate();
        }),
      ),
      el("p", { class: "muted" }, t("lobby.createText")),
      this.createBox,
    );
  }

  /** The live list of public tables (filled by `refresh`). */
  private tablesCard(): HTMLElement {
    return el(
      "section",
      { class: "card", "data-section": "tables" },
      el("h2", {}, t("lobby.tables")),
      this.list,
    );
  }

  /**
   * Strength, turn timer (for a game without a clock) and hints for a game against the
   * computer, remembered on the device.
   */
  private computerOptions(): HTMLElement {
    const level = el("select", {
      name: "cpuStrength",
      onchange: () => {
        this.strength = Number(level.value);
        setSetting("cpu.strength", this.strength);
      },
    });
    ["easy", "normal", "hard"].forEach((name, i) => {
      const xiangqi = CPU_LEVELS.xiangqi[i] ?? "";
      level.append(
        el(
          "option",
          { value: String(i), selected: i === this.strength },
          `${tOr(`level.${name}`, name)} / ${tOr(`level.${xiangqi}`, xiangqi)}`,
        ),
      );
    });
    const timer = el("select", {
      name: "cpuTimer",
      onchange: () => {
        this.timer = Number(timer.value);
        setSetting("cpu.timer", this.timer);
      },
    });
    for (const [v, text] of [
      [0, t("rules.timerNone")],
      [30, t("rules.seconds", { n: 30 })],
      [60, t("rules.seconds", { n: 60 })],
    ] as const)
      timer.append(el("option", { value: String(v), selected: v === this.timer }, text));
    const hints = el("input", {
      type: "checkbox",
      name: "cpuHints",
      checked: this.hints,
      onchange: () => {
        this.hints = hints.checked;
        setSetting("cpu.hints", hints.checked);
      },
    });
    // The turn timer is for games without a clock: hidden while both games have one.
    const timerField = field(t("rules.turnTimer"), timer);
    this.showTimer = () => {
      timerField.hidden = this.cpuClocks.fourchess !== null && this.cpuClocks.xiangqi !== null;
    };
    this.showTimer();
    return el(
      "div",
      { class: "options" },
      field(t("rules.cpuLevel"), level),
      timerField,
      field(t("rules.hints"), hints),
    );
  }

  /** Hides the turn timer against the computer while both games have a clock. */
  private showTimer = () => {};

  /**
   * Each game's clock, under that game's buttons: against the computer any clock (a clock of
   * one's own too), in quick play no clock or a common control (each a pool of its own).
   */
  private clockRow(where: "cpu" | "quick"): HTMLElement {
    const row = el("div", { class: "clock-row" });
    const custom: HTMLElement[] = [];
    for (const game of ["fourchess", "xiangqi"] as const) {
      const clocks = where === "cpu" ? this.cpuClocks : this.quickClocks;
      const choice = clockChoice({
        game,
        name: `${where}Clock-${game}`,
        clock: clocks[game],
        editable: true,
        custom: where === "cpu",
        memo: where === "cpu" ? this.clockMemos[game] : { custom: false },
        onChange: (clock) => {
          clocks[game] = clock;
          setSetting(`${where}.clock.${game}`, clock);
          this.showTimer();
        },
      });
      // Each select names its game: on a phone the two stack with no column to tell them apart.
      row.append(
        el(
          "label",
          { class: `clock-pick clock-${game}` },
          icon("clock", 16),
          el("span", {}, t(`lobby.clock.${game}`)),
          choice.select,
        ),
      );
      if (choice.custom) custom.push(choice.custom);
    }
    row.append(...custom);
    return row;
  }

  private renderCreate(): void {
    clear(this.createBox);
    const def = GAMES[this.game];
    const view = viewOf({
      ...defaultRules(this.game),
      format: this.format,
      ...(this.rules as object),
      rated: this.createRated,
    });
    const gameSelect = el(
      "select",
      {
        name: "game",
        onchange: () => {
          this.game = gameSelect.value as GameId;
          this.format = "teams";
          this.rules = {};
          this.clockMemos.create.custom = false;
          this.renderCreate();
        },
      },
      ...(["fourchess", "xiangqi"] as GameId[]).map((g) =>
        el("option", { value: g, selected: g === this.game }, t(`game.${g}`)),
      ),
    );
    const priv = el("input", {
      type: "checkbox",
      name: "private",
      checked: this.privateTable,
      onchange: () => {
        this.privateTable = priv.checked;
      },
    });
    // The house rules' form loads when they are first unfolded: most tables keep the defaults.
    const form = (m: RulesFormModule) =>
      m.rulesForm(
        this.game,
        view,
        true,
        (key, value) => {
          if (key === "format") this.format = value as Format;
          this.rules = { ...this.rules, [key]: value };
          // A table has a clock or a turn timer: the one set last stands.
          if (key === "clock" && value) this.rules.turnTimer = 0;
          if (key === "turnTimer" && value) this.rules.clock = null;
          this.renderCreate();
        },
        this.clockMemos.create,
        true,
        // Rated is beside the heading, in view without unfolding the house rules.
        false,
      );
    const rules: HTMLDetailsElement = el(
      "details",
      {
        class: "house-rules",
        open: this.rulesOpen,
        ontoggle: () => {
          this.rulesOpen = rules.open;
          if (rules.open && !this.rulesModule)
            void loadRulesForm().then((m) => {
              this.rulesModule = m;
              if (rules.isConnected && rules.childElementCount === 1) rules.append(form(m));
            });
        },
      },
      el("summary", {}, t("rules.title")),
      this.rulesModule ? form(this.rulesModule) : null,
    );
    this.createBox.append(
      el(
        "div",
        { class: "options" },
        field(t("lobby.game"), gameSelect),
        field(t("lobby.private"), priv),
      ),
      rules,
      el(
        "button",
        {
          class: "btn primary",
          "data-action": "create",
          onclick: () =>
            this.actions.create({
              game: this.game,
              format: def.formats.includes(this.format) ? this.format : "teams",
              private: this.privateTable,
              rules: this.createRated ? { ...this.rules, rated: true } : this.rules,
              seat: 0,
            }),
        },
        t("lobby.createButton"),
      ),
    );
  }

  /** A message above the lobby: a problem, or (`good`) news such as a player carried in. */
  say(text: string, good = false): void {
    this.message.textContent = text;
    this.message.classList.toggle("good", good);
    this.message.setAttribute("role", good ? "status" : "alert");
  }

  show(): void {
    void this.refresh();
    // How many would recommend each game, and a way to send feedback: after the first paint.
    void loadFeedback(false).then(
      (m) => m.showLobbyExtras(this.element, this.actions.open),
      () => undefined,
    );
    void this.refreshMine();
    void loadYou().then(
      (youSection) => {
        if (this.poll && !this.stopYou)
          this.stopYou = youSection(this.youBox, { open: this.actions.open, name: displayName });
      },
      () => undefined,
    );
    this.poll = setInterval(() => void this.refresh(), 3000);
  }

  hide(): void {
    if (this.poll) clearInterval(this.poll);
    this.poll = null;
    this.stopYou?.();
    this.stopYou = null;
  }

  private async refresh(): Promise<void> {
    try {
      this.renderList(await fetchTables());
    } catch {
      // Offline for a moment: the next poll tries again.
    }
  }

  /** This device's tables still in play, to go back to. */
  private async refreshMine(): Promise<void> {
    const remembered = rememberedTables();
    if (remembered.length === 0) return;
    try {
      const tables = await fetchMyTables(remembered);
      if (tables) this.renderMine(tables);
    } catch {
      // Offline: the list stays hidden.
    }
  }

  private renderMine(tables: readonly MyTable[]): void {
    clear(this.mineBox);
    this.mineBox.hidden = tables.length === 0;
    if (tables.length === 0) return;
    this.mineBox.append(
      el("h2", {}, t("lobby.mine")),
      myTablesList(tables, (id) => this.actions.join(id, { seat: "any" })),
    );
  }

  private renderList(tables: readonly TableListing[]): void {
    clear(this.list);
    this.list.append(
      publicTablesList(tables, {
        sit: (id) => this.actions.join(id, { seat: "any" }),
        watch: (id) => this.actions.join(id, { spectate: true }),
      }),
    );
  }
}
