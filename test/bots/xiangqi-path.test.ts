import { describe, expect, it } from "vitest";
import { KeyPath, REP_DRAW, REP_LOSS, REP_NONE, REP_WIN } from "../../shared/bots/xiangqi/path";
import { unwrap } from "../../shared/core/result";
import { encodeMove, squareOf } from "../../shared/games/xiangqi/board";
import { Xiangqi } from "../../shared/games/xiangqi/game";

/** Pushes positions named by small numbers: [key, gave check, irreversible]. */
function pathOf(entries: readonly (readonly [number, boolean, boolean?])[]): KeyPath {
  const path = new KeyPath(entries.length);
  for (const [key, check, irreversible] of entries) path.push(key, -key, check, !!irreversible);
  return path;
}

describe("repetition in search (KeyPath)", () => {
  it("sees no repetition in a fresh line", () => {
    expect(
      pathOf([
        [1, false],
        [2, false],
        [3, true],
      ]).judge(),
    ).toBe(REP_NONE);
  });

  it("scores a quiet cycle, or one where both sides check, as a draw", () => {
    expect(
      pathOf([
        [1, false],
        [2, false],
        [3, false],
        [4, false],
        [1, false],
      ]).judge(),
    ).toBe(REP_DRAW);
    expect(
      pathOf([
        [1, false],
        [2, true],
        [3, true],
        [4, true],
        [1, true],
      ]).judge(),
    ).toBe(REP_DRAW);
  });

  it("lets the side to move win when the other side checked every move of the cycle", () => {
    // Positions 1..4, back to 1: moves into 2 and 4 are the mover's, into 1 and 3 the other's.
    expect(
      pathOf([
        [1, false],
        [2, false],
        [3, true],
        [4, false],
        [1, true],
      ]).judge(),
    ).toBe(REP_WIN);
    expect(
      pathOf([
        [1, false],
        [2, true],
        [3, false],
        [4, true],
        [1, false],
      ]).judge(),
    ).toBe(REP_LOSS);
  });

  it("never looks past a capture or a null move", () => {
    expect(
      pathOf([
        [1, false],
        [2, false],
        [3, false, true],
        [4, false],
        [1, false],
      ]).judge(),
    ).toBe(REP_NONE);
  });

  it("reads a game's history, ready to judge the next position", () => {
    let g = unwrap(Xiangqi.fromFen("4k4/R8/4b4/9/9/6r1r/9/9/9/2BAKAB2 w - - 0 1"));
    for (const m of ["a8a9", "e9e8", "a9a8", "e8e9", "a8a9", "e9e8"]) g = unwrap(g.playText(m));
    const path = KeyPath.ofGame(g, 4);
    expect(path.length).toBe(7);
    // Red to move, in a position that repeats after Red checked with every move of the cycle.
    expect(path.judge()).toBe(REP_LOSS);
    const pos = g.position();
    pos.make(encodeMove(squareOf("a9"), squareOf("a8")));
    path.push(pos.hashLo, pos.hashHi, pos.inCheck(pos.turn), false);
    expect(path.judge()).toBe(REP_WIN); // Black to move: Red's perpetual check
  });
});
