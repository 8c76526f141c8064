/**
 * The table's one pending timed action (a turn running out, a dropped player's grace ending),
 * kept on the room's clock and replaced whenever the match says the next one has changed.
 */
import type { Action, Match } from "../../shared/match/match";
import { nextTimedAction } from "../../shared/match/timing";
import type { Refusal } from "./connection";

/** A timer that can be cleared (Colyseus' clock gives them; tests give their own). */
export interface Timer {
  clear(): void;
}

/** Where a table sets its timers. */
export interface Timers {
  setTimeout(callback: () => void, ms: number): Timer;
}

export interface TurnTimerOptions {
  readonly clock: Timers;
  readonly now: () => number;
  readonly match: () => Match;
  readonly commit: (action: Action) => Refusal | null;
}

export class TurnTimer {
  private timer: { delayed: Timer; key: string } | null = null;

  constructor(private readonly options: TurnTimerOptions) {}

  /** Sets the timer for the match's next timed action, unless it is already set for it. */
  schedule(now: number): void {
    const next = nextTimedAction(this.options.match());
    const key = next ? `${next.at}:${JSON.stringify(next.action)}` : "";
    if (this.timer?.key === key) return;
    this.timer?.delayed.clear();
    this.timer = null;
    if (!next) return;
    const fire = () => {
      this.timer = null;
      const refusal = this.options.commit(next.action);
      const early = ["timer/early", "stand-in/early", "start/not-due"] as const;
      if (refusal && (early as readonly string[]).includes(refusal.code))
        this.schedule(this.options.now());
    };
    this.timer = {
      key,
      delayed: this.options.clock.setTimeout(fire, Math.max(0, next.at - now)),
    };
  }

  /** Clears the timer; `schedule` sets it again. */
  stop(): void {
    this.timer?.delayed.clear();
    this.timer = null;
  }
}
