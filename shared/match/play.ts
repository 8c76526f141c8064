/** The course of a game: its start (by the host, or by itself at a quick-play table), moves by people and CPUs, resignations. */
import { appended } from "../core/arrays";
import { refusal } from "../core/errors";
import { err, ok, type Result } from "../core/result";
import { noticeMessage } from "../core/texts";
import type { MoveInput, Notice } from "../games/types";
import { charge, flagFallen } from "./clock";
import { sameRules } from "./houseRules";
import { sharedMove } from "./moves";
import { everySeatKeyed } from "./rated";
import { advance, type Replayed, setupOf, startGame } from "./replay";
import type { HouseRules } from "./rules";
import {
  CPU_NAME,
  clockStart,
  type Match,
  type MatchError,
  type MoveBy,
  type MoveEntry,
  type PlayingMatch,
  peopleSeats,
  plyOf,
  type Seat,
  seatsOf,
} from "./state";
import { withTurn } from "./turns";

export function changeRules(m: Match, host: boolean, rules: HouseRules): Result<Match, MatchError> {
  if (m.phase !== "waiting") return err(refusal("phase/not-waiting"));
  if (m.quick) return err(refusal("quick/no-host"));
  if (!host) return err(refusal("host/only"));
  return ok(sameRules(m.rules, rules) ? m : { ...m, rules });
}

/**
 * The host starts the game; at a quick-play table, which has no host, a person sitting there
 * alone may start it against CPUs rather than wait.
 */
export function start(
  m: Match,
  player: string,
  host: boolean,
  now: number,
): Result<Match, MatchError> {
  if (m.phase !== "waiting") return err(refusal("phase/not-waiting"));
  if (m.quick) {
    const people = peopleSeats(m);
    if (people.length !== 1 || m.seats[people[0]!]?.player !== player)
      return err(refusal("quick/not-alone"));
  } else if (!host) return err(refusal("host/only"));
  if (!m.seats.some((s) => s.kind === "human")) return err(refusal("start/no-players"));
  if (m.rules.rated && m.hotSeat) return err(refusal("rated/mode"));
  if (m.rules.rated && !everySeatKeyed(m)) return err(refusal("rated/seats"));
  return ok(beginGame(m, m.firstSeat, now));
}

/** A quick-play table's wait after its second person sat has run out: it starts. */
export function autoStart(m: Match, now: number): Result<Match, MatchError> {
  if (m.phase !== "waiting" || m.autoStart === null || now < m.autoStart)
    return err(refusal("start/not-due"));
  return ok(beginGame(m, m.firstSeat, now));
}

/**
 * A waiting quick-play table after its seats changed: it starts when every seat has a person,
 * counts down once two people sit at a larger table, and stops counting below two.
 */
export function settleQuick(m: Match, now: number): Match {
  if (!m.quick || m.phase !== "waiting") return m;
  const people = peopleSeats(m).length;
  if (people === m.seats.length) return beginGame(m, m.firstSeat, now);
  // A rated table never fills a seat with a CPU: it waits for every seat's person.
  if (m.rules.rated) return m.autoStart === null ? m : { ...m, autoStart: null };
  if (people < 2) return m.autoStart === null ? m : { ...m, autoStart: null };
  return m.autoStart === null ? { ...m, autoStart: now + m.quickWaitMs } : m;
}

/** Starts a game with the CPU filling every empty seat. */
export function beginGame(m: Match, firstSeat: number, now: number): Match {
  const started = startGame(m.gameId, setupOf(m.rules, firstSeat), true);
  // The standard and handicap starts always exist.
  if (!started.ok) throw new Error(started.error.message);
  const { game, pieces, nextPieceId } = started.value;
  const seats = m.seats.map(
    (s): Seat =>
      s.kind === "open"
        ? { ...s, kind: "cpu", name: CPU_NAME, level: m.rules.cpuLevel, connected: true }
        : s,
  );
  return withTurn(
    {
      ...m,
      seats,
      players: seats.map((s) => (s.kind === "human" ? s.name : "")),
      ids: seats.map((s) => (s.kind === "human" ? (s.player ?? "") : "")),
      phase: "playing",
      autoStart: null,
      gameNumber: m.gameNumber + 1,
      firstSeat,
      game,
      log: [],
      pieces: pieces ?? [],
      nextPieceId,
      offer: null,
      notices: [],
      used: seats.map(() => 0),
      clocks: seats.map(() => clockStart(m)),
      startedAt: now,
    },
    now,
  );
}

/** The match's game with its tracked pieces, to play on with `advance`. */
const replayed = (m: PlayingMatch): Replayed => ({
  game: m.game,
  pieces: m.pieces,
  nextPieceId: m.nextPieceId,
});

/** The clock a log entry of `seat` keeps: ms left after it, with a clock. */
const clockField = (m: Match, clocks: readonly number[], seat: number) =>
  m.rules.clock ? { clock: clocks[seat] ?? 0 } : {};

