/**
 * What each seat's game clock shows (the house rule `clock`). The state gives each seat's time
 * left: the seat to move's as of the turn's start (`turnStarted`), the others' as of now. Only
 * the seat to move counts down, from the turn's start on the server's clock as this client
 * estimates it (model/clock.ts), after the turn's delay; while that estimate is held still (the
 * connection is down, the table paused) so is the countdown.
 */
import type { TableView } from "../../../shared/protocol/views";

/** Under this much time a clock turns red, and the player's own warns once a turn. */
export const LOW_TIME_MS = 10_000;

export interface ClockFace {
  /** Time left, ms. */
  readonly ms: number;
  /** The clock counts down now (the seat is to move). */
  readonly running: boolean;
  /** What is left of the turn's delay, ms (0 once it is used, or without a delay). */
  readonly delayMs: number;
  /** Under LOW_TIME_MS. */
  readonly low: boolean;
}

type Clocked = Pick<
  TableView,
  "phase" | "turn" | "clockBase" | "turnStarted" | "seats" | "rules" | "gameNumber" | "moves"
>;

/** Seat `i`'s clock at `serverNow`, or null at a table without a clock. */
export function clockFace(s: Clocked, i: number, serverNow: number): ClockFace | null {
  const rule = s.rules.clock;
  const seat = s.seats[i];
  if (!rule || !seat) return null;
  const left = seat.clock ?? 0;
  const running = s.phase === "playing" && s.turn === i && s.clockBase > 0 && !seat.out;
  if (!running) return { ms: left, running: false, delayMs: 0, low: left < LOW_TIME_MS };
  const elapsed = Math.max(0, serverNow - (s.clockBase + s.turnStarted));
  const delay = rule.delay * 1000;
  const ms = Math.max(0, left - Math.max(0, elapsed - delay));
  return { ms, running: true, delayMs: Math.max(0, delay - elapsed), low: ms < LOW_TIME_MS };
}

/**
 * The clocks as shown, turn after turn: within one turn the running clock never goes back up
 * (a server that restarted charges nobody for the time it was away, which may give back the
 * moment this client counted before it noticed), and each new turn starts from the server's
 * figures again.
 */
export class ClockFaces {
  private turnKey = "";
  private shown = new Map<number, number>();

  faces(s: Clocked, serverNow: number): (ClockFace | null)[] {
    const key = `${s.gameNumber}|${s.phase}|${s.moves.length}|${s.turn}`;
    if (key !== this.turnKey) {
      this.turnKey = key;
      this.shown.clear();
    }
    return s.seats.map((_, i) => {
      const face = clockFace(s, i, serverNow);
      if (!face?.running) return face;
      const ms = Math.min(face.ms, this.shown.get(i) ?? face.ms);
      this.shown.set(i, ms);
      return { ...face, ms, low: ms < LOW_TIME_MS };
    });
  }
}

/**
 * A clock's time as players read it: `m:ss` (`h:mm:ss` from an hour), and tenths under ten
 * seconds (`0:09.4`), never rounded up to time that is not there.
 */
export function clockText(ms: number): string {
  const left = Math.max(0, ms);
  if (left < LOW_TIME_MS) {
    const tenths = Math.floor(left / 100);
    return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const total = Math.floor(left / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const sec = String(total % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}
