/**
 * Runs a room's `clock` from one Node timer set for its next due entry, instead of Colyseus'
 * patch interval (which ticks the clock 20 times a second in every room, busy or not). With
 * nothing scheduled a room costs nothing; a scheduled entry fires when it is due, not at the
 * next 50 ms tick. The room sends its changes itself (see `flushSoon` in tableRoom.ts), so it
 * runs with `patchRate` 0.
 *
 * Colyseus' clock only moves when ticked: an entry added after a quiet spell would count that
 * spell at the next tick and fire early, so each new entry starts at the clock's last tick.
 */
import type { Delayed, Room } from "@colyseus/core";

type Clock = Room["clock"];
type Schedule = (handler: (...args: unknown[]) => void, ms: number, ...args: unknown[]) => Delayed;

export function driveClock(clock: Clock): void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let timerAt = Number.POSITIVE_INFINITY;
  let stopped = false;

  /** When the earliest active entry falls due (Date.now() time), or infinity. */
  const nextDue = (): number => {
    let due = Number.POSITIVE_INFINITY;
    for (const d of clock.delayed) {
      if (!d.active || d.paused) continue;
      due = Math.min(due, clock.currentTime + d.time - d.elapsedTime);
    }
    return due;
  };

  const arm = (): void => {
    if (stopped) return;
    const due = nextDue();
    if (due >= timerAt) return;
    if (timer) clearTimeout(timer);
    timer = null;
    timerAt = due;
    if (due === Number.POSITIVE_INFINITY) return;
    timer = setTimeout(fire, Math.max(0, Math.ceil(due - Date.now())));
  };

  const fire = (): void => {
    timer = null;
    timerAt = Number.POSITIVE_INFINITY;
    // The wrapped tick below sets the timer again for the next entry.
    if (!stopped) clock.tick();
  };

  for (const name of ["setTimeout", "setInterval"] as const) {
    const schedule = clock[name].bind(clock) as Schedule;
    (clock as unknown as Record<typeof name, Schedule>)[name] = (handler, ms, ...args) => {
      const d = schedule(handler, ms, ...args);
      d.elapsedTime = clock.currentTime - Date.now();
      arm();
      return d;
    };
  }
  // Ticks from elsewhere (a patch) may run entries early or late in the list: look again.
  const tick = clock.tick.bind(clock);
  clock.tick = (...args: Parameters<Clock["tick"]>) => {
    tick(...args);
    if (timer === null || timerAt > nextDue()) {
      if (timer) clearTimeout(timer);
      timer = null;
      timerAt = Number.POSITIVE_INFINITY;
      arm();
    }
  };
  // The room is disposed: its clock is stopped and cleared.
  const stop = clock.stop.bind(clock);
  clock.stop = () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    timer = null;
    stop();
  };
}
