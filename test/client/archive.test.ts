import { describe, expect, it } from "vitest";
import { type RecentGame, withRecent } from "../../client/src/device/games";
import { GameMirror } from "../../client/src/model/mirror";
import { parseArchivedGame } from "../../client/src/net/archive";
import { rulesOf } from "../../client/src/screens/archive/archive";
import type { PublishedGame } from "../../shared/protocol/archive";
import { logOf } from "../../shared/protocol/archive";

const XIANGQI_START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
const ID = "AbCdEfGhIjKlMnOpQrStUv";

const move = (seat: number, from: string | null, to: string | null, by = "player") => ({
  seat,
  from,
  to,
  promotion: null,
  notation: "",
  by,
  at: 0,
});

const GAME: PublishedGame = {
  id: ID,
  private: true,
  game: "xiangqi",
  format: "teams",
  rules: { format: "teams", moveLimit: null, turnTimer: 30, cpuLevel: "master", handicap: "none" },
  startFen: XIANGQI_START,
  players: [
    { name: "Ana", kind: "human" },
    { name: "CPU", kind: "cpu" },
  ],
  moves: [
    move(0, "h2", "e2"),
    move(1, "h9", "g7", "cpu"),
    move(0, "e2", "e6"),
    move(1, null, null),
  ],
  result: {
    reason: "resigned",
    draw: false,
    winners: [0],
    placing: [1, 2],
    message: "Black resigns. Red wins.",
  },
  startedAt: 1,
  finishedAt: 2,
};

describe("an archived game", () => {
  it("is read from JSON only when it has the shape of one, and is the game asked for", () => {
    const json = JSON.parse(JSON.stringify(GAME)) as unknown;
    expect(parseArchivedGame(json, ID)?.id).toBe(ID);
    expect(parseArchivedGame(json, "another-id-of-22-chars")).toBeNull();
    expect(
      parseArchivedGame({ ...GAME, moves: [{ seat: 0, from: "z99", to: "e2" }] }, ID),
    ).toBeNull();
    expect(parseArchivedGame({ ...GAME, game: "chess" }, ID)).toBeNull();
    expect(parseArchivedGame(null, ID)).toBeNull();
  });

  it("is replayed by the mirror from its start position: every position, notation and capture", () => {
    const mirror = new GameMirror();
    mirror.load(GAME.game, rulesOf(GAME), GAME.startFen, logOf(GAME));
    expect(mirror.frames).toHaveLength(5);
    expect(mirror.entries.map((e) => e.notation)).toEqual(["C2=5", "H8+7", "C5+4", ""]);
    expect(mirror.entries.map((e) => e.by)).toEqual(["player", "cpu", "player", "player"]);
    expect(mirror.entries.map((e) => e.captured)).toEqual([false, false, true, false]);
    expect(mirror.frames[3]!.captured).toMatchObject({ square: "e6", kind: "P", seat: 1 });
    expect(mirror.frames[0]!.pieces).toHaveLength(32);
    expect(mirror.frames[4]!.pieces).toHaveLength(31);
  });

  it("keeps the record's house rules where they fit, the game's defaults elsewhere", () => {
    const rules = rulesOf({ ...GAME, rules: { ...GAME.rules, hints: "yes", unknown: 1 } });
    expect(rules).toMatchObject({ turnTimer: 30, cpuLevel: "master", moveLimit: 0, hints: true });
    expect(rules).not.toHaveProperty("unknown");
  });
});

describe("the recent games list", () => {
  const game = (id: string, finishedAt: number): RecentGame => ({
    id,
    game: "xiangqi",
    format: "teams",
    finishedAt,
    message: "",
    seats: [0],
  });

  it("puts the newest first, keeps a game once as first seen, and holds at most twenty", () => {
    let list: RecentGame[] = [];
    for (let i = 0; i < 25; i++) list = withRecent(list, game(`g${i}`, i));
    expect(list).toHaveLength(20);
    expect(list[0]!.id).toBe("g24");
    expect(list.at(-1)!.id).toBe("g5");
    const again = withRecent(list, game("g20", 99));
    expect(again.map((g) => g.id)).toEqual(list.map((g) => g.id));
    expect(again.find((g) => g.id === "g20")!.finishedAt).toBe(20);
  });

  it("a game left while being played takes its result in place once it is known", () => {
    const left = { ...game("g1", 5), left: true };
    let list = withRecent([game("g0", 1)], left);
    expect(withRecent(list, { ...left, finishedAt: 9 })).toEqual(list);
    list = withRecent(list, { ...game("g1", 7), message: "Red wins.", seats: [] });
    expect(list.map((g) => g.id)).toEqual(["g1", "g0"]);
    expect(list[0]).toMatchObject({ finishedAt: 7, message: "Red wins.", seats: [0] });
    expect(list[0]!.left).toBeUndefined();
  });
});
