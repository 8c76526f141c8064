/**
 * A table stored before every table had a 6-character code (a public table's 9-character room
 * id) comes back after the upgrade under the id its players' links and seat tokens name, and
 * play goes on; tables opened since get codes.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SqliteStore } from "../../server/store/sqlite";
import { hashToken } from "../../server/table/tokens";
import { defaultRules } from "../../shared/match/rules";
import { parseCreateOptions } from "../../shared/protocol/messages";
import { hello, playFirstLegal, startTestServer, type TableRoom, waitFor } from "../server/harness";

const dir = mkdtempSync(path.join(tmpdir(), "crossboard-upgrade-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const OLD_ID = "l2LyNJVMB";
const TOKENS = { ana: "A".repeat(22), budi: "B".repeat(22) };

/** Writes the table as the server before the change stored it: two people, one move played. */
async function storeOldTable(): Promise<void> {
  const store = new SqliteStore(dir);
  const options = parseCreateOptions({ game: "xiangqi", name: "Ana" });
  if (!options.ok) throw new Error(options.error.message);
  store.createTable({
    id: OLD_ID,
    options: options.value,
    seed: 3,
    secret: "s".repeat(22),
    createdAt: 1,
  });
  const actions = [
    { type: "sit", player: "ana", name: "Ana", seat: 0 },
    { type: "sit", player: "budi", name: "Budi", seat: 1 },
    { type: "rules", player: "ana", host: true, rules: defaultRules("xiangqi") },
    { type: "start", player: "ana", host: true },
    { type: "move", player: "ana", move: { from: "h2", to: "e2" } },
  ] as const;
  actions.forEach((action, i) => {
    store.append(OLD_ID, { version: i + 1, at: 1000 + i, action });
  });
  store.setToken(OLD_ID, "ana", hashToken(TOKENS.ana));
  store.setToken(OLD_ID, "budi", hashToken(TOKENS.budi));
  store.setHost(OLD_ID, "ana");
  await store.flushed();
  await store.close();
}

describe("a table stored before every table had a code", () => {
  it("comes back after the upgrade under its old id; its players reclaim their seats and play on", async () => {
    await storeOldTable();
    const t = await startTestServer({ dataDir: dir });
    try {
      expect(t.server.restored).toBe(1);
      const budi = (await t
        .client()
        .joinById(OLD_ID, { seatToken: TOKENS.budi, name: "Budi" })) as TableRoom;
      const seat = await hello(budi);
      expect(seat.role).toBe("player");
      expect(seat.seats.map((s) => s.seat)).toEqual([1]);
      const s = await waitFor(budi, (x) => x.phase === "playing" && x.moves.length === 1);
      expect(s.turn).toBe(1);
      playFirstLegal(budi);
      await waitFor(budi, (x) => x.moves.length === 2);
      // A table opened now has a code.
      const fresh = await t.client().create("table", { game: "xiangqi", name: "New" });
      expect(fresh.roomId).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
      await Promise.all([budi.leave(), fresh.leave()]);
    } finally {
      await t.close();
    }
  });
});
