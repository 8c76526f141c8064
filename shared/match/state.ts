/**
 * The match value: one table's seats, house rules and game. Its phase and its game cannot
 * disagree: a waiting table has no game; a playing or finished one has the game being played
 * or the last one played.
 */

import type { ErrorCode } from "../core/errors";
import type { Failure } from "../core/result";
import type { GameId } from "../games/catalog";
import { gameDefinition } from "../games/registry";
import type { Game, MoveInput, Notice, TrackedPiece } from "../games/types";
import type { MoveBy } from "./by";
import type { HouseRules } from "./rules";

export { MOVE_BY, type MoveBy } from "./by";

export type SeatKind = "open" | "human" | "cpu";

export interface Seat {
  readonly kind: SeatKind;
  /** The player holding the seat (a human), or null. */
  readonly player: string | null;
  readonly name: string;
  /** The human's connection is up. */
  readonly connected: boolean;
  /** When a human dropped (ms), or null while connected. */
  readonly awaySince: number | null;
  /** Level of the CPU playing the seat, or of the stand-in for its human. */
  readonly level: string;
}

/** One entry of the game's record: a move, or a resignation that left the game running. */
export interface MoveEntry {
  readonly seat: number;
  /** null: the seat resigned. */
  readonly move: MoveInput | null;
  /** The game's own move text (PGN4, WXF), or a resignation's mark. */
  readonly notation: string;
  /** The move took a piece. */
  readonly captured: boolean;
  readonly by: MoveBy;
  /** No move: the seat lost on time (`move` is null, as for a resignation). */
  readonly timeout?: true;
  /** With a clock: ms left on the seat's clock after this entry (the increment added). */
  readonly clock?: number;
}

/** What became of a queued premove in the last action: played, or dropped (and why). */
export interface PremoveNews {
  readonly seat: number;
  /** The player who queued it. */
  readonly player: string;
  readonly move: MoveInput;
  readonly played: boolean;
  /** Why it was dropped: the move's refusal; null when it was played or simply cleared. */
  readonly refusal: MatchError | null;
}

export interface Offer {
  /** `rematch`: after a result, the next game starts once every person seated agreed. */
  readonly kind: "draw" | "takeback" | "rematch";
  readonly seat: number;
  /** Seats whose player must agree. */
  readonly needed: readonly number[];
  readonly agreed: readonly number[];
  /** Plies a takeback would undo. */
  readonly plies: number;
}

export interface StandIn {
  readonly seat: number;
  readonly reason: "timeout" | "away";
}

interface MatchBase {
  readonly gameId: GameId;
  readonly rules: HouseRules;
  /** One player may hold every seat (xiangqi on one device). */
  readonly hotSeat: boolean;
  /**
   * A quick-play table: no host, the pool's house rules; it starts by itself when every seat
   * has a person, or `quickWaitMs` after the second person sat (CPUs in the empty seats).
   */
  readonly quick: boolean;
  /** How long a quick-play table waits after its second person sat before it starts. */
  readonly quickWaitMs: number;
  /** When a waiting quick-play table starts by itself (ms), or null while it does not count down. */
  readonly autoStart: number | null;
  /** How long a dropped player's turn waits before the stand-in moves. */
  readonly graceMs: number;
  /** Length of one second of the turn timer and the clock, in ms (1000; shorter only in tests). */
  readonly secondMs: number;
  readonly seats: readonly Seat[];
  /**
   * Who played each seat in the current game, as it began: a person's name, or "" for a CPU.
   * Kept when a person leaves and a CPU takes the seat over, so the archive still names them.
   */
  readonly players: readonly string[];
  /**
   * The player id of the person in each seat as the current game began ("" for a CPU): a
   * person with a player key is known by their public id (shared/match/rated.ts).
   */
  readonly ids: readonly string[];
  readonly gameNumber: number;
  readonly firstSeat: number;
  readonly log: readonly MoveEntry[];
  readonly pieces: readonly TrackedPiece[];
  readonly nextPieceId: number;
  readonly offer: Offer | null;
  /** When the player to move runs out of time (ms), or null without a turn timer. */
  readonly deadline: number | null;
  /** When the current turn began (ms). */
  readonly turnStarted: number;
  /** When the current game began (ms; 0 before the first start). */
  readonly startedAt: number;
  /** Time each seat has used in the current game (ms), by seat; the running turn not included. */
  readonly used: readonly number[];
  /**
   * With a clock (`rules.clock`): ms left on each seat's clock, by seat; for the seat to move as
   * of `turnStarted`, the running turn not yet charged. All 0 without a clock.
   */
  readonly clocks: readonly number[];
  /**
   * Each seat's queued premove, or null: kept on the server, never in the shared state. The
   * seat to move never has one (it is played or dropped as the turn arrives).
   */
  readonly premoves: readonly (MoveInput | null)[];
  /** What became of premoves in the last action (for the room to tell their players). */
  readonly premoveNews: readonly PremoveNews[];
  /** A stand-in move is due for this seat. */
  readonly standIn: StandIn | null;
  readonly notices: readonly Notice[];
  /** Counts accepted actions. */
  readonly version: number;
}

