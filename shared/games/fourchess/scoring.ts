/**
 * How a four-player chess game scores and ends: Individual points for captures, checks on
 * several kings, mates and stalemates; Teams' king captures and mates; draws, placings and
 * the messages that announce them.
 */

import { outcomeText, type ResultCode, type StandingCode, type TextParams } from "../../core/texts";
import type { Outcome as BaseOutcome } from "../types";
import { colorOf, EMPTY, GREY, KING, kindOf, PROMOTED, QUEEN } from "./board";
import type { Format } from "./movegen";
import type { Position } from "./position";
import { standings } from "./standings";

/** How a game is scored and when it ends: the format, and the move limit if any. */
export interface FourChessOptions {
  readonly format: Format;
  /** End the game when this many moves (by all players together) have been played. */
  readonly moveLimit?: number | null;
}

export type OutReason =
  | "checkmated"
  | "stalemated"
  | "resigned"
  | "timed-out"
  | "king-captured"
  | "eliminated";

export type OutcomeReason =
  | "checkmate"
  | "king-captured"
  | "stalemate"
  | "resignation"
  | "timeout"
  | "threefold"
  | "fifty-moves"
  | "move-limit"
  | "three-out"
  | "points-lead"
  | "agreement"
  | "abandoned";

export interface Outcome extends BaseOutcome {
  readonly reason: OutcomeReason;
}

/** Something that happened to a seat as a consequence of a move or action. */
export interface SeatEvent {
  readonly seat: number;
  readonly kind: OutReason | "check-bonus" | "draw-bonus";
  readonly points: number;
}

/** Points for capturing a live piece in Individual, by kind (promoted pieces score 1). */
const CAPTURE_POINTS = [0, 1, 3, 5, 5, 9, 20];
const MATE_POINTS = 20;
const STALEMATE_POINTS = 20;
export const DRAW_POINTS = 10;
const LEAD_TO_WIN = 21;

const takesKing = (captured: number): boolean =>
  captured !== EMPTY && kindOf(captured) === KING && colorOf(captured) < GREY;

/** Teams: taking a king wins the game for the taker's team. */
export function teamsCapture(
  mover: number,
  captured: number,
  out: (OutReason | null)[],
  events: SeatEvent[],
): Outcome | null {
  if (!takesKing(captured)) return null;
  const victim = colorOf(captured);
  out[victim] = "king-captured";
  events.push({ seat: victim, kind: "king-captured", points: 0 });
  return teamWin(mover, "king-captured", { winner: mover, loser: victim });
}

/**
 * Individual: the mover's points for the move just made in `pos` (the capture, a king taken,
 * checks on several kings, mates), with every player it mates or stalemates put out.
 */
export function individualPoints(
  pos: Position,
  mover: number,
  captured: number,
  scores: number[],
  out: (OutReason | null)[],
  events: SeatEvent[],
): number {
  let points = 0;
  if (captured !== EMPTY && colorOf(captured) < GREY) {
    points += captured & PROMOTED ? 1 : CAPTURE_POINTS[kindOf(captured)]!;
  }
  if (takesKing(captured)) {
    const victim = colorOf(captured);
    out[victim] = "king-captured";
    events.push({ seat: victim, kind: "king-captured", points: MATE_POINTS });
    pos.eliminate(victim);
  }
  const bonus = checkBonus(pos, mover);
  if (bonus > 0) {
    points += bonus;
    events.push({ seat: mover, kind: "check-bonus", points: bonus });
  }
  // Mate and stalemate are judged at once for every other player still in.
  for (let i = 1; i < 4; i++) {
    const c = (mover + i) & 3;
    if (!pos.isLive(c) || pos.hasLegalMoveFor(c)) continue;
    if (pos.inCheck(c)) {
      points += MATE_POINTS;
      out[c] = "checkmated";
      events.push({ seat: c, kind: "checkmated", points: MATE_POINTS });
    } else {
      scores[c]! += STALEMATE_POINTS;
      out[c] = "stalemated";
      events.push({ seat: c, kind: "stalemated", points: STALEMATE_POINTS });
    }
    pos.eliminate(c);
  }
  return points;
}

/** Teams: the player whose turn arrives without a legal move is checkmated or stalemated. */
export function teamsTurn(pos: Position, out: (OutReason | null)[]): Outcome | null {
  const turn = pos.turn;
  if (pos.hasLegalMoveFor(turn)) return null;
  if (pos.inCheck(turn)) {
    out[turn] = "checkmated";
    return teamWin(turn + 1, "checkmate", { loser: turn });
  }
  return {
    reason: "stalemate",
    draw: true,
    winners: [],
    placing: [1, 1, 1, 1],
    ...texts("stalemate", { loser: turn }, [["drawn"]]),
  };
}

/**
 * Individual: a player whose turn arrives with no legal move (possible only in an imported
 * position) is out, mated or stalemated. True when someone was put out.
 */
export function putOutStuck(
  pos: Position,
  scores: number[],
  out: (OutReason | null)[],
  events: SeatEvent[],
): boolean {
  const turn = pos.turn;
  if (!pos.isLive(turn) || pos.hasLegalMoveFor(turn)) return false;
  const mated = pos.inCheck(turn);
  out[turn] = mated ? "checkmated" : "stalemated";
  if (!mated) scores[turn]! += STALEMATE_POINTS;
  events.push({ seat: turn, kind: out[turn]!, points: mated ? 0 : STALEMATE_POINTS });
  pos.eliminate(turn);
  return true;
}

