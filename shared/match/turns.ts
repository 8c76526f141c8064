/**
 * The turn: what begins with it (its timer, or the end of the game), what its timer and a
 * dropped player's grace running out bring, and the time a table was away from it.
 */
import { refusal } from "../core/errors";
import { err, ok, type Result } from "../core/result";
import { type FinishedMatch, type Match, type MatchError, type PlayingMatch, plyOf } from "./state";

/**
 * The seats' used time with the turn that ends now charged to the seat that was to move.
 * Every action that ends a turn (a move, a resignation that passes the turn or ends the game,
 * an agreed draw, a takeback) passes this to `withTurn`; a takeback gives no time back.
 */
export function spent(m: PlayingMatch, now: number): readonly number[] {
  const seat = m.game.turn;
  const elapsed = Math.max(0, now - m.turnStarted);
  return m.used.map((t, i) => (i === seat ? t + elapsed : t));
}

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
  const timer = m.rules.turnTimer;
  const human = m.seats[game.turn]?.kind === "human";
  return {
    ...m,
    deadline: timer > 0 && human ? now + timer * m.secondMs : null,
    turnStarted: now,
    standIn: null,
  };
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
  if (now < Math.max(seat.awaySince, m.turnStarted) + m.graceMs)
    return err(refusal("stand-in/early"));
  return ok({ ...m, standIn: { seat: seatIndex, reason: "away" } });
}

export function resume(m: Match, now: number): Match {
  const seats = m.seats.map((s) =>
    s.kind === "human" ? { ...s, connected: false, awaySince: now } : s,
  );
  const standIn = m.standIn?.reason === "away" ? null : m.standIn;
  if (m.phase !== "playing") return { ...m, seats, standIn };
  const timer = m.rules.turnTimer;
  const human = seats[m.game.turn]?.kind === "human";
  const deadline = timer > 0 && human && !standIn ? now + timer * m.secondMs : null;
  return { ...m, seats, standIn, turnStarted: now, deadline };
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
