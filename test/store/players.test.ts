/**
 * Players, their ratings and rated games, in every store: a player read back by key and by id,
 * a rated game applied once in the transaction of its archive (again after a restart, and when
 * two servers share PostgreSQL), its record carrying each seat's player and change, history
 * newest first, leaderboards. The expected ratings are what `rateGame` gives for the ratings
 * the store held: the store is tested, not the rating formulas.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import Database from "better-sqlite3";
import pg, { type Pool as PgPool, type PoolClient } from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { MemoryStore } from "../../server/store/memory";
import { PostgresStore } from "../../server/store/postgres";
import { SQLITE_FILE, SqliteStore } from "../../server/store/sqlite";
import type { StoreLog } from "../../server/store/status";
import type { GameRecord, TableStore } from "../../server/store/types";
import { hashToken } from "../../server/table/tokens";
import { rateGame, START } from "../../shared/rating/glicko2";
import type { Pool, RatedGame, Rating } from "../../shared/rating/types";
import { type PgCluster, startCluster } from "../../tools/pgcluster";
import { actionRecords, gameRecord, tableRecord } from "./samples";
import { recordingLog, type StoreHarness } from "./suite";

/**
 * `rateGame` as the stores call it: the real one, unless a test sets `ratings.override` to
 * choose the ratings a game ends with (a leaderboard needs deviations the real formulas reach
 * only after many games).
 */
const ratings = vi.hoisted(() => ({
  override: null as null | ((game: RatedGame, before: readonly Rating[], now: number) => Rating[]),
}));
vi.mock("../../shared/rating/glicko2", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../shared/rating/glicko2")>();
  return {
    ...real,
    rateGame: (game: RatedGame, before: readonly Rating[], now: number) =>
      (ratings.override ?? real.rateGame)(game, before, now),
  };
});

const T0 = 1_700_000_000_000;
const DAY = 86_400_000;

/** A public player id (12 characters) and the hash of their key. */
const id = (n: number) => `plyr${String(n).padStart(8, "0")}`;
const keyHash = (n: number) => hashToken(`key-of-player-${n}`);
const gameId = (n: number) => `rated-game-${String(n).padStart(11, "0")}`;

const newPlayer = (n: number, at = T0) => ({
  id: id(n),
  name: `Player ${n}`,
  keyHash: keyHash(n),
  at,
});

/** A finished xiangqi game between two people. */
function xiangqi(n: number, finishedAt: number): GameRecord {
  return gameRecord(gameId(n), finishedAt, {
    players: [
      { name: "Red", kind: "human" },
      { name: "Black", kind: "human" },
    ],
  });
}

/** A finished four-player game of four people. */
function fourPlayer(n: number, finishedAt: number, format: "teams" | "individual"): GameRecord {
  return gameRecord(gameId(n), finishedAt, {
    game: "fourchess",
    format,
    players: ["Red", "Blue", "Yellow", "Green"].map((name) => ({ name, kind: "human" })),
  });
}

const rated = (pool: Pool, players: number[], results: number[]): RatedGame => ({
  pool,
  players: players.map(id),
  results,
});

/** What the record of a rated game holds after it was applied from `before`. */
function expectedRecord(game: GameRecord, r: RatedGame, before: readonly Rating[]): GameRecord {
  const after = rateGame(r, before, game.finishedAt);
  return {
    ...game,
    rated: true,
    players: game.players.map((p, i) => ({
      ...p,
      player: r.players[i]!,
      rating: { before: before[i]!.rating, after: after[i]!.rating },
    })),
  };
}

