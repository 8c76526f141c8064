import { describe, expect, it } from "vitest";
import { unwrap } from "../../shared/core/result";
import { departures, sharesPlace, standings } from "../../shared/games/fourchess/standings";
import { game, KINGS, play } from "./helpers";

const ffa = { format: "individual" } as const;

describe("Individual standings", () => {
  it("rank by points; equal points share a place and the next place skips", () => {
    const s = standings([10, 25, 10, 3]);
    expect(s.placing).toEqual([2, 1, 2, 4]);
    expect(s.winners).toEqual([1]);
    expect(sharesPlace(s.placing, 0)).toBe(true);
    expect(sharesPlace(s.placing, 1)).toBe(false);
  });

  it("equal points at the top: every top scorer wins, sharing first", () => {
    const s = standings([0, 0, 0, 0]);
    expect(s.placing).toEqual([1, 1, 1, 1]);
    expect(s.winners).toEqual([0, 1, 2, 3]);
  });

  it("a seat that resigned at 0 points ranks below every seat that stayed", () => {
    const s = standings([0, 0, 0, 0], [[0]]);
    expect(s.placing).toEqual([4, 1, 1, 1]);
    expect(s.winners).toEqual([1, 2, 3]);
  });

  it("even with more points than those who stayed", () => {
    const s = standings([30, 2, 1, 0], [[0]]);
    expect(s.placing).toEqual([4, 1, 2, 3]);
    expect(s.winners).toEqual([1]);
  });

  it("among those who went, a later departure ranks higher; together, by points", () => {
    const s = standings([9, 0, 5, 4], [[0], [2, 3]]);
    expect(s.placing).toEqual([4, 1, 2, 3]);
    expect(standings([9, 0, 5, 5], [[0], [2, 3]]).placing).toEqual([4, 1, 2, 2]);
  });

  it("a seat counts at its first departure", () => {
    expect(standings([0, 0, 0, 0], [[1], [0], [0, 1, 2, 3]]).placing).toEqual([3, 4, 1, 1]);
  });

  it("when every seat gave up or left, nobody wins", () => {
    const s = standings([0, 0, 0, 0], [[0], [1, 2, 3]]);
    expect(s.winners).toEqual([]);
    expect(s.placing).toEqual([4, 1, 1, 1]);
  });

  it("departures are read from a move list's resignations, in order", () => {
    const moves = [
      { seat: 0 },
      { seat: 1, resigned: true },
      { seat: 2 },
      { seat: 3, resigned: true },
    ];
    expect(departures(moves)).toEqual([[1], [3]]);
  });
});

describe("Individual results follow the standings", () => {
  it("resigning first at 0 points ends last, not first", () => {
    let g = game({ pieces: KINGS }, ffa);
    g = unwrap(unwrap(unwrap(g.resign(0)).resign(1)).resign(2));
    expect(g.outcome).toMatchObject({ reason: "three-out", winners: [3] });
    expect(g.outcome!.placing).toEqual([4, 3, 2, 1]);
    expect(g.outcome!.message).toBe("Three players are out. Green wins on points.");
  });

  it("a game everyone left after a resignation names no winner", () => {
    let g = play(game({ pieces: KINGS }, ffa), "h1-h2");
    g = unwrap(g.resign(1));
    g = unwrap(g.abandon([0, 1, 2, 3]));
    expect(g.outcome).toMatchObject({
      reason: "abandoned",
      code: "everyone-left",
      draw: false,
      winners: [],
      placing: [1, 4, 1, 1],
      message: "Everyone left the table. Nobody wins: every player gave up or left.",
    });
  });

  it("a game left to CPUs: those who left rank below the seats the CPUs played", () => {
    const g = unwrap(game({ pieces: KINGS }, ffa).abandon([0]));
    expect(g.outcome).toMatchObject({ winners: [1, 2, 3], placing: [4, 1, 1, 1] });
  });

  it("a draw by agreement after a resignation: the resigned seat gets no share", () => {
    const g = unwrap(unwrap(game({ pieces: KINGS }, ffa).resign(2)).agreeDraw());
    expect(g.scores).toEqual([10, 10, 0, 10]);
    expect(g.outcome).toMatchObject({ draw: true, winners: [0, 1, 3], placing: [1, 1, 4, 1] });
  });
});
