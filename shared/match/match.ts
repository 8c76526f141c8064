/**
 * The match: one table's seats, house rules and current game, and the single pure function
 * that moves it forward, `reduce(match, action, now)`. The room, the bots, the load tests and
 * the tests all drive this function; it never reads a clock or a random source.
 */
import { type Failure, fail, ok, type Result } from "../core/result";
import type { GameId } from "../games/catalog";
import { gameDefinition } from "../games/registry";
import type { MoveInput, Notice, TableGame, TrackedPiece } from "../games/types";
import type { ErrorCode } from "../protocol/errors";
import { advance, type LogEntry, type Replayed, replay, setupOf, startGame } from "./replay";
import { DEFAULT_LEVEL, type HouseRules } from "./rules";

export type Phase = "waiting" | "playing" | "finished";
export type SeatKind = "open" | "human" | "cpu";
export type MoveBy = "player" | "cpu" | "stand-in";

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
export interface MoveEntry extends LogEntry {
  readonly notation: string;
  /** The move took a piece. */
  readonly captured: boolean;
  readonly by: MoveBy;
}

export interface Offer {
  readonly kind: "draw" | "takeback";
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

export interface Match {
  readonly game: GameId;
  readonly rules: HouseRules;
  /** One player may hold every seat (xiangqi on one device). */
  readonly hotSeat: boolean;
  /** How long a dropped player's turn waits before the stand-in moves. */
  readonly graceMs: number;
  /** Length of one turn-timer second in ms (1000; shorter only in tests). */
  readonly secondMs: number;
  readonly seats: readonly Seat[];
  readonly phase: Phase;
  readonly gameNumber: number;
  readonly firstSeat: number;
  /** The game being played, or the last one; null before the first start. */
  readonly table: TableGame | null;
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
  /** A stand-in move is due for this seat. */
  readonly standIn: StandIn | null;
  readonly notices: readonly Notice[];
  /** Counts accepted actions. */
  readonly version: number;
}

export type Action =
  | { readonly type: "sit"; readonly player: string; readonly name: string; readonly seat: number }
  | { readonly type: "stand"; readonly player: string }
  | {
      readonly type: "rules";
      readonly player: string;
      readonly host: boolean;
      readonly rules: HouseRules;
    }
  | { readonly type: "start"; readonly player: string; readonly host: boolean }
  | { readonly type: "move"; readonly player: string; readonly move: MoveInput }
  | {
      readonly type: "cpu-move";
      readonly seat: number;
      readonly ply: number;
      readonly move: MoveInput;
    }
  | { readonly type: "resign"; readonly player: string }
  | { readonly type: "offer-draw"; readonly player: string }
  | { readonly type: "answer-draw"; readonly player: string; readonly accept: boolean }
  | { readonly type: "request-takeback"; readonly player: string }
  | { readonly type: "answer-takeback"; readonly player: string; readonly accept: boolean }
  | { readonly type: "timeout"; readonly ply: number }
  | { readonly type: "stand-in-due"; readonly seat: number; readonly ply: number }
  | { readonly type: "drop"; readonly player: string }
  | { readonly type: "return"; readonly player: string }
  | { readonly type: "leave"; readonly player: string }
  | { readonly type: "play-again"; readonly player: string }
  /**
   * The table was brought back after the server stopped: every person counts as away from now
   * (the stand-in grace starts again), and the running turn and its timer start again, the
   * time the server was away charged to nobody.
   */
  | { readonly type: "resume" }
  /**
   * The table was paused from `since` until now (its store could not write): the running turn,
   * its timer and a dropped player's grace move on by that long, charged to nobody.
   */
  | { readonly type: "unpause"; readonly since: number };

export type MatchError = Failure<ErrorCode>;

const CPU_NAME = "CPU";

export function createMatch(opts: {
  game: GameId;
  rules: HouseRules;
  hotSeat?: boolean;
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
    game: opts.game,
    rules: opts.rules,
    hotSeat: opts.hotSeat ?? false,
    graceMs: opts.graceMs ?? 10_000,
    secondMs: opts.secondMs ?? 1000,
    seats,
    phase: "waiting",
    gameNumber: 0,
    firstSeat: 0,
    table: null,
    log: [],
    pieces: [],
    nextPieceId: 1,
    offer: null,
    deadline: null,
    turnStarted: 0,
    startedAt: 0,
    used: seats.map(() => 0),
    standIn: null,
    notices: [],
    version: 0,
  };
}

/** Seats held by a player (two in a hot-seat game). */
export function seatsOf(m: Match, player: string): number[] {
  return m.seats.flatMap((s, i) => (s.kind === "human" && s.player === player ? [i] : []));
}

/** The number of moves played in the current game. */
export const plyOf = (m: Match): number => m.log.length;

export function reduce(m: Match, action: Action, now: number): Result<Match, MatchError> {
  const next = step(m, action, now);
  return next.ok ? ok({ ...next.value, version: m.version + 1 }) : next;
}

function step(m: Match, a: Action, now: number): Result<Match, MatchError> {
  switch (a.type) {
    case "sit":
      return sit(m, a.player, a.name, a.seat);
    case "stand":
      return stand(m, a.player);
    case "rules":
      if (m.phase !== "waiting")
        return fail("phase/not-waiting", "House rules can change only before the start.");
      if (!a.host) return fail("host/only", "Only the host can change the house rules.");
      return ok({ ...m, rules: a.rules });
    case "start":
      if (m.phase !== "waiting") return fail("phase/not-waiting", "The game has already started.");
      if (!a.host) return fail("host/only", "Only the host can start the game.");
      if (!m.seats.some((s) => s.kind === "human"))
        return fail("start/no-players", "Take a seat first: at least one person must play.");
      return ok(beginGame(m, m.firstSeat, now));
    case "move":
      return humanMove(m, a.player, a.move, now);
    case "cpu-move":
      return cpuMove(m, a.seat, a.ply, a.move, now);
    case "resign":
      return resign(m, a.player, now);
    case "offer-draw":
      return offerDraw(m, a.player);
    case "answer-draw":
      return answer(m, a.player, "draw", a.accept, now);
    case "request-takeback":
      return requestTakeback(m, a.player, now);
    case "answer-takeback":
      return answer(m, a.player, "takeback", a.accept, now);
    case "timeout":
      if (m.phase !== "playing" || m.deadline === null)
        return fail("timer/none", "No turn timer is running.");
      if (a.ply !== plyOf(m)) return fail("timer/stale", "That turn is already over.");
      if (now < m.deadline) return fail("timer/early", "The turn timer has not run out yet.");
      return ok({ ...m, deadline: null, standIn: { seat: m.table!.turn, reason: "timeout" } });
    case "stand-in-due": {
      const seat = m.seats[a.seat];
      if (
        m.phase !== "playing" ||
        a.ply !== plyOf(m) ||
        m.table!.turn !== a.seat ||
        !seat ||
        seat.awaySince === null
      )
        return fail("stand-in/not-due", "No stand-in move is due for that seat.");
      if (now < Math.max(seat.awaySince, m.turnStarted) + m.graceMs)
        return fail("stand-in/early", "The player's grace period has not run out yet.");
      return ok({ ...m, standIn: { seat: a.seat, reason: "away" } });
    }
    case "drop":
      return connection(m, a.player, false, now);
    case "return":
      return connection(m, a.player, true, now);
    case "leave":
      return leave(m, a.player);
    case "resume":
      return ok(resume(m, now));
    case "unpause":
      return unpause(m, a.since, now);
    case "play-again":
      if (m.phase !== "finished") return fail("phase/not-finished", "The game is still on.");
      if (seatsOf(m, a.player).length === 0)
        return fail("seat/not-seated", "Only a player at the table can start the next game.");
      return ok(playAgain(m, now));
  }
}

function sit(m: Match, player: string, name: string, seat: number): Result<Match, MatchError> {
  if (m.phase !== "waiting")
    return fail("phase/not-waiting", "Seats can be taken only before the start.");
  const target = m.seats[seat];
  if (!target) return fail("seat/invalid", `There is no seat ${seat} at this table.`, { seat });
  if (target.kind !== "open") {
    return target.player === player
      ? fail("seat/already-yours", "You are already in that seat.")
      : fail("seat/taken", "That seat is taken.");
  }
  const held = seatsOf(m, player);
  const seats = m.seats.map((s, i): Seat => {
    if (i === seat)
      return {
        kind: "human",
        player,
        name,
        connected: true,
        awaySince: null,
        level: DEFAULT_LEVEL[m.game],
      };
    if (!m.hotSeat && held.includes(i)) return openSeat(m);
    return s;
  });
  return ok({ ...m, seats });
}

function openSeat(m: Match): Seat {
  return {
    kind: "open",
    player: null,
    name: "",
    connected: false,
    awaySince: null,
    level: m.rules.cpuLevel,
  };
}

function stand(m: Match, player: string): Result<Match, MatchError> {
  if (m.phase !== "waiting")
    return fail("phase/not-waiting", "You can stand up only before the start.");
  const held = seatsOf(m, player);
  if (held.length === 0) return fail("seat/not-seated", "You are not in a seat.");
  return ok({ ...m, seats: m.seats.map((s, i) => (held.includes(i) ? openSeat(m) : s)) });
}

/** Starts a game with the CPU filling every empty seat. */
function beginGame(m: Match, firstSeat: number, now: number): Match {
  const started = startGame(m.game, setupOf(m.rules, firstSeat), true);
  // The standard and handicap starts always exist.
  if (!started.ok) throw new Error(started.error.message);
  const { game: table, pieces, nextPieceId } = started.value;
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
      phase: "playing",
      gameNumber: m.gameNumber + 1,
      firstSeat,
      table,
      log: [],
      pieces: pieces ?? [],
      nextPieceId,
      offer: null,
      notices: [],
      used: seats.map(() => 0),
      startedAt: now,
    },
    now,
  );
}