function playersContract(name: string, harness: StoreHarness): void {
  describe(`${name} store: players and rated games`, () => {
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
      ratings.override = null;
      for (const store of opened.splice(0)) await store.close();
    });

    it("creates a player: read back by key and by id, at the start in every pool, after a restart too", async () => {
      const store = await fresh();
      await store.createPlayer(newPlayer(1, T0 + 5));
      const expected = {
        id: id(1),
        name: "Player 1",
        createdAt: T0 + 5,
        seenAt: T0 + 5,
        ratings: { xiangqi: START, teams: START, individual: START },
      };
      expect(await store.playerByKey(keyHash(1))).toStrictEqual(expected);
      expect(await store.player(id(1))).toStrictEqual(expected);
      expect(await store.playerByKey(keyHash(2))).toBeNull();
      expect(await store.player(id(2))).toBeNull();
      const again = await reopen(store);
      expect(await again.playerByKey(keyHash(1))).toStrictEqual(expected);
      expect(await again.player(id(1))).toStrictEqual(expected);
    });

    it("refuses a second player under a taken id or key, keeping the first", async () => {
      const store = await fresh();
      await store.createPlayer(newPlayer(1));
      await expect(store.createPlayer({ ...newPlayer(2), id: id(1) })).rejects.toThrow();
      await expect(store.createPlayer({ ...newPlayer(2), keyHash: keyHash(1) })).rejects.toThrow();
      // The very same player again, as a retry would ask: taken as created, nothing changed.
      await store.createPlayer({ ...newPlayer(1), name: "Other", at: T0 + DAY });
      expect(await store.player(id(1))).toMatchObject({ name: "Player 1", createdAt: T0 });
      expect(await store.player(id(2))).toBeNull();
      expect(await store.playerByKey(keyHash(2))).toBeNull();
    });

    it("keeps the name a player came back under and when, for an unknown id nothing", async () => {
      const store = await fresh();
      await store.createPlayer(newPlayer(1));
      store.seePlayer(id(1), "Renamed 🐉", T0 + DAY);
      store.seePlayer(id(9), "Nobody", T0 + DAY);
      await store.flushed();
      const again = await reopen(store);
      expect(await again.player(id(1))).toMatchObject({
        name: "Renamed 🐉",
        createdAt: T0,
        seenAt: T0 + DAY,
      });
      expect(await again.player(id(9))).toBeNull();
    });

    it("applies a rated game once: rateGame's ratings, a history point per seat, the record with each seat's player and change", async () => {
      const store = await fresh();
      await store.createPlayer(newPlayer(1));
      await store.createPlayer(newPlayer(2));
      const game = xiangqi(1, T0 + 1000);
      const r = rated("xiangqi", [1, 2], [1, 0]);
      const after = rateGame(r, [START, START], game.finishedAt);
      store.saveGame(game, r);
      await store.flushed();

      const record = expectedRecord(game, r, [START, START]);
      expect(await store.game(game.id)).toStrictEqual(record);
      const one = await store.player(id(1));
      expect(one?.ratings).toStrictEqual({ xiangqi: after[0], teams: START, individual: START });
      expect((await store.player(id(2)))?.ratings.xiangqi).toStrictEqual(after[1]);
      expect(await store.ratingHistory(id(1), 10)).toStrictEqual([
        {
          pool: "xiangqi",
          game: game.id,
          at: game.finishedAt,
          before: START.rating,
          after: after[0]!.rating,
          rd: after[0]!.rd,
        },
      ]);
      expect((await store.ratingHistory(id(2), 10)).map((p) => p.after)).toEqual([
        after[1]!.rating,
      ]);

      // Saved again: by this server, after a restart, and without its ratings.
      store.saveGame(game, r);
      await store.flushed();
      const again = await reopen(store);
      again.saveGame(game, r);
      again.saveGame({ ...game, rated: false }, null);
      again.saveGame(game);
      await again.flushed();
      expect(await again.game(game.id)).toStrictEqual(record);
      expect((await again.player(id(1)))?.ratings.xiangqi).toStrictEqual(after[0]);
      expect((await again.player(id(2)))?.ratings.xiangqi).toStrictEqual(after[1]);
      expect(await again.ratingHistory(id(1), 10)).toHaveLength(1);
      expect(await again.ratingHistory(id(2), 10)).toHaveLength(1);
    });

    it("rates a game from the ratings held: the next game's before values are the last one's after values", async () => {
      const store = await fresh();
      for (const n of [1, 2, 3]) await store.createPlayer(newPlayer(n));
      const first = xiangqi(1, T0 + DAY);
      const r1 = rated("xiangqi", [1, 2], [0.5, 0.5]);
      store.saveGame(first, r1);
      await store.flushed();
      const held = (await store.player(id(1)))!.ratings.xiangqi;
      expect(held.games).toBe(1);

      const second = xiangqi(2, T0 + 3 * DAY);
      const r2 = rated("xiangqi", [3, 1], [0, 1]);
      const after = rateGame(r2, [START, held], second.finishedAt);
      store.saveGame(second, r2);
      await store.flushed();
      expect(await store.game(second.id)).toStrictEqual(expectedRecord(second, r2, [START, held]));
      expect((await store.player(id(1)))?.ratings.xiangqi).toStrictEqual(after[1]);
      expect((await store.player(id(1)))?.ratings.xiangqi.games).toBe(2);
      expect((await store.player(id(3)))?.ratings.xiangqi).toStrictEqual(after[0]);
      const [last] = await store.ratingHistory(id(1), 1);
      expect(last).toMatchObject({ game: second.id, before: held.rating, after: after[1]!.rating });
    });

    it("rates a four-player game in its own pool, every seat, the other pools untouched", async () => {
      const store = await fresh();
      for (const n of [1, 2, 3, 4]) await store.createPlayer(newPlayer(n));
      const game = fourPlayer(1, T0 + 500, "individual");
      const r = rated("individual", [1, 2, 3, 4], [2, 1, 4, 2]);
      const after = rateGame(r, [START, START, START, START], game.finishedAt);
      store.saveGame(game, r);
      const teams = fourPlayer(2, T0 + 900, "teams");
      const rt = rated("teams", [4, 3, 2, 1], [1, 0, 1, 0]);
      const afterTeams = rateGame(rt, [START, START, START, START], teams.finishedAt);
      store.saveGame(teams, rt);
      await store.flushed();
      expect(await store.game(game.id)).toStrictEqual(
        expectedRecord(game, r, [START, START, START, START]),
      );
      for (const [i, n] of [1, 2, 3, 4].entries()) {
        const p = await store.player(id(n));
        expect(p?.ratings).toStrictEqual({
          xiangqi: START,
          individual: after[i],
          teams: afterTeams[3 - i],
        });
      }
      expect((await store.ratingHistory(id(2), 10)).map((h) => [h.pool, h.game])).toEqual([
        ["teams", teams.id],
        ["individual", game.id],
      ]);
    });

    it("archives the last game of a closed table rated, once", async () => {
      const store = await fresh();
      await store.createPlayer(newPlayer(1));
      await store.createPlayer(newPlayer(2));
      store.createTable(tableRecord("RATED1", T0));
      store.append("RATED1", actionRecords(1)[0]!);
      const game = xiangqi(1, T0 + 2000);
      const r = rated("xiangqi", [2, 1], [0, 1]);
      const after = rateGame(r, [START, START], game.finishedAt);
      store.closeTable("RATED1", game, r);
      await store.flushed();
      const again = await reopen(store);
      expect(await again.holdsTable("RATED1")).toBe(false);
      expect(await again.game(game.id)).toStrictEqual(expectedRecord(game, r, [START, START]));
      // The same game once more, by a table closed again or saved on its own: not applied.
      again.createTable(tableRecord("RATED1", T0 + 3000));
      again.closeTable("RATED1", game, r);
      again.saveGame(game, r);
      await again.flushed();
      expect((await again.player(id(2)))?.ratings.xiangqi).toStrictEqual(after[0]);
      expect((await again.player(id(1)))?.ratings.xiangqi).toStrictEqual(after[1]);
      expect(await again.ratingHistory(id(1), 10)).toHaveLength(1);
    });

    it("stores a rated game whose record is gone again with the changes its history kept, not rated twice", async () => {
      const store = await fresh();
      await store.createPlayer(newPlayer(1));
      await store.createPlayer(newPlayer(2));
      const game = xiangqi(1, T0 + 1000);
      const r = rated("xiangqi", [1, 2], [1, 0]);
      store.saveGame(game, r);
      await store.flushed();
      const record = await store.game(game.id);
      const held = await store.player(id(1));
      expect(await store.pruneGames(T0 + 2000)).toBe(1);
      expect(await store.game(game.id)).toBeNull();
      store.saveGame(game, r);
      await store.flushed();
      expect(await store.game(game.id)).toStrictEqual(record);
      expect(await store.player(id(1))).toStrictEqual(held);
      expect(await store.ratingHistory(id(1), 10)).toHaveLength(1);
    });

    it("archives a rated game whose players or results do not fit its seats without ratings, and says so", async () => {
      const store = await fresh();
      await store.createPlayer(newPlayer(1));
      const game = xiangqi(1, T0);
      store.saveGame(game, rated("xiangqi", [1], [1]));
      await store.flushed();
      expect(await store.game(game.id)).toStrictEqual(game);
      expect(await store.player(id(1))).toMatchObject({ ratings: { xiangqi: START } });
      expect(logger.lines.some((l) => l.details.event === "store/rated-mismatch")).toBe(true);
    });

    it("gives a player's history newest first over every pool, at most as many as asked", async () => {
      const store = await fresh();
      for (const n of [1, 2, 3, 4]) await store.createPlayer(newPlayer(n));
      store.saveGame(xiangqi(1, T0 + 1000), rated("xiangqi", [1, 2], [1, 0]));
      store.saveGame(fourPlayer(2, T0 + 4000, "teams"), rated("teams", [1, 2, 3, 4], [1, 0, 1, 0]));
      store.saveGame(xiangqi(3, T0 + 3000), rated("xiangqi", [2, 1], [0.5, 0.5]));
      store.saveGame(
        fourPlayer(4, T0 + 2000, "individual"),
        rated("individual", [4, 3, 2, 1], [1, 2, 3, 4]),
      );
      await store.flushed();
      const all = await store.ratingHistory(id(1), 10);
      expect(all.map((h) => [h.game, h.pool, h.at])).toEqual([
        [gameId(2), "teams", T0 + 4000],
        [gameId(3), "xiangqi", T0 + 3000],
        [gameId(4), "individual", T0 + 2000],
        [gameId(1), "xiangqi", T0 + 1000],
      ]);
      // Each point's before is the pool's previous after.
      expect(all[1]?.before).toBe(all[3]?.after);
      expect(await store.ratingHistory(id(1), 2)).toStrictEqual(all.slice(0, 2));
      expect(await store.ratingHistory(id(3), 10)).toHaveLength(2);
      expect(await store.ratingHistory(id(9), 10)).toEqual([]);
    });

    it("lists a pool's leaderboard: not provisional, seen since, the highest first, at most the limit", async () => {
      // Each player ends their game with the rating and deviation chosen here.
      const chosen = new Map<string, { rating: number; rd: number }>([
        [id(1), { rating: 1700, rd: 60 }],
        [id(2), { rating: 1800, rd: 100 }],
        // Provisional.
        [id(3), { rating: 1900, rd: 110.5 }],
        // Not seen lately.
        [id(4), { rating: 2000, rd: 80 }],
        [id(5), { rating: 1750, rd: 110 }],
        [id(6), { rating: 1750, rd: 50 }],
      ]);
      ratings.override = (game, before, now) =>
        game.players.map((p, i) => ({
          ...before[i]!,
          ...chosen.get(p),
          games: before[i]!.games + 1,
          at: now,
        }));
      const store = await fresh();
      for (const n of [1, 2, 3, 4, 5, 6]) await store.createPlayer(newPlayer(n, T0));
      store.saveGame(xiangqi(1, T0 + 100), rated("xiangqi", [1, 2], [1, 0]));
      store.saveGame(xiangqi(2, T0 + 200), rated("xiangqi", [3, 4], [1, 0]));
      store.saveGame(xiangqi(3, T0 + 300), rated("xiangqi", [6, 5], [1, 0]));
      for (const n of [1, 2, 3, 5, 6]) store.seePlayer(id(n), `Seen ${n}`, T0 + 10 * DAY);
      await store.flushed();

      const since = T0 + 5 * DAY;
      const row = (n: number) => ({
        id: id(n),
        name: `Seen ${n}`,
        rating: chosen.get(id(n))!.rating,
        rd: chosen.get(id(n))!.rd,
        games: 1,
      });
      // Equal ratings: the lower id first.
      expect(await store.leaderboard("xiangqi", since, 10)).toStrictEqual([
        row(2),
        row(5),
        row(6),
        row(1),
      ]);
      expect(await store.leaderboard("xiangqi", since, 2)).toStrictEqual([row(2), row(5)]);
      expect((await store.leaderboard("xiangqi", T0, 10)).map((r) => r.id)).toEqual(
        [4, 2, 5, 6, 1].map(id),
      );
      expect(await store.leaderboard("teams", 0, 10)).toEqual([]);
      const again = await reopen(store);
      expect(await again.leaderboard("xiangqi", since, 10)).toStrictEqual([
        row(2),
        row(5),
        row(6),
        row(1),
      ]);
    });
  });
}

