/**
 * Erasure on request in each store (`TableStore.erasePerson`): by a seat token's hash, the
 * person's name leaves the stored actions of their open and parked tables and the archived
 * games linked to that token, everything else as it was; by a player id, the player, their
 * ratings and history go and their games no longer link to them. What was erased stays erased
 * when the store is opened again. The memory store, SQLite in a temporary folder, and
 * PostgreSQL in a throw-away cluster of its own.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { MemoryStore } from "../../server/store/memory";
import { PostgresStore } from "../../server/store/postgres";
import { SqliteStore } from "../../server/store/sqlite";
import type { ActionRecord, GameRecord, ParkedTable, TableStore } from "../../server/store/types";
import { hashToken } from "../../server/table/tokens";
import { ERASED_NAME } from "../../shared/protocol/erased";
import type { RatedGame } from "../../shared/rating/types";
import { type PgCluster, startCluster } from "../../tools/pgcluster";
import { gameRecord, tableRecord } from "./samples";
import { recordingLog, type StoreHarness } from "./suite";

const T0 = 1_700_000_000_000;
const ANA = hashToken("seat-token-of-ana");
const BUDI = hashToken("seat-token-of-budi");
const id = (n: number) => `plyr${String(n).padStart(8, "0")}`;
const keyHash = (n: number) => hashToken(`key-of-player-${n}`);

/** A table where Ana (p1) and Budi (p2) sat and moved; Ana's name is also the creator's. */
function actionsOf(ana: string): ActionRecord[] {
  return [
    { version: 1, at: T0, action: { type: "sit", player: "p1", name: ana, seat: 0 } },
    { version: 2, at: T0 + 1, action: { type: "sit", player: "p2", name: "Budi", seat: 1 } },
    { version: 3, at: T0 + 2, action: { type: "start", player: "p1", host: true } },
    {
      version: 4,
      at: T0 + 3,
      action: { type: "move", player: "p1", move: { from: "h2", to: "e2" } },
    },
  ];
}

function writeTable(store: TableStore, tableId: string): void {
  store.createTable(
    tableRecord(tableId, T0, { options: { ...tableRecord("", T0).options, name: "Ana" } }),
  );
  for (const a of actionsOf("Ana")) store.append(tableId, a);
  store.setToken(tableId, "p1", ANA);
  store.setToken(tableId, "p2", BUDI);
  store.setHost(tableId, "p1");
}

const parked: ParkedTable = {
  at: T0 + 10,
  until: T0 + 86_400_000,
  by: "",
  entries: {
    p1: {
      id: "PARK01",
      game: "xiangqi",
      mode: "online",
      format: "",
      phase: "playing",
      seats: [0],
      moves: 1,
      turn: 1,
      private: true,
    },
  },
};

/** A finished game of Ana (seat 0, by her token) and Budi (seat 1). */
const annasGame = (): GameRecord =>
  gameRecord("erase-game-0000000001", T0 + 100, {
    players: [
      { name: "Ana", kind: "human" },
      { name: "Budi", kind: "human" },
    ],
    seatTokens: [ANA, BUDI],
  });

const ratedGameOf = (n: number): GameRecord =>
  gameRecord(`rated-game-${String(n).padStart(10, "0")}`, T0 + 1000 + n, {
    players: [
      { name: "Red", kind: "human" },
      { name: "Black", kind: "human" },
    ],
  });
/** Won in turn, so that both ratings settle (one always winning keeps its deviation high). */
const ratedAs = (n: number): RatedGame => ({
  pool: "xiangqi",
  players: [id(1), id(2)],
  results: n % 2 ? [1, 0] : [0, 1],
});

