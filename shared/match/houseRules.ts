/**
 * The house rules as definitions: for each, the games it means something in, its values, its
 * default and how a value from a client is read. The server reads every rule through them
 * (`parseRules`), and the rules pages list them (`rulesFor`), so what a page says a rule does and
 * allows is what the server takes. A module apart from rules.ts so that a page needing only the
 * defaults (the lobby) does not carry the parser.
 */
import { quote } from "../core/quote";
import { ok, type Result } from "../core/result";
import { type Format, GAME_IDS, GAMES, type GameId } from "../games/catalog";
import {
  badRules as bad,
  CPU_LEVELS,
  defaultRules,
  type HouseRules,
  parseClock,
  type RulesError,
  sameClock,
  TURN_TIMERS,
} from "./rules";

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
 * them from here (`houseRules()`), so what a page says a rule does and allows is what the server takes.
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

/**
 * House rules that mean something in one game only: four-player chess's format, move limit and
 * rotation of the first seat; xiangqi's handicap. The others apply to every game.
 */
const ONE_GAME_RULES: Readonly<Record<string, GameId>> = {
  format: "fourchess",
  moveLimit: "fourchess",
  rotateFirst: "fourchess",
  handicap: "xiangqi",
};

/** Whether a house rule means something in `game`. */
export const ruleApplies = (game: GameId, key: string): boolean =>
  (ONE_GAME_RULES[key] ?? game) === game;

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

/** The games a rule means something in. */
const gamesOf = (key: string): readonly GameId[] => GAME_IDS.filter((g) => ruleApplies(g, key));

/** A rule's default: what `defaultRules` gives a new table. */
const byDefaultOf =
  <K extends keyof HouseRules>(key: K) =>
  (game: GameId): HouseRules[K] =>
    defaultRules(game)[key];

const switchRule = <K extends keyof HouseRules>(key: K): RuleDefinition<K> => ({
  key,
  games: gamesOf(key),
  values: { kind: "switch" },
  byDefault: byDefaultOf(key),
  parse: (_game, value) =>
    typeof value === "boolean" ? ok(value as HouseRules[K]) : bad(`${key} must be true or false.`),
});

const choiceRule = <K extends keyof HouseRules>(
  key: K,
  of: (game: GameId) => readonly (string | number)[],
  refusal: (game: GameId) => string,
): RuleDefinition<K> => ({
  key,
  games: gamesOf(key),
  values: { kind: "choice", of },
  byDefault: byDefaultOf(key),
  parse: (game, value) =>
    of(game).includes(value as string | number) ? ok(value as HouseRules[K]) : bad(refusal(game)),
});

const MOVE_LIMIT = { min: 4, max: 2000 } as const;

/**
 * Every house rule, in the order forms and pages show them. Built when first asked for, so that
 * a page that only needs the defaults (the lobby) does not carry the parser.
 */
let definitions: readonly RuleDefinition[] | null = null;

export function houseRules(): readonly RuleDefinition[] {
  definitions ??= [
    choiceRule(
      "format",
      (game) => GAMES[game].formats,
      (game) => `format must be one of ${GAMES[game].formats.join(", ")}.`,
    ),
    {
      key: "moveLimit",
      games: gamesOf("moveLimit"),
      values: { kind: "count", ...MOVE_LIMIT },
      byDefault: byDefaultOf("moveLimit"),
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
    switchRule("showLegalMoves"),
    switchRule("rotateFirst"),
    choiceRule(
      "turnTimer",
      () => TURN_TIMERS,
      () => "turnTimer must be 0, 30 or 60 (seconds).",
    ),
    {
      key: "clock",
      games: gamesOf("clock"),
      values: { kind: "clock" },
      byDefault: byDefaultOf("clock"),
      parse: (_game, value) => parseClock(value),
    },
    choiceRule(
      "cpuLevel",
      (game) => CPU_LEVELS[game],
      (game) => `cpuLevel must be one of ${CPU_LEVELS[game].join(", ")}.`,
    ),
    switchRule("takebackConsent"),
    choiceRule(
      "handicap",
      (game) => GAMES[game].handicaps,
      (game) => `handicap must be one of ${GAMES[game].handicaps.join(", ")}.`,
    ),
    switchRule("hints"),
    switchRule("rated"),
  ];
  return definitions;
}

/** The definition of the rule named `key`, if there is one. */
const definition = (key: string): RuleDefinition | undefined =>
  houseRules().find((r) => r.key === key);

/** The house rules that mean something in `game`, in their order. */
export const rulesFor = (game: GameId): readonly RuleDefinition[] =>
  houseRules().filter((r) => r.games.includes(game));

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
    const rule = definition(key);
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
