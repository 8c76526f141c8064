import { describe, expect, it } from "vitest";
import { newPlayerId, newToken, randomId } from "../../server/table/tokens";

describe("ids drawn from pooled randomness", () => {
  it("never hands out the same player id, seat token or session id twice, across refills", () => {
    // 5 000 player ids, 2 000 seat tokens and 2 000 session ids: 76 KB of randomness, the
    // pool of 4 KB refilled about nineteen times.
    const ids = Array.from({ length: 5000 }, newPlayerId);
    const tokens = Array.from({ length: 2000 }, newToken);
    const sessions = Array.from({ length: 2000 }, () => randomId(7));
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{8}$/);
    for (const t of tokens) expect(t).toMatch(/^[A-Za-z0-9_-]{22}$/);
    for (const s of sessions) expect(s).toMatch(/^[A-Za-z0-9_-]{10}$/);
    const all = [...ids, ...tokens, ...sessions];
    expect(new Set(all).size).toBe(all.length);
    // Every byte value turns up: the pool is random bytes, not a counter or zeros.
    const bytes = new Set(tokens.flatMap((t) => [...Buffer.from(t, "base64url")]));
    expect(bytes.size).toBe(256);
  });
});
