import { describe, expect, it } from "vitest";
import { quickWait } from "../../client/src/model/quick";
import { ServerTime } from "../../client/src/net/serverTime";
import { mustReload } from "../../client/src/net/version";

describe("where the server's clock stands", () => {
  it("takes the middle of a round trip, and keeps the sample with the shortest one", () => {
    const t = new ServerTime();
    expect(t.offset).toBeNull();
    // The server is 5 s ahead. An answer stamped at once but read 400 ms later (a busy page).
    t.add({ sent: 1_000, now: 6_000, received: 1_400 });
    expect(t.offset).toBe(4_800);
    // A quick round trip: 20 ms, stamped 10 ms in.
    t.add({ sent: 2_000, now: 7_010, received: 2_020 });
    expect(t.offset).toBe(5_000);
    // A slower one later does not spoil it.
    t.add({ sent: 3_000, now: 8_000, received: 3_900 });
    expect(t.offset).toBe(5_000);
  });

  it("ignores a device clock that went backwards and answers without a time", () => {
    const t = new ServerTime();
    t.add({ sent: 5_000, now: 9_000, received: 4_000 });
    t.add({ sent: 5_000, now: 0, received: 5_010 });
    t.add({ sent: 5_000, now: Number.NaN, received: 5_010 });
    expect(t.size).toBe(0);
    expect(t.offset).toBeNull();
  });

  it("forgets old samples, so a clock that drifted is followed", () => {
    const t = new ServerTime();
    t.add({ sent: 0, now: 1_000, received: 2 });
    for (let i = 1; i <= 6; i++)
      t.add({ sent: i * 1000, now: i * 1000 + 1_500, received: i * 1000 + 30 });
    expect(t.offset).toBe(1_485);
  });

  it("a quick-play countdown timed by it never shows more than the wait, however late the welcome was read", () => {
    // The server starts counting 12 s at 50 000 on its clock, 20 s ahead of the device's. The
    // welcome was stamped at once but read 700 ms late; the `time` asks that followed were quick.
    const t = new ServerTime();
    t.add({ sent: 10_000, now: 30_000, received: 10_700 });
    t.add({ sent: 11_000, now: 31_004, received: 11_008 });
    const seated = { kind: "human", player: "a" } as const;
    const other = { kind: "human", player: "b" } as const;
    const table = {
      mode: "quick" as const,
      phase: "waiting" as const,
      seats: [seated, other, { kind: "empty", player: "" }, { kind: "empty", player: "" }],
      autoStart: 50_000 + 12_000,
    };
    // The patch with `autoStart` arrives 5 ms after it was set.
    const wait = quickWait(table as never, { seats: [0] } as never, 30_005 + (t.offset ?? 0));
    expect(wait).toEqual({ kind: "counting", seconds: 12 });
  });
});

describe("a page of another protocol than the server's", () => {
  it("reloads once for that version, and never for its own or an unknown one", () => {
    expect(mustReload(3, 2, null)).toBe(true);
    expect(mustReload(3, 2, "3")).toBe(false);
    expect(mustReload(4, 2, "3")).toBe(true);
    expect(mustReload(2, 2, null)).toBe(false);
    expect(mustReload(undefined, 2, null)).toBe(false);
  });
});
