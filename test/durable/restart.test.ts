/**
 * Tables survive the server: the real server runs as its own process with a data folder, four
 * tables play at once (four-player Teams against CPUs, Individual between two people and CPUs,
 * xiangqi between two people with a spectator), and the server is killed — SIGKILL between
 * moves and right after a move was sent, then SIGTERM — and started again. Each time every
 * table is back under its id with every move any client saw, each person reclaims their seat
 * with their seat token, the spectator watches again; at the end the games finish and are in
 * the archive.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ArchivedGame } from "../../shared/protocol/archive";
import type { TableView } from "../../shared/protocol/views";
import { replayView } from "../../shared/protocol/wire";
import { startCluster } from "../../tools/pgcluster";
import { type ChildServer, startChildServer } from "../security/child";
import {
  entryKey,
  join,
  longestSeen,
  type Person,
  reclaim,
  spectate,
  type TableRoom,
  xiangqiForTwo,
} from "./people";

const BASE_ENV = {
  // People reclaim their seats long before a stand-in would move for them.
  STAND_IN_GRACE_MS: "60000",
  MATCHMAKE_PER_MINUTE: "10000",
  CPU_DELAY_MS: "20",
};

function waitFor(
  room: TableRoom,
  test: (s: TableView) => boolean,
  what: string,
  ms = 15_000,
): Promise<TableView> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      room.onStateChange.remove(check);
      reject(new Error(`${what}: not reached in ${ms} ms`));
    }, ms);
    const check = (s: TableView) => {
      if (!s.moves || !test(s)) return;
      clearTimeout(timer);
      room.onStateChange.remove(check);
      resolve(s);
    };
    room.onStateChange(check);
    check(room.state);
  });
}

/** The player to move plays its first legal move (as the shared rules list them). */
function moveFor(people: readonly Person[]): Person | null {
  for (const p of people) {
    const s = p.room.state;
    if (s.phase !== "playing" || !p.seats.includes(s.turn)) continue;
    const r = replayView(s);
    if (!r.ok) throw new Error(r.error.message);
    const move = r.value.game.legalMoves()[0];
    if (!move) return null;
    p.room.send("move", move);
    return p;
  }
  return null;
}

interface World {
  server: ChildServer;
  teams: { id: string; people: Person[] };
  individual: { id: string; people: Person[] };
  xiangqi: { id: string; people: Person[]; spectator: Person };
}

const tables = (w: World) => [w.teams, w.individual, w.xiangqi];

/** Everyone at a table, the spectator included. */
const everyone = (t: World["xiangqi"] | World["teams"]) =>
  "spectator" in t ? [...t.people, t.spectator] : t.people;