/** The match's game with its tracked pieces, to play on with `advance`. */
const replayed = (m: Match): Replayed => ({
  game: m.table!,
  pieces: m.pieces,
  nextPieceId: m.nextPieceId,
});

/**
 * The seats' used time with the turn that ends now charged to the seat that was to move.
 * Every action that ends a turn (a move, a resignation that passes the turn or ends the game,
 * an agreed draw, a takeback) passes this to `withTurn`; a takeback gives no time back.
 */
function spent(m: Match, now: number): readonly number[] {
  if (m.phase !== "playing" || !m.table) return m.used;
  const seat = m.table.turn;
  const elapsed = Math.max(0, now - m.turnStarted);
  return m.used.map((t, i) => (i === seat ? t + elapsed : t));
}

/** Sets up the turn that begins now: timer, stand-in, or the end of the game. */
function withTurn(m: Match, now: number): Match {
  const table = m.table!;
  if (table.outcome)
    return {
      ...m,
      phase: "finished",
      deadline: null,
      standIn: null,
      offer: null,
      turnStarted: now,
    };
  const timer = m.rules.turnTimer;
  const human = m.seats[table.turn]?.kind === "human";
  return {
    ...m,
    deadline: timer > 0 && human ? now + timer * m.secondMs : null,
    turnStarted: now,
    standIn: null,
  };
}