// --- memory ---------------------------------------------------------------------------------

playersContract("memory", {
  fresh: async (logger) => new MemoryStore(logger),
  reopen: async (store) => store,
});

// --- SQLite ---------------------------------------------------------------------------------

const root = mkdtempSync(join(tmpdir(), "crossboard-players-"));
let runs = 0;
const dataDir = () => join(root, `run${++runs}`, "data");
afterAll(() => rmSync(root, { recursive: true, force: true }));

playersContract("sqlite", {
  fresh: async (logger) => new SqliteStore(dataDir(), { logger }),
  reopen: async (store, logger) => {
    await store.close();
    return new SqliteStore(dirname((store as unknown as SqliteStore).path), { logger });
  },
});

/** The store's own connection, to make its file refuse to grow. */
const connectionOf = (store: SqliteStore) => (store as unknown as { db: Database.Database }).db;

describe("sqlite store: players", () => {
  it("opens a file from before players and ratings, and adds them", async () => {
    const dir = dataDir();
    const old = new SqliteStore(dir, { logger: recordingLog() });
    old.saveGame(xiangqi(1, T0));
    await old.close();
    const db = new Database(join(dir, SQLITE_FILE));
    db.exec(
      "DROP TABLE players; DROP TABLE ratings; DROP TABLE rating_history; DROP TABLE rated_games",
    );
    db.pragma("user_version = 3");
    db.close();

    const store = new SqliteStore(dir, { logger: recordingLog() });
    await store.createPlayer(newPlayer(1));
    await store.createPlayer(newPlayer(2));
    store.saveGame(xiangqi(1, T0), rated("xiangqi", [1, 2], [1, 0]));
    expect((await store.game(gameId(1)))?.rated).toBe(true);
    expect(await store.ratingHistory(id(1), 10)).toHaveLength(1);
    await store.close();
    const check = new Database(join(dir, SQLITE_FILE), { readonly: true });
    expect(check.pragma("user_version", { simple: true })).toBe(5);
    check.close();
  });

  it("refuses a player with the disk's error when the file cannot grow, pauses, and takes players again once it can", async () => {
    const logger = recordingLog();
    const store = new SqliteStore(dataDir(), { logger, retryMs: 20 });
    try {
      await store.createPlayer(newPlayer(1));
      const db = connectionOf(store);
      const pages = db.pragma("page_count", { simple: true }) as number;
      db.pragma(`max_page_count = ${pages}`);
      // A name long enough to need pages the file may not add.
      const big = { ...newPlayer(2), name: "n".repeat(64 * 1024) };
      await expect(store.createPlayer(big)).rejects.toMatchObject({ code: "SQLITE_FULL" });
      expect(store.status.writable).toBe(false);
      expect(store.status.down?.cause).toBe("SQLITE_FULL");
      // While it cannot write a player is refused at once, and not kept for later.
      await expect(store.createPlayer(newPlayer(3))).rejects.toMatchObject({
        code: "SQLITE_FULL",
      });
      // Other writes wait for it.
      store.seePlayer(id(1), "Waited", T0 + DAY);
      db.pragma("max_page_count = 1073741823");
      await vi.waitFor(() => expect(store.status.writable).toBe(true), { timeout: 5000 });
      expect(await store.player(id(1))).toMatchObject({ name: "Waited", seenAt: T0 + DAY });
      expect(await store.player(id(2))).toBeNull();
      expect(await store.player(id(3))).toBeNull();
      await store.createPlayer(big);
      expect((await store.player(id(2)))?.name).toBe(big.name);
    } finally {
      await store.close();
    }
  });
});

