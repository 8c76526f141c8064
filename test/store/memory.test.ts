import { describe, expect, it } from "vitest";
import { MemoryStore } from "../../server/store/memory";
import { tableRecord } from "./samples";
import { recordingLog, storeContract } from "./suite";

storeContract("memory", {
  fresh: async (logger) => new MemoryStore(logger),
  // Nothing outlives the process: a "restart" is the same store.
  reopen: async (store) => store,
});

describe("memory store", () => {
  it("keeps copies: a caller changing its objects later changes nothing stored", async () => {
    const store = new MemoryStore(recordingLog());
    const options = { ...tableRecord("COPIES", 1).options };
    const action = { type: "sit" as const, player: "p1", name: "Ana", seat: 0 };
    store.createTable({ ...tableRecord("COPIES", 1), options });
    store.append("COPIES", { version: 1, at: 1, action });
    options.name = "changed";
    action.name = "changed";
    const [back] = await store.openTables();
    expect(back?.table.options.name).toBe("Host");
    expect(back?.actions[0]?.action).toStrictEqual({
      type: "sit",
      player: "p1",
      name: "Ana",
      seat: 0,
    });
  });
});