function applyMove(
  m: Match,
  seat: number,
  move: MoveInput,
  by: MoveBy,
  now: number,
): Result<Match, MatchError> {
  const played = advance(replayed(m), { seat, move });
  if (!played.ok) return played;
  const { game: next, pieces, nextPieceId } = played.value;
  const last = next.lastMove;
  const entry: MoveEntry = {
    seat,
    move,
    notation: last?.notation ?? "",
    captured: Boolean(last?.captured),
    by,
  };
  const keepOffer = m.offer?.kind === "draw" && !next.outcome ? m.offer : null;
  return ok(
    withTurn(
      {
        ...m,
        table: next,
        log: [...m.log, entry],
        pieces: pieces ?? [],
        nextPieceId,
        offer: keepOffer,
        notices: next.notices,
        used: spent(m, now),
      },
      now,
    ),
  );
}

function humanMove(
  m: Match,
  player: string,
  move: MoveInput,
  now: number,
): Result<Match, MatchError> {
  if (m.phase !== "playing") return fail("phase/not-playing", "No game is being played.");
  const turn = m.table!.turn;
  const held = seatsOf(m, player);
  if (held.length === 0) return fail("seat/not-seated", "Only players in a seat can move.");
  if (!held.includes(turn)) return fail("turn/not-yours", "It is not your turn.");
  if (m.standIn?.seat === turn && m.standIn.reason === "timeout")
    return fail("turn/timed-out", "Your time ran out; the CPU is moving for you.");
  return applyMove(m, turn, move, "player", now);
}

function cpuMove(
  m: Match,
  seat: number,
  ply: number,
  move: MoveInput,
  now: number,
): Result<Match, MatchError> {
  if (m.phase !== "playing") return fail("phase/not-playing", "No game is being played.");
  if (ply !== plyOf(m) || m.table!.turn !== seat)
    return fail("move/stale", "That move was for an earlier turn.");
  const kind = m.seats[seat]?.kind;
  if (kind === "cpu") return applyMove(m, seat, move, "cpu", now);
  if (m.standIn?.seat === seat) return applyMove(m, seat, move, "stand-in", now);
  return fail("move/stale", "The player is back; the stand-in no longer moves.");
}

