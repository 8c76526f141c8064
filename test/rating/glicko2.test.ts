import { describe, expect, it } from "vitest";
import {
  aged,
  type Glicko,
  glicko2,
  MIN_RD,
  rateGame,
  START,
  shown,
  TAU,
} from "../../shared/rating/glicko2";
import { PROVISIONAL_RD, type RatedGame, type Rating } from "../../shared/rating/types";

const DAY = 86_400_000;
/** A moment well after the epoch: when the games below end. */
const NOW = Date.UTC(2025, 5, 1, 12);

const rating = (r: number, rd: number, extra: Partial<Rating> = {}): Rating => ({
  rating: r,
  rd,
  volatility: 0.06,
  games: 20,
  at: NOW - 3600_000,
  ...extra,
});

const players = (n: number) => Array.from({ length: n }, (_, i) => `player00000${i}`);
const game = (pool: RatedGame["pool"], results: number[]): RatedGame => ({
  pool,
  players: players(results.length),
  results,
});

describe("one Glicko-2 rating period", () => {
  it("reproduces Glickman's worked example", () => {
    const after = glicko2({ rating: 1500, rd: 200, volatility: 0.06 }, [
      { rating: 1400, rd: 30, score: 1 },
      { rating: 1550, rd: 100, score: 0 },
      { rating: 1700, rd: 300, score: 0 },
    ]);
    expect(TAU).toBe(0.5);
    expect(Math.abs(after.rating - 1464.06)).toBeLessThan(0.01);
    expect(Math.abs(after.rd - 151.52)).toBeLessThan(0.01);
    expect(Math.abs(after.volatility - 0.05999)).toBeLessThan(0.00001);
  });

  it("without games only widens the deviation, by the volatility", () => {
    const p = { rating: 1720, rd: 200, volatility: 0.06 };
    const after = glicko2(p, []);
    const phi = 200 / 173.7178;
    expect(after.rd).toBeCloseTo(173.7178 * Math.sqrt(phi * phi + 0.06 * 0.06), 9);
    expect(after.rd).toBeGreaterThan(200);
    expect(after.rating).toBe(1720);
    expect(after.volatility).toBe(0.06);
  });

  it("never takes the deviation below 45 nor above 350", () => {
    expect(MIN_RD).toBe(45);
    // Fifty draws against a well-known player in one period would take a settled rating's RD
    // well below 45.
    const draws = Array.from({ length: 50 }, () => ({ rating: 1800, rd: 45, score: 0.5 }));
    const settled = glicko2({ rating: 1800, rd: 50, volatility: 0.06 }, draws);
    expect(settled.rd).toBe(45);
    expect(settled.rating).toBeCloseTo(1800, 6);
    expect(glicko2(START, []).rd).toBe(350);
  });
});

describe("a rating without rated games", () => {
  const last = rating(1600, 60, { at: NOW });

  it("is unchanged for a player who has never played", () => {
    expect(aged(START, NOW)).toEqual(START);
  });

  it("grows by one empty period for each whole day since the last rated game", () => {
    expect(aged(last, NOW + DAY - 1)).toEqual(last);
    const oneDay = aged(last, NOW + DAY);
    expect(oneDay.rd).toBeCloseTo(glicko2(last, []).rd, 9);
    expect(oneDay.rd).toBeGreaterThan(60);
    const twoAndAHalf = aged(last, NOW + 2.5 * DAY);
    expect(twoAndAHalf.rd).toBeCloseTo(glicko2(glicko2(last, []), []).rd, 9);
    expect(twoAndAHalf.rating).toBe(1600);
    expect(twoAndAHalf.games).toBe(last.games);
  });

  it("counts each day once, however often it is read", () => {
    const read = aged(aged(aged(last, NOW + 1.5 * DAY), NOW + 2.5 * DAY), NOW + 3.2 * DAY);
    expect(read.rd).toBeCloseTo(aged(last, NOW + 3.2 * DAY).rd, 9);
  });

  it("is provisional again after a long absence, and never wider than a new player's", () => {
    expect(shown(last).provisional).toBe(false);
    const year = aged(last, NOW + 365 * DAY);
    expect(shown(year).provisional).toBe(true);
    expect(aged(last, NOW + 20 * 365 * DAY).rd).toBe(350);
  });
});

