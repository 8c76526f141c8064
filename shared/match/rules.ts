/** House rules a table is created with and the host may change before the start. */
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
  /** Level of the CPU players that fill empty seats. */
  readonly cpuLevel: string;
  /** A takeback against another person needs their consent. */
  readonly takebackConsent: boolean;
  /** Xiangqi handicap start, e.g. `red-one-horse`; `none` otherwise. */
  readonly handicap: string;
  /** Players may ask for a hint move. */
  readonly hints: boolean;
}

export function defaultRules(game: GameId): HouseRules {
  return {
    format: "teams",
    moveLimit: null,
    showLegalMoves: true,
    rotateFirst: true,
    turnTimer: 0,
    cpuLevel: DEFAULT_LEVEL[game],
    takebackConsent: true,
    handicap: "none",
    hints: game === "xiangqi",
  };
}

export type RulesError = Failure<"rules/invalid">;
const bad = (message: string) => fail("rules/invalid", message);

/**
 * Reads a partial rules object from a client over `base`. Unknown keys are refused so a typo
 * is noticed rather than silently ignored.
 */
export function parseRules(
  game: GameId,
  input: unknown,
  base: HouseRules,
): Result<HouseRules, RulesError> {
  if (input === undefined || input === null) return ok(base);
  if (typeof input !== "object" || Array.isArray(input)) return bad("Rules must be an object.");
  const def = GAMES[game];
  const out: { -readonly [K in keyof HouseRules]: HouseRules[K] } = { ...base };
  for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
    switch (key) {
      case "format":
        if (!def.formats.includes(value as Format))
          return bad(`format must be one of ${def.formats.join(", ")}.`);
        out.format = value as Format;
        break;
      case "moveLimit":
        if (
          value !== null &&
          !(Number.isInteger(value) && (value as number) >= 4 && (value as number) <= 2000)
        )
          return bad("moveLimit must be null or a whole number from 4 to 2000.");
        out.moveLimit = value as number | null;
        break;
      case "turnTimer":
        if (!TURN_TIMERS.includes(value as TurnTimer))
          return bad("turnTimer must be 0, 30 or 60 (seconds).");
        out.turnTimer = value as TurnTimer;
        break;
      case "cpuLevel":
        if (!CPU_LEVELS[game].includes(value as string))
          return bad(`cpuLevel must be one of ${CPU_LEVELS[game].join(", ")}.`);
        out.cpuLevel = value as string;
        break;
      case "handicap":
        if (!def.handicaps.includes(value as string))
          return bad(`handicap must be one of ${def.handicaps.join(", ")}.`);
        out.handicap = value as string;
        break;
      case "showLegalMoves":
      case "rotateFirst":
      case "takebackConsent":
      case "hints":
        if (typeof value !== "boolean") return bad(`${key} must be true or false.`);
        out[key] = value;
        break;
      default:
        return bad(`"${key}" is not a house rule.`);
    }
  }
  return ok(out);
}
