/**
 * Rated games (house rule `rated`): who may sit and start, and what a finished game hands the
 * ratings (shared/rating). A person with a player key sits under their public player id (12
 * characters); an id of one table only is shorter, so the id alone says whether a seat's person
 * has a key, in a replay too.
 */
import { PLAYER_ID, type Pool, poolOf, type RatedGame } from "../rating/types";
import type { Match } from "./state";

/** The id is a player's public id (they have a key), not an id of one table only. */
export const isPlayerId = (id: string | null | undefined): id is string =>
  typeof id === "string" && PLAYER_ID.test(id);

/** Every seat is a different person with a player key: a rated game may begin. */
export const everySeatKeyed = (m: Match): boolean =>
  m.seats.every((s) => s.kind === "human" && isPlayerId(s.player)) &&
  new Set(m.seats.map((s) => s.player)).size === m.seats.length;

/** The pool the match's games are rated in. */
export const poolOfMatch = (m: Match): Pool => poolOf(m.gameId, m.rules.format);

/**
 * What the finished game hands the ratings, or null when it is not rated: the house rule was
 * off, a seat was not a person with a key as it began, or it was aborted. A person not at the
 * table at the end (left, or dropped and not back) scores a loss, or last place in Individual,
 * whatever their seat's stand-in did.
 */
export function ratedGameOf(m: Match): RatedGame | null {
  const outcome = m.game?.outcome;
  if (m.phase !== "finished" || !outcome || outcome.code === "aborted") return null;
  if (!m.rules.rated || m.hotSeat || !m.ids.every(isPlayerId)) return null;
  if (new Set(m.ids).size !== m.ids.length) return null;
  const pool = poolOfMatch(m);
  const last = m.seats.length;
  const results = m.ids.map((id, i) => {
    const seat = m.seats[i]!;
    // At the table when the game ended (its last turn began then): away since before that,
    // absent; a drop after the end, or a restart's, does not count.
    const here =
      seat.kind === "human" &&
      seat.player === id &&
      (seat.awaySince === null || seat.awaySince >= m.turnStarted);
    if (pool === "individual") return here ? (outcome.placing[i] ?? last) : last;
    if (!here) return 0;
    if (outcome.draw) return 0.5;
    return outcome.winners.includes(i) ? 1 : 0;
  });
  return { pool, players: [...m.ids], results };
}