describe("a rated xiangqi game", () => {
  it("moves two new players by the same amount, up and down, and a draw not at all", () => {
    const [winner, loser] = rateGame(game("xiangqi", [1, 0]), [START, START], NOW);
    expect(shown(winner!).rating).toBe(1662);
    expect(shown(loser!).rating).toBe(1338);
    expect(winner!.rd).toBeCloseTo(290.32, 2);
    expect(winner!.rating - 1500).toBeCloseTo(1500 - loser!.rating, 9);
    expect(winner!.rd).toBeCloseTo(loser!.rd, 9);
    const [blackWins, redLoses] = rateGame(game("xiangqi", [0, 1]), [START, START], NOW);
    expect(blackWins).toEqual(loser);
    expect(redLoses).toEqual(winner);
    const [red, black] = rateGame(game("xiangqi", [0.5, 0.5]), [START, START], NOW);
    expect(red!.rating).toBeCloseTo(1500, 9);
    expect(black!.rating).toBeCloseTo(1500, 9);
    // A draw tells as much about two new players as a decisive game: the same deviation, but
    // for the volatility's tiny change.
    expect(red!.rd).toBeCloseTo(winner!.rd, 4);
  });

  it("rates each side against the other's rating as of the end of the game", () => {
    const stale = rating(1700, 80, { at: NOW - 40 * DAY });
    const fresh = rating(1650, 70);
    const after = rateGame(game("xiangqi", [0.5, 0.5]), [stale, fresh], NOW);
    const current = aged(stale, NOW);
    expect(current.rd).toBeGreaterThan(80);
    expect(after[0]).toEqual({
      ...glicko2(current, [{ rating: 1650, rd: 70, score: 0.5 }]),
      games: 21,
      at: NOW,
    });
    expect(after[1]).toEqual({
      ...glicko2(fresh, [{ rating: current.rating, rd: current.rd, score: 0.5 }]),
      games: 21,
      at: NOW,
    });
    // Ageing before the call (as a store reading ratings may) gives the same result.
    expect(rateGame(game("xiangqi", [0.5, 0.5]), [current, fresh], NOW)).toEqual(after);
    // The lower-rated side gains from a draw, the higher-rated side loses.
    expect(after[0]!.rating).toBeLessThan(1700);
    expect(after[1]!.rating).toBeGreaterThan(1650);
  });
});

describe("a rated Teams game", () => {
  it("rates each player against the other team as one player of (2·higher + lower)/3", () => {
    // Red (0) + Yellow (2) beat Blue (1) + Green (3).
    const before = [rating(1600, 60), rating(1900, 50), rating(1400, 120), rating(1500, 200)];
    const after = rateGame(game("teams", [1, 0, 1, 0]), before, NOW);
    const blueGreen = { rating: (2 * 1900 + 1500) / 3, rd: (2 * 50 + 200) / 3 };
    const redYellow = { rating: (2 * 1600 + 1400) / 3, rd: (2 * 60 + 120) / 3 };
    const expected = (p: Glicko, opponent: { rating: number; rd: number }, score: number) =>
      glicko2(p, [{ ...opponent, score }]);
    expect(after[0]).toMatchObject(expected(before[0]!, blueGreen, 1));
    expect(after[2]).toMatchObject(expected(before[2]!, blueGreen, 1));
    expect(after[1]).toMatchObject(expected(before[1]!, redYellow, 0));
    expect(after[3]).toMatchObject(expected(before[3]!, redYellow, 0));
    for (const r of after) expect(r).toMatchObject({ games: 21, at: NOW });
    // The winners both gain, the partner rated lower more; the losers both lose.
    expect(after[2]!.rating - 1400).toBeGreaterThan(after[0]!.rating - 1600);
    expect(after[0]!.rating).toBeGreaterThan(1600);
    expect(after[1]!.rating).toBeLessThan(1900);
    expect(after[3]!.rating).toBeLessThan(1500);
  });

  it("weighs the other team's stronger player double, whichever seat they sit in", () => {
    const before = [rating(1500, 80), rating(1300, 90), rating(1500, 80), rating(1800, 40)];
    const after = rateGame(game("teams", [0.5, 0.5, 0.5, 0.5]), before, NOW);
    const opponent = { rating: (2 * 1800 + 1300) / 3, rd: (2 * 40 + 90) / 3, score: 0.5 };
    expect(after[0]).toMatchObject(glicko2(before[0]!, [opponent]));
    // A draw against a team rated higher gains.
    expect(after[0]!.rating).toBeGreaterThan(1500);
  });
});