function eraseContract(name: string, harness: StoreHarness): void {
  describe(`${name} store: erasure on request`, () => {
    const opened: TableStore[] = [];
    const logger = recordingLog();
    const fresh = async () => {
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
      for (const store of opened.splice(0).reverse()) await store.close().catch(() => undefined);
    });

    /** What erasure by Ana's token leaves, in this store as it is now. */
    async function expectAnaErased(store: TableStore): Promise<void> {
      for (const tableId of ["OPEN01", "PARK01"]) {
        const t = await store.storedTable(tableId);
        expect(t?.actions).toStrictEqual(actionsOf(ERASED_NAME));
        expect(t?.table.options.name).toBe(ERASED_NAME);
        // The token still holds the seat; the host is as it was.
        expect(t?.tokens.get("p1")).toBe(ANA);
        expect(t?.host).toBe("p1");
      }
      expect((await store.openTables()).map((t) => t.table.id)).toEqual(["OPEN01"]);
      expect(await store.parkedEntry("PARK01", ANA)).toStrictEqual(parked.entries.p1);
      const { seatTokens: _, ...published } = annasGame();
      expect(await store.game(annasGame().id)).toStrictEqual({
        ...published,
        players: [
          { name: ERASED_NAME, kind: "human" },
          { name: "Budi", kind: "human" },
        ],
      });
    }

    it("by a seat token: the name leaves open and parked tables and archived games", async () => {
      const store = await fresh();
      writeTable(store, "OPEN01");
      writeTable(store, "PARK01");
      store.parkTable("PARK01", parked);
      store.saveGame(annasGame());
      await store.flushed();
      // The record as kept never holds the seat tokens' hashes.
      expect(await store.game(annasGame().id)).not.toHaveProperty("seatTokens");

      const erased = await store.erasePerson({ tokenHash: ANA });
      expect({ ...erased, tables: [...erased.tables].sort() }).toStrictEqual({
        tables: ["OPEN01", "PARK01"].sort(),
        games: 1,
        player: false,
      });
      await expectAnaErased(store);
      await expectAnaErased(await reopen(store));
    });

    it("by a token nobody holds: nothing changes", async () => {
      const store = await fresh();
      writeTable(store, "OPEN01");
      store.saveGame(annasGame());
      await store.flushed();
      expect(await store.erasePerson({ tokenHash: hashToken("nobody") })).toStrictEqual({
        tables: [],
        games: 0,
        player: false,
      });
      expect((await store.storedTable("OPEN01"))?.actions).toStrictEqual(actionsOf("Ana"));
      expect((await store.game(annasGame().id))?.players[0]?.name).toBe("Ana");
    });

    it("by a player id: the player, ratings, history and their games' links go", async () => {
      const store = await fresh();
      for (const n of [1, 2])
        await store.createPlayer({ id: id(n), name: `Player ${n}`, keyHash: keyHash(n), at: T0 });
      // Enough rated games for both to leave the provisional ratings and reach the leaderboard.
      const games = 40;
      for (let n = 1; n <= games; n++) store.saveGame(ratedGameOf(n), ratedAs(n));
      store.createTable(tableRecord("KEYED1", T0));
      store.append("KEYED1", {
        version: 1,
        at: T0,
        action: { type: "sit", player: id(1), name: "Red", seat: 0 },
      });
      store.setToken("KEYED1", id(1), ANA);
      await store.flushed();
      expect((await store.leaderboard("xiangqi", 0, 10)).map((r) => r.id).sort()).toEqual([
        id(1),
        id(2),
      ]);
      const other = await store.player(id(2));
      const otherHistory = await store.ratingHistory(id(2), 100);

      const erased = await store.erasePerson({ playerId: id(1) });
      expect(erased).toStrictEqual({ tables: ["KEYED1"], games, player: true });

      const check = async (s: TableStore) => {
        expect(await s.player(id(1))).toBeNull();
        expect(await s.playerByKey(keyHash(1))).toBeNull();
        expect(await s.ratingHistory(id(1), 100)).toEqual([]);
        expect((await s.leaderboard("xiangqi", 0, 10)).map((r) => r.id)).toEqual([id(2)]);
        // The other player keeps everything.
        expect(await s.player(id(2))).toStrictEqual(other);
        expect(await s.ratingHistory(id(2), 100)).toStrictEqual(otherHistory);
        const g = await s.game(ratedGameOf(7).id);
        expect(g?.rated).toBe(true);
        expect(g?.players[0]).not.toHaveProperty("player");
        expect(g?.players[0]?.name).toBe(ERASED_NAME);
        expect(g?.players[1]?.player).toBe(id(2));
        expect(g?.players[1]?.name).toBe("Black");
        expect(g?.moves).toStrictEqual(ratedGameOf(7).moves);
        expect((await s.storedTable("KEYED1"))?.actions[0]?.action).toStrictEqual({
          type: "sit",
          player: id(1),
          name: ERASED_NAME,
          seat: 0,
        });
      };
      await check(store);
      await check(await reopen(store));
    });
  });
}

eraseContract("memory", {
  fresh: async (logger) => new MemoryStore(logger),
  reopen: async (store) => store,
});

const root = mkdtempSync(join(tmpdir(), "crossboard-erase-"));
let runs = 0;
afterAll(() => rmSync(root, { recursive: true, force: true }));

eraseContract("sqlite", {
  fresh: async (logger) => new SqliteStore(join(root, `run${++runs}`), { logger }),
  reopen: async (store, logger) => {
    await store.close();
    return new SqliteStore(dirname((store as SqliteStore).path), { logger });
  },
});

describe("postgres", () => {
  let cluster: PgCluster;
  let admin: pg.Pool;
  let url = "";
  beforeAll(async () => {
    cluster = await startCluster();
    await cluster.createDatabase("crossboard_erase");
    url = cluster.url("crossboard_erase");
    admin = new pg.Pool({ connectionString: url, max: 1 });
  }, 120_000);
  afterAll(async () => {
    await admin?.end();
    await cluster?.stop();
  }, 60_000);

  eraseContract("postgres", {
    fresh: async (logger) => {
      await admin.query("DROP SCHEMA public CASCADE; CREATE SCHEMA public");
      return PostgresStore.open(url, { logger, backoffMs: 5 });
    },
    reopen: async (store, logger) => {
      await store.close();
      return PostgresStore.open(url, { logger, backoffMs: 5 });
    },
  });
});
