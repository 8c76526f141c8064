/**
 * The table's one pending timed action (a turn running out, a dropped player's grace ending),
 * kept on the room's clock and replaced whenever the match says the next one has changed.
 */
import type { Delayed } from "@colyseus/core";
import type { Action, Match } from "../../shared/match/match";
import { nextTimedAction } from "../../shared/match/timing";
import type { Refusal } from "../room/tableClient";

export interface TurnTimerOptions {
  readonly clock: { setTimeout(callback: () => void, ms: number): Delayed };
  readonly match: () => Match;
  readonly commit: (action: Action) => Refusal | null;
}

export class TurnTimer {
  private timer: { delayed: Delayed; key: string } | null = null;

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
      if (refusal?.code.endsWith("/early")) this.schedule(Date.now());
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
