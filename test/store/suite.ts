/**
 * The contract every `TableStore` keeps, run against each implementation by its own test file.
 * "Reopen" is what a restarted server sees: the store is closed and a new one opened over the
 * same file or database (the memory store, which keeps nothing across processes, answers with
 * itself).
 */
import { afterEach, describe, expect, it } from "vitest";
import type { StoreLog } from "../../server/store/status";
import type { ActionRecord, StoredTable, TableStore } from "../../server/store/types";
import { hashToken } from "../../server/table/tokens";
import { ACTIONS, ALL_ACTIONS, actionRecords, gameRecord, tableRecord } from "./samples";

export interface StoreHarness {
  /** A store over empty storage. */
  fresh(logger: StoreLog): Promise<TableStore>;
  /** Closes `store` (without waiting for it first) and opens another over the same storage. */
  reopen(store: TableStore, logger: StoreLog): Promise<TableStore>;
}

export interface LogLine {
  readonly level: "warn" | "error";
  readonly details: Record<string, unknown>;
  readonly message: string;
}

/** A logger that keeps its lines for the test to read, and prints nothing. */
export function recordingLog(): StoreLog & { readonly lines: LogLine[] } {
  const lines: LogLine[] = [];
  return {
    lines,
    warn: (details, message) => lines.push({ level: "warn", details: { ...details }, message }),
    error: (details, message) => lines.push({ level: "error", details: { ...details }, message }),
  };
}

const ids = (tables: readonly StoredTable[]) => tables.map((t) => t.table.id);

