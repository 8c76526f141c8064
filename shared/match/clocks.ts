/**
 * The common time controls of each game, offered wherever people choose a clock (the lobby,
 * the host's house rules) and the only clocks quick play pairs strangers on: xiangqi as
 * play.xiangqi.com and lichess play it, four-player chess as chess.com does (its standard is one
 * minute and a 15-second delay). Server and client read the same list.
 */
import { err, ok, type Result } from "../core/result";
import type { GameId } from "../games/catalog";
import { type ClockRule, parseClock } from "./rules";

export interface ClockPreset {
  /** A short, stable name: `3+2` (minutes + increment), `1d15` (minutes, delay in seconds). */
  readonly id: string;
  readonly clock: ClockRule;
}

function preset(minutes: number, increment: number, delay = 0): ClockPreset {
  return {
    id: delay > 0 ? `${minutes}d${delay}` : `${minutes}+${increment}`,
    clock: { base: minutes * 60, increment, delay },
  };
}

/** Each game's common controls, shortest first. */
export const CLOCK_PRESETS: Readonly<Record<GameId, readonly ClockPreset[]>> = {
  fourchess: [preset(1, 0, 15), preset(3, 2), preset(5, 5)],
  xiangqi: [preset(3, 2), preset(5, 3), preset(10, 5), preset(15, 10)],
};

export function sameClock(a: ClockRule | null | undefined, b: ClockRule | null | undefined) {
  if (!a || !b) return !a && !b;
  return a.base === b.base && a.increment === b.increment && a.delay === b.delay;
}

/** A clock as plain house-rule data (a clock read from the synchronised state carries more). */
export function clockOf(
  clock:
    | { readonly base: number; readonly increment: number; readonly delay: number }
    | null
    | undefined,
): ClockRule | null {
  return clock ? { base: clock.base, increment: clock.increment, delay: clock.delay } : null;
}

/** The game's preset with this clock, or null (no clock, or one of the person's own). */
export function presetOf(game: GameId, clock: ClockRule | null | undefined): ClockPreset | null {
  return CLOCK_PRESETS[game].find((p) => sameClock(p.clock, clock)) ?? null;
}

/** The game's preset named `id`, or null. */
export function presetById(game: GameId, id: string): ClockPreset | null {
  return CLOCK_PRESETS[game].find((p) => p.id === id) ?? null;
}

/** A clock's name in quick play's pools: `none`, the preset's id, or its figures. */
export const clockPoolName = (game: GameId, clock: ClockRule | null): string =>
  clock ? (presetOf(game, clock)?.id ?? `${clock.base}+${clock.increment}d${clock.delay}`) : "none";

/**
 * A clock as quick play takes it: none (absent or null) or one of the game's presets, as the
 * house rule writes it (`{ base, increment, delay }`). Null is returned for anything else.
 */
export function quickClock(game: GameId, value: unknown): Result<ClockRule | null, null> {
  if (value === undefined || value === null) return ok(null);
  const parsed = parseClock(value);
  if (!parsed.ok) return err(null);
  const p = presetOf(game, parsed.value);
  return p ? ok(p.clock) : err(null);
}

/** Whether increments or delays are counted after each move: the custom clock's second part. */
export type ClockExtra = "increment" | "delay";

/** A clock of a person's own: base minutes and seconds, then an increment or a delay. */
export interface CustomClock {
  readonly minutes: number;
  readonly seconds: number;
  readonly extra: ClockExtra;
  /** The increment or delay, seconds. */
  readonly extraSeconds: number;
}

/** The figures of a clock as the custom form shows them. */
export function customOf(clock: ClockRule): CustomClock {
  return {
    minutes: Math.floor(clock.base / 60),
    seconds: clock.base % 60,
    extra: clock.delay > 0 ? "delay" : "increment",
    extraSeconds: clock.delay > 0 ? clock.delay : clock.increment,
  };
}

/**
 * The clock a custom form describes, or null when it is not one the rule allows (a base under
 * 15 s or over 90 min, an increment or delay over 60 s, anything not a whole number).
 */
export function clockOfCustom(c: CustomClock): ClockRule | null {
  const base = c.minutes * 60 + c.seconds;
  const extra = c.extraSeconds;
  if (![c.minutes, c.seconds, extra].every((n) => Number.isInteger(n) && n >= 0)) return null;
  if (c.seconds > 59) return null;
  const clock = {
    base,
    increment: c.extra === "increment" ? extra : 0,
    delay: c.extra === "delay" ? extra : 0,
  };
  const parsed = parseClock(clock);
  return parsed.ok ? parsed.value : null;
}
