import { describe, expect, it } from "vitest";
import { SeatHolds } from "../../server/table/seatHolds";

const HOLD = 5000;

describe("seats kept for quick play", () => {
  it("keeps one seat per address, however often it asks, for the time of its first ask", () => {
    const holds = new SeatHolds(HOLD);
    expect(holds.ask("a", 2, 0)).toBe("kept");
    expect(holds.ask("a", 2, 1000)).toBe("kept");
    expect(holds.ask("a", 2, 4000)).toBe("kept");
    expect(holds.live(4000)).toBe(1);
    // The second seat is still there for someone else.
    expect(holds.ask("b", 2, 4000)).toBe("kept");
    // Asking again never made the first hold last longer.
    expect(holds.live(HOLD)).toBe(1);
  });

  it("sends a second asker behind the same address only where a seat is left beyond those kept", () => {
    const holds = new SeatHolds(HOLD);
    expect(holds.ask("a", 2, 0)).toBe("kept");
    expect(holds.ask("a", 2, 0)).toBe("kept");
    expect(holds.ask("b", 2, 0)).toBe("kept");
    // Both seats kept: whoever asks from a waits, until a joins (or its hold lapses).
    expect(holds.ask("a", 2, 10)).toBe("busy");
    holds.use("a");
    expect(holds.ask("a", 1, 20)).toBe("busy");
    holds.use("b");
    expect(holds.ask("a", 0, 30)).toBe("closed");
  });

  it("makes others wait while every open seat is kept, and lets them in once one lapses", () => {
    const holds = new SeatHolds(HOLD);
    expect(holds.ask("a", 1, 0)).toBe("kept");
    expect(holds.ask("b", 1, 100)).toBe("busy");
    expect(holds.ask("b", 1, HOLD - 1)).toBe("busy");
    expect(holds.ask("b", 1, HOLD)).toBe("kept");
  });

  it("sends an address whose hold lapsed unused on without a seat kept, behind those waiting", () => {
    const holds = new SeatHolds(HOLD);
    holds.ask("a", 2, 0);
    expect(holds.ask("a", 2, HOLD)).toBe("open");
    expect(holds.live(HOLD)).toBe(0);
    expect(holds.ask("b", 2, HOLD)).toBe("kept");
    expect(holds.ask("c", 2, HOLD)).toBe("kept");
    expect(holds.ask("a", 2, HOLD + 1)).toBe("busy");
  });

  it("uses a hold up when its address joins, after which it may ask again", () => {
    const holds = new SeatHolds(HOLD);
    holds.ask("a", 2, 0);
    holds.use("a");
    expect(holds.live(0)).toBe(0);
    // Seated now: one seat is open, and a later ask (someone else behind the same address)
    // keeps it.
    expect(holds.ask("a", 1, 10)).toBe("kept");
    expect(holds.ask("b", 1, 10)).toBe("busy");
  });

  it("answers closed when the table has no seat to send anyone to", () => {
    const holds = new SeatHolds(HOLD);
    expect(holds.ask("a", 0, 0)).toBe("closed");
    expect(holds.live(0)).toBe(0);
  });
});
