import { describe, expect, it } from "vitest";
import { FourChess } from "../../shared/games/fourchess";
import { game, KINGS, play } from "./helpers";

// Each player brings a knight out and back: the start position recurs every 8 moves.
const SHUFFLE = ["j1-i3", "a5-c6", "j14-i12", "n5-l6", "i3-j1", "c6-a5", "i12-j14", "l6-n5"];

describe("draws and limits", () => {
  it("threefold repetition draws a Teams game", () => {
    const twice = play(FourChess.start({ format: "teams" }), ...SHUFFLE);
    expect(twice.outcome).toBeNull();
    const g = play(twice, ...SHUFFLE);
    expect(g.moves).toHaveLength(16);
    expect(g.outcome).toMatchObject({ reason: "threefold", draw: true, winners: [] });
  });

  it("threefold repetition in Individual gives 10 to each player still in", () => {
    const g = play(FourChess.start({ format: "individual" }), ...SHUFFLE, ...SHUFFLE);
    expect(g.outcome).toMatchObject({ reason: "threefold", draw: true });
    expect(g.scores).toEqual([10, 10, 10, 10]);
    expect(g.outcome!.placing).toEqual([1, 1, 1, 1]);
  });

  it("the fifty-move rule counts 50 moves by each player still in", () => {
    const almost = game({ pieces: `${KINGS} rRe2`, halfmove: 198 });
    const one = play(almost, "e2-e3");
    expect(one.outcome).toBeNull();
    const g = play(one, "a7-a8");
    expect(g.outcome).toMatchObject({ reason: "fifty-moves", draw: true });
  });

  it("a capture or pawn move restarts the fifty-move count", () => {
    const g = play(game({ pieces: `${KINGS} rRe2 bNe8 rPf2`, halfmove: 199 }), "e2-e8");
    expect(g.outcome).toBeNull();
    expect(play(game({ pieces: `${KINGS} rPf2`, halfmove: 199 }), "f2-f3").outcome).toBeNull();
  });

  it("the move limit ends a Teams game drawn", () => {
    const g = play(FourChess.start({ format: "teams", moveLimit: 8 }), ...SHUFFLE.slice(0, 7));
    expect(g.outcome).toBeNull();
    expect(play(g, SHUFFLE[7]!).outcome).toMatchObject({ reason: "move-limit", draw: true });
  });

  it("the move limit ends an Individual game ranked by score, without a draw bonus", () => {
    const spec = { pieces: `${KINGS} rRe5 bPe9`, points: [0, 4, 0, 0] };
    const g = play(game(spec, { format: "individual", moveLimit: 2 }), "e5-e9", "a7-a8");
    expect(g.outcome).toMatchObject({ reason: "move-limit", winners: [1] });
    expect(g.scores).toEqual([1, 4, 0, 0]);
  });

  it("a draw can be agreed", () => {
    const g = FourChess.start({ format: "teams" }).agreeDraw();
    expect(g.ok && g.value.outcome).toMatchObject({ reason: "agreement", draw: true });
  });

  it("a new game can start with any seat (rotating first player)", () => {
    const g = FourChess.start({ format: "teams" }, 1);
    expect(g.turn).toBe(1);
    expect(g.legalMoves()).toHaveLength(20);
    expect(g.fen4().startsWith("B-")).toBe(true);
  });
});
