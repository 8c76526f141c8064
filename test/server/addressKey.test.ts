import { describe, expect, it } from "vitest";
import { AddressKeys } from "../../server/edge/addressKey";

const HOUR = 3_600_000;

describe("addresses as keyed hashes", () => {
  it("names an address by the same tag within a day, by another the next, never in clear", () => {
    let now = 0;
    const keys = new AddressKeys(2, () => now);
    const first = keys.tag("198.51.100.7");
    expect(first).toMatch(/^a-[A-Za-z0-9_-]{12}$/);
    expect(first).not.toContain("198");
    expect(keys.tag("198.51.100.7")).toBe(first);
    expect(keys.tag("198.51.100.8")).not.toBe(first);
    now = 24 * HOUR;
    expect(keys.tag("198.51.100.7")).not.toBe(first);
    expect(keys.tag("")).toBe("");
  });

  it("another process (another secret) gives the same address another key", () => {
    const a = new AddressKeys(2, () => 0);
    const b = new AddressKeys(2, () => 0);
    expect(a.key("parked", "192.0.2.1")).not.toBe(b.key("parked", "192.0.2.1"));
  });

  it("keeps each day's key as long as what it keys is kept, then forgets it", () => {
    let now = 0;
    const keys = new AddressKeys(1, () => now);
    keys.keepFor(3 * 24 * HOUR);
    const day0 = keys.key("parked", "192.0.2.1");
    expect(keys.keys("parked", "192.0.2.1")).toEqual([day0]);
    now = 24 * HOUR;
    const day1 = keys.key("parked", "192.0.2.1");
    expect(day1).not.toBe(day0);
    expect(keys.keys("parked", "192.0.2.1")).toEqual([day1, day0]);
    now = 4 * 24 * HOUR;
    // Four days on, with three days kept (and the day under way): day 0's secret is gone, so
    // is its key; day 1's is still counted.
    expect(keys.keys("parked", "192.0.2.1")).toEqual([keys.key("parked", "192.0.2.1"), day1]);
    // A key for another purpose is another key.
    expect(keys.key("other", "192.0.2.1")).not.toBe(keys.key("parked", "192.0.2.1"));
  });
});