/** Plays `rounds` moves at each table where a person is to move, waiting for each to show. */
async function play(w: World, rounds: number): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    for (const t of tables(w)) {
      const s = t.people[0]!.room.state;
      if (s.phase !== "playing") continue;
      const before = s.moves.length;
      const mover = moveFor(t.people);
      if (mover) await waitFor(mover.room, (x) => x.moves.length > before, `${t.id} move`);
      else await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/** Comes back after a restart: each person with their seat token, the spectator as one. */
async function rejoin(w: World, server: ChildServer): Promise<void> {
  w.server = server;
  for (const t of tables(w)) for (const p of t.people) await reclaim(server, t.id, p);
  await spectate(server, w.xiangqi.id, w.xiangqi.spectator);
}

/** Every move any client saw is in the table's list after the restart, in order. */
async function expectNothingLost(w: World): Promise<void> {
  for (const t of tables(w)) {
    const seen = longestSeen(everyone(t));
    const s = await waitFor(
      t.people[0]!.room,
      (x) => x.moves.length >= seen.length,
      `${t.id} back`,
    );
    expect(Array.from(s.moves, entryKey).slice(0, seen.length), `${t.id} kept its moves`).toEqual(
      seen,
    );
    for (const p of everyone(t)) p.seen = Array.from(s.moves, entryKey);
  }
}

async function setUp(server: ChildServer): Promise<World> {
  const a = server.client();
  // Four-player Teams against the computer (a private table: it has a code).
  const ana = await join(a, "Ana", (c) =>
    c.create<TableView>("table", {
      game: "fourchess",
      mode: "computer",
      name: "Ana",
      rules: { moveLimit: 60 },
    }),
  );
  await waitFor(ana.room, (s) => s.phase === "playing", "teams start");
  // Individual: two people and two CPUs, a public table.
  const budi = await join(a, "Budi", (c) =>
    c.create<TableView>("table", {
      game: "fourchess",
      format: "individual",
      name: "Budi",
      seat: 0,
      rules: { moveLimit: 60 },
    }),
  );
  const citra = await join(a, "Citra", (c) =>
    c.joinById<TableView>(budi.room.roomId, { name: "Citra", seat: 2 }),
  );
  await waitFor(budi.room, (s) => s.seats[2]?.kind === "human", "individual seated");
  budi.room.send("start");
  await waitFor(citra.room, (s) => s.phase === "playing", "individual start");
  // Xiangqi between two people at a private table, one spectator.
  const xiangqi = await xiangqiForTwo(a);
  for (const p of [ana, budi, citra])
    await waitFor(p.room, () => p.token !== "", `${p.name}'s seat token`);
  return {
    server,
    teams: { id: ana.room.roomId, people: [ana] },
    individual: { id: budi.room.roomId, people: [budi, citra] },
    xiangqi,
  };
}

/**
 * The whole story against one store: `env` chooses it (a data folder for SQLite, a database URL
 * for PostgreSQL).
 */
async function survives(env: Record<string, string>): Promise<void> {
  const ENV = { ...BASE_ENV, ...env };
  let server = await startChildServer(ENV);
  try {
    const w = await setUp(server);
    expect(w.xiangqi.id).toMatch(/^[A-Z2-9]{6}$/);
    await play(w, 4);

    // Killed between moves.
    await w.server.kill("SIGKILL");
    server = await startChildServer(ENV);
    await rejoin(w, server);
    await expectNothingLost(w);
    // The public table is listed again; the private ones are not.
    const listed = (await (await fetch(`${server.http}/api/tables`)).json()) as {
      tables: { id: string }[];
    };
    expect(listed.tables.map((t) => t.id)).toEqual([w.individual.id]);
    await play(w, 3);

    // Killed right after moves were sent, before their answers could arrive.
    for (const t of tables(w)) moveFor(t.people);
    await w.server.kill("SIGKILL");
    server = await startChildServer(ENV);
    await rejoin(w, server);
    await expectNothingLost(w);
    await play(w, 3);

    // Stopped gracefully: every client is told first.
    const code = await w.server.kill("SIGTERM");
    expect(code).toBe(0);
    for (const t of tables(w))
      for (const p of everyone(t)) expect(p.closing, `${p.name} was told`).toMatch(/restart/i);
    server = await startChildServer(ENV);
    await rejoin(w, server);
    await expectNothingLost(w);

    // The games then finish: the people resign, the CPUs play out to the move limit.
    const finished: TableView[] = [];
    for (const t of tables(w)) {
      for (const p of t.people) p.room.send("resign");
      finished.push(
        await waitFor(t.people[0]!.room, (s) => s.phase === "finished", `${t.id} ends`, 60_000),
      );
    }
    // And they are in the archive, every move with it.
    for (const s of finished) {
      const res = await fetch(`${server.http}/api/games/${s.gameId}`);
      expect(res.status).toBe(200);
      const game = (await res.json()) as ArchivedGame;
      expect(game.moves.length).toBe(s.moves.length);
      expect(game.result.reason).toBe(s.result?.reason);
    }
  } finally {
    await server.close();
  }
}

describe("tables survive the server", () => {
  it("with SQLite: SIGKILL between and during moves, then SIGTERM; every table comes back and finishes", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "crossboard-restart-"));
    try {
      await survives({ DATA_DIR: dir });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);

  it("with PostgreSQL: the same", async () => {
    const cluster = await startCluster();
    try {
      await cluster.createDatabase("crossboard_restart");
      await survives({ DATABASE_URL: cluster.url("crossboard_restart") });
    } finally {
      await cluster.stop();
    }
  }, 240_000);
});
