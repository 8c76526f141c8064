/**
 * The turn: what begins with it (its timer or its clock's flag, or the end of the game), what
 * the turn timer and a dropped player's grace running out bring, and the time a table was away
 * from it. What a turn costs is in `clock.ts`; a flag falling, in `play.ts`.
 */
import { refusal } from "../core/errors";
import { err, ok, type Result } from "../core/result";
import { flagAt, standInAt } from "./clock";
import { type FinishedMatch, type Match, type MatchError, type PlayingMatch, plyOf } from "./state";

/** Sets up the turn that begins now: timer, stand-in, or the end of the game. */
export function withTurn(m: PlayingMatch, now: number): PlayingMatch | FinishedMatch {
  const game = m.game;
  if (game.outcome)
    return {
      ...m,
      phase: "finished",
      // A time that ran out is no news once the game is over.
      notices: m.notices.filter((n) => n.code !== "timer/ran-out"),
      deadline: null,
      standIn: null,
      offer: null,
      turnStarted: now,
    };
  const human = m.seats[game.turn]?.kind === "human";
  const next: PlayingMatch = { ...m, turnStarted: now, standIn: null };
  return { ...next, deadline: human ? turnDeadline(next, now) : null };
}

/**
 * When the person to move runs out of time on the turn begun at `turnStarted`: their flag
 * with a clock, the turn timer's end without, or null (no timer). CPUs have none.
 */
function turnDeadline(m: PlayingMatch, now: number): number | null {
  if (m.rules.clock) return flagAt(m);
  const timer = m.rules.turnTimer;
  return timer > 0 ? now + timer * m.secondMs : null;
}

/** The turn timer ran out: the stand-in moves for the seat to move. */
export function timeout(m: Match, ply: number, now: number): Result<Match, MatchError> {
  if (m.phase !== "playing" || m.deadline === null) return err(refusal("timer/none"));
  if (ply !== plyOf(m)) return err(refusal("timer/stale"));
  if (now < m.deadline) return err(refusal("timer/early"));
  return ok({ ...m, deadline: null, standIn: { seat: m.game.turn, reason: "timeout" } });
}

/** A dropped player's grace ran out on their turn: the stand-in moves for them. */
export function standInDue(
  m: Match,
  seatIndex: number,
  ply: number,
  now: number,
): Result<Match, MatchError> {
  const seat = m.seats[seatIndex];
  if (
    m.phase !== "playing" ||
    ply !== plyOf(m) ||
    m.game.turn !== seatIndex ||
    !seat ||
    seat.awaySince === null
  )
    return err(refusal("stand-in/not-due"));
  if (now < standInAt(m, seat.awaySince)) return err(refusal("stand-in/early"));
  return ok({ ...m, standIn: { seat: seatIndex, reason: "away" } });
}

/**
 * The table is back after the server stopped: every person counts as away from now. With a
 * clock, the clocks stood still from `since` (when the server stopped, or its last stored
 * action before a crash): the running turn goes on with the time it had then, the time away
 * charged to nobody. Without, the running turn and its timer start again.
 */
export function resume(m: Match, since: number | undefined, now: number): Match {
  const seats = m.seats.map((s) =>
    s.kind === "human" ? { ...s, connected: false, awaySince: now } : s,
  );
  const standIn = m.standIn?.reason === "away" ? null : m.standIn;
  if (m.phase !== "playing") return { ...m, seats, standIn };
  const human = seats[m.game.turn]?.kind === "human";
  const stood = m.rules.clock && since !== undefined ? since : null;
  const turnStarted =
    stood === null ? now : m.turnStarted + Math.max(0, now - Math.max(stood, m.turnStarted));
  const next: PlayingMatch = { ...m, seats, standIn, turnStarted };
  return { ...next, deadline: human && !standIn ? turnDeadline(next, now) : null };
}

export function unpause(m: Match, since: number, now: number): Result<Match, MatchError> {
  if (m.phase !== "playing") return err(refusal("phase/not-playing"));
  const paused = Math.max(0, now - Math.max(since, m.turnStarted));
  if (paused === 0) return err(refusal("pause/none"));
  const seats = m.seats.map((s) =>
    s.awaySince === null ? s : { ...s, awaySince: s.awaySince + paused },
  );
  return ok({
    ...m,
    seats,
    turnStarted: m.turnStarted + paused,
    deadline: m.deadline === null ? null : m.deadline + paused,
  });
}
