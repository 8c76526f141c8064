import { describe, expect, it } from "vitest";
import {
  afterFailure,
  type ConnectionNotice,
  failureOf,
  noticeOf,
  RETRY,
  recover,
  retryDelay,
  startRecovery,
  type TryOutcome,
} from "../../client/src/net/recovery";

describe("the pause between tries", () => {
  it("starts at 0.1 s and doubles up to 5 s, then stays there", () => {
    expect(Array.from({ length: 10 }, (_, i) => retryDelay(i))).toEqual([
      100, 200, 400, 800, 1600, 3200, 5000, 5000, 5000, 5000,
    ]);
    expect(retryDelay(10_000)).toBe(5000);
  });

  it("spreads each pause from half to one and a half times the schedule", () => {
    expect([0, 0.25, 0.999].map((r) => retryDelay(3, r))).toEqual([400, 600, 1199]);
    expect(retryDelay(30, 0)).toBe(2500);
    expect(retryDelay(30, 0.999)).toBe(7495);
  });

  it("brings browsers dropped at the same moment back at different moments", async () => {
    const seeded = (seed: number) => () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const firstTries = [1, 2, 3, 4, 5].map((seed) => {
      const r = rig(["failed", "failed", "failed", "failed", "joined"], { random: seeded(seed) });
      return recover(r.deps, true).then(() => r.pauses.reduce((a, b) => a + b, 0));
    });
    const backAt = await Promise.all(firstTries);
    // Five pauses before the fifth try: the schedule alone would bring all five back at 3.1 s.
    expect(new Set(backAt).size).toBe(5);
    for (const at of backAt) {
      expect(at).toBeGreaterThanOrEqual(1550);
      expect(at).toBeLessThanOrEqual(4650);
    }
  });
});

describe("reading a failed join", () => {
  it("tells a table the server does not know from everything else", () => {
    expect(failureOf({ code: 4212, message: 'room "ABCDEF" not found' })).toBe("missing");
    // A server that is stopping locks its tables: they come back after the restart.
    expect(failureOf({ code: 4212, message: 'room "ABCDEF" is locked' })).toBe("failed");
    expect(failureOf(new TypeError("Failed to fetch"))).toBe("failed");
    expect(failureOf({ code: 4214, message: "reconnection token invalid or expired" })).toBe(
      "failed",
    );
    expect(failureOf(null)).toBe("failed");
  });
});

describe("what the person is told", () => {
  const t0 = 1_000_000;

  it("a blip first, a restart after 3 s of failed tries, or at once when the server said so", () => {
    const r = startRecovery(t0, false);
    expect(noticeOf(r, t0, true)).toMatchObject({ restarting: false, offerLobby: false });
    expect(noticeOf(r, t0 + RETRY.restartAfterMs - 1, true).restarting).toBe(false);
    expect(noticeOf(r, t0 + RETRY.restartAfterMs, true).restarting).toBe(true);
    expect(noticeOf(startRecovery(t0, true), t0, false)).toMatchObject({
      restarting: true,
      seated: false,
    });
  });

  it("offers the lobby once the table has been missing for two minutes in a row", () => {
    let r = startRecovery(t0, true);
    r = afterFailure(r, "failed", t0 + 1000);
    r = afterFailure(r, "missing", t0 + 10_000);
    r = afterFailure(r, "missing", t0 + 10_000 + RETRY.missingForMs - 1);
    expect(noticeOf(r, t0 + 10_000 + RETRY.missingForMs - 1, true).offerLobby).toBe(false);
    expect(noticeOf(r, t0 + 10_000 + RETRY.missingForMs, true).offerLobby).toBe(true);
    // Any other answer in between starts the count again: the server is still on its way.
    r = afterFailure(r, "failed", t0 + 200_000);
    expect(noticeOf(r, t0 + 200_000, true).offerLobby).toBe(false);
    expect(r.tries).toBe(4);
  });
});

/** A fake clock that the pauses move forward, and a script of try outcomes. */
function rig(
  outcomes: TryOutcome[],
  opts: { tryMs?: number; stopAfter?: number; random?: () => number } = {},
) {
  let now = 0;
  let tries = 0;
  const pauses: number[] = [];
  const notices: { at: number; notice: ConnectionNotice }[] = [];
  const deps = {
    attempt: async (): Promise<TryOutcome> => {
      now += opts.tryMs ?? 0;
      tries++;
      return outcomes[Math.min(tries - 1, outcomes.length - 1)]!;
    },
    sleep: async (ms: number) => {
      pauses.push(ms);
      now += ms;
    },
    now: () => now,
    random: opts.random ?? (() => 0.5),
    stopped: () => opts.stopAfter !== undefined && tries >= opts.stopAfter,
    seated: () => true,
    notify: (notice: ConnectionNotice) => notices.push({ at: now, notice }),
  };
  return { deps, pauses, notices, tries: () => tries };
}

describe("the ride through", () => {
  it("comes back on the first try that joins, after the pauses of the schedule", async () => {
    const r = rig(["failed", "failed", "missing", "joined"]);
    expect(await recover(r.deps, false)).toBe(true);
    expect(r.pauses).toEqual([100, 200, 400, 800]);
    expect(r.notices.map((n) => n.notice)).toEqual([
      { state: "reconnecting", restarting: false, offerLobby: false, seated: true, tries: 0 },
      { state: "reconnecting", restarting: false, offerLobby: false, seated: true, tries: 1 },
      { state: "reconnecting", restarting: false, offerLobby: false, seated: true, tries: 2 },
      { state: "reconnecting", restarting: false, offerLobby: false, seated: true, tries: 3 },
    ]);
  });

  it("never gives up by itself: a server away for ten minutes is tried every 5 s", async () => {
    const away = Array<TryOutcome>(200).fill("failed");
    const r = rig([...away, "joined"], { tryMs: 20 });
    expect(await recover(r.deps, false)).toBe(true);
    expect(r.tries()).toBe(201);
    expect(r.pauses.slice(-3)).toEqual([5000, 5000, 5000]);
    const firstRestart = r.notices.find(
      (n) => n.notice.state === "reconnecting" && n.notice.restarting,
    );
    // 0.1 + 0.2 + 0.4 + 0.8 + 1.6 s of pauses and five tries: the restart words come at ~3.2 s.
    expect(firstRestart?.at).toBeGreaterThanOrEqual(RETRY.restartAfterMs);
    expect(firstRestart?.at).toBeLessThan(RETRY.restartAfterMs + 3500);
    expect(r.notices.some((n) => n.notice.state === "reconnecting" && n.notice.offerLobby)).toBe(
      false,
    );
  });

  it("a table answered missing for two minutes: the lobby is offered and the tries go on", async () => {
    const r = rig([...Array<TryOutcome>(40).fill("missing"), "joined"]);
    expect(await recover(r.deps, true)).toBe(true);
    const offered = r.notices.filter(
      (n) => n.notice.state === "reconnecting" && n.notice.offerLobby,
    );
    expect(offered.length).toBeGreaterThan(0);
    // The first "missing" answer came after the first pause (0.1 s).
    expect(offered[0]!.at).toBeGreaterThanOrEqual(100 + RETRY.missingForMs);
    expect(r.notices.every((n) => n.notice.state === "reconnecting" && n.notice.restarting)).toBe(
      true,
    );
  });

  it("stops when the person leaves", async () => {
    const r = rig(["failed"], { stopAfter: 3 });
    expect(await recover(r.deps, false)).toBe(false);
    expect(r.tries()).toBe(3);
  });
});
