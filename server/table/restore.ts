/**
 * Bringing a stored table back: its actions replayed through the reducer, in order, as far as
 * they agree with it. A log that stops agreeing (an action the rules refuse, a version out of
 * step: a gap left by a write that never reached the store, or two writers mixed) is cut at
 * the last action that did replay; no client was shown anything after it, because nothing is
 * shown before it is stored and a store that failed a write takes nothing more.
 */
import { type Match, reduce } from "../../shared/match/match";
import type { ActionRecord } from "../store/types";

export interface Replayed {
  /** The match at the last consistent version. */
  readonly match: Match;
  /** Server time of each entry of the current game's move list. */
  readonly times: number[];
  /** How many stored actions replayed. */
  readonly applied: number;
  /** When the last action that replayed was made (ms), or null when none did. */
  readonly lastAt: number | null;
  /** Where the log stopped agreeing, or null when every action replayed. */
  readonly stopped: { readonly version: number; readonly reason: string } | null;
}

export function replayActions(start: Match, actions: readonly ActionRecord[]): Replayed {
  let match = start;
  let times: number[] = [];
  let applied = 0;
  let lastAt: number | null = null;
  for (const entry of actions) {
    const reduced = reduce(match, entry.action, entry.at);
    // An action that changes nothing, stored before such actions stopped being stored, keeps
    // its place (its version) in the log and nothing else.
    const r =
      reduced.ok && reduced.value === match
        ? { ok: true as const, value: { ...match, version: match.version + 1 } }
        : reduced;
    const reason = !r.ok
      ? `${entry.action.type} refused: ${r.error.code}`
      : r.value.version !== entry.version
        ? `${entry.action.type} stored as version ${entry.version}, replayed as ${r.value.version}`
        : null;
    if (reason !== null || !r.ok) {
      return {
        match,
        times,
        applied,
        lastAt,
        stopped: { version: entry.version, reason: reason ?? "" },
      };
    }
    times = noteTimes(times, match, r.value, entry.at);
    match = r.value;
    applied++;
    lastAt = entry.at;
  }
  return { match, times, applied, lastAt, stopped: null };
}

/**
 * The server time of each move-list entry after an action: kept for the entries still there,
 * `at` for new ones; a new game or a takeback shortens the list. Changes `times` in place.
 */
export function noteTimes(times: number[], before: Match, after: Match, at: number): number[] {
  const kept = after.gameNumber !== before.gameNumber ? [] : times;
  kept.length = Math.min(kept.length, after.log.length);
  while (kept.length < after.log.length) kept.push(at);
  return kept;
}
