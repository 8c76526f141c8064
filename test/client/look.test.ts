import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/** A device's storage, as a map of what is saved. */
const saved = new Map<string, string>();
const had = Object.getOwnPropertyDescriptor(globalThis, "localStorage");

beforeEach(() => {
  saved.clear();
  Object.defineProperty(globalThis, "localStorage", {
    value: {
      getItem: (k: string) => saved.get(k) ?? null,
      setItem: (k: string, v: string) => void saved.set(k, v),
    },
    configurable: true,
  });
  // look.ts reads the device once per page: each test is a fresh page.
  vi.resetModules();
});

afterEach(() => {
  if (had) Object.defineProperty(globalThis, "localStorage", had);
  else Reflect.deleteProperty(globalThis, "localStorage");
});

const load = () => import("../../client/src/board/look");

describe("how pieces look", () => {
  it("shows letters and characters on a device that saved nothing, or something else", async () => {
    expect((await load()).pieceLook()).toEqual({ letters: true, xiangqiSet: "characters" });
    vi.resetModules();
    saved.set("crossboard.pieces.letters", "yes");
    saved.set("crossboard.pieces.xiangqi", "emoji");
    expect((await load()).pieceLook()).toEqual({ letters: true, xiangqiSet: "characters" });
  });

  it("keeps a change on the device and tells every listener once", async () => {
    const look = await load();
    const heard: string[] = [];
    const stop = look.onPieceLookChange(() => heard.push("a"));
    look.onPieceLookChange(() => heard.push("b"));
    look.setPieceLook({ xiangqiSet: "pictures" });
    look.setPieceLook({ xiangqiSet: "pictures" });
    expect(heard).toEqual(["a", "b"]);
    stop();
    look.setPieceLook({ letters: false });
    expect(heard).toEqual(["a", "b", "b"]);
    expect(saved.get("crossboard.pieces.xiangqi")).toBe("pictures");
    expect(saved.get("crossboard.pieces.letters")).toBe("0");
    vi.resetModules();
    expect((await load()).pieceLook()).toEqual({ letters: false, xiangqiSet: "pictures" });
  });
});