/** Before the first game: seats are taken and house rules set. */
export interface WaitingMatch extends MatchBase {
  readonly phase: "waiting";
  readonly game: null;
}

/** A game is being played. */
export interface PlayingMatch extends MatchBase {
  readonly phase: "playing";
  readonly game: Game;
}

/** The last game is over; it stays on the table until the next one starts. */
export interface FinishedMatch extends MatchBase {
  readonly phase: "finished";
  readonly game: Game;
}

export type Match = WaitingMatch | PlayingMatch | FinishedMatch;
export type Phase = Match["phase"];

export type MatchError = Failure<ErrorCode>;

export const CPU_NAME = "CPU";

export function createMatch(opts: {
  game: GameId;
  rules: HouseRules;
  hotSeat?: boolean;
  quick?: boolean;
  quickWaitMs?: number;
  graceMs?: number;
  secondMs?: number;
}): Match {
  const seats = gameDefinition(opts.game).colors.map(
    (): Seat => ({
      kind: "open",
      player: null,
      name: "",
      connected: false,
      awaySince: null,
      level: opts.rules.cpuLevel,
    }),
  );
  return {
    gameId: opts.game,
    rules: opts.rules,
    hotSeat: opts.hotSeat ?? false,
    quick: opts.quick ?? false,
    quickWaitMs: opts.quickWaitMs ?? 30_000,
    autoStart: null,
    graceMs: opts.graceMs ?? 10_000,
    secondMs: opts.secondMs ?? 1000,
    seats,
    players: seats.map(() => ""),
    ids: seats.map(() => ""),
    phase: "waiting",
    gameNumber: 0,
    firstSeat: 0,
    game: null,
    log: [],
    pieces: [],
    nextPieceId: 1,
    offer: null,
    deadline: null,
    turnStarted: 0,
    startedAt: 0,
    used: seats.map(() => 0),
    clocks: seats.map(() => 0),
    premoves: seats.map(() => null),
    premoveNews: [],
    standIn: null,
    notices: [],
    version: 0,
  };
}

/** Seats held by a player (two in a hot-seat game). */
export function seatsOf(m: Match, player: string): number[] {
  return m.seats.flatMap((s, i) => (s.kind === "human" && s.player === player ? [i] : []));
}

/** An empty seat, to be filled by a CPU at the current level when the game starts. */
export function openSeat(m: Match): Seat {
  return {
    kind: "open",
    player: null,
    name: "",
    connected: false,
    awaySince: null,
    level: m.rules.cpuLevel,
  };
}

/** A CPU in a seat a person gave up during a game (or after one, at a quick-play table). */
export function cpuSeat(s: Seat): Seat {
  return { ...s, kind: "cpu", player: null, name: CPU_NAME, connected: true, awaySince: null };
}

/** The people seated: each player once, at their first seat. */
export function peopleSeats(m: Match): number[] {
  return m.seats.flatMap((s, i) =>
    s.kind === "human" &&
    !m.seats.slice(0, i).some((o) => o.kind === "human" && o.player === s.player)
      ? [i]
      : [],
  );
}

/** The time on each clock when a game starts (ms), or 0 without a clock. */
export const clockStart = (m: Match): number =>
  m.rules.clock ? m.rules.clock.base * m.secondMs : 0;

/** The number of moves played in the current game. */
export const plyOf = (m: Match): number => m.log.length;