export function storeContract(name: string, harness: StoreHarness): void {
  describe(`${name} store: the TableStore contract`, () => {
    const opened: TableStore[] = [];
    let logger = recordingLog();

    const fresh = async () => {
      logger = recordingLog();
      const store = await harness.fresh(logger);
      opened.push(store);
      return store;
    };
    const reopen = async (store: TableStore) => {
      const again = await harness.reopen(store, logger);
      opened.push(again);
      return again;
    };

    afterEach(async () => {
      for (const store of opened.splice(0)) await store.close();
    });

    it("gives a table back as written: its actions in order, seat tokens and host", async () => {
      const store = await fresh();
      const table = tableRecord("K7MPQR", 1_700_000_000_000);
      const actions = actionRecords(40);
      store.createTable(table);
      for (const a of actions) store.append(table.id, a);
      store.setToken(table.id, "p1", hashToken("token-one"));
      store.setToken(table.id, "p2", hashToken("token-two"));
      store.setHost(table.id, "p2");

      const again = await reopen(store);
      expect(await again.openTables()).toStrictEqual([
        {
          table,
          actions,
          tokens: new Map([
            ["p1", hashToken("token-one")],
            ["p2", hashToken("token-two")],
          ]),
          host: "p2",
          parked: false,
        },
      ]);
    });

    it("keeps every shape of action exactly, nested objects included", async () => {
      expect(new Set(ALL_ACTIONS.map((a) => a.type)).size).toBe(Object.keys(ACTIONS).length);
      const store = await fresh();
      store.createTable(tableRecord("SHAPES", 1));
      ALL_ACTIONS.forEach((action, i) => {
        store.append("SHAPES", { version: i + 1, at: 1_700_000_000_000 + i, action });
      });
      const [back] = await (await reopen(store)).openTables();
      expect(back?.actions.map((a) => a.action)).toStrictEqual(ALL_ACTIONS);
    });

    it("keeps create options with any strings and nesting a client may send", async () => {
      const store = await fresh();
      const odd = 'nul\u0000 bell\u0007 é 中文 😀 lone\ud800 "q" \\ </script>';
      const table = tableRecord("ODDSTR", 5, {
        seed: 2 ** 31 - 1,
        options: {
          ...tableRecord("x", 0).options,
          name: odd,
          rules: { [odd]: odd, deep: { a: [{ b: { c: [] } }] }, big: 2 ** 53 - 1, frac: 0.1 + 0.2 },
        },
      });
      store.createTable(table);
      const [back] = await (await reopen(store)).openTables();
      expect(back?.table).toStrictEqual(table);
    });

    it("brings back open tables oldest first, never closed ones", async () => {
      const store = await fresh();
      store.createTable(tableRecord("LATEST", 3000));
      store.createTable(tableRecord("FIRST1", 1000));
      store.createTable(tableRecord("SAMEB2", 2000));
      store.createTable(tableRecord("SAMEA2", 2000));
      store.createTable(tableRecord("CLOSED", 1500));
      store.append("CLOSED", actionRecords(1)[0]!);
      store.setToken("CLOSED", "p1", hashToken("t"));
      store.closeTable("CLOSED");
      expect(ids(await store.openTables())).toEqual(["FIRST1", "SAMEA2", "SAMEB2", "LATEST"]);

      const again = await reopen(store);
      expect(ids(await again.openTables())).toEqual(["FIRST1", "SAMEA2", "SAMEB2", "LATEST"]);
      again.closeTable("LATEST");
      expect(ids(await (await reopen(again)).openTables())).toEqual(["FIRST1", "SAMEA2", "SAMEB2"]);
    });

    it("starts a code used again after its table closed afresh", async () => {
      const store = await fresh();
      store.createTable(tableRecord("AGAIN7", 1000));
      for (const a of actionRecords(5)) store.append("AGAIN7", a);
      store.setToken("AGAIN7", "p1", hashToken("old"));
      store.setHost("AGAIN7", "p1");
      store.closeTable("AGAIN7");
      const second = tableRecord("AGAIN7", 9000, { seed: 7 });
      store.createTable(second);
      const first = actionRecords(1, 9000)[0]!;
      store.append("AGAIN7", first);

      expect(await (await reopen(store)).openTables()).toStrictEqual([
        { table: second, actions: [first], tokens: new Map(), host: "", parked: false },
      ]);
    });

    it("sets, replaces and forgets seat tokens", async () => {
      const store = await fresh();
      store.createTable(tableRecord("TOKENS", 1));
      store.setToken("TOKENS", "p1", hashToken("a"));
      store.setToken("TOKENS", "p2", hashToken("b"));
      store.setToken("TOKENS", "p3", hashToken("c"));
      store.setToken("TOKENS", "p1", hashToken("a2"));
      store.setToken("TOKENS", "p2", null);
      store.setToken("TOKENS", "nobody", null);
      const [back] = await (await reopen(store)).openTables();
      expect(back?.tokens).toEqual(
        new Map([
          ["p1", hashToken("a2")],
          ["p3", hashToken("c")],
        ]),
      );
    });

    it("keeps the host last set, and an empty host before any", async () => {
      const store = await fresh();
      store.createTable(tableRecord("HOSTED", 1));
      store.createTable(tableRecord("NOHOST", 2));
      store.setHost("HOSTED", "p1");
      store.setHost("HOSTED", "p3");
      const back = await (await reopen(store)).openTables();
      expect(back.map((t) => [t.table.id, t.host])).toEqual([
        ["HOSTED", "p3"],
        ["NOHOST", ""],
      ]);
    });

    it("keeps each table's own order when tables are written in turns", async () => {
      const store = await fresh();
      const names = ["TURN1A", "TURN2B", "TURN3C"];
      for (const [i, id] of names.entries()) store.createTable(tableRecord(id, i));
      const written = new Map<string, ActionRecord[]>(names.map((id) => [id, []]));
      for (let v = 1; v <= 30; v++) {
        for (const [i, id] of names.entries()) {
          const entry: ActionRecord = {
            version: v,
            at: v * 10 + i,
            action: { type: "sit", player: `${id}-${v}`, name: id, seat: i },
          };
          written.get(id)!.push(entry);
          store.append(id, entry);
        }
      }
      const back = await (await reopen(store)).openTables();
      expect(ids(back)).toEqual(names);
      for (const t of back) expect(t.actions).toStrictEqual(written.get(t.table.id));
    });

    it("keeps thousands of actions of one table, all of them in order", async () => {
      const store = await fresh();
      store.createTable(tableRecord("MANY01", 1));
      const actions = actionRecords(3000);
      for (const a of actions) store.append("MANY01", a);
      const [back] = await (await reopen(store)).openTables();
      expect(back?.actions.length).toBe(3000);
      expect(back?.actions).toStrictEqual(actions);
    });

    it("keeps the first action written under a version", async () => {
      const store = await fresh();
      store.createTable(tableRecord("TWICE1", 1));
      const first: ActionRecord = { version: 1, at: 10, action: { type: "drop", player: "p1" } };
      store.append("TWICE1", first);
      store.append("TWICE1", { version: 1, at: 20, action: { type: "return", player: "p1" } });
      const [back] = await (await reopen(store)).openTables();
      expect(back?.actions).toStrictEqual([first]);
    });

    it("drops and logs writes for a table never created, without throwing", async () => {
      const store = await fresh();
      store.createTable(tableRecord("REAL01", 1));
      expect(() => {
        store.append("GHOST1", actionRecords(1)[0]!);
        store.setToken("GHOST1", "p1", hashToken("x"));
        store.setHost("GHOST1", "p1");
        store.closeTable("GHOST1");
      }).not.toThrow();
      store.append("REAL01", actionRecords(1)[0]!);
      await store.flushed();
      expect(logger.lines.some((l) => l.level === "error")).toBe(true);
      const back = await store.openTables();
      expect(ids(back)).toEqual(["REAL01"]);
      expect(back[0]?.actions.length).toBe(1);
    });

    it("cuts a table's actions after a version, and takes new ones in their place", async () => {
      const store = await fresh();
      store.createTable(tableRecord("CUT001", 1));
      store.createTable(tableRecord("KEEP01", 2));
      for (const a of actionRecords(6)) {
        store.append("CUT001", a);
        store.append("KEEP01", a);
      }
      store.truncate("CUT001", 3);
      const again: ActionRecord = { version: 4, at: 99, action: { type: "drop", player: "p2" } };
      expect(store.append("CUT001", again)).toBe(true);
      const back = await (await reopen(store)).openTables();
      const cut = back.find((t) => t.table.id === "CUT001");
      expect(cut?.actions.map((a) => a.version)).toEqual([1, 2, 3, 4]);
      expect(cut?.actions[3]).toStrictEqual(again);
      expect(back.find((t) => t.table.id === "KEEP01")?.actions.length).toBe(6);
    });

    it("resolves flushed for one table, for all, and for a table it never saw", async () => {
      const store = await fresh();
      store.createTable(tableRecord("FLUSH1", 1));
      store.append("FLUSH1", actionRecords(1)[0]!);
      await store.flushed("FLUSH1");
      await store.flushed("NEVER1");
      await store.flushed();
      expect((await store.openTables())[0]?.actions.length).toBe(1);
    });

    it("archives games: read back at once and after a restart; unknown ids are null", async () => {
      const store = await fresh();
      const game = gameRecord("g".repeat(22), 5_000);
      store.saveGame(game);
      expect(await store.game(game.id)).toStrictEqual(game);
      expect(await store.game("unknown-id-0000000000")).toBeNull();
      const again = await reopen(store);
      expect(await again.game(game.id)).toStrictEqual(game);
      expect(await again.game("")).toBeNull();
    });

    it("replaces a game saved again under its id", async () => {
      const store = await fresh();
      store.saveGame(gameRecord("same-id-0000000000000a", 1000));
      const later = gameRecord("same-id-0000000000000a", 2000, {
        private: true,
        game: "fourchess",
      });
      store.saveGame(later);
      expect(await (await reopen(store)).game(later.id)).toStrictEqual(later);
    });

    it("prunes the games finished before a time and counts them", async () => {
      const store = await fresh();
      store.saveGame(gameRecord("old-000000000000000001", 1000));
      store.saveGame(gameRecord("mid-000000000000000002", 2000));
      store.saveGame(gameRecord("new-000000000000000003", 3000));
      expect(await store.pruneGames(2000)).toBe(1);
      expect(await store.game("old-000000000000000001")).toBeNull();
      expect(await store.game("mid-000000000000000002")).not.toBeNull();
      expect(await store.pruneGames(2000)).toBe(0);
      const again = await reopen(store);
      expect(await again.pruneGames(10_000)).toBe(2);
      expect(await again.game("new-000000000000000003")).toBeNull();
    });

    it("parks a table: kept with everything, not brought back on start, listed by its tokens, back when unparked", async () => {
      const store = await fresh();
      const table = tableRecord("PARK01", 10);
      const actions = actionRecords(6);
      store.createTable(table);
      for (const a of actions) store.append(table.id, a);
      store.setToken(table.id, "p1", hashToken("token-one"));
      store.setToken(table.id, "p2", hashToken("token-two"));
      store.createTable(tableRecord("OPEN01", 20));
      const entry = {
        id: table.id,
        game: "fourchess" as const,
        mode: "online" as const,
        format: "teams" as const,
        phase: "playing" as const,
        seats: [1],
        moves: 5,
        turn: 2,
        private: true,
      };
      store.parkTable(table.id, { at: 1_000, until: 5_000, by: "addr-a", entries: { p2: entry } });
      store.createTable(tableRecord("PARK02", 30));
      store.parkTable("PARK02", { at: 1_000, until: 9_000, by: "addr-a", entries: {} });
      await store.flushed();

      const again = await reopen(store);
      expect(ids(await again.openTables())).toEqual(["OPEN01"]);
      expect(await again.parkedBy("addr-a")).toBe(2);
      expect(await again.parkedBy("addr-b")).toBe(0);
      expect(await again.holdsTable(table.id)).toBe(true);
      expect(await again.holdsTable("NOSUCH")).toBe(false);
      const stored = await again.storedTable(table.id);
      expect(stored?.actions).toStrictEqual(actions);
      expect(stored?.tokens.get("p1")).toBe(hashToken("token-one"));
      // Read as parked: the room that opens it unparks it (and one opened at start need not).
      expect(stored?.parked).toBe(true);
      expect((await again.storedTable("OPEN01"))?.parked).toBe(false);
      expect(await again.parkedEntry(table.id, hashToken("token-two"))).toStrictEqual(entry);
      // A seat token of the table whose player has no entry, or of nobody: nothing.
      expect(await again.parkedEntry(table.id, hashToken("token-one"))).toBeNull();
      expect(await again.parkedEntry(table.id, hashToken("stranger"))).toBeNull();
      expect(await again.parkedEntry("OPEN01", hashToken("token-two"))).toBeNull();
      // Ended once its keeping time is over, the earliest first.
      expect(await again.parkedExpired(5_001, 10)).toEqual([table.id]);
      expect(await again.parkedExpired(5_000, 10)).toEqual([]);
      expect(await again.parkedExpired(10_000, 1)).toEqual([table.id]);

      again.unparkTable(table.id);
      await again.flushed();
      expect(ids(await again.openTables())).toEqual([table.id, "OPEN01"]);
      expect((await again.storedTable(table.id))?.parked).toBe(false);
      expect(await again.parkedEntry(table.id, hashToken("token-two"))).toBeNull();
      expect(await again.parkedExpired(10_000, 10)).toEqual(["PARK02"]);
      expect(await again.parkedBy("addr-a")).toBe(1);
    });

    it("closes a table with its last game archived in the same write, and forgets a parked one for good", async () => {
      const store = await fresh();
      store.createTable(tableRecord("LAST01", 1));
      store.append("LAST01", actionRecords(1)[0]!);
      store.parkTable("LAST01", { at: 100, until: 200, by: "addr-c", entries: {} });
      const game = gameRecord("last-game-000000000001", 200);
      store.closeTable("LAST01", game);
      await store.flushed();
      const again = await reopen(store);
      expect(await again.game(game.id)).toStrictEqual(game);
      expect(await again.holdsTable("LAST01")).toBe(false);
      expect(await again.storedTable("LAST01")).toBeNull();
      expect(await again.parkedExpired(10_000, 10)).toEqual([]);
      expect(await again.parkedBy("addr-c")).toBe(0);
      // Its code drawn again starts a new table, not parked.
      again.createTable(tableRecord("LAST01", 300));
      await again.flushed();
      expect(ids(await again.openTables())).toEqual(["LAST01"]);
    });

    it("can be closed twice", async () => {
      const store = await fresh();
      store.createTable(tableRecord("CLOSE2", 1));
      await store.close();
      await store.close();
    });
  });
}
