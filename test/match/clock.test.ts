import { describe, expect, it } from "vitest";
import { defaultRules, parseRules } from "../../shared/match/rules";

const parse = (input: unknown, base = defaultRules("xiangqi")) =>
  parseRules("xiangqi", input, base);

function refusedWith(input: unknown, reason: RegExp, base = defaultRules("xiangqi")): void {
  const r = parse(input, base);
  expect(r.ok).toBe(false);
  if (!r.ok) {
    expect(r.error.code).toBe("rules/invalid");
    expect(r.error.message).toMatch(reason);
  }
}

describe("the clock house rule", () => {
  it("is none by default and takes base, increment and delay in seconds", () => {
    expect(defaultRules("fourchess").clock).toBeNull();
    const fiveThree = parse({ clock: { base: 300, increment: 3, delay: 0 } });
    expect(fiveThree.ok && fiveThree.value.clock).toEqual({ base: 300, increment: 3, delay: 0 });
    const delayed = parseRules(
      "fourchess",
      { clock: { base: 60, increment: 0, delay: 15 } },
      defaultRules("fourchess"),
    );
    expect(delayed.ok && delayed.value.clock).toEqual({ base: 60, increment: 0, delay: 15 });
    const none = parse(
      { clock: null },
      { ...defaultRules("xiangqi"), clock: fiveThree.ok ? fiveThree.value.clock : null },
    );
    expect(none.ok && none.value.clock).toBeNull();
    // The ends of each range are allowed.
    expect(parse({ clock: { base: 15, increment: 60, delay: 0 } }).ok).toBe(true);
    expect(parse({ clock: { base: 5400, increment: 0, delay: 60 } }).ok).toBe(true);
  });

  it("refuses values out of range, missing or extra parts and both increment and delay", () => {
    refusedWith({ clock: { base: 14, increment: 0, delay: 0 } }, /clock\.base .* 15 to 5400/);
    refusedWith({ clock: { base: 5401, increment: 0, delay: 0 } }, /clock\.base/);
    refusedWith({ clock: { base: 60.5, increment: 0, delay: 0 } }, /whole number/);
    refusedWith({ clock: { base: "60", increment: 0, delay: 0 } }, /clock\.base/);
    refusedWith({ clock: { base: 60, increment: 61, delay: 0 } }, /clock\.increment .* 0 to 60/);
    refusedWith({ clock: { base: 60, increment: -1, delay: 0 } }, /clock\.increment/);
    refusedWith({ clock: { base: 60, increment: 0, delay: 61 } }, /clock\.delay .* 0 to 60/);
    refusedWith({ clock: { base: 60, increment: 0 } }, /clock\.delay/);
    refusedWith({ clock: { base: 60, increment: 0, delay: 0, bonus: 1 } }, /"bonus" is not part/);
    refusedWith({ clock: { base: 60, increment: 2, delay: 2 } }, /increment or a delay, not both/);
    refusedWith({ clock: 300 }, /null or \{ base, increment, delay \}/);
    refusedWith({ clock: [300, 2, 0] }, /null or/);
  });

  it("is a clock or a turn timer, never both", () => {
    refusedWith(
      { turnTimer: 30, clock: { base: 300, increment: 3, delay: 0 } },
      /clock or a turn timer, not both/,
    );
    // Setting one where the table had the other replaces it.
    const timed = { ...defaultRules("xiangqi"), turnTimer: 30 as const };
    const clocked = parse({ clock: { base: 300, increment: 3, delay: 0 } }, timed);
    expect(clocked.ok && [clocked.value.turnTimer, clocked.value.clock?.base]).toEqual([0, 300]);
    if (!clocked.ok) return;
    const back = parse({ turnTimer: 60 }, clocked.value);
    expect(back.ok && [back.value.turnTimer, back.value.clock]).toEqual([60, null]);
    // Turning one off leaves the other as it was.
    const off = parse({ turnTimer: 0 }, clocked.value);
    expect(off.ok && off.value.clock?.base).toBe(300);
    expect(parse({ turnTimer: 0, clock: { base: 60, increment: 0, delay: 5 } }).ok).toBe(true);
  });
});