// --- PostgreSQL -----------------------------------------------------------------------------

const DATABASE = "crossboard_players";
let cluster: PgCluster;
let admin: PgPool;
let url: string;

beforeAll(async () => {
  cluster = await startCluster();
  await cluster.createDatabase(DATABASE);
  url = cluster.url(DATABASE);
  admin = new pg.Pool({ connectionString: url, max: 2 });
  admin.on("error", () => undefined);
}, 120_000);

afterAll(async () => {
  await admin?.end();
  await cluster?.stop();
}, 60_000);

const wipe = () => admin.query("DROP SCHEMA public CASCADE; CREATE SCHEMA public");

const openPg = (logger: StoreLog = recordingLog(), target: string | PgPool = url) =>
  PostgresStore.open(target, { logger, backoffMs: 5, closeWaitMs: 60_000 });

playersContract("postgres", {
  fresh: async (logger) => {
    await wipe();
    return openPg(logger);
  },
  reopen: async (store, logger) => {
    await store.close();
    return openPg(logger);
  },
});

type Hook = (text: string, values: readonly unknown[]) => Promise<void> | void;

type Query = (config: unknown, values?: unknown) => Promise<unknown>;

/**
 * A pool whose clients run `before` ahead of each query (to hold a transaction, or fail it)
 * and `after` once it is done (to lose its answer). Callbacks are kept, as `pool.query` uses
 * them.
 */
