import { expect } from "vitest";
import { unwrap } from "../../shared/core/result";
import type { GameId } from "../../shared/games/catalog";
import { type Action, createMatch, type Match, reduce } from "../../shared/match/match";
import { defaultRules, type HouseRules } from "../../shared/match/rules";

export function newMatch(
  game: GameId = "fourchess",
  rules: Partial<HouseRules> = {},
  hotSeat = false,
): Match {
  return createMatch({
    game,
    rules: { ...defaultRules(game), ...rules },
    hotSeat,
    graceMs: 10_000,
  });
}

/** Applies actions that must all be accepted. */
export function run(m: Match, now: number, ...actions: Action[]): Match {
  for (const a of actions) {
    const r = reduce(m, a, now);
    if (!r.ok) throw new Error(`${a.type} refused: ${r.error.code} ${r.error.message}`);
    m = r.value;
  }
  return m;
}

export function refused(m: Match, action: Action, code: string, now = 0): void {
  const r = reduce(m, action, now);
  expect(r.ok).toBe(false);
  if (!r.ok) expect(r.error.code).toBe(code);
}

/** A started four-player table: the given players sit in seats 0.. and the host starts. */
export function started(players: string[], rules: Partial<HouseRules> = {}, now = 0): Match {
  let m = newMatch("fourchess", rules);
  players.forEach((p, seat) => {
    m = run(m, now, { type: "sit", player: p, name: p.toUpperCase(), seat });
  });
  return run(m, now, { type: "start", player: players[0]!, host: true });
}

export const ok = unwrap;
