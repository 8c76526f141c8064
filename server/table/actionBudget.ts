/**
 * The stored actions people make at a table that are not moves (offers and their answers,
 * premoves, house rules, taking and leaving seats, starting and asking for the next game) are
 * bounded per table by a token bucket, so that no connection can write rows to the store as
 * fast as it may send messages for as long as it likes. Moves, resignations, leaving and
 * whatever the server itself does (CPU moves, timers, connections) are never bounded.
 */
import type { Action } from "../../shared/match/match";
import { TokenBucket } from "../edge/ratelimit";

/** Bounded actions a table may store at once, and how many a second after that. */
export const TABLE_ACTION_BURST = 60;
export const TABLE_ACTIONS_PER_SECOND = 1;

const BOUNDED: ReadonlySet<Action["type"]> = new Set<Action["type"]>([
  "sit",
  "stand",
  "rules",
  "start",
  "premove",
  "offer-draw",
  "answer-draw",
  "request-takeback",
  "answer-takeback",
  "play-again",
]);

/** Whether an action counts against its table's budget. */
export const bounded = (action: Action): boolean => BOUNDED.has(action.type);

/** A table's budget of bounded actions. */
export const actionBudget = (now: number): TokenBucket =>
  new TokenBucket(TABLE_ACTIONS_PER_SECOND, TABLE_ACTION_BURST, now);
