/**
 * Home and lobby: the display name, playing against the computer, xiangqi for two on one
 * device, quick play, creating a table with its house rules, joining by code, and the live list
 * of public tables to join or watch.
 */
import { type Format, GAMES, type GameId } from "../../../../shared/games/catalog";
import { CPU_LEVELS, defaultRules } from "../../../../shared/match/rules";
import { CODE_LENGTH, normaliseCode } from "../../../../shared/protocol/codes";
import type { MyTable } from "../../../../shared/protocol/messages";
import type { RulesView, TableListing } from "../../../../shared/protocol/views";
import { type RecentGame, recentGames } from "../../device/games";
import { getSetting, setSetting } from "../../device/storage";
import { rememberedTables } from "../../device/tables";
import { gameName, lang, t, tOr } from "../../i18n";
import type { CreateRequest, JoinRequest } from "../../net/connection";
import { fetchMyTables, fetchTables } from "../../net/lobby";
import { rulesForm } from "../../parts/rulesForm";
import { clear, el } from "../../ui/dom";

export interface LobbyActions {
  create(options: CreateRequest): void;
  join(tableId: string, options: JoinRequest): void;
  quickPlay(game: GameId, format: Format): void;
  /** Opens a finished game from the archive. */
  openGame(id: string): void;
}

export function displayName(): string {
  return getSetting("name") || "";
}

/** A link to another page of the client, opened in place (a new tab still gets the address). */
function pageLink(cls: string, href: string, action: string, label: string, open: () => void) {
  return el(
    "a",
    {
      class: cls,
      href,
      "data-action": action,
      onclick: (e: Event) => {
        e.preventDefault();
        open();
      },
    },
    label,
  );
}

function viewOf(rules: ReturnType<typeof defaultRules>): RulesView {
  return { ...rules, moveLimit: rules.moveLimit ?? 0 };
}

export class Lobby {
  readonly element: HTMLElement;
  private readonly list = el("div", { class: "table-list", "aria-live": "polite" });
  private readonly message = el("p", { class: "lobby-message", role: "alert" });
  private poll: ReturnType<typeof setInterval> | null = null;
  private game: GameId = "fourchess";
  private format: Format = "teams";
  private privateTable = true;
  private rules: Record<string, unknown> = {};
  private readonly createBox = el("div", { class: "create-box" });
  private readonly mineBox = el("section", {
    class: "card",
    "data-section": "mine",
    hidden: true,
  });
  /** Against the computer: strength (0 weakest … 2 strongest), turn timer, hints. */
  private strength = getSetting("cpu.strength") ?? 1;
  private timer = getSetting("cpu.timer") ?? 0;
  private hints = getSetting("cpu.hints") ?? true;

  constructor(private readonly actions: LobbyActions) {
    const name = el("input", {
      id: "name",
      type: "text",
      maxLength: 24,
      value: displayName(),
      placeholder: t("lobby.namePlaceholder"),
      oninput: () => setSetting("name", name.value.trim()),
    });
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
    const gameButtons = (make: (game: GameId, format: Format) => void, withFormats = true) =>
      el(
        "div",
        { class: "row wrap" },
        ...(withFormats
          ? [
              el(
                "button",
                { class: "btn", onclick: () => make("fourchess", "teams") },
                `${t("game.fourchess")} · ${t("format.teams")}`,
              ),
              el(
                "button",
                { class: "btn", onclick: () => make("fourchess", "individual") },
                `${t("game.fourchess")} · ${t("format.individual")}`,
              ),
            ]
          : [
              el(
                "button",
                { class: "btn", onclick: () => make("fourchess", "teams") },
                t("game.fourchess"),
              ),
            ]),
        el("button", { class: "btn", onclick: () => make("xiangqi", "teams") }, t("game.xiangqi")),
      );

    this.element = el(
      "div",
      { class: "lobby" },
      el("header", { class: "hero" }, el("h1", {}, t("app.title")), el("p", {}, t("app.tagline"))),
      el("label", { class: "field" }, el("span", {}, t("lobby.name")), name),
      this.message,
      this.mineBox,
      this.recentBox(),
      el(
        "section",
        { class: "card", "data-section": "computer" },
        el("h2", {}, t("lobby.computer")),
        this.computerOptions(),
        gameButtons((game, format) =>
          this.actions.create({
            game,
            format,
            mode: "computer",
            rules: {
              cpuLevel: CPU_LEVELS[game][this.strength] ?? CPU_LEVELS[game][1],
              turnTimer: this.timer,
              hints: this.hints,
            },
          }),
        ),
      ),
      el(
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
      ),
      el(
        "section",
        { class: "card", "data-section": "quick" },
        el("h2", {}, t("lobby.quick")),
        gameButtons((game, format) => this.actions.quickPlay(game, format)),
      ),
      el(
        "section",
        { class: "card", "data-section": "code" },
        el("h2", {}, t("lobby.joinCode")),
        el(
          "div",
          { class: "row" },
          code,
          el("button", { class: "btn primary", onclick: joinByCode }, t("lobby.join")),
        ),
      ),
      el(
        "section",
        { class: "card", "data-section": "create" },
        el("h2", {}, t("lobby.create")),
        this.createBox,
      ),
      el(
        "section",
        { class: "card", "data-section": "tables" },
        el("h2", {}, t("lobby.tables")),
        this.list,
      ),
    );
    this.renderCreate();
  }

