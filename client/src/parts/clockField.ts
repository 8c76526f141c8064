/**
 * Choosing a game clock: no clock, one of the game's common controls (shared/match/clocks.ts),
 * or, where a table is one's own, a clock of one's own (base minutes and seconds, then an
 * increment or a delay, within the house rule's bounds). The same fields in the lobby and in the
 * host's house rules; shown read-only to everyone else.
 */
import type { GameId } from "../../../shared/games/catalog";
import { CLOCK_PRESETS, presetById, presetOf } from "../../../shared/match/clocks";
import type { ClockRule } from "../../../shared/match/rules";
import { t, tableTexts } from "../i18n";
import { el } from "../ui/dom";

/** A clock of one's own starts as ten minutes, no increment. */
const FIRST_CUSTOM: ClockRule = { base: 600, increment: 0, delay: 0 };

/** A time of the clock's base in words: `3 min`, `2 min 30 s`, `45 s`. */
export function baseText(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  if (m === 0) return t("clock.seconds", { n: s });
  return s === 0 ? t("clock.minutes", { n: m }) : t("clock.minutesSeconds", { m, s });
}

/** A clock in words: `3 min + 2 s a move`, `1 min + 15 s delay`, `10 min`. */
export function clockLabel(clock: ClockRule): string {
  const base = baseText(clock.base);
  if (clock.increment > 0) return t("clock.withIncrement", { base, n: clock.increment });
  if (clock.delay > 0) return t("clock.withDelay", { base, n: clock.delay });
  return base;
}

export interface ClockChoiceOptions {
  readonly game: GameId;
  /** The select's name; the custom fields' names start with it. */
  readonly name: string;
  readonly clock: ClockRule | null | undefined;
  readonly editable: boolean;
  /** A clock of one's own may be set (not for quick play, whose pools are the presets). */
  readonly custom: boolean;
  /**
   * Kept by the owner while the fields are rebuilt: a person who chose "your own" keeps the
   * fields open even while the figures match a preset.
   */
  readonly memo: { custom: boolean };
  onChange(clock: ClockRule | null): void;
}

export interface ClockChoice {
  readonly select: HTMLSelectElement;
  /** The custom clock's fields (hidden unless chosen), or null where none may be set. */
  readonly custom: HTMLElement | null;
}

/** The select of clocks and, where allowed, the fields of a clock of one's own. */
export function clockChoice(o: ClockChoiceOptions): ClockChoice {
  const clock = o.clock ?? null;
  const preset = presetOf(o.game, clock);
  const isCustom = o.custom && clock !== null && (o.memo.custom || !preset);
  const value = isCustom ? "custom" : clock ? (preset?.id ?? "custom") : "none";
  const select = el("select", { name: o.name, disabled: !o.editable });
  const option = (v: string, text: string) =>
    select.append(el("option", { value: v, selected: v === value }, text));
  option("none", t("clock.none"));
  for (const p of CLOCK_PRESETS[o.game]) option(p.id, clockLabel(p.clock));
  // A clock of one's own: its figures are in the fields under the select; where it cannot be
  // changed the option itself names it.
  if (o.custom && o.editable) option("custom", t("clock.custom"));
  else if (clock && !preset) option("custom", clockLabel(clock));
  // The fields of a clock of one's own are built when first shown (their code and words come
  // with the table's, which a game about to start needs anyway).
  const box =
    o.custom && o.editable ? el("div", { class: "clock-custom", hidden: !isCustom }) : null;
  let fields: Promise<CustomFields> | null = null;
  const custom = () => {
    fields ??= Promise.all([import("./clockCustom"), tableTexts()]).then(([m]) =>
      m.customFields(box!, o, clock ?? FIRST_CUSTOM),
    );
    return fields;
  };
  if (box && isCustom) void custom();
  select.addEventListener("change", () => {
    const v = select.value;
    o.memo.custom = v === "custom";
    if (box) box.hidden = v !== "custom";
    if (v === "none") o.onChange(null);
    else if (v === "custom") {
      if (!box) o.onChange(clock ?? FIRST_CUSTOM);
      else
        void custom().then((f) => {
          if (select.value !== "custom") return;
          f.fill(clock ?? FIRST_CUSTOM);
          o.onChange(f.read() ?? clock ?? FIRST_CUSTOM);
        });
    } else {
      const p = presetById(o.game, v);
      if (p) o.onChange(p.clock);
    }
  });
  return { select, custom: box };
}

export interface CustomFields {
  fill(clock: ClockRule): void;
  /** The clock the fields describe, or null (the problem is shown). */
  read(): ClockRule | null;
}
