/**
 * A room's clock runs from one timer set for its next due entry (server/room/roomClock.ts): entries
 * fire when due, however long the clock sat idle before, and a clock with nothing scheduled
 * leaves no timer behind.
 */
import { Clock } from "@colyseus/core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { driveClock } from "../../server/room/roomClock";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "Date"] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A room's clock as Colyseus starts it, driven by `driveClock`. */
function roomClock(): Clock {
  const clock = new Clock();
  clock.start();
  driveClock(clock);
  return clock;
}

describe("a room clock without a patch interval", () => {
  it("leaves no timer running while nothing is scheduled", () => {
    const clock = roomClock();
    expect(vi.getTimerCount()).toBe(0);
    const d = clock.setTimeout(() => undefined, 1000);
    expect(vi.getTimerCount()).toBe(1);
    d.clear();
    vi.advanceTimersByTime(1000);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("fires a timeout when it is due, even after a long idle spell", () => {
    const clock = roomClock();
    vi.advanceTimersByTime(60_000);
    const fired: number[] = [];
    const setAt = Date.now();
    clock.setTimeout(() => fired.push(Date.now() - setAt), 500);
    vi.advanceTimersByTime(499);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual([500]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("runs intervals at their period and the earliest of several entries first", () => {
    const clock = roomClock();
    const seen: string[] = [];
    const start = Date.now();
    const every = clock.setInterval(() => seen.push(`i${Date.now() - start}`), 200);
    clock.setTimeout(() => seen.push(`t${Date.now() - start}`), 300);
    vi.advanceTimersByTime(650);
    expect(seen).toEqual(["i200", "t300", "i400", "i600"]);
    every.clear();
    vi.advanceTimersByTime(1000);
    expect(seen).toHaveLength(4);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("schedules entries added by a firing entry", () => {
    const clock = roomClock();
    const seen: number[] = [];
    const start = Date.now();
    clock.setTimeout(() => {
      seen.push(Date.now() - start);
      clock.setTimeout(() => seen.push(Date.now() - start), 250);
    }, 100);
    vi.advanceTimersByTime(400);
    expect(seen).toEqual([100, 350]);
  });

  it("keeps entries on time when something else ticks the clock (a patch)", () => {
    const clock = roomClock();
    const seen: number[] = [];
    const start = Date.now();
    clock.setTimeout(() => seen.push(Date.now() - start), 300);
    vi.advanceTimersByTime(120);
    clock.tick();
    vi.advanceTimersByTime(120);
    clock.tick();
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(60);
    expect(seen).toEqual([300]);
  });

  it("drops its timer when the room is disposed", () => {
    const clock = roomClock();
    let fired = false;
    clock.setTimeout(() => {
      fired = true;
    }, 100);
    clock.clear();
    clock.stop();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(200);
    expect(fired).toBe(false);
  });
});
