/**
 * A table the store cannot take: the creator is refused with the code, and the room Colyseus
 * made for it goes at once, without an error of its own (it used to wait out a seat
 * reservation's 15 s, then fail to close a table it never had).
 */
import { describe, expect, it, vi } from "vitest";
import { log } from "../../server/ops/log";
import { TableRoom } from "../../server/room/tableRoom";
import { MemoryStore } from "../../server/store/memory";
import { recordingLog } from "../store/suite";
import { startTestServer } from "./harness";

describe("a table the store cannot take", () => {
  it("is refused with the store's code, and its room goes at once without an error", async () => {
    const store = new MemoryStore(recordingLog());
    const server = await startTestServer({}, 0, undefined, store);
    const disposed = vi.spyOn(TableRoom.prototype, "onDispose");
    const errors = vi.spyOn(log, "error");
    try {
      store.status.fail(Object.assign(new Error("the disk went away"), { code: "EIO" }));
      await expect(
        server.client().create("table", { game: "xiangqi", name: "Ada" }),
      ).rejects.toThrow("store/unavailable");
      await vi.waitFor(() => expect(disposed).toHaveBeenCalledTimes(1), { timeout: 5000 });
      await disposed.mock.results[0]?.value;
      const said = errors.mock.calls.map((call) => JSON.stringify(call));
      expect(said.filter((line) => line.includes("onDispose"))).toEqual([]);
    } finally {
      disposed.mockRestore();
      errors.mockRestore();
      await server.close();
    }
  });
});
