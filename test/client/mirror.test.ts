import { describe, expect, it } from "vitest";
import { type Followed, GameMirror } from "../../client/src/model/mirror";
import type { MoveView, TableView } from "../../shared/protocol/views";
import { packMove, squareNumber } from "../../shared/protocol/wire";

const RULES = {
  format: "teams",
  moveLimit: 0,
  handicap: "none",
} as TableView["rules"];
const XIANGQI_START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

const mv = (
  game: Followed["game"],
  seat: number,
  from: string,
  to: string,
  extra: Partial<MoveView> = {},
): number =>
  packMove({
    seat,
    from: squareNumber(game, from),
    to: squareNumber(game, to),
    ...extra,
  });

const xiangqi = (moves: number[], over: Partial<Followed> = {}): Followed => ({
  game: "xiangqi",
  gameNumber: 1,
  startFen: XIANGQI_START,
  rules: RULES,
  moves,
  ...over,
});

const OPENING = [
  mv("xiangqi", 0, "h2", "e2"),
  mv("xiangqi", 1, "h9", "g7"),
  mv("xiangqi", 0, "e2", "e6", { captured: true }),
];

describe("the client's mirror of the game", () => {
  it("replays the start position and the moves, with notation and stable piece ids", () => {
    const game = new GameMirror();
    expect(game.follow(xiangqi(OPENING))).toBe("restarted");
    expect(game.entries.map((e) => e.notation)).toEqual(["C2=5", "H8+7", "C5+4"]);
    const frames = game.frames;
    expect(frames).toHaveLength(4);
    expect(frames[0]!.pieces).toHaveLength(32);
    expect(frames[3]!.pieces).toHaveLength(31);
    const cannon = frames[0]!.pieces.find((p) => p.square === "h2")!;
    expect(frames[1]!.pieces.find((p) => p.id === cannon.id)!.square).toBe("e2");
    expect(frames[3]!.pieces.find((p) => p.id === cannon.id)!.square).toBe("e6");
    expect(game.lastMove()).toEqual({ from: "e2", to: "e6" });
    expect(game.current?.turn).toBe(1);
    expect(game.fen()).toMatch(/ b /);
  });

  it("knows what each move took, also in xiangqi where the notation does not say", () => {
    const game = new GameMirror();
    game.follow(xiangqi(OPENING));
    expect(game.entries.map((e) => e.captured)).toEqual([false, false, true]);
    expect(game.frames[3]!.captured).toEqual({
      square: "e6",
      kind: "P",
      seat: 1,
    });
    expect(game.capturesBy(2)).toEqual([[{ square: "e6", kind: "P", seat: 1 }], []]);
    // As of a step of a review: nothing was taken yet two moves in.
    expect(game.capturesBy(2, 2)).toEqual([[], []]);
    expect(game.capturesBy(2, 3)).toEqual(game.capturesBy(2));
  });

  it("writes a move of the position now as the move list does (a hint)", () => {
    const game = new GameMirror();
    game.follow(xiangqi(OPENING.slice(0, 2)));
    expect(game.notationOf({ from: "e2", to: "e6" })).toBe("C5+4");
    expect(game.notationOf({ from: "e2", to: "e9" })).toBeNull();
    const four = new GameMirror();
    four.follow({ game: "fourchess", gameNumber: 1, startFen: "", rules: RULES, moves: [] });
    const text = four.notationOf({ from: "h2", to: "h4" });
    four.follow({
      game: "fourchess",
      gameNumber: 1,
      startFen: "",
      rules: RULES,
      moves: [mv("fourchess", 0, "h2", "h4")],
    });
    expect(text).toBe(four.entries[0]!.notation);
  });

  it("follows a growing list one entry at a time, and starts over when it is rewritten", () => {
    const game = new GameMirror();
    expect(game.follow(xiangqi(OPENING.slice(0, 1)))).toBe("restarted");
    expect(game.follow(xiangqi(OPENING.slice(0, 1)))).toBe("same");
    const before = game.frames[0];
    expect(game.follow(xiangqi(OPENING.slice(0, 2)))).toBe("grew");
    expect(game.frames[0]).toBe(before);
    // A takeback: a shorter list.
    expect(game.follow(xiangqi(OPENING.slice(0, 1)))).toBe("restarted");
    expect(game.entries).toHaveLength(1);
    // Another move in place of the last one.
    expect(game.follow(xiangqi([mv("xiangqi", 0, "b2", "e2")]))).toBe("restarted");
    expect(game.entries[0]!.notation).toBe("C8=5");
    // The next game, or another start position.
    expect(game.follow(xiangqi([mv("xiangqi", 0, "b2", "e2")], { gameNumber: 2 }))).toBe(
      "restarted",
    );
  });

  it("works out legal moves and checks once per position", () => {
    const game = new GameMirror();
    game.follow(xiangqi([]));
    const legal = game.legalMoves();
    expect(legal).toHaveLength(44);
    expect(game.legalMoves()).toBe(legal);
    expect(legal).toContainEqual({ from: "h2", to: "e2" });
    expect(game.checks()).toEqual([]);
    game.follow(xiangqi(OPENING.slice(0, 1)));
    expect(game.legalMoves()).not.toBe(legal);
    // A rook facing the general from a position set up by FEN.
    const check = new GameMirror();
    check.follow(xiangqi([], { startFen: "4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1" }));
    expect(check.checks()).toEqual([1]);
  });

  it("lists a resignation that leaves the game running, and a four-player game from another seat", () => {
    const game = new GameMirror();
    const start = "";
    game.follow({
      game: "fourchess",
      gameNumber: 1,
      startFen: start,
      rules: { ...RULES, format: "individual" },
      moves: [mv("fourchess", 0, "h2", "h4"), packMove({ seat: 1, resigned: true })],
    });
    expect(game.entries.map((e) => e.move)).toEqual([{ from: "h2", to: "h4" }, null]);
    expect(game.frames).toHaveLength(3);
    expect(game.frames[2]!.lastMove).toBeNull();
  });

  it("keeps listing the moves when its rules refuse one, and stops working out positions", () => {
    const game = new GameMirror();
    game.follow(xiangqi([mv("xiangqi", 0, "e0", "e2"), mv("xiangqi", 1, "h9", "g7")]));
    expect(game.entries.map((e) => e.notation)).toEqual(["e0-e2", "h9-g7"]);
    expect(game.current).toBeNull();
    expect(game.legalMoves()).toEqual([]);
    expect(game.frames).toHaveLength(1);
  });
});