function hookedPool(before: Hook, after: Hook = () => {}): PgPool {
  const pool = new pg.Pool({ connectionString: url });
  const connect = pool.connect.bind(pool) as () => Promise<PoolClient>;
  const wrapped = new WeakSet<PoolClient>();
  const wrap = (client: PoolClient) => {
    if (wrapped.has(client)) return client;
    wrapped.add(client);
    const query = client.query.bind(client) as Query;
    client.query = ((config: string | { text: string; values?: unknown[] }, ...rest: unknown[]) => {
      const cb =
        typeof rest.at(-1) === "function" ? (rest.pop() as (...a: unknown[]) => void) : null;
      const values = rest[0] as unknown[] | undefined;
      const text = typeof config === "string" ? config : config.text;
      const given = (typeof config === "string" ? values : config.values) ?? [];
      const done = (async () => {
        await before(text, given);
        const res = await query(config, values);
        await after(text, given);
        return res;
      })();
      if (!cb) return done;
      done.then(
        (res) => cb(undefined, res),
        (err) => cb(err),
      );
      return undefined;
    }) as never;
    return client;
  };
  pool.connect = ((cb?: (err: unknown, client?: PoolClient, release?: unknown) => void) => {
    const got = connect().then(wrap);
    if (!cb) return got;
    got.then(
      (client) => cb(undefined, client, (err?: Error) => client.release(err)),
      (err) => cb(err),
    );
    return undefined;
  }) as never;
  return pool;
}