  /** Strength, turn timer and hints for a game against the computer, remembered on the device. */
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
    return el(
      "div",
      { class: "options" },
      el("label", { class: "field" }, el("span", {}, t("rules.cpuLevel")), level),
      el("label", { class: "field" }, el("span", {}, t("rules.turnTimer")), timer),
      el("label", { class: "field" }, el("span", {}, t("rules.hints")), hints),
    );
  }

  private renderCreate(): void {
    clear(this.createBox);
    const def = GAMES[this.game];
    const rules = viewOf({
      ...defaultRules(this.game),
      format: this.format,
      ...(this.rules as object),
    });
    const gameSelect = el(
      "select",
      {
        name: "game",
        onchange: () => {
          this.game = gameSelect.value as GameId;
          this.format = "teams";
          this.rules = {};
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
    this.createBox.append(
      el("label", { class: "field" }, el("span", {}, t("lobby.game")), gameSelect),
      rulesForm(this.game, rules, true, (key, value) => {
        if (key === "format") this.format = value as Format;
        this.rules = { ...this.rules, [key]: value };
        this.renderCreate();
      }),
      el("label", { class: "field" }, el("span", {}, t("lobby.private")), priv),
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
              rules: this.rules,
              seat: 0,
            }),
        },
        t("lobby.createButton"),
      ),
    );
  }

  say(text: string): void {
    this.message.textContent = text;
  }

  show(): void {
    void this.refresh();
    void this.refreshMine();
    this.poll = setInterval(() => void this.refresh(), 3000);
  }

  hide(): void {
    if (this.poll) clearInterval(this.poll);
    this.poll = null;
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
    const ul = el("ul", { class: "tables" });
    for (const x of tables) {
      const color = GAMES[x.game as GameId].colors[x.seats[0] ?? 0] ?? "";
      ul.append(
        el(
          "li",
          { "data-table": x.id },
          el("span", { class: "game" }, gameName(x.game, x.format)),
          el(
            "span",
            { class: "phase" },
            x.phase === "playing"
              ? t("lobby.mineProgress", { n: x.moves, color: tOr(`color.${color}`, color) })
              : t("phase.waiting"),
          ),
          pageLink("btn primary", `/t/${x.id}`, "resume", t("lobby.resume"), () =>
            this.actions.join(x.id, { seat: "any" }),
          ),
        ),
      );
    }
    this.mineBox.append(el("h2", {}, t("lobby.mine")), ul);
  }

  /** The finished games this device played or watched, newest first, each a link to its review. */
  private recentBox(): HTMLElement | null {
    const games = recentGames();
    if (games.length === 0) return null;
    const ul = el("ul", { class: "tables" });
    for (const g of games) ul.append(this.recentItem(g));
    return el(
      "section",
      { class: "card", "data-section": "recent" },
      el("h2", {}, t("lobby.recent")),
      ul,
    );
  }

  private recentItem(g: RecentGame): HTMLElement {
    const colors = g.seats.map((seat) => {
      const color = GAMES[g.game].colors[seat] ?? "";
      return tOr(`color.${color}`, color);
    });
    const when = new Date(g.finishedAt).toLocaleString(lang(), {
      dateStyle: "medium",
      timeStyle: "short",
    });
    return el(
      "li",
      { "data-game": g.id },
      el("span", { class: "game" }, gameName(g.game, g.format)),
      el("span", { class: "result" }, g.message),
      el(
        "span",
        { class: "muted" },
        `${colors.length ? t("lobby.recentAs", { color: colors.join(" + ") }) : t("lobby.recentWatched")} · ${when}`,
      ),
      pageLink("btn", `/g/${g.id}`, "review-game", t("lobby.recentReview"), () =>
        this.actions.openGame(g.id),
      ),
    );
  }

  private renderList(tables: readonly TableListing[]): void {
    clear(this.list);
    if (tables.length === 0) {
      this.list.append(el("p", { class: "muted" }, t("lobby.noTables")));
      return;
    }
    const ul = el("ul", { class: "tables" });
    for (const x of tables) {
      const open = x.phase === "waiting" && x.taken < x.seats;
      ul.append(
        el(
          "li",
          { "data-table": x.id },
          el("span", { class: "game" }, gameName(x.game, x.format)),
          el("span", { class: "phase" }, t(`phase.${x.phase}`)),
          el("span", { class: "seats" }, t("lobby.seats", { taken: x.taken, seats: x.seats })),
          el("span", { class: "spectators" }, t("lobby.spectators", { n: x.spectators })),
          open
            ? el(
                "button",
                { class: "btn primary", onclick: () => this.actions.join(x.id, { seat: "any" }) },
                t("lobby.sit"),
              )
            : null,
          el(
            "button",
            { class: "btn", onclick: () => this.actions.join(x.id, { spectate: true }) },
            t("lobby.watch"),
          ),
        ),
      );
    }
    this.list.append(ul);
  }
}
