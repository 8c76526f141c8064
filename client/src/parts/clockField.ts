/**
 * Choosing a game clock: no clock, one of the game's common controls (shared/match/clocks.ts),
 * or, where a table is one's own, a clock of one's own (base minutes and seconds, then an
 * increment or a delay, within the house rule's bounds). The same fields in the lobby and in the
 * host's house rules; shown read-only to everyone else.
 */
import type { GameId } from "../../../shared/games/catalog";
import {
  CLOCK_PRESETS,
  type ClockExtra,
  clockOfCustom,
  customOf,
  presetById,
  presetOf,
} from "../../../shared/match/clocks";
import type { ClockRule } from "../../../shared/match/rules";
import { t } from "../i18n";
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
  const custom = o.custom && o.editable ? customFields(o, clock ?? FIRST_CUSTOM, !isCustom) : null;
  select.addEventListener("change", () => {
    const v = select.value;
    o.memo.custom = v === "custom";
    if (custom) custom.box.hidden = v !== "custom";
    if (v === "none") o.onChange(null);
    else if (v === "custom") {
      custom?.fill(clock ?? FIRST_CUSTOM);
      o.onChange(custom?.read() ?? clock ?? FIRST_CUSTOM);
    } else {
      const p = presetById(o.game, v);
      if (p) o.onChange(p.clock);
    }
  });
  return { select, custom: custom?.box ?? null };
}

interface CustomFields {
  readonly box: HTMLElement;
  fill(clock: ClockRule): void;
  /** The clock the fields describe, or null (the problem is shown). */
  read(): ClockRule | null;
}

function customFields(o: ClockChoiceOptions, clock: ClockRule, hidden: boolean): CustomFields {
  const number = (suffix: string, max: number) =>
    el("input", {
      type: "number",
      name: `${o.name}-${suffix}`,
      min: 0,
      max,
      step: 1,
      inputMode: "numeric",
      disabled: !o.editable,
      onchange: changed,
    });
  const minutes = number("minutes", 90);
  const seconds = number("seconds", 59);
  const extraSeconds = number("extra-seconds", 60);
  const extra = el("select", { name: `${o.name}-extra`, disabled: !o.editable, onchange: changed });
  for (const kind of ["increment", "delay"] as const)
    extra.append(el("option", { value: kind }, t(`clock.${kind}`)));
  const problem = el(
    "p",
    { class: "clock-problem", role: "alert", hidden: true },
    t("clock.bounds"),
  );
  const field = (label: string, control: HTMLElement) =>
    el("label", { class: "clock-figure" }, el("span", {}, label), control);
  const box = el(
    "div",
    { class: "clock-custom", hidden },
    field(t("clock.customMinutes"), minutes),
    field(t("clock.customSeconds"), seconds),
    field(t("clock.extra"), extra),
    field(t("clock.customExtraSeconds"), extraSeconds),
    problem,
  );
  const fill = (c: ClockRule) => {
    const f = customOf(c);
    minutes.value = String(f.minutes);
    seconds.value = String(f.seconds);
    extra.value = f.extra;
    extraSeconds.value = String(f.extraSeconds);
  };
  const read = () => {
    const c = clockOfCustom({
      minutes: Number(minutes.value),
      seconds: Number(seconds.value),
      extra: extra.value as ClockExtra,
      extraSeconds: Number(extraSeconds.value),
    });
    problem.hidden = c !== null;
    return c;
  };
  function changed() {
    const c = read();
    if (c) o.onChange(c);
  }
  fill(clock);
  return { box, fill, read };
}