function resign(m: Match, player: string, now: number): Result<Match, MatchError> {
  if (m.phase !== "playing") return fail("phase/not-playing", "No game is being played.");
  const held = seatsOf(m, player).filter((s) => !m.table!.out[s]);
  if (held.length === 0)
    return fail("seat/not-seated", "Only a player still in the game can resign.");
  // In a hot-seat game the side to move resigns.
  const seat = held.includes(m.table!.turn) ? m.table!.turn : held[0]!;
  const r = advance(replayed(m), { seat, move: null });
  if (!r.ok) return r;
  const { game: table, pieces, nextPieceId } = r.value;
  const turnChanged = table.turn !== m.table!.turn;
  const entry: MoveEntry = { seat, move: null, notation: "R", captured: false, by: "player" };
  const next: Match = {
    ...m,
    table,
    log: [...m.log, entry],
    pieces: pieces ?? [],
    nextPieceId,
    offer: null,
  };
  return ok(table.outcome || turnChanged ? withTurn({ ...next, used: spent(m, now) }, now) : next);
}

/** Seats of other humans still in the game whose agreement an offer needs. */
function othersInGame(m: Match, player: string): number[] {
  const table = m.table!;
  return m.seats.flatMap((s, i) =>
    s.kind === "human" &&
    s.player !== player &&
    !table.out[i] &&
    !m.seats.slice(0, i).some((o) => o.kind === "human" && o.player === s.player)
      ? [i]
      : [],
  );
}

function offerDraw(m: Match, player: string): Result<Match, MatchError> {
  if (m.phase !== "playing") return fail("phase/not-playing", "No game is being played.");
  const held = seatsOf(m, player).filter((s) => !m.table!.out[s]);
  if (held.length === 0)
    return fail("seat/not-seated", "Only a player still in the game can offer a draw.");
  if (m.offer)
    return fail("offer/pending", `A ${m.offer.kind} offer is already waiting for an answer.`);
  const needed = othersInGame(m, player);
  if (needed.length === 0)
    return fail(
      "draw/no-opponent",
      "There is no other person in the game to agree a draw; CPU players play on.",
    );
  return ok({ ...m, offer: { kind: "draw", seat: held[0]!, needed, agreed: [], plies: 0 } });
}

function requestTakeback(m: Match, player: string, now: number): Result<Match, MatchError> {
  if (m.phase !== "playing") return fail("phase/not-playing", "No game is being played.");
  const held = seatsOf(m, player);
  if (held.length === 0) return fail("seat/not-seated", "Only a player can ask for a takeback.");
  if (m.offer)
    return fail("offer/pending", `A ${m.offer.kind} offer is already waiting for an answer.`);
  // Undo back to just before the requester's last move (in hot-seat: the last move).
  let index = -1;
  for (let i = m.log.length - 1; i >= 0; i--) {
    if (held.includes(m.log[i]!.seat) && m.log[i]!.by === "player") {
      index = i;
      break;
    }
  }
  if (index < 0) return fail("takeback/nothing", "You have no move to take back.");
  if (m.log.slice(index).some((e) => e.move === null))
    return fail("takeback/after-resignation", "Moves before a resignation cannot be taken back.");
  const plies = m.log.length - index;
  // Everyone else who moved since must agree; if nobody has, the player now to move must.
  const movers = new Set(m.log.slice(index + 1).map((e) => e.seat));
  const others = othersInGame(m, player);
  let needed = others.filter((s) => movers.has(s));
  if (needed.length === 0 && others.includes(m.table!.turn)) needed = [m.table!.turn];
  if (!m.rules.takebackConsent) needed = [];
  const seat = m.log[index]!.seat;
  if (needed.length === 0) return takeBack(m, plies, now);
  return ok({ ...m, offer: { kind: "takeback", seat, needed, agreed: [], plies } });
}

