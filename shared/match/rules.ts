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
}

export type RulesError = Failure<"rules/invalid">;
const bad = (message: string) => fail("rules/invalid", message);

/** How a house rule's values are told apart, for the forms and the rules pages. */
export type RuleValues =
  | { readonly kind: "switch" }
  | { readonly kind: "choice"; readonly of: (game: GameId) => readonly (string | number)[] }
  /** A whole number in a range, or null (none). */
  | { readonly kind: "count"; readonly min: number; readonly max: number }
  | { readonly kind: "clock" };

/**
 * One house rule: the games it means something in, its values, its default, and how a value
 * from a client is read. `parseRules` reads every rule through these, and the rules pages list
 * them from here, so what a page says a rule does and allows is what the server takes.
 */
export interface RuleDefinition<K extends keyof HouseRules = keyof HouseRules> {
  readonly key: K;
  readonly games: readonly GameId[];
  readonly values: RuleValues;
  readonly byDefault: (game: GameId) => HouseRules[K];
  /** The value read from a client, or why it is not one. */
  readonly parse: (game: GameId, value: unknown) => Result<HouseRules[K], RulesError>;
}

/** Who may change the house rules: the host, before the game starts (and between games). */
export const RULES_CHANGED_BY = "host-before-start";

const BOTH: readonly GameId[] = ["fourchess", "xiangqi"];

const switchRule = <K extends keyof HouseRules>(
  key: K,
  games: readonly GameId[],
  byDefault: (game: GameId) => boolean,
): RuleDefinition<K> => ({
  key,
  games,
  values: { kind: "switch" },
  byDefault: byDefault as (game: GameId) => HouseRules[K],
  parse: (_game, value) =>
    typeof value === "boolean" ? ok(value as HouseRules[K]) : bad(`${key} must be true or false.`),
});

const choiceRule = <K extends keyof HouseRules>(
  key: K,
  games: readonly GameId[],
  of: (game: GameId) => readonly (string | number)[],
  byDefault: (game: GameId) => HouseRules[K],
  refusal: (game: GameId) => string,
): RuleDefinition<K> => ({
  key,
  games,
  values: { kind: "choice", of },
  byDefault,
  parse: (game, value) =>
    of(game).includes(value as string | number) ? ok(value as HouseRules[K]) : bad(refusal(game)),
});

const MOVE_LIMIT = { min: 4, max: 2000 } as const;

/** Every house rule, in the order forms and pages show them. */
export const HOUSE_RULES: readonly RuleDefinition[] = [
  choiceRule(
    "format",
    ["fourchess"],
    (game) => GAMES[game].formats,
    (): Format => "teams",
    (game) => `format must be one of ${GAMES[game].formats.join(", ")}.`,
  ),
  {
    key: "moveLimit",
    games: ["fourchess"],
    values: { kind: "count", ...MOVE_LIMIT },
    byDefault: () => null,
    parse: (_game, value) =>
      value === null ||
      (Number.isInteger(value) &&
        (value as number) >= MOVE_LIMIT.min &&
        (value as number) <= MOVE_LIMIT.max)
        ? ok(value as number | null)
        : bad(
            `moveLimit must be null or a whole number from ${MOVE_LIMIT.min} to ${MOVE_LIMIT.max}.`,
          ),
  },
  switchRule("showLegalMoves", BOTH, () => true),
  switchRule("rotateFirst", ["fourchess"], () => true),
  choiceRule(
    "turnTimer",
    BOTH,
    () => TURN_TIMERS,
    (): TurnTimer => 0,
    () => "turnTimer must be 0, 30 or 60 (seconds).",
  ),
  {
    key: "clock",
    games: BOTH,
    values: { kind: "clock" },
    byDefault: () => null,
    parse: (_game, value) => parseClock(value),
  },
  choiceRule(
    "cpuLevel",
    BOTH,
    (game) => CPU_LEVELS[game],
    (game) => DEFAULT_LEVEL[game],
    (game) => `cpuLevel must be one of ${CPU_LEVELS[game].join(", ")}.`,
  ),
  switchRule("takebackConsent", BOTH, () => true),
  choiceRule(
    "handicap",
    ["xiangqi"],
    (game) => GAMES[game].handicaps,
    () => "none",
    (game) => `handicap must be one of ${GAMES[game].handicaps.join(", ")}.`,
  ),
  switchRule("hints", BOTH, (game) => game === "xiangqi"),
];

const DEFINITIONS = new Map<string, RuleDefinition>(HOUSE_RULES.map((r) => [r.key, r]));

export function defaultRules(game: GameId): HouseRules {
  return Object.fromEntries(
    HOUSE_RULES.map((r) => [r.key, r.byDefault(game)]),
  ) as unknown as HouseRules;
}

/** The house rules that mean something in `game`, in their order. */
export const rulesFor = (game: GameId): readonly RuleDefinition[] =>
  HOUSE_RULES.filter((r) => r.games.includes(game));

/** Whether a house rule means something in `game`. */
export const ruleApplies = (game: GameId, key: string): boolean =>
  DEFINITIONS.get(key)?.games.includes(game) ?? true;

/** The house rules of a game's own, in their order: a xiangqi game has no four-player rules. */
export function rulesOfGame<T extends Readonly<Record<string, unknown>>>(
  game: GameId,
  rules: T,
): Partial<T> {
  return Object.fromEntries(
    Object.entries(rules).filter(([key]) => ruleApplies(game, key)),
  ) as Partial<T>;
}

/** The same house rules, clock included. */
export function sameRules(a: HouseRules, b: HouseRules): boolean {
  const keys = Object.keys(a) as (keyof HouseRules)[];
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => (k === "clock" ? sameClock(a.clock, b.clock) : Object.is(a[k], b[k])));
}

const sameClock = (a: ClockRule | null, b: ClockRule | null): boolean =>
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

/**
 * Reads a partial rules object from a client over `base`. Unknown keys are refused so a typo
 * is noticed rather than silently ignored. A clock and a turn timer exclude each other: asking
 * for both at once is refused; setting one where the table had the other replaces it.
 */
export function parseRules(
  game: GameId,
  input: unknown,
  base: HouseRules,
): Result<HouseRules, RulesError> {
  if (input === undefined || input === null) return ok(base);
  if (typeof input !== "object" || Array.isArray(input)) return bad("Rules must be an object.");
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
    const rule = DEFINITIONS.get(key);
    if (!rule) return bad(`"${quote(key)}" is not a house rule.`);
    const read = rule.parse(game, value);
    if (!read.ok) return read;
    out[key] = read.value;
  }
  const asked = input as Record<string, unknown>;
  const timerAsked = asked.turnTimer !== undefined && asked.turnTimer !== 0;
  const clockAsked = asked.clock !== undefined && asked.clock !== null;
  if (timerAsked && clockAsked)
    return bad(
      "A table has a clock or a turn timer, not both: set turnTimer to 0 or clock to null.",
    );
  if (clockAsked) out.turnTimer = 0;
  else if (timerAsked) out.clock = null;
  return ok(out as unknown as HouseRules);
}
