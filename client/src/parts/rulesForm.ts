/**
 * House rules: a form the host edits before the start (each change is sent at once), shown
 * read-only to everyone else. The same form fields build the rules of a new table. A table has
 * a game clock or a turn timer: the turn timer is offered while there is no clock. A table for
 * people may be rated, and then has neither hints nor takebacks to set.
 */
import { GAMES, type GameId } from "../../../shared/games/catalog";
import { CPU_LEVELS } from "../../../shared/match/rules";
import type { RulesView } from "../../../shared/protocol/views";
import { t, tOr } from "../i18n";
import { el } from "../ui/dom";
import { clockChoice } from "./clockField";

type Change = (key: string, value: unknown) => void;

export function rulesForm(
  game: GameId,
  rules: RulesView,
  editable: boolean,
  onChange: Change,
  /** Kept by the form's owner across rebuilds: a clock of one's own is being set. */
  memo: { custom: boolean } = { custom: false },
  /**
   * The table is for people (not against the computer, not one device): it may be rated. A
   * rated game has no hints and no takebacks, so those rules are not offered while it is.
   */
  people = true,
  /** The Rated switch is in the form (false: its owner shows it elsewhere, as the lobby does). */
  ratedSwitch = people,
): HTMLElement {
  const def = GAMES[game];
  const field = (label: string, control: HTMLElement) =>
    el("label", { class: "field" }, el("span", {}, label), control);
  const select = (
    key: string,
    options: [string, string][],
    value: string,
    parse: (v: string) => unknown = (v) => v,
  ) => {
    const s = el("select", {
      disabled: !editable,
      name: key,
      onchange: () => onChange(key, parse(s.value)),
    });
    for (const [v, text] of options)
      s.append(el("option", { value: v, selected: v === value }, text));
    return s;
  };
  const check = (key: string, value: boolean) => {
    const c = el("input", {
      type: "checkbox",
      name: key,
      checked: value,
      disabled: !editable,
      onchange: () => onChange(key, c.checked),
    });
    return c;
  };
  const box = el("div", { class: "rules" });
  if (people && ratedSwitch) box.append(field(t("rules.rated"), check("rated", rules.rated)));
  if (def.formats.length > 1)
    box.append(
      field(
        t("rules.format"),
        select(
          "format",
          def.formats.map((f) => [f, t(`format.${f}`)]),
          rules.format,
        ),
      ),
    );
  if (game === "fourchess") {
    box.append(
      field(
        t("rules.moveLimit"),
        select(
          "moveLimit",
          [
            ["0", t("rules.moveLimitNone")],
            ...[100, 200, 400, 800].map((n): [string, string] => [String(n), String(n)]),
          ],
          String(rules.moveLimit),
          (v) => (v === "0" ? null : Number(v)),
        ),
      ),
      field(t("rules.rotateFirst"), check("rotateFirst", rules.rotateFirst)),
    );
  }
  const clock = clockChoice({
    game,
    name: "clock",
    clock: rules.clock,
    editable,
    custom: true,
    memo,
    onChange: (value) => onChange("clock", value),
  });
  box.append(field(t("rules.clock"), clock.select));
  if (clock.custom) box.append(clock.custom);
  if (!rules.clock)
    box.append(
      field(
        t("rules.turnTimer"),
        select(
          "turnTimer",
          [
            ["0", t("rules.timerNone")],
            ["30", t("rules.seconds", { n: 30 })],
            ["60", t("rules.seconds", { n: 60 })],
          ],
          String(rules.turnTimer),
          Number,
        ),
      ),
    );
  box.append(
    field(
      t("rules.cpuLevel"),
      select(
        "cpuLevel",
        CPU_LEVELS[game].map((l) => [l, tOr(`level.${l}`, l)]),
        rules.cpuLevel,
      ),
    ),
    field(t("rules.showLegalMoves"), check("showLegalMoves", rules.showLegalMoves)),
  );
  if (!(people && rules.rated))
    box.append(
      field(t("rules.takebackConsent"), check("takebackConsent", rules.takebackConsent)),
      field(t("rules.hints"), check("hints", rules.hints)),
    );
  if (def.handicaps.length > 1)
    box.append(
      field(
        t("rules.handicap"),
        select(
          "handicap",
          def.handicaps.map((h) => [h, tOr(`handicap.${h}`, h)]),
          rules.handicap,
        ),
      ),
    );
  return box;
}
