/**
 * Aborts, as on lichess: a game that ends before each person at it made a move of their own
 * (someone resigned, left, ran out of time or a draw was agreed in the first round) never
 * really began. It ends as aborted, with no winner and nobody out, and it is not archived, so
 * that starting and ending games costs the store nothing until people play them.
 */
import { outcomeText } from "../core/texts";
import type { Game, Outcome } from "../games/types";
import type { FinishedMatch, Match } from "./state";

/**
 * Whether the finished game of `m` is an abort: some person never made a move of their own,
 * and none made two (the game ended within its first round; a game that went on without a
 * person who resigned at once is a real game for the others).
 */
export function isAbort(m: Match): boolean {
  const people = m.players.flatMap((name, seat) => (name ? [seat] : []));
  if (people.length === 0) return false;
  const own = people.map(
    (seat) => m.log.filter((e) => e.seat === seat && e.move !== null && e.by === "player").length,
  );
  return own.some((n) => n === 0) && own.every((n) => n < 2);
}

/** The match after an action: a game that has just ended as an abort is marked aborted. */
export function aborting(before: Match, after: Match): Match {
  if (before.phase !== "playing" || after.phase !== "finished" || !isAbort(after)) return after;
  return { ...after, game: new AbortedGame(after.game, after.seats.length) } as FinishedMatch;
}

/** The game as it stood, with the abort as its outcome. */
class AbortedGame implements Game {
  readonly outcome: Outcome;
  readonly out: readonly (string | null)[];

  constructor(
    private readonly inner: Game,
    seats: number,
  ) {
    this.outcome = {
      reason: "aborted",
      draw: false,
      winners: [],
      placing: Array.from({ length: seats }, () => 1),
      ...outcomeText(inner.id, "aborted", {}, []),
    };
    this.out = Array.from({ length: seats }, () => null);
  }

  get id() {
    return this.inner.id;
  }
  get turn() {
    return this.inner.turn;
  }
  get scores() {
    return this.inner.scores;
  }
  get moves() {
    return this.inner.moves;
  }
  get lastMove() {
    return this.inner.lastMove;
  }
  get notices() {
    return this.inner.notices;
  }
  get startFen() {
    return this.inner.startFen;
  }
  fen() {
    return this.inner.fen();
  }
  legalMoves() {
    return [];
  }
  checks() {
    return this.inner.checks();
  }
  pieces() {
    return this.inner.pieces();
  }
  // The inner game is over: each of these answers that it is.
  play(...a: Parameters<Game["play"]>) {
    return this.inner.play(...a);
  }
  readMove(...a: Parameters<Game["readMove"]>) {
    return this.inner.readMove(...a);
  }
  resign(...a: Parameters<Game["resign"]>) {
    return this.inner.resign(...a);
  }
  agreeDraw() {
    return this.inner.agreeDraw();
  }
  abandon(...a: Parameters<Game["abandon"]>) {
    return this.inner.abandon(...a);
  }
}
