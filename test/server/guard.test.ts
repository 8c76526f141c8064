import { describe, expect, it } from "vitest";
import { clientAddress, parseTrustProxy } from "../../server/address";
import { MessageGuard } from "../../server/guard";
import { AbuseLog } from "../../server/log";
import { PenaltyBox } from "../../server/penalty";

describe("the message budget of one connection", () => {
  const limits = { perSecond: 10, burst: 30, maxRefused: 60, maxBuffered: 1000 };

  it("takes a burst, refuses what follows (saying so once a second), and drops a sender that keeps on", () => {
    const guard = new MessageGuard(limits);
    const client = {};
    const verdicts = Array.from({ length: 100 }, () => guard.admit(client, 0, 0));
    expect(verdicts.slice(0, 30).every((v) => v.kind === "ok")).toBe(true);
    const refused = verdicts.slice(30, 90);
    expect(refused.every((v) => v.kind === "refuse")).toBe(true);
    expect(refused.filter((v) => v.kind === "refuse" && v.tell)).toHaveLength(1);
    expect(verdicts[90]).toEqual({ kind: "drop", reason: "flood" });
  });

  it("forgives a sender that slows down: the refusals in a row start again", () => {
    const guard = new MessageGuard(limits);
    const client = {};
    for (let i = 0; i < 80; i++) guard.admit(client, 0, 0);
    // A second later the bucket holds ten messages again.
    expect(guard.admit(client, 0, 1000).kind).toBe("ok");
    for (let i = 0; i < 9; i++) guard.admit(client, 0, 1000);
    for (let i = 0; i < 60; i++) expect(guard.admit(client, 0, 1000).kind).toBe("refuse");
  });

  it("drops a connection whose send buffer backs up, whatever it sends", () => {
    const guard = new MessageGuard(limits);
    expect(guard.admit({}, 1001, 0)).toEqual({ kind: "drop", reason: "slow-reader" });
    expect(guard.backedUp(1001)).toBe(true);
    expect(guard.backedUp(10)).toBe(false);
  });
});

describe("abuse in the log", () => {
  it("writes one line per source and kind per window, then one line counting the rest", () => {
    const lines: Record<string, unknown>[] = [];
    let now = 0;
    const abuse = new AbuseLog(
      60_000,
      { warn: (o: object) => lines.push(o as never) } as never,
      () => now,
    );
    for (let i = 0; i < 500; i++) abuse.report("flood", "10.0.0.1");
    abuse.report("bad-frame", "10.0.0.1");
    abuse.report("flood", "10.0.0.2");
    expect(lines).toHaveLength(3);
    now = 61_000;
    abuse.flush();
    expect(lines).toHaveLength(4);
    expect(lines[3]).toMatchObject({ kind: "flood", source: "10.0.0.1", suppressed: 499 });
    abuse.close();
  });
});

describe("addresses", () => {
  const request = (remote: string, forwarded?: string) =>
    ({
      socket: { remoteAddress: remote },
      connection: { remoteAddress: remote },
      headers: forwarded ? { "x-forwarded-for": forwarded } : {},
    }) as never;

  it("believes no X-Forwarded-For unless TRUST_PROXY names the proxy, and then only its hop", () => {
    expect(clientAddress(request("127.0.0.1", "6.6.6.6"), parseTrustProxy(undefined))).toBe(
      "127.0.0.1",
    );
    const trust = parseTrustProxy("loopback");
    expect(clientAddress(request("127.0.0.1", "6.6.6.6"), trust)).toBe("6.6.6.6");
    // A client's own forged entry comes before the proxy's: only the proxy's hop counts.
    expect(clientAddress(request("127.0.0.1", "1.1.1.1, 6.6.6.6"), trust)).toBe("6.6.6.6");
    // A request that did not come through the proxy is its own address.
    expect(clientAddress(request("8.8.8.8", "6.6.6.6"), trust)).toBe("8.8.8.8");
    expect(clientAddress(request("127.0.0.1", "1.1.1.1, 6.6.6.6"), parseTrustProxy("1"))).toBe(
      "6.6.6.6",
    );
    expect(() => parseTrustProxy("true")).toThrow(/TRUST_PROXY/);
  });

  it("keeps an address cut off for flooding out until its time is up", () => {
    const box = new PenaltyBox(60_000);
    box.add("10.0.0.1", 0);
    expect(box.has("10.0.0.1", 59_999)).toBe(true);
    expect(box.has("10.0.0.2", 0)).toBe(false);
    expect(box.has("10.0.0.1", 60_000)).toBe(false);
  });
});
