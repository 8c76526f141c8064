import { Packr } from "@colyseus/msgpackr";
import { describe, expect, it } from "vitest";
import { clientAddress, parseTrustProxy } from "../../server/edge/address";
import { logTag } from "../../server/edge/addressKey";
import { MessageGuard } from "../../server/edge/guard";
import { PenaltyBox } from "../../server/edge/penalty";
import { isPlainPayload } from "../../server/edge/plainPayload";
import { AbuseLog } from "../../server/ops/log";
import { seeded } from "../../shared/core/random";

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
    expect(lines[3]).toMatchObject({ kind: "flood", source: logTag("10.0.0.1"), suppressed: 499 });
    // The address is named by its tag only, one tag per address.
    expect(JSON.stringify(lines)).not.toContain("10.0.0.");
    expect(new Set(lines.map((l) => l.source)).size).toBe(2);
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

describe("payloads of plain values", () => {
  // How colyseus.js packs a message: objects as msgpackr records.
  const packr = new Packr();
  const packed = (v: unknown) => packr.pack(v) as Uint8Array;
  // With every type msgpackr knows (sets, errors, regular expressions as extensions).
  const typed = (v: unknown) => new Packr({ moreTypes: true }).pack(v) as Uint8Array;
  const ext = (type: number, ...data: number[]) => Uint8Array.from([0xd4, type, ...data]);

  it("passes what a client sends: moves, seats, house rules, nested objects of many shapes", () => {
    const messages: unknown[] = [
      { from: "h2", to: "e2" },
      { from: "d2", to: "d1", promotion: "Q" },
      { seat: 3 },
      { seat: "any" },
      { accept: true },
      { rules: { turnTimer: 30, cpuLevel: "hard", moveLimit: null, format: "teams" } },
      [1, -1, 64, 127, 128, 70_000, -70_000, 2 ** 31 - 1, 0.5, "x".repeat(300)],
      Array.from({ length: 40 }, (_, i) => ({ [`k${i % 3}`]: i, n: { i } })),
      "",
      0,
      null,
    ];
    for (const m of messages) expect(isPlainPayload(packed(m), 0), JSON.stringify(m)).toBe(true);
    expect(isPlainPayload(new Uint8Array(0), 0)).toBe(true);
  });

  it("refuses extension types, binary, big integers, bytes the decoder throws on, deep nesting", () => {
    const refused: [string, Uint8Array][] = [
      ["extension 5", ext(5, 0)],
      ["extension -1 (a date)", packed(new Date(0))],
      ["a big integer", packed(2n ** 63n)],
      ["a typed array", packed(Uint8Array.of(1, 2, 3))],
      ["a set", typed(new Set([1]))],
      ["an error", typed(new Error("x"))],
      ["a regular expression", typed(/x/)],
      ["an object holding a date", packed({ from: new Date(0), to: "e2" })],
      ["cut short", packed({ from: "h2", to: "e2" }).subarray(0, 10)],
      ["bytes after the value", Uint8Array.from([...packed({ seat: 1 }), 0xc0])],
      ["the never-used byte", Uint8Array.of(0xc1)],
      ["nested 20 deep", packed(JSON.parse(`${"[".repeat(20)}${"]".repeat(20)}`))],
    ];
    for (const [what, bytes] of refused) expect(isPlainPayload(bytes, 0), what).toBe(false);
  });

  it("never lets through bytes the decoder throws on (seeded random and mutated frames)", () => {
    const random = seeded(4291);
    const seeds = [{ from: "h2", to: "e2" }, { rules: { turnTimer: 30 } }, [1, "a", { b: null }]];
    let passed = 0;
    for (let i = 0; i < 20_000; i++) {
      const base = packed(seeds[i % seeds.length]);
      const bytes =
        i % 2 === 0
          ? Uint8Array.from({ length: 1 + Math.floor(random() * 24) }, () =>
              Math.floor(random() * 256),
            )
          : base.map((b) => (random() < 0.15 ? Math.floor(random() * 256) : b));
      if (!isPlainPayload(bytes, 0)) continue;
      passed++;
      // What passes decodes again to the same plain value (Colyseus decodes it a second time).
      const again = new Packr().unpack(bytes);
      expect(() => JSON.stringify(again)).not.toThrow();
    }
    expect(passed).toBeGreaterThan(100);
  });
});
