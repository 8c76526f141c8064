/**
 * What the room must schedule next for a match: the one timed action (the turn timer running
 * out or a flag falling, a dropped player's grace running out) and whether a CPU or stand-in
 * should be asked for a move.
 */
import { standInAt } from "./clock";
import { type Action, type Match, plyOf } from "./match";

export interface TimedAction {
  /** When to dispatch (ms, the same clock as `reduce`'s `now`). */
  readonly at: number;
  readonly action: Action;
}

export function nextTimedAction(m: Match): TimedAction | null {
  if (m.phase === "waiting" && m.autoStart !== null)
    return { at: m.autoStart, action: { type: "auto-start" } };
  if (m.phase !== "playing" || m.standIn) return null;
  const turn = m.game.turn;
  const seat = m.seats[turn]!;
  const ply = plyOf(m);
  const due: TimedAction[] = [];
  if (m.deadline !== null) due.push({ at: m.deadline, action: { type: "timeout", ply } });
  if (seat.kind === "human" && seat.awaySince !== null) {
    // With a clock, before the flag would fall (clock.ts); a clock at 0 has fallen, so the
    // flag comes first on a tie.
    const at = standInAt(m, seat.awaySince);
    due.push({ at, action: { type: "stand-in-due", seat: turn, ply } });
  }
  return due.sort((a, b) => a.at - b.at)[0] ?? null;
}

export interface BotTurn {
  readonly seat: number;
  /** The move count the answer must carry; a move for an older ply is refused as stale. */
  readonly ply: number;
  readonly level: string;
  readonly by: "cpu" | "stand-in";
}

/** The seat a CPU or stand-in should move for now, if any. */
export function botTurn(m: Match): BotTurn | null {
  if (m.phase !== "playing") return null;
  const turn = m.game.turn;
  const seat = m.seats[turn]!;
  if (seat.kind === "cpu") return { seat: turn, ply: plyOf(m), level: seat.level, by: "cpu" };
  if (m.standIn?.seat === turn)
    return { seat: turn, ply: plyOf(m), level: seat.level, by: "stand-in" };
  return null;
}
