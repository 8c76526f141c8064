import { describe, expect, it } from "vitest";
import { GAME_IDS } from "../../shared/games/catalog";
import {
  CLOCK_PRESETS,
  clockOfCustom,
  clockPoolName,
  customOf,
  presetById,
  presetOf,
  quickClock,
} from "../../shared/match/clocks";
import { parseClock } from "../../shared/match/rules";

describe("the clock presets", () => {
  it("are the common controls of each game, every one a clock the house rule allows", () => {
    expect(CLOCK_PRESETS.xiangqi.map((p) => p.id)).toEqual(["3+2", "5+3", "10+5", "15+10"]);
    expect(CLOCK_PRESETS.fourchess.map((p) => p.id)).toEqual(["1d15", "3+2", "5+5"]);
    expect(presetById("fourchess", "1d15")?.clock).toEqual({ base: 60, increment: 0, delay: 15 });
    expect(presetById("xiangqi", "15+10")?.clock).toEqual({ base: 900, increment: 10, delay: 0 });
    for (const game of GAME_IDS)
      for (const p of CLOCK_PRESETS[game]) {
        expect(parseClock(p.clock)).toEqual({ ok: true, value: p.clock });
        expect(presetOf(game, { ...p.clock })).toBe(p);
      }
  });

  it("name quick play's pools: none, or the game's preset; anything else is no pool", () => {
    expect(clockPoolName("xiangqi", null)).toBe("none");
    expect(clockPoolName("xiangqi", { base: 300, increment: 3, delay: 0 })).toBe("5+3");
    expect(quickClock("xiangqi", undefined)).toEqual({ ok: true, value: null });
    expect(quickClock("xiangqi", null)).toEqual({ ok: true, value: null });
    expect(quickClock("fourchess", { base: 60, increment: 0, delay: 15 })).toEqual({
      ok: true,
      value: { base: 60, increment: 0, delay: 15 },
    });
    for (const bad of [
      { base: 300, increment: 3, delay: 0 }, // a xiangqi control
      { base: 120, increment: 1, delay: 0 }, // one's own
      { base: 60, increment: 0, delay: 15, extra: 1 },
      "1d15",
      60,
    ])
      expect(quickClock("fourchess", bad).ok).toBe(false);
  });

  it("read a custom clock within the rule's bounds and give back its figures", () => {
    const custom = { minutes: 2, seconds: 30, extra: "delay", extraSeconds: 5 } as const;
    const clock = clockOfCustom(custom);
    expect(clock).toEqual({ base: 150, increment: 0, delay: 5 });
    expect(customOf(clock!)).toEqual(custom);
    expect(clockOfCustom({ minutes: 0, seconds: 15, extra: "increment", extraSeconds: 0 })).toEqual(
      { base: 15, increment: 0, delay: 0 },
    );
    expect(
      clockOfCustom({ minutes: 90, seconds: 0, extra: "increment", extraSeconds: 60 }),
    ).toEqual({ base: 5400, increment: 60, delay: 0 });
    for (const bad of [
      { minutes: 0, seconds: 14, extra: "increment", extraSeconds: 0 },
      { minutes: 90, seconds: 1, extra: "increment", extraSeconds: 0 },
      { minutes: 1, seconds: 60, extra: "increment", extraSeconds: 0 },
      { minutes: 1, seconds: 0, extra: "delay", extraSeconds: 61 },
      { minutes: 1.5, seconds: 0, extra: "increment", extraSeconds: 0 },
      { minutes: -1, seconds: 30, extra: "increment", extraSeconds: 0 },
    ] as const)
      expect(clockOfCustom(bad)).toBeNull();
  });
});