function answer(
  m: Match,
  player: string,
  kind: Offer["kind"],
  accept: boolean,
  now: number,
): Result<Match, MatchError> {
  const offer = m.offer;
  if (m.phase !== "playing" || !offer || offer.kind !== kind)
    return fail("offer/none", `There is no ${kind} offer to answer.`);
  const seat = offer.needed.find((s) => m.seats[s]?.player === player && !offer.agreed.includes(s));
  if (seat === undefined)
    return fail("offer/not-yours", `The ${kind} offer does not wait for your answer.`);
  if (!accept) return ok({ ...m, offer: null });
  const agreed = [...offer.agreed, seat];
  if (agreed.length < offer.needed.length) return ok({ ...m, offer: { ...offer, agreed } });
  if (kind === "takeback") return takeBack(m, offer.plies, now);
  const r = m.table!.agreeDraw();
  if (!r.ok) return r;
  return ok(withTurn({ ...m, table: r.value, offer: null, used: spent(m, now) }, now));
}

/** Rebuilds the game without its last `plies` moves by replaying the rest from the start. */
function takeBack(m: Match, plies: number, now: number): Result<Match, MatchError> {
  const kept = m.log.slice(0, m.log.length - plies);
  const setup = setupOf(m.rules, m.firstSeat, m.table!.startFen);
  const r = replay(m.game, setup, kept, true);
  if (!r.ok) return fail("takeback/replay", `The game could not be replayed: ${r.error.message}`);
  const { game: table, pieces, nextPieceId } = r.value;
  return ok(
    withTurn(
      {
        ...m,
        table,
        log: kept,
        pieces: pieces ?? [],
        nextPieceId,
        offer: null,
        notices: [],
        used: spent(m, now),
      },
      now,
    ),
  );
}

function connection(m: Match, player: string, up: boolean, now: number): Result<Match, MatchError> {
  const held = seatsOf(m, player);
  if (held.length === 0) return fail("seat/not-seated", "That player has no seat.");
  const seats = m.seats.map((s, i) =>
    held.includes(i) ? { ...s, connected: up, awaySince: up ? null : (s.awaySince ?? now) } : s,
  );
  const standIn =
    up && m.standIn && held.includes(m.standIn.seat) && m.standIn.reason === "away"
      ? null
      : m.standIn;
  return ok({ ...m, seats, standIn });
}

function leave(m: Match, player: string): Result<Match, MatchError> {
  const held = seatsOf(m, player);
  if (held.length === 0) return fail("seat/not-seated", "That player has no seat.");
  const seats = m.seats.map((s, i): Seat => {
    if (!held.includes(i)) return s;
    if (m.phase === "playing")
      return { ...s, kind: "cpu", player: null, name: CPU_NAME, connected: true, awaySince: null };
    return openSeat(m);
  });
  const standIn = m.standIn && held.includes(m.standIn.seat) ? null : m.standIn;
  const offer = m.offer?.needed.some((s) => held.includes(s)) ? null : m.offer;
  return ok({ ...m, seats, standIn, offer });
}

function resume(m: Match, now: number): Match {
  const seats = m.seats.map((s) =>
    s.kind === "human" ? { ...s, connected: false, awaySince: now } : s,
  );
  const standIn = m.standIn?.reason === "away" ? null : m.standIn;
  const back = { ...m, seats, standIn };
  if (m.phase !== "playing") return back;
  const timer = m.rules.turnTimer;
  const human = seats[m.table!.turn]?.kind === "human";
  const deadline = timer > 0 && human && !standIn ? now + timer * m.secondMs : null;
  return { ...back, turnStarted: now, deadline };
}

function unpause(m: Match, since: number, now: number): Result<Match, MatchError> {
  if (m.phase !== "playing") return fail("phase/not-playing", "No game is being played.");
  const paused = Math.max(0, now - Math.max(since, m.turnStarted));
  if (paused === 0) return fail("pause/none", "The table was not paused.");
  const seats = m.seats.map((s) =>
    s.awaySince === null ? s : { ...s, awaySince: s.awaySince + paused },
  );
  return ok({
    ...m,
    seats,
    turnStarted: m.turnStarted + paused,
    deadline: m.deadline === null ? null : m.deadline + paused,
  });
}

function playAgain(m: Match, now: number): Match {
  const n = m.seats.length;
  if (n === 2) {
    // Two-player tables swap colours: the occupants change seats.
    const seats = [m.seats[1]!, m.seats[0]!];
    return beginGame({ ...m, seats: seats.map(reopenLeft(m)) }, 0, now);
  }
  const first = m.rules.rotateFirst ? (m.firstSeat + 1) % n : m.firstSeat;
  return beginGame({ ...m, seats: m.seats.map(reopenLeft(m)) }, first, now);
}

/** CPU seats from players who left become open again, to be refilled at the current level. */
function reopenLeft(m: Match) {
  return (s: Seat): Seat => (s.kind === "cpu" ? openSeat(m) : s);
}
