/**
 * Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013): one rating period, the
 * daily growth of a rating's deviation while its player does not play, and the rating periods
 * a rated game makes for its seats in each pool. Pure: no clock, no randomness (docs/rules.md,
 * "Ratings").
 */
import { PROVISIONAL_RD, type RatedGame, type Rating } from "./types";

/** A player who has never played in a pool. */
export const START: Rating = { rating: 1500, rd: 350, volatility: 0.06, games: 0, at: 0 };

/** The system constant τ: how much the volatility may change in one period. */
export const TAU = 0.5;

/** The smallest deviation a rating keeps, however many games its player has played. */
export const MIN_RD = 45;

/** The largest deviation: that of a player who has never played. */
const MAX_RD = START.rd;

/** One day: a rating without a rated game in it is one empty rating period. */
const DAY_MS = 86_400_000;

/** Glicko scale ↔ Glicko-2 scale. */
const SCALE = 173.7178;

/** Convergence tolerance of the volatility iteration (step 5). */
const EPSILON = 0.000001;

export interface Glicko {
  readonly rating: number;
  readonly rd: number;
  readonly volatility: number;
}

/** One game of a rating period: the opponent's rating and deviation, and the score (1, ½, 0). */
interface PeriodGame {
  readonly rating: number;
  readonly rd: number;
  readonly score: number;
}

const clampRd = (rd: number): number => Math.min(MAX_RD, Math.max(MIN_RD, rd));

const g = (phi: number): number => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));

/**
 * One rating period: Glickman's steps 1–8; no games: only the RD grows. RD floored at MIN_RD,
 * capped at 350. The rating and volatility are those of the paper; the bounds apply to the
 * deviation the period ends with.
 */
export function glicko2(p: Glicko, games: readonly PeriodGame[], tau: number = TAU): Glicko {
  // Step 2: to the Glicko-2 scale.
  const mu = (p.rating - 1500) / SCALE;
  const phi = p.rd / SCALE;
  const sigma = p.volatility;
  if (games.length === 0) {
    // Step 6 alone: a period without games only widens the deviation.
    const grown = Math.sqrt(phi * phi + sigma * sigma);
    return { rating: p.rating, rd: clampRd(grown * SCALE), volatility: sigma };
  }
  const opponents = games.map((x) => {
    const gj = g(x.rd / SCALE);
    const e = 1 / (1 + Math.exp(-gj * (mu - (x.rating - 1500) / SCALE)));
    return { gj, e, score: x.score };
  });
  // Step 3: the estimated variance of the rating from the game outcomes alone.
  const v = 1 / opponents.reduce((sum, o) => sum + o.gj * o.gj * o.e * (1 - o.e), 0);
  // Step 4: the estimated improvement.
  const sumImprovement = opponents.reduce((sum, o) => sum + o.gj * (o.score - o.e), 0);
  const delta = v * sumImprovement;
  // Step 5: the new volatility (the Illinois algorithm).
  const volatility = newVolatility(phi, sigma, v, delta, tau);
  // Step 6: the pre-period deviation.
  const phiStar = Math.sqrt(phi * phi + volatility * volatility);
  // Step 7: the new deviation and rating.
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * sumImprovement;
  // Step 8: back to the Glicko scale.
  return { rating: SCALE * muNew + 1500, rd: clampRd(SCALE * phiNew), volatility };
}

/** Step 5 of the paper: the root of f by the Illinois variant of regula falsi. */
function newVolatility(phi: number, sigma: number, v: number, delta: number, tau: number): number {
  const a = Math.log(sigma * sigma);
  const phi2 = phi * phi;
  const delta2 = delta * delta;
  const f = (x: number): number => {
    const ex = Math.exp(x);
    const d = phi2 + v + ex;
    return (ex * (delta2 - phi2 - v - ex)) / (2 * d * d) - (x - a) / (tau * tau);
  };
  let A = a;
  let B: number;
  if (delta2 > phi2 + v) {
    B = Math.log(delta2 - phi2 - v);
  } else {
    let k = 1;
    while (f(a - k * tau) < 0) k++;
    B = a - k * tau;
  }
  let fA = f(A);
  let fB = f(B);
  while (Math.abs(B - A) > EPSILON) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA /= 2;
    }
    B = C;
    fB = fC;
  }
  return Math.exp(A / 2);
}