describe("a rated Individual game", () => {
  const before = [rating(1500, 60), rating(1620, 80), rating(1450, 150), rating(1700, 50)];
  /** Seat `seat` against the mean of the other three, three games scored `scores`. */
  const expected = (seat: number, scores: number[]) => {
    const others = before.filter((_, s) => s !== seat);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const opponent = {
      rating: mean(others.map((o) => o.rating)),
      rd: mean(others.map((o) => o.rd)),
    };
    return glicko2(
      before[seat]!,
      scores.map((score) => ({ ...opponent, score })),
    );
  };

  it("gives 1st three wins, 2nd two, 3rd one and 4th none against the mean of the others", () => {
    const after = rateGame(game("individual", [3, 1, 4, 2]), before, NOW);
    expect(after[1]).toMatchObject(expected(1, [1, 1, 1]));
    expect(after[3]).toMatchObject(expected(3, [1, 1, 0]));
    expect(after[0]).toMatchObject(expected(0, [1, 0, 0]));
    expect(after[2]).toMatchObject(expected(2, [0, 0, 0]));
    expect(after[1]!.rating).toBeGreaterThan(1620);
    expect(after[2]!.rating).toBeLessThan(1450);
    for (const r of after) expect(r).toMatchObject({ games: 21, at: NOW });
  });

  it("shares the results of tied places", () => {
    // Two share first (each the mean of 1st and 2nd), then 3rd and 4th.
    const after = rateGame(game("individual", [1, 1, 3, 4]), before, NOW);
    expect(after[0]).toMatchObject(expected(0, [1, 1, 0.5]));
    expect(after[1]).toMatchObject(expected(1, [1, 1, 0.5]));
    expect(after[2]).toMatchObject(expected(2, [1, 0, 0]));
    expect(after[3]).toMatchObject(expected(3, [0, 0, 0]));
    // Three share second; the fourth seat (first) keeps three wins.
    const three = rateGame(game("individual", [2, 2, 1, 2]), before, NOW);
    expect(three[2]).toMatchObject(expected(2, [1, 1, 1]));
    for (const seat of [0, 1, 3]) {
      expect(three[seat]).toMatchObject(expected(seat, [2 / 3, 1 / 3, 0]));
    }
  });

  it("moves nobody when four equal players share every place", () => {
    const equal = [START, START, START, START];
    for (const r of rateGame(game("individual", [1, 1, 1, 1]), equal, NOW)) {
      expect(r.rating).toBeCloseTo(1500, 9);
      expect(r.rd).toBeLessThan(350);
    }
  });
});

describe("a new player's first rated game", () => {
  it("narrows the deviation and leaves the rating provisional", () => {
    const [first] = rateGame(game("xiangqi", [1, 0]), [START, rating(1500, 50)], NOW);
    expect(first!.rd).toBeLessThan(350);
    expect(first!.rd).toBeGreaterThan(PROVISIONAL_RD);
    expect(first!.games).toBe(1);
    expect(first!.at).toBe(NOW);
    expect(shown(first!)).toEqual({ rating: Math.round(first!.rating), provisional: true });
    expect(shown(START)).toEqual({ rating: 1500, provisional: true });
    expect(shown(rating(1623.5, 110))).toEqual({ rating: 1624, provisional: false });
  });
});