/**
 * Individual: the game ends with one player left, or the last two far apart on points.
 * `gone`: the seats that resigned or lost on time, in order (see standings.ts).
 */
export function individualEnd(
  pos: Position,
  scores: readonly number[],
  gone: readonly (readonly number[])[] = [],
): Outcome | null {
  const liveSeats = [0, 1, 2, 3].filter((c) => pos.isLive(c));
  if (liveSeats.length <= 1) return ranked(scores, "three-out", {}, false, "three-out", gone);
  if (liveSeats.length > 2) return null;
  const [a, b] = liveSeats as [number, number];
  if (Math.abs(scores[a]! - scores[b]!) < LEAD_TO_WIN) return null;
  const leader = scores[a]! > scores[b]! ? a : b;
  const params = { winner: leader, n: LEAD_TO_WIN };
  return ranked(scores, "points-lead", params, false, "points-lead", gone);
}

/** The end by threefold repetition, the fifty-move rule or the move limit, if one is reached. */
export function drawnBy(
  options: FourChessOptions,
  plies: number,
  pos: Position,
  keys: readonly number[],
  scores: number[],
  gone: readonly (readonly number[])[] = [],
): Outcome | null {
  const teams = options.format === "teams";
  // `keys`: two numbers a position, the halves of its Zobrist key (see `FourChess.keys`).
  let repeats = 0;
  for (let i = 0; i < keys.length; i += 2)
    if (keys[i] === pos.hashLo && keys[i + 1] === pos.hashHi) repeats++;
  const live = [0, 1, 2, 3].filter((c) => pos.isLive(c)).length;
  const limit = options.moveLimit;
  if (repeats >= 3) return drawn(teams, scores, pos, "threefold", "threefold", gone);
  if (pos.halfmove >= 50 * live)
    return drawn(teams, scores, pos, "fifty-moves", "fifty-moves", gone);
  if (!limit || plies < limit) return null;
  return teams
    ? {
        reason: "move-limit",
        draw: true,
        winners: [],
        placing: [1, 1, 1, 1],
        ...texts("move-limit", { n: limit }, [["drawn"]]),
      }
    : ranked(scores, "move-limit", { n: limit }, false, "move-limit", gone);
}

/** An outcome's code, params and English message (see shared/core/texts.ts). */
const texts = (
  code: ResultCode,
  params: TextParams,
  standings: readonly [StandingCode, TextParams?][],
) => outcomeText("fourchess", code, params, standings);

/** The team of `winnerSeat` wins for `reason`, which is also the text's code. */
export function teamWin(winnerSeat: number, reason: OutcomeReason, params: TextParams): Outcome {
  const team = winnerSeat & 1;
  const winners = team === 0 ? [0, 2] : [1, 3];
  return {
    reason,
    draw: false,
    winners,
    placing: [0, 1, 2, 3].map((c) => ((c & 1) === team ? 1 : 2)),
    ...texts(reason, params, [["team-wins", { winner: winners[0]!, partner: winners[1]! }]]),
  };
}

/**
 * Places by score, equal scores sharing a place, below every seat that stayed the seats that
 * gave up or left (`gone`, see standings.ts); the top scorers who stayed win, and nobody when
 * no seat stayed.
 */
export function ranked(
  scores: readonly number[],
  reason: OutcomeReason,
  params: TextParams,
  draw = false,
  code: ResultCode = reason,
  gone: readonly (readonly number[])[] = [],
): Outcome {
  const { placing, winners } = standings(scores, gone);
  const standing: [StandingCode, TextParams?] =
    winners.length === 0
      ? ["nobody"]
      : winners.length > 1
        ? ["points-shared", { n: winners.length }]
        : ["points", { winner: winners[0]! }];
  return {
    reason,
    draw,
    winners: [...winners],
    placing: [...placing],
    ...texts(code, params, draw ? [["points-drawn"], standing] : [standing]),
  };
}

/** A draw: Teams share it; Individual gives 10 to each player still in, then ranks by score. */
export function drawn(
  teams: boolean,
  scores: number[],
  pos: Position,
  reason: OutcomeReason,
  code: ResultCode = reason,
  gone: readonly (readonly number[])[] = [],
): Outcome {
  if (teams)
    return {
      reason,
      draw: true,
      winners: [],
      placing: [1, 1, 1, 1],
      ...texts(code, {}, [["drawn"]]),
    };
  for (const c of [0, 1, 2, 3]) if (pos.isLive(c)) scores[c]! += DRAW_POINTS;
  return ranked(scores, reason, {}, true, code, gone);
}

/**
 * Individual check bonus: checking two kings at once scores 5 (1 if every check comes from a
 * queen), three kings 20 (5 if every check comes from a queen). Checking one king scores 0.
 */
function checkBonus(pos: Position, mover: number): number {
  let checked = 0;
  let onlyQueens = true;
  for (let c = 0; c < 4; c++) {
    if (c === mover || !pos.isLive(c)) continue;
    const k = pos.kingSq[c]!;
    if (k < 0) continue;
    const kinds = pos.attackKinds(k, 1 << mover);
    if (kinds === 0) continue;
    checked++;
    if (kinds !== 1 << QUEEN) onlyQueens = false;
  }
  if (checked === 2) return onlyQueens ? 1 : 5;
  if (checked === 3) return onlyQueens ? 5 : 20;
  return 0;
}
