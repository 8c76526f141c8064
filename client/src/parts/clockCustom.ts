/**
 * The fields of a clock of one's own (base minutes and seconds, then an increment or a delay,
 * within the house rule's bounds), built when the choice of a clock first shows them.
 */
import "./clockCustom.css";
import { type ClockExtra, clockOfCustom, customOf } from "../../../shared/match/clocks";
import type { ClockRule } from "../../../shared/match/rules";
import { t } from "../i18n";
import { el } from "../ui/dom";
import type { ClockChoiceOptions, CustomFields } from "./clockField";

/** Puts the fields of a clock of one's own into `box`, showing `clock`. */
export function customFields(
  box: HTMLElement,
  o: ClockChoiceOptions,
  clock: ClockRule,
): CustomFields {
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
  box.append(
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
  return { fill, read };
}
