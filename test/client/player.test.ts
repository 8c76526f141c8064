/**
 * The device's player (client/src/device/player.ts, carry.ts): kept under `crossboard.player`
 * and read back only when it has the shapes of an id and a key; made once however many ask at
 * the same time; a carry link's key read from the address; a carried key taken in only when the
 * server knows it; forgotten on request, with the listeners told each time.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { adoptPlayerKey, CARRY_PREFIX, carriedKey, carryLink } from "../../client/src/device/carry";
import {
  devicePlayer,
  ensurePlayer,
  forgetPlayer,
  onPlayerChange,
  playerKey,
} from "../../client/src/device/player";
import { PLAYER_ID, PLAYER_KEY } from "../../shared/rating/types";

/** A Storage kept in a map, as a browser's localStorage behaves. */
class MapStorage {
  readonly items = new Map<string, string>();
  getItem(k: string) {
    return this.items.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.items.set(k, String(v));
  }
  removeItem(k: string) {
    this.items.delete(k);
  }
}

const ID = "AbCdEfGhIj_-";
const KEY = "k".repeat(16) + "K-_0123456789abc";
const OTHER_KEY = "z".repeat(32);

let storage: MapStorage;

beforeEach(() => {
  storage = new MapStorage();
  vi.stubGlobal("localStorage", storage);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A fetch answering `POST /api/players` and `/api/players/whoami` as the server does. */
function stubServer(opts: {
  made?: { id: string; key: string } | null;
  known?: Record<string, string>;
}) {
  const calls: { url: string; body: unknown }[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body ?? "null"));
    calls.push({ url, body });
    // Answers arrive later than the calls, as over a network.
    await new Promise((r) => setTimeout(r, 5));
    if (url === "/api/players")
      return opts.made
        ? new Response(JSON.stringify(opts.made), { status: 201 })
        : new Response(JSON.stringify({ code: "rate/limited" }), { status: 429 });
    if (url === "/api/players/whoami") {
      const id = opts.known?.[body.key];
      return id
        ? new Response(JSON.stringify({ id, name: "Ana" }), { status: 200 })
        : new Response(JSON.stringify({ code: "player/unknown" }), { status: 404 });
    }
    return new Response("", { status: 404 });
  });
  vi.stubGlobal("fetch", fetch);
  return calls;
}

describe("the device's player", () => {
  it("has the shapes the server gives", () => {
    expect(ID).toMatch(PLAYER_ID);
    expect(KEY).toMatch(PLAYER_KEY);
  });

  it("is read back from storage only when it has an id and a key of the right shapes", () => {
    expect(devicePlayer()).toBeNull();
    for (const bad of [
      "not json",
      JSON.stringify({ id: ID }),
      JSON.stringify({ id: "short", key: KEY }),
      JSON.stringify({ id: ID, key: "short" }),
      JSON.stringify([ID, KEY]),
    ]) {
      storage.setItem("crossboard.player", bad);
      expect(devicePlayer(), bad).toBeNull();
      expect(playerKey()).toBeUndefined();
    }
    storage.setItem("crossboard.player", JSON.stringify({ id: ID, key: KEY, extra: 1 }));
    expect(devicePlayer()).toEqual({ id: ID, key: KEY });
    expect(playerKey()).toBe(KEY);
  });

  it("is made once however many ask at the same time, kept and told to the listeners", async () => {
    const calls = stubServer({ made: { id: ID, key: KEY } });
    const told: unknown[] = [];
    const stop = onPlayerChange((p) => told.push(p));
    const asked = await Promise.all([ensurePlayer("Ana"), ensurePlayer("Ana"), ensurePlayer("Bo")]);
    stop();
    expect(asked).toEqual([
      { id: ID, key: KEY },
      { id: ID, key: KEY },
      { id: ID, key: KEY },
    ]);
    expect(calls).toEqual([{ url: "/api/players", body: { name: "Ana" } }]);
    expect(JSON.parse(storage.getItem("crossboard.player")!)).toEqual({ id: ID, key: KEY });
    expect(told).toEqual([{ id: ID, key: KEY }]);
    // Once made, no request.
    expect(await ensurePlayer("Ana")).toEqual({ id: ID, key: KEY });
    expect(calls).toHaveLength(1);
  });

  it("is not made when the server refuses, and the next need asks again", async () => {
    const calls = stubServer({ made: null });
    expect(await ensurePlayer("Ana")).toBeNull();
    expect(devicePlayer()).toBeNull();
    expect(await ensurePlayer("Ana")).toBeNull();
    expect(calls).toHaveLength(2);
  });

  it("is forgotten on request, the listeners told", () => {
    storage.setItem("crossboard.player", JSON.stringify({ id: ID, key: KEY }));
    const told: unknown[] = [];
    const stop = onPlayerChange((p) => told.push(p));
    forgetPlayer();
    stop();
    expect(storage.getItem("crossboard.player")).toBeNull();
    expect(devicePlayer()).toBeNull();
    expect(told).toEqual([null]);
  });
});

describe("carrying the player", () => {
  it("puts the key in the link's fragment, and reads it back from an address", () => {
    const link = carryLink({ id: ID, key: KEY }, "https://crossboard.example.org");
    expect(link).toBe(`https://crossboard.example.org/${CARRY_PREFIX}${KEY}`);
    expect(carriedKey(new URL(link).hash)).toBe(KEY);
  });

  it("reads no key from other fragments", () => {
    for (const hash of [
      "",
      "#",
      "#player=",
      `#player=${KEY}x`,
      `#player=${KEY.slice(1)}`,
      `#p=${KEY}`,
      `#player=${"!".repeat(32)}`,
    ])
      expect(carriedKey(hash), hash).toBeNull();
  });

  it("takes in a key the server knows, and changes nothing for one it does not", async () => {
    stubServer({ known: { [KEY]: ID } });
    const told: unknown[] = [];
    const stop = onPlayerChange((p) => told.push(p));
    expect(await adoptPlayerKey(OTHER_KEY)).toBeNull();
    expect(devicePlayer()).toBeNull();
    expect(await adoptPlayerKey("not a key")).toBeNull();
    expect(await adoptPlayerKey(KEY)).toEqual({ id: ID, name: "Ana" });
    stop();
    expect(devicePlayer()).toEqual({ id: ID, key: KEY });
    expect(told).toEqual([{ id: ID, key: KEY }]);
  });
});
