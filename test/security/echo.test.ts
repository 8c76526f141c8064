/**
 * What a refusal repeats of what was sent: a short piece, cut between code points and marked,
 * over a socket and over HTTP. A reply used to carry a 3.5 KB house-rule key back whole, and an
 * unknown message type cut inside a surrogate pair went out as invalid UTF-8.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QUOTE_POINTS, quote } from "../../shared/core/quote";
import { refusal, startTestServer, type TableRoom, type TestServer } from "../server/harness";

const LONG_KEY = `rule${"x".repeat(3500)}`;
const EMOJI = "😀";

/** Well formed: every surrogate in a pair, so the text encodes as valid UTF-8. */
const wellFormed = (s: string) => !/\p{Cs}/u.test(s) && !s.includes("\uFFFD");
const points = (s: string) => [...s].length;

describe("quote", () => {
  it("keeps a short text as it is", () => {
    expect(quote("cpuLevel")).toBe("cpuLevel");
    expect(quote(`${"a".repeat(31)}${EMOJI}b`)).toBe(`${"a".repeat(31)}${EMOJI}b`);
  });

  it("cuts a long text at a code point and marks the cut", () => {
    const q = quote(EMOJI.repeat(100));
    expect(q).toBe(`${EMOJI.repeat(QUOTE_POINTS - 1)}…`);
    expect(quote(LONG_KEY)).toBe(`rule${"x".repeat(QUOTE_POINTS - 5)}…`);
  });

  it("never lets a lone surrogate through", () => {
    expect(wellFormed(quote("ab\ud83d").replace("\uFFFD", ""))).toBe(true);
    expect(quote("ab\ud83d")).toBe("ab\uFFFD");
  });
});

describe("refusals over a socket", () => {
  let t: TestServer;
  let room: TableRoom;
  beforeAll(async () => {
    t = await startTestServer();
    room = (await t.client().create("table", { game: "xiangqi", name: "Host" })) as TableRoom;
  });
  afterAll(async () => {
    await room?.leave();
    await t?.close();
  });

  it("quotes a 3.5 KB unknown house-rule key briefly", async () => {
    const error = await refusal(room, "rules", { rules: { [LONG_KEY]: true } });
    expect(error.code).toBe("rules/invalid");
    expect(error.message).toContain(`"rule${"x".repeat(QUOTE_POINTS - 5)}…"`);
    expect(error.message.length).toBeLessThan(100);
  });

  it("quotes an unknown message type whole when short, cut between code points when long", async () => {
    const short = `${"a".repeat(31)}${EMOJI}b`;
    const shortError = await refusal(room, short);
    expect(shortError.code).toBe("message/unknown");
    expect(shortError.request).toBe(short);

    const long = EMOJI.repeat(200);
    const longError = await refusal(room, long);
    expect(longError.code).toBe("message/unknown");
    expect(wellFormed(longError.request)).toBe(true);
    expect(points(longError.request)).toBe(QUOTE_POINTS);
    expect(longError.request.endsWith("…")).toBe(true);
  });
});

describe("refusals over HTTP", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t?.close());

  it("quotes a 3.5 KB unknown house-rule key briefly when a table is opened", async () => {
    const res = await fetch(`${t.http}/matchmake/create/table`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ game: "xiangqi", name: "Host", rules: { [LONG_KEY]: true } }),
    });
    const text = await res.text();
    expect(text.length).toBeLessThan(300);
    const body = JSON.parse(text) as { error: string };
    expect(body.error).toContain("rules/invalid");
    expect(body.error).toContain(`"rule${"x".repeat(QUOTE_POINTS - 5)}…"`);
  });

  it("quotes a long key of emoji without splitting a pair", async () => {
    const res = await fetch(`${t.http}/matchmake/create/table`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ game: "xiangqi", rules: { [EMOJI.repeat(1000)]: true } }),
    });
    const bytes = new Uint8Array(await res.arrayBuffer());
    // Strict decoding throws on invalid UTF-8.
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    const body = JSON.parse(text) as { error: string };
    expect(body.error).toContain(`"${EMOJI.repeat(QUOTE_POINTS - 1)}…"`);
  });
});
