/**
 * The tags an exported game carries (PGN4, and the xiangqi text in WXF or ICCS), written here
 * and read back: tag pairs `[Name "value"]`, the time control, the house rules, and the marks
 * on moves a CPU made. Both formats share PGN's tag-pair syntax, so one reader serves both.
 *
 * - `TimeControl` follows PGN (seconds): `300+3` is a base and a Fischer increment, `-` no
 *   clock. PGN has no form for a delay; `60d15` writes a base and a simple delay with the `d`
 *   chess.com (`1 | 15D`) and US Chess (`G/60;d15`) use for one. A reader that knows only
 *   PGN's forms reads the base and no increment, which is the nearer of its two guesses.
 * - `HouseRules` holds every house rule as `name=value` words separated by spaces (as
 *   `RuleVariants` lists its words): `true`/`false`, whole numbers, `-` for an unset value (as
 *   `TimeControl` writes no clock), the clock as in `TimeControl`, other words as they are
 *   (URI-encoded if they hold anything but letters, digits and `-`).
 * - A move a CPU made is followed by the comment `{cpu}`, one a stand-in made for a player
 *   who was away by `{stand-in}`: PGN comments, which readers skip.
 */
import { type Failure, fail, ok, type Result } from "../core/result";
import type { ClockRule } from "../match/rules";

export type TagsError = Failure<"tags/unreadable">;
const unreadable = (message: string) => fail("tags/unreadable", message);

/** One tag pair: `[Name "value"]`, with `\` and `"` escaped. */
export function tagLine(name: string, value: string): string {
  return `[${name} "${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"]`;
}

const TAG_RE = /^\[([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\]$/;

/**
 * The tag pairs at the head of an exported game, by name: every line up to the first that is
 * not one (blank lines before the first are skipped).
 */
export function readTags(text: string): Record<string, string> {
  const tags: Record<string, string> = {};
  let seen = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === "" && !seen) continue;
    const m = TAG_RE.exec(line);
    if (!m) break;
    seen = true;
    tags[m[1]!] = m[2]!.replace(/\\(.)/g, "$1");
  }
  return tags;
}

/** `300+3`, `60d15`, or `-` without a clock. */
export function timeControlText(clock: ClockRule | null): string {
  if (!clock) return "-";
  return clock.delay > 0 ? `${clock.base}d${clock.delay}` : `${clock.base}+${clock.increment}`;
}

/** Reads a `TimeControl` value written by `timeControlText` (also a bare `300`: no increment). */
export function readTimeControl(text: string): Result<ClockRule | null, TagsError> {
  const value = text.trim();
  if (value === "-") return ok(null);
  const m = /^(\d+)(?:([+d])(\d+))?$/.exec(value);
  if (!m) return unreadable(`"${text}" is not a time control (300+3, 60d15 or -).`);
  const extra = Number(m[3] ?? 0);
  return ok({
    base: Number(m[1]),
    increment: m[2] === "d" ? 0 : extra,
    delay: m[2] === "d" ? extra : 0,
  });
}

const isClock = (v: unknown): v is ClockRule =>
  typeof v === "object" &&
  v !== null &&
  ["base", "increment", "delay"].every(
    (k) => typeof (v as Record<string, unknown>)[k] === "number",
  );

function ruleValueText(key: string, value: unknown): string {
  if (key === "clock") return timeControlText(isClock(value) ? value : null);
  if (value === null || value === undefined) return "-";
  if (typeof value === "boolean" || typeof value === "number") return String(value);
  const text = String(value);
  return /^[A-Za-z0-9-]+$/.test(text) && text !== "-" ? text : encodeURIComponent(text);
}

/** The `HouseRules` value: `format=teams moveLimit=- … clock=300+3 …`, in the rules' order. */
export function houseRulesText(rules: Readonly<Record<string, unknown>>): string {
  return Object.entries(rules)
    .filter(([key]) => /^[A-Za-z][A-Za-z0-9]*$/.test(key))
    .map(([key, value]) => `${key}=${ruleValueText(key, value)}`)
    .join(" ");
}

/** Reads a `HouseRules` value back into the rules' values (`parseRules` can then check them). */
export function readHouseRules(text: string): Result<Record<string, unknown>, TagsError> {
  const rules: Record<string, unknown> = {};
  for (const word of text.trim().split(/\s+/).filter(Boolean)) {
    const m = /^([A-Za-z][A-Za-z0-9]*)=(\S+)$/.exec(word);
    if (!m) return unreadable(`"${word}" is not a house rule written as name=value.`);
    const [, key, value] = m as unknown as [string, string, string];
    if (value === "-") rules[key] = null;
    else if (key === "clock") {
      const clock = readTimeControl(value);
      if (!clock.ok) return clock;
      rules[key] = clock.value;
    } else if (value === "true" || value === "false") rules[key] = value === "true";
    else if (/^-?\d+$/.test(value)) rules[key] = Number(value);
    else {
      try {
        rules[key] = decodeURIComponent(value);
      } catch {
        return unreadable(`"${word}" is not a house rule written as name=value.`);
      }
    }
  }
  return ok(rules);
}

/** The comment after a move, by who made it (see `MOVE_BY`): `{cpu}`, `{stand-in}` or none. */
export function moveMark(by: string): string {
  return by === "cpu" || by === "stand-in" ? `{${by}}` : "";
}

/** PGN's `WhiteType` convention, per seat: `human` or `program`. */
export const playerType = (kind: string): string => (kind === "cpu" ? "program" : "human");