describe("postgres store: players", () => {
  it("records schema version 4, and upgrades a database from before players and ratings", async () => {
    await wipe();
    const old = await openPg();
    old.saveGame(xiangqi(1, T0));
    await old.close();
    expect((await admin.query("SELECT version FROM schema_version")).rows).toEqual([
      { version: 4 },
    ]);
    await admin.query(
      `DROP TABLE players, ratings, rating_history, rated_games;
       UPDATE schema_version SET version = 2`,
    );
    const store = await openPg();
    try {
      await store.createPlayer(newPlayer(1));
      await store.createPlayer(newPlayer(2));
      store.saveGame(xiangqi(1, T0), rated("xiangqi", [1, 2], [1, 0]));
      expect((await store.game(gameId(1)))?.rated).toBe(true);
      expect(await store.ratingHistory(id(2), 10)).toHaveLength(1);
    } finally {
      await store.close();
    }
    expect((await admin.query("SELECT version FROM schema_version")).rows).toEqual([
      { version: 4 },
    ]);
  });

  it("applies a game once when two servers save it at the same moment", async () => {
    await wipe();
    const [a, b] = await Promise.all([openPg(), openPg()]);
    try {
      for (let n = 1; n <= 8; n++) await a.createPlayer(newPlayer(n));
      const games = Array.from({ length: 12 }, (_, i) => ({
        game: xiangqi(i + 1, T0 + (i + 1) * 1000),
        rated: rated("xiangqi", [(i % 8) + 1, ((i + 3) % 8) + 1], [1, 0]),
      }));
      for (const g of games) {
        a.saveGame(g.game, g.rated);
        b.saveGame(g.game, g.rated);
      }
      await Promise.all([a.flushed(), b.flushed()]);
      const count = await admin.query<{ n: number }>(
        "SELECT count(*)::integer AS n FROM rating_history",
      );
      expect(count.rows[0]?.n).toBe(24);
      const applied = await admin.query<{ n: number }>(
        "SELECT count(*)::integer AS n FROM rated_games",
      );
      expect(applied.rows[0]?.n).toBe(12);
      for (let n = 1; n <= 8; n++) {
        const p = await b.player(id(n));
        const played = games.filter((g) => g.rated.players.includes(id(n))).length;
        expect(p?.ratings.xiangqi.games).toBe(played);
        expect(await b.ratingHistory(id(n), 100)).toHaveLength(played);
      }
      for (const g of games) expect((await a.game(g.game.id))?.rated).toBe(true);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it.each([
    ["players rated before: their rows are locked", true],
    ["players new to the pool: their rows are created", false],
  ])(
    "makes a second server rating the same player wait for the first, then rate from its result (%s)",
    async (_, playedBefore) => {
      await wipe();
      let release = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      let armed = false;
      let holding = false;
      // Server A holds its transaction once it has read its players' ratings.
      const a = await openPg(
        recordingLog(),
        hookedPool(async (text) => {
          if (armed && !holding && text.startsWith("UPDATE ratings")) {
            holding = true;
            await gate;
          }
        }),
      );
      const b = await openPg();
      try {
        for (const n of [1, 2, 3]) await a.createPlayer(newPlayer(n));
        const zero = xiangqi(100, T0);
        const r0 = rated("xiangqi", [1, 2], [0, 1]);
        if (playedBefore) {
          a.saveGame(zero, r0);
          await a.flushed();
        }
        const held = playedBefore ? rateGame(r0, [START, START], zero.finishedAt) : [START, START];
        armed = true;
        const first = xiangqi(1, T0 + 1000);
        const r1 = rated("xiangqi", [1, 2], [1, 0]);
        a.saveGame(first, r1);
        await expect.poll(() => holding).toBe(true);
        const second = xiangqi(2, T0 + 2000);
        const r2 = rated("xiangqi", [3, 1], [1, 0]);
        b.saveGame(second, r2);
        let bDone = false;
        const bFlushed = b.flushed().then(() => {
          bDone = true;
        });
        // Time for B to go past A, if it could.
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(bDone).toBe(false);
        release();
        await Promise.all([a.flushed(), bFlushed]);

        const afterFirst = rateGame(r1, [held[0]!, held[1]!], first.finishedAt);
        expect(await a.game(first.id)).toStrictEqual(
          expectedRecord(first, r1, [held[0]!, held[1]!]),
        );
        expect(await b.game(second.id)).toStrictEqual(
          expectedRecord(second, r2, [START, afterFirst[0]!]),
        );
        const afterSecond = rateGame(r2, [START, afterFirst[0]!], second.finishedAt);
        expect((await a.player(id(1)))?.ratings.xiangqi).toStrictEqual(afterSecond[1]);
        expect((await a.player(id(1)))?.ratings.xiangqi.games).toBe(playedBefore ? 3 : 2);
      } finally {
        release();
        await Promise.all([a.close(), b.close()]);
      }
    },
  );

  it("refuses a player while the database fails, says it is away, and is back once it answers", async () => {
    await wipe();
    let away = true;
    const logger = recordingLog();
    const store = await PostgresStore.open(
      hookedPool((text) => {
        if (away && text.startsWith("INSERT INTO players"))
          throw Object.assign(new Error("database unreachable (test)"), { code: "57P01" });
      }),
      { logger, backoffMs: 5, probeMs: 20 },
    );
    try {
      await expect(store.createPlayer(newPlayer(1))).rejects.toMatchObject({ code: "57P01" });
      expect(store.status.down?.cause).toBe("57P01");
      await expect(store.createPlayer(newPlayer(1))).rejects.toMatchObject({ code: "57P01" });
      away = false;
      // The probe finds the database answering.
      await vi.waitFor(() => expect(store.status.writable).toBe(true), { timeout: 5000 });
      await store.createPlayer(newPlayer(1));
      expect((await store.player(id(1)))?.name).toBe("Player 1");
    } finally {
      await store.close();
    }
  });

  it("creates a player once when the answer to its insert is lost and the insert is made again", async () => {
    await wipe();
    let lose = true;
    const logger = recordingLog();
    const store = await PostgresStore.open(
      hookedPool(
        () => {},
        (text) => {
          if (lose && text.startsWith("INSERT INTO players")) {
            lose = false;
            throw Object.assign(new Error("connection lost (test)"), { code: "08006" });
          }
        },
      ),
      { logger, backoffMs: 5 },
    );
    try {
      await store.createPlayer(newPlayer(1));
      expect(lose).toBe(false);
      expect(await store.playerByKey(keyHash(1))).toMatchObject({ id: id(1), name: "Player 1" });
      await expect(store.createPlayer({ ...newPlayer(2), id: id(1) })).rejects.toMatchObject({
        code: "23505",
      });
      expect(store.status.writable).toBe(true);
    } finally {
      await store.close();
    }
  });
});