/** Plays the move for the seat to move (`seat`), charging its turn and adding the increment. */
export function applyMove(
  m: PlayingMatch,
  seat: number,
  move: MoveInput,
  by: MoveBy,
  now: number,
): Result<Match, MatchError> {
  const played = advance(replayed(m), { seat, move });
  if (!played.ok) return played;
  const { game: next, pieces, nextPieceId } = played.value;
  const last = next.lastMove;
  const time = charge(m, now, true);
  const entry: MoveEntry = {
    seat,
    move: sharedMove(move),
    notation: last?.notation ?? "",
    captured: Boolean(last?.captured),
    by,
    ...clockField(m, time.clocks, seat),
  };
  const keepOffer = m.offer?.kind === "draw" && !next.outcome ? m.offer : null;
  const timedOut = by === "stand-in" && m.standIn?.reason === "timeout";
  return ok(
    withTurn(
      {
        ...m,
        game: next,
        log: appended(m.log, entry),
        pieces: pieces ?? [],
        nextPieceId,
        offer: keepOffer,
        notices: [
          ...next.notices,
          // A time running out is told until that seat moves again.
          ...m.notices.filter((n) => n.code === "timer/ran-out" && n.seat !== seat),
          ...(timedOut ? [ranOut(next.id, seat)] : []),
        ],
        ...time,
      },
      now,
    ),
  );
}

/** The notice that `seat`'s turn timer ran out and the CPU moved for it. */
function ranOut(game: string, seat: number): Notice {
  const params = { seat };
  return {
    code: "timer/ran-out",
    params,
    message: noticeMessage(game, "timer/ran-out", params),
    seat,
  };
}

export function humanMove(
  m: Match,
  player: string,
  move: MoveInput,
  now: number,
): Result<Match, MatchError> {
  if (m.phase !== "playing") return err(refusal("phase/not-playing"));
  const turn = m.game.turn;
  const held = seatsOf(m, player);
  if (held.length === 0) return err(refusal("seat/not-seated"));
  if (!held.includes(turn)) return err(refusal("turn/not-yours"));
  if (m.standIn?.seat === turn && m.standIn.reason === "timeout")
    return err(refusal("turn/timed-out"));
  // A move that comes after the flag fell is too late (the flag's timer is about to say so).
  if (flagFallen(m, now)) return err(refusal("clock/out"));
  return applyMove(m, turn, move, "player", now);
}

export function cpuMove(
  m: Match,
  seat: number,
  ply: number,
  move: MoveInput,
  now: number,
): Result<Match, MatchError> {
  if (m.phase !== "playing") return err(refusal("phase/not-playing"));
  if (ply !== plyOf(m) || m.game.turn !== seat) return err(refusal("move/stale"));
  const kind = m.seats[seat]?.kind;
  if (kind === "cpu") return applyMove(m, seat, move, "cpu", now);
  if (m.standIn?.seat === seat) return applyMove(m, seat, move, "stand-in", now);
  return err(refusal("move/stale"));
}

export function resign(m: Match, player: string, now: number): Result<Match, MatchError> {
  if (m.phase !== "playing") return err(refusal("phase/not-playing"));
  const before = m.game;
  const held = seatsOf(m, player).filter((s) => !before.out[s]);
  if (held.length === 0) return err(refusal("seat/not-seated"));
  // In a hot-seat game the side to move resigns.
  const seat = held.includes(before.turn) ? before.turn : held[0]!;
  const r = advance(replayed(m), { seat, move: null });
  if (!r.ok) return r;
  const { game, pieces, nextPieceId } = r.value;
  const turnChanged = game.turn !== before.turn;
  // The turn is charged when it ends here: the resigning seat was to move.
  const time = game.outcome || turnChanged ? charge(m, now, false) : null;
  const entry: MoveEntry = {
    seat,
    move: null,
    notation: "R",
    captured: false,
    by: "player",
    ...clockField(m, time?.clocks ?? m.clocks, seat),
  };
  const next: PlayingMatch = {
    ...m,
    game,
    log: appended(m.log, entry),
    pieces: pieces ?? [],
    nextPieceId,
    offer: null,
  };
  return ok(time ? withTurn({ ...next, ...time }, now) : next);
}

/**
 * The clock of the person to move ran out (the `timeout` action at a table with a clock): they
 * lose on time. Xiangqi: their side loses; Teams: their team; Individual: they are out as
 * after a resignation (pieces grey) and the game goes on. The log keeps a `T` entry.
 */
export function flag(m: Match, ply: number, now: number): Result<Match, MatchError> {
  if (m.phase !== "playing" || m.deadline === null) return err(refusal("timer/none"));
  if (ply !== plyOf(m)) return err(refusal("timer/stale"));
  if (now < m.deadline) return err(refusal("timer/early"));
  const seat = m.game.turn;
  // Only a person's flag falls (a CPU has none).
  if (m.seats[seat]?.kind !== "human") return err(refusal("timer/none"));
  const r = advance(replayed(m), { seat, move: null, timeout: true });
  if (!r.ok) return r;
  const { game, pieces, nextPieceId } = r.value;
  const time = charge(m, now, false);
  const clocks = time.clocks.map((t, i) => (i === seat ? 0 : t));
  const entry: MoveEntry = {
    seat,
    move: null,
    notation: "T",
    captured: false,
    by: "player",
    timeout: true,
    clock: 0,
  };
  return ok(
    withTurn(
      {
        ...m,
        game,
        log: appended(m.log, entry),
        pieces: pieces ?? [],
        nextPieceId,
        offer: null,
        used: time.used,
        clocks,
      },
      now,
    ),
  );
}
