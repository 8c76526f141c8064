/** House rules a table is created with and the host may change before the start. */
import { quote } from "../core/quote";
import { type Failure, fail, ok, type Result } from "../core/result";
import { type Format, GAMES, type GameId } from "../games/catalog";

export const TURN_TIMERS = [0, 30, 60] as const;
export type TurnTimer = (typeof TURN_TIMERS)[number];

export const CPU_LEVELS: Readonly<Record<GameId, readonly string[]>> = {
  fourchess: ["easy", "normal", "hard"],
  xiangqi: ["beginner", "medium", "master"],
};

/** The level a stand-in plays at and the hint level. */
export const DEFAULT_LEVEL: Readonly<Record<GameId, string>> = {
  fourchess: "normal",
  xiangqi: "medium",
};

export type RulesError = Failure<"rules/invalid">;
/** A house rule refused, and why. */
export const badRules = (message: string) => fail("rules/invalid", message);
const bad = badRules;

/** A game clock, in seconds (see `parseClock` for the allowed values). */
export interface ClockRule {
  /** Time on each seat's clock at the start. */
  readonly base: number;
  /** Fischer increment: added to a seat's clock after each of its moves. */
  readonly increment: number;
  /** Delay: the first `delay` seconds of each turn do not count. */
  readonly delay: number;
}

export const CLOCK_LIMITS = {
  base: { min: 15, max: 5400 },
  increment: { min: 0, max: 60 },
  delay: { min: 0, max: 60 },
} as const;

export interface HouseRules {
  /** Four-player chess: Teams or Individual. Ignored by xiangqi. */
  readonly format: Format;
  /** End the game after this many moves by all players (null: no limit). */
  readonly moveLimit: number | null;
  /** Mark where the selected piece can go. */
  readonly showLegalMoves: boolean;
  /** Each new game at the table starts one seat further clockwise (four-player chess). */
  readonly rotateFirst: boolean;
  /** Seconds per move; 0 = no timer. On expiry the seat's stand-in moves. */
  readonly turnTimer: TurnTimer;
  /** A game clock per seat, or null. A table has a clock or a turn timer, never both. */
  readonly clock: ClockRule | null;
  /** Level of the CPU players that fill empty seats. */
  readonly cpuLevel: string;
  /** A takeback against another person needs their consent. */
  readonly takebackConsent: boolean;
  /** Xiangqi handicap start, e.g. `red-one-horse`; `none` otherwise. */
  readonly handicap: string;
  /** Players may ask for a hint move. */
  readonly hints: boolean;
  /**
   * The game changes its players' ratings (shared/rating): only when every seat is a person
   * with a player key as it begins; hints and takebacks are off while it is on.
   */
  readonly rated: boolean;
}

/** A new table's house rules (each definition's `byDefault` reads its own from here). */
export function defaultRules(game: GameId): HouseRules {
  return {
    format: "teams",
    moveLimit: null,
    showLegalMoves: true,
    rotateFirst: true,
    turnTimer: 0,
    clock: null,
    cpuLevel: DEFAULT_LEVEL[game],
    takebackConsent: true,
    handicap: "none",
    hints: game === "xiangqi",
    rated: false,
  };
}

/** The same clock rule, or both none. */
export const sameClock = (a: ClockRule | null, b: ClockRule | null): boolean =>
  a === null || b === null
    ? a === b
    : a.base === b.base && a.increment === b.increment && a.delay === b.delay;

/** Reads a clock rule: null, or `{ base, increment, delay }` in whole seconds, nothing else. */
export function parseClock(value: unknown): Result<ClockRule | null, RulesError> {
  if (value === null) return ok(null);
  if (typeof value !== "object" || Array.isArray(value))
    return bad("clock must be null or { base, increment, delay } in seconds.");
  const v = value as Record<string, unknown>;
  for (const key of Object.keys(v))
    if (!(key in CLOCK_LIMITS))
      return bad(`"${quote(key)}" is not part of a clock (base, increment, delay).`);
  const out: Record<string, number> = {};
  for (const [key, { min, max }] of Object.entries(CLOCK_LIMITS)) {
    const n = v[key];
    if (!(Number.isInteger(n) && (n as number) >= min && (n as number) <= max))
      return bad(`clock.${key} must be a whole number of seconds from ${min} to ${max}.`);
    out[key] = n as number;
  }
  const clock: ClockRule = { base: out.base!, increment: out.increment!, delay: out.delay! };
  if (clock.increment > 0 && clock.delay > 0)
    return bad("clock may have an increment or a delay, not both.");
  return ok(clock);
}