/**
 * The rating as of `now`: one empty period per whole day (86 400 000 ms) since `r.at` (no change
 * when at = 0). `at` moves on by the whole days counted, so that ageing an aged rating again to
 * the same moment changes nothing.
 */
export function aged(r: Rating, now: number): Rating {
  if (r.at === 0) return r;
  const days = Math.floor((now - r.at) / DAY_MS);
  if (days <= 0) return r;
  let p: Glicko = r;
  for (let day = 0; day < days && p.rd < MAX_RD; day++) p = glicko2(p, []);
  return { ...r, rating: p.rating, rd: p.rd, volatility: p.volatility, at: r.at + days * DAY_MS };
}

/** Individual: the three results of each final place, best first. */
const PLACE_SCORES: readonly (readonly number[])[] = [
  [1, 1, 1],
  [1, 1, 0],
  [1, 0, 0],
  [0, 0, 0],
];

/**
 * Individual: the three scores of the seat whose place is `place` among `places` (1 = first;
 * a place is 1 + the seats ranked above). Seats sharing a place share the results of the places
 * they span: two seats sharing first each score the mean of first and second.
 */
function individualScores(places: readonly number[], place: number): number[] {
  const above = places.filter((p) => p < place).length;
  const tied = places.filter((p) => p === place).length;
  const spanned = PLACE_SCORES.slice(above, above + tied);
  return [0, 1, 2].map((k) => spanned.reduce((sum, s) => sum + s[k]!, 0) / spanned.length);
}

/**
 * Teams: the other team as one opponent, rating (2·higher + lower)/3 and RD (2·RD of the
 * higher-rated + RD of the lower-rated)/3; two equal ratings take the mean of their RDs.
 */
function teamOpponent(a: Glicko, b: Glicko): { rating: number; rd: number } {
  const [high, low] = a.rating >= b.rating ? [a, b] : [b, a];
  const rd = a.rating === b.rating ? (a.rd + b.rd) / 2 : (2 * high.rd + low.rd) / 3;
  return { rating: (2 * high.rating + low.rating) / 3, rd };
}

const SEATS: Record<RatedGame["pool"], number> = { xiangqi: 2, teams: 4, individual: 4 };

/**
 * Every seat's rating after the rated game (inputs already aged by the caller or not: rateGame
 * ages them itself). games+1, at = now.
 */
export function rateGame(game: RatedGame, before: readonly Rating[], now: number): Rating[] {
  const seats = SEATS[game.pool];
  if (before.length !== seats || game.results.length !== seats) {
    throw new RangeError(`a ${game.pool} game has ${seats} seats`);
  }
  const current = before.map((r) => aged(r, now));
  return current.map((r, seat) => {
    const period = glicko2(r, periodGames(game, current, seat));
    return { ...period, games: r.games + 1, at: now };
  });
}

/** The games of `seat`'s rating period in `game` (docs/rules.md, "Ratings"). */
function periodGames(game: RatedGame, ratings: readonly Glicko[], seat: number): PeriodGame[] {
  const result = game.results[seat]!;
  switch (game.pool) {
    case "xiangqi": {
      const other = ratings[1 - seat]!;
      return [{ rating: other.rating, rd: other.rd, score: result }];
    }
    case "teams": {
      // Partners sit opposite: Red (0) + Yellow (2) against Blue (1) + Green (3).
      const other = teamOpponent(ratings[(seat + 1) % 4]!, ratings[(seat + 3) % 4]!);
      return [{ ...other, score: result }];
    }
    case "individual": {
      const others = ratings.filter((_, s) => s !== seat);
      const rating = others.reduce((sum, r) => sum + r.rating, 0) / others.length;
      const rd = others.reduce((sum, r) => sum + r.rd, 0) / others.length;
      return individualScores(game.results, result).map((score) => ({ rating, rd, score }));
    }
  }
}

/** Rounded rating for display and `provisional` flag. */
export function shown(r: Rating): { rating: number; provisional: boolean } {
  return { rating: Math.round(r.rating), provisional: r.rd > PROVISIONAL_RD };
}
