/**
 * Cues for a player who is not watching the board all the time: the turn arriving (a chime and
 * a highlight), in four-player chess the turn of the seat just before theirs ("you're next",
 * quietly), and their own clock running low. Each is given once: a cue names the moment it
 * belongs to, and a moment already cued is not cued again when the state is sent again.
 */
import type { TableView } from "../../../shared/protocol/views";
import type { Me } from "./facts";

export type TurnCue = "turn" | "next";

type Turning = Pick<
  TableView,
  "game" | "mode" | "phase" | "turn" | "seats" | "gameNumber" | "moves"
>;

/** The seat that moves after `seat`: the next one clockwise still in the game. */
export function seatAfter(s: Pick<TableView, "seats">, seat: number): number {
  const n = s.seats.length;
  for (let k = 1; k < n; k++) {
    const next = (seat + k) % n;
    if (!s.seats[next]?.out) return next;
  }
  return seat;
}

/** Whether this player moves right after the seat to move (four-player chess only). */
export function nextIsMine(s: Turning, me: Me): boolean {
  if (s.game !== "fourchess" || s.phase !== "playing" || me.seats.includes(s.turn)) return false;
  const next = seatAfter(s, s.turn);
  return me.seats.includes(next) && !s.seats[next]?.out;
}

/** The cue the state calls for, with the moment it belongs to; null when none does. */
export function turnCue(
  s: Turning,
  me: Me,
): { readonly cue: TurnCue; readonly key: string } | null {
  // On one device both sides are the player's own: no chime for every move.
  if (s.phase !== "playing" || s.mode === "hotseat" || me.seats.length === 0) return null;
  const key = `${s.gameNumber}|${s.moves.length}|${s.turn}`;
  if (me.seats.includes(s.turn) && !s.seats[s.turn]?.out) return { cue: "turn", key };
  if (nextIsMine(s, me)) return { cue: "next", key };
  return null;
}

/** Gives each cue once: `take` answers the cue to give now, or null. */
export class Cues {
  private given = "";
  private lowGiven = "";

  take(s: Turning, me: Me): TurnCue | null {
    const c = turnCue(s, me);
    if (!c) return null;
    const key = `${c.cue}|${c.key}`;
    if (key === this.given) return null;
    this.given = key;
    return c.cue;
  }

  /** Whether to warn of the player's own clock running low now (once a turn). */
  lowTime(s: Turning, me: Me, low: boolean): boolean {
    if (!low || !me.seats.includes(s.turn) || s.mode === "hotseat") return false;
    const key = `${s.gameNumber}|${s.moves.length}|${s.turn}`;
    if (key === this.lowGiven) return false;
    this.lowGiven = key;
    return true;
  }
}
