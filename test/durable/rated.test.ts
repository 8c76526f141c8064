/**
 * A rated game's ratings are applied once whatever happens to the server at its end: the real
 * server runs as its own process with a SQLite data folder; two players with keys play a rated
 * xiangqi game to its end; the server is killed (SIGKILL) right after, and started again: the
 * table comes back finished, hands its game to the store again, and the ratings stay as they
 * were. Then the file is put back as a crash between the game's end and the archive's write
 * leaves it (the last action stored, no archive, no rating): started again, the table applies
 * the ratings, once.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { SQLITE_FILE } from "../../server/store/sqlite";
import type { ArchivedGame } from "../../shared/protocol/archive";
import type { TableView } from "../../shared/protocol/views";
import { replayView } from "../../shared/protocol/wire";
import { rateGame, START } from "../../shared/rating/glicko2";
import { type ChildServer, startChildServer } from "../security/child";
import type { TableRoom } from "./people";

const ENV = {
  MATCHMAKE_PER_MINUTE: "10000",
  PLAYERS_PER_MINUTE: "10000",
  STAND_IN_GRACE_MS: "60000",
};

function waitFor(room: TableRoom, test: (s: TableView) => boolean, what: string, ms = 15_000) {
  return new Promise<TableView>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not reached: ${what}`)), ms);
    const check = (s: TableView) => {
      if (!s.seats || !test(s)) return;
      clearTimeout(timer);
      room.onStateChange.remove(check);
      resolve(s);
    };
    room.onStateChange(check);
    check(room.state);
  });
}

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return (await res.json()) as T;
}

interface Ratings {
  ratings: { xiangqi: { rating: number; games: number } };
  history: unknown[];
}

/** Polls until `read` gives something `ok` accepts. */
async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read().catch(() => null);
    if (v !== null && ok(v)) return v;
    if (Date.now() > end) throw new Error("not reached");
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("a rated game's end and a crash", () => {
  it("applies the ratings once, whether the crash came after the archive's write or before it", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "crossboard-rated-"));
    let server: ChildServer | null = await startChildServer({ ...ENV, DATA_DIR: dir });
    try {
      const post = (url: string, body: unknown) =>
        json<{ id: string; key: string }>(`${server!.http}${url}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        });
      const ana = await post("/api/players", { name: "Ana" });
      const budi = await post("/api/players", { name: "Budi" });
      const a = (await server.client().create("table", {
        game: "xiangqi",
        rules: { rated: true },
        name: "Ana",
        seat: 0,
        playerKey: ana.key,
      })) as TableRoom;
      const b = (await server
        .client()
        .joinById(a.roomId, { name: "Budi", seat: 1, playerKey: budi.key })) as TableRoom;
      await waitFor(a, (s) => s.seats[1]?.kind === "human", "Budi seated");
      a.send("start");
      for (const [seat, room] of [a, b].entries()) {
        const s = await waitFor(room, (x) => x.phase === "playing" && x.turn === seat, "turn");
        const r = replayView(s);
        if (!r.ok) throw new Error(r.error.message);
        const played = s.moves.length;
        room.send("move", r.value.game.legalMoves()[0]);
        await waitFor(room, (x) => x.moves.length > played, "move");
      }
      b.send("resign");
      const end = await waitFor(
        a,
        (s) => s.phase === "finished" && s.seats[0]!.delta !== 0,
        "finished",
      );
      const record = await json<ArchivedGame>(`${server.http}/api/games/${end.gameId}`);
      const want = rateGame(
        { pool: "xiangqi", players: [ana.id, budi.id], results: [1, 0] },
        [START, START],
        record.finishedAt,
      );
      const check = async (when: string) => {
        for (const [i, p] of [ana, budi].entries()) {
          const r = await until(
            () => json<Ratings>(`${server!.http}/api/players/${p.id}`),
            (x) => x.ratings.xiangqi.games > 0,
          );
          expect(r.ratings.xiangqi.games, when).toBe(1);
          expect(r.history, when).toHaveLength(1);
          expect(r.ratings.xiangqi.rating, `${when}: ${p.id}`).toBeCloseTo(want[i]!.rating, 6);
        }
        const again = await json<ArchivedGame>(`${server!.http}/api/games/${end.gameId}`);
        expect(again.players.map((p) => p.rating?.after)).toEqual(
          record.players.map((p) => p.rating?.after),
        );
      };
      await check("at the end");
      // The keys are in no log line, no state anyone sees, no archive and nowhere in the data
      // folder (only their hashes are kept).
      const seen = [
        server.lines.join("\n"),
        JSON.stringify(a.state),
        JSON.stringify(record),
        ...readdirSync(dir).map((f) => readFileSync(path.join(dir, f)).toString("latin1")),
      ];
      for (const key of [ana.key, budi.key])
        for (const text of seen) expect(text.includes(key)).toBe(false);

      // Killed after the archive's write: started again, the table is back, finished, and
      // hands its rated game to the store again, which does not apply it twice.
      expect(await server.kill("SIGKILL")).toBeNull();
      server = await startChildServer({ ...ENV, DATA_DIR: dir });
      await until(
        () => json<{ tables: { id: string }[] }>(`${server!.http}/api/tables`),
        () => true,
      );
      const back = (await server.client().joinById(a.roomId, { spectate: true })) as TableRoom;
      await waitFor(back, (s) => s.phase === "finished" && s.seats[0]!.delta !== 0, "back");
      await check("restarted");
      await back.leave();

      // The file as a crash between the game's end and the archive's write leaves it.
      expect(await server.kill("SIGKILL")).toBeNull();
      const db = new Database(path.join(dir, SQLITE_FILE));
      db.exec(
        "DELETE FROM games; DELETE FROM rated_games; DELETE FROM rating_history; DELETE FROM ratings;",
      );
      db.close();
      server = await startChildServer({ ...ENV, DATA_DIR: dir });
      const again = (await server.client().joinById(a.roomId, { spectate: true })) as TableRoom;
      await waitFor(again, (s) => s.phase === "finished" && s.seats[0]!.delta !== 0, "again");
      await check("archived again");
      await again.leave();
    } finally {
      await server?.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
