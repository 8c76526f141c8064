/**
 * The game clock (house rule `clock`): what a turn costs the seat to move, when its flag falls,
 * and when a dropped player's stand-in moves so that it does not fall while they are away.
 * Clock seconds are `secondMs` long, like the turn timer's (1000; shorter only in tests).
 */
import type { Match, PlayingMatch } from "./state";

/**
 * A dropped player's stand-in moves at the latest this many seconds before their flag would
 * fall: the CPU's search takes well under a second at every level, so two seconds leave room
 * for a busy CPU pool (see docs/rules.md, "Clocks").
 */
export const STAND_IN_MARGIN_S = 2;

const inMs = (m: Match, seconds: number) => seconds * m.secondMs;

/** The clock time the running turn has cost the seat to move at `now`: its delay is free. */
export function turnCost(m: PlayingMatch, now: number): number {
  const elapsed = Math.max(0, now - m.turnStarted);
  const delay = m.rules.clock ? inMs(m, m.rules.clock.delay) : 0;
  return Math.max(0, elapsed - delay);
}

/**
 * The seats' used time and clocks with the turn that ends now charged to the seat to move.
 * Every action that ends a turn (a move, a resignation or flag that passes the turn or ends
 * the game, an agreed draw, a takeback) passes this to `withTurn`; a takeback gives no time
 * back. `moved`: the turn ended with a move, which earns the increment. A clock never goes
 * below 0: a CPU or a stand-in that took longer than the time left is charged what was left
 * (only a person's flag falls, by the `timeout` action).
 */
export function charge(
  m: PlayingMatch,
  now: number,
  moved: boolean,
): Pick<Match, "used" | "clocks"> {
  const seat = m.game.turn;
  const elapsed = Math.max(0, now - m.turnStarted);
  const used = m.used.map((t, i) => (i === seat ? t + elapsed : t));
  const clock = m.rules.clock;
  if (!clock) return { used, clocks: m.clocks };
  const cost = turnCost(m, now);
  const bonus = moved ? inMs(m, clock.increment) : 0;
  const clocks = m.clocks.map((t, i) => (i === seat ? Math.max(0, t - cost) + bonus : t));
  return { used, clocks };
}

/** With a clock: when the flag of the seat to move falls (ms), the turn begun at `turnStarted`. */
export function flagAt(m: PlayingMatch): number | null {
  const clock = m.rules.clock;
  if (!clock) return null;
  return m.turnStarted + inMs(m, clock.delay) + (m.clocks[m.game.turn] ?? 0);
}

/** The flag of the seat to move has fallen at `now` (a clock, a person's turn). */
export function flagFallen(m: PlayingMatch, now: number): boolean {
  return m.rules.clock !== null && m.deadline !== null && now >= m.deadline;
}

/**
 * When the stand-in moves for the dropped player to move (away since `awaySince`): after the
 * grace, or with a clock sooner, STAND_IN_MARGIN_S before their flag would fall.
 */
export function standInAt(m: PlayingMatch, awaySince: number): number {
  const grace = Math.max(awaySince, m.turnStarted) + m.graceMs;
  if (!m.rules.clock || m.deadline === null) return grace;
  return Math.max(m.turnStarted, Math.min(grace, m.deadline - inMs(m, STAND_IN_MARGIN_S)));
}
