/**
 * One game of four-player chess as an immutable value: every action returns a new game. It
 * owns what a position alone does not: whose turn is judged how (Teams: mate decided when the
 * mated player's turn arrives; Individual: mate and stalemate judged at once for everyone),
 * points, eliminations, repetition, the fifty-move rule and the move limit; the scores and
 * outcomes themselves are worked out in `scoring.ts`.
 */
import { appended } from "../../core/arrays";
import { refusal } from "../../core/errors";
import { err, type Failure, ok, type Result } from "../../core/result";
import type { Forfeit } from "../types";
import { EMPTY, nameOf, SQUARES } from "./board";
import { explainMove, type MoveError } from "./explain";
import { type Fen4Error, MODERN_START, parseFen4, positionSetup, writeFen4 } from "./fen4";
import { EN_PASSANT, type Format, moveFlag, moveTo } from "./movegen";
import { type MoveInput, type MoveTextError, moveInput, moveText, readMoveText } from "./notation";
import { type Setup as Fen4Setup, Position, type Snapshot } from "./position";
import {
  DRAW_POINTS,
  drawn,
  drawnBy,
  type FourChessOptions,
  individualEnd,
  individualPoints,
  type Outcome,
  type OutReason,
  putOutStuck,
  ranked,
  type SeatEvent,
  teamsCapture,
  teamsTurn,
  teamWin,
} from "./scoring";

export type {
  FourChessOptions,
  Outcome,
  OutcomeReason,
  OutReason,
  SeatEvent,
} from "./scoring";

export interface FourChessMove {
  readonly seat: number;
  readonly from: string;
  readonly to: string;
  readonly promotion?: string;
  /** PGN4 text, e.g. `Qg1xQn8+`. */
  readonly notation: string;
  /** The square of the captured piece (differs from `to` en passant), or null. */
  readonly captured: string | null;
  /** Points the mover scored with this move (Individual). */
  readonly points: number;
  readonly events: readonly SeatEvent[];
}

interface State {
  readonly options: FourChessOptions;
  /** The current position, kept small; worked on in the shared scratch position. */
  readonly pos: Snapshot;
  readonly scores: readonly number[];
  readonly out: readonly (OutReason | null)[];
  readonly startFen: string;
  readonly moves: readonly FourChessMove[];
  /** Repetition keys of every position since the start, the current one last (see `keys`). */
  readonly keys: readonly number[];
  readonly outcome: Outcome | null;
  /** Resignations that did not end the game (Individual), by the number of moves before them. */
  readonly resignations: readonly Resignation[];
}

/** A seat that gave up without a move (Individual: the game went on), after `ply` moves. */
export interface Resignation {
  readonly ply: number;
  readonly seat: number;
  /** It lost on time rather than resigned. */
  readonly timeout?: boolean;
}

export type GameError = MoveError | Failure<"game/over" | "game/seat-out">;

/**
 * The one position per format every game computes in: a game loads its snapshot into it when
 * it does not hold it already (after a move it holds the new game's). Each use runs to its end
 * before the next, so no game sees another's state; nothing outside this module gets it.
 */
const scratch: Partial<Record<Format, Position>> = {};

function positionOf(s: Snapshot): Position {
  let pos = scratch[s.format];
  if (!pos) {
    pos = Position.fromSnapshot(s);
    scratch[s.format] = pos;
  } else if (!pos.holds(s)) pos.load(s);
  return pos;
}

/** The scratch position of a format, set up from a parsed setup. */
function setUp(setup: Fen4Setup, format: Format): Position {
  let pos = scratch[format];
  if (!pos) {
    pos = Position.fromSetup(setup, format);
    scratch[format] = pos;
  } else pos.setUp(setup);
  return pos;
}

export class FourChess {
  private constructor(private readonly s: State) {}

  /** A new game from the modern start, Red to move (or `firstSeat`). */
  static start(options: FourChessOptions, firstSeat = 0): FourChess {
    const parsed = parseFen4(MODERN_START);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const setup = { ...parsed.value.setup, turn: firstSeat & 3 };
    return FourChess.create(options, setUp(setup, options.format), [0, 0, 0, 0], null);
  }

  /** A game from a FEN4 position (either layout). */
  static fromFen4(fen: string, options: FourChessOptions): Result<FourChess, Fen4Error> {
    const parsed = parseFen4(fen);
    if (!parsed.ok) return parsed;
    const pos = setUp(parsed.value.setup, options.format);
    return ok(FourChess.create(options, pos, parsed.value.points, fen.trim()));
  }

  private static create(
    options: FourChessOptions,
    pos: Position,
    scores: readonly number[],
    startFen: string | null,
  ): FourChess {
    const out = [0, 1, 2, 3].map((c) => (pos.isLive(c) ? null : ("eliminated" as OutReason)));
    const fen = startFen ?? writeFen4(positionSetup(pos), scores);
    const s: State = {
      options,
      pos: pos.save(),
      scores,
      out,
      startFen: fen,
      moves: [],
      keys: [pos.hashLo, pos.hashHi],
      outcome: null,
      resignations: [],
    };
    return new FourChess(settle(s, pos, []));
  }

  get format(): Format {
    return this.s.options.format;
  }
  get options(): FourChessOptions {
    return this.s.options;
  }
  /** The seat to move (meaningless once the game is over). */
  get turn(): number {
    return this.s.pos.turn;
  }
  /** The position to compute in (the shared scratch, loaded with this game's position). */
  private get pos(): Position {
    return positionOf(this.s.pos);
  }
  get outcome(): Outcome | null {
    return this.s.outcome;
  }
  get scores(): readonly number[] {
    return this.s.scores;
  }
  /** Why each seat is out, or null while it is still in. */
  get out(): readonly (OutReason | null)[] {
    return this.s.out;
  }
  get moves(): readonly FourChessMove[] {
    return this.s.moves;
  }
  /**
   * Repetition keys of every position so far, the current one last: two numbers a position, the
   * low and high halves of its Zobrist key (`Position.hashLo`, `hashHi`).
   */
  get keys(): readonly number[] {
    return this.s.keys;
  }
  /** Individual resignations that left the game running, with the move count before each. */
  get resignations(): readonly Resignation[] {
    return this.s.resignations;
  }
  get startFen(): string {
    return this.s.startFen;
  }
  /** A copy of the current position, to search or inspect without touching the game. */
  position(): Position {
    return Position.fromSnapshot(this.s.pos);
  }

  /** Calls `visit` with the cell and code of every piece, in board order (`SQUARES`). */
  forEachPiece(visit: (cell: number, code: number) => void): void {
    const board = this.pos.board;
    for (const sq of SQUARES) {
      const code = board[sq]!;
      if (code !== EMPTY) visit(sq, code);
    }
  }

  fen4(): string {
    return writeFen4(positionSetup(this.pos), this.s.scores);
  }

  /** The legal moves of the player to move; none once the game is over. */
  legalMoves(): MoveInput[] {
    if (this.s.outcome) return [];
    return this.pos.legalMoves().map(moveInput);
  }

  /** Whether `seat`'s king is attacked by an opponent now. */
  inCheck(seat: number): boolean {
    return this.pos.inCheck(seat);
  }

  /** Reads a move as a person types it (PGN4 or from-to) for this position. */
  readMove(text: string): Result<MoveInput, MoveTextError> {
    return readMoveText(this.pos, text);
  }

  /** Why a request is not a legal move now; null when it is legal. */
  explain(input: MoveInput): GameError | null {
    const found = this.match(input);
    return found.ok ? null : found.error;
  }

  /** The packed legal move a request names now, or why there is none. */
  match(input: MoveInput): Result<number, GameError> {
    if (this.s.outcome) return err(refusal("game/over"));
    return explainMove(this.pos, input);
  }

  /** Plays a move for the player to move. */
  play(input: MoveInput): Result<FourChess, GameError> {
    const found = this.match(input);
    return found.ok ? ok(this.applyMove(found.value)) : found;
  }

  /** Plays a packed move known to be legal (bots and tools that generated it themselves). */
  playMove(m: number): FourChess {
    return this.applyMove(m);
  }

  private applyMove(m: number): FourChess {
    // Played in the scratch position, which then holds the new game's position.
    const pos = this.pos;
    const mover = pos.turn;
    const text = moveText(pos, m);
    const capturedSq = moveFlag(m) === EN_PASSANT ? pos.epPawn[(m >> 24) & 3]! : moveTo(m);
    const captured = pos.board[capturedSq]!;
    pos.make(m);
    pos.forgetUndo();

    const scores = [...this.s.scores];
    const out = [...this.s.out];
    const events: SeatEvent[] = [];
    let points = 0;
    let outcome: Outcome | null = null;
    if (this.format === "teams") outcome = teamsCapture(mover, captured, out, events);
    else {
      points = individualPoints(pos, mover, captured, scores, out, events);
      scores[mover]! += points;
    }

    const { from, to, promotion } = moveInput(m);
    const notation = text + checkSuffix(pos, mover, events);
    const at = captured === EMPTY ? null : nameOf(capturedSq);
    // Written out rather than spread from `moveInput(m)`: an object built with a spread keeps
    // the fields after it in a separate array (40 bytes more a move).
    const record: FourChessMove =
      promotion === undefined
        ? { seat: mover, from, to, notation, captured: at, points, events }
        : { seat: mover, from, to, promotion, notation, captured: at, points, events };
    const draft: State = {
      ...this.s,
      pos: pos.save(),
      scores,
      out,
      keys: appended(this.s.keys, pos.hashLo, pos.hashHi),
      moves: appended(this.s.moves, record),
      outcome,
    };
    // settle() may add events (a draw bonus) to the record's list.
    return new FourChess(outcome ? draft : settle(draft, pos, events));
  }

  /**
   * The seat resigns, or loses on time (`timeout`). Teams: their team loses. Individual: they
   * are out, pieces grey, and the game goes on.
   */
  resign(seat: number, why: Forfeit = "resignation"): Result<FourChess, GameError> {
    if (this.s.outcome) return err(refusal("game/over"));
    if (!this.pos.isLive(seat)) return err(refusal("game/seat-out"));
    const out = [...this.s.out];
    const reason: OutReason = why === "timeout" ? "timed-out" : "resigned";
    out[seat] = reason;
    if (this.format === "teams") {
      return ok(
        new FourChess({
          ...this.s,
          out,
          outcome: teamWin(seat + 1, why, { loser: seat }),
        }),
      );
    }
    const pos = this.pos;
    pos.eliminate(seat);
    const draft: State = {
      ...this.s,
      pos: pos.save(),
      out,
      keys: appended(this.s.keys, pos.hashLo, pos.hashHi),
      resignations: [
        ...this.s.resignations,
        { ply: this.s.moves.length, seat, ...(why === "timeout" ? { timeout: true } : {}) },
      ],
    };
    return ok(new FourChess(settle(draft, pos, [{ seat, kind: reason, points: 0 }])));
  }

  /**
   * Ends the game because the people at the table left it (`left`: the seats of the last to
   * go). Individual: places by the points as they stand, those who left below any seat a CPU
   * played throughout, and nobody wins when every seat resigned or left (standings.ts).
   * Teams: the team that left loses; a draw when people of both teams left at once.
   */
  abandon(left: readonly number[]): Result<FourChess, GameError> {
    if (this.s.outcome) return err(refusal("game/over"));
    if (this.format !== "teams") {
      // Those who left last go together, after every seat that resigned before.
      const gone = [...departed(this.s), [...left]];
      const outcome = ranked(this.s.scores, "abandoned", {}, false, "everyone-left", gone);
      return ok(new FourChess({ ...this.s, outcome }));
    }
    const teams = new Set(left.map((seat) => seat & 1));
    const seat = left[0] ?? 0;
    const outcome: Outcome =
      teams.size === 1
        ? teamWin(seat + 1, "abandoned", { loser: seat })
        : drawn(true, [...this.s.scores], this.pos, "abandoned", "everyone-left");
    return ok(new FourChess({ ...this.s, outcome }));
  }

  /** Ends the game drawn by agreement (Individual: 10 points to each player still in). */
  agreeDraw(): Result<FourChess, GameError> {
    if (this.s.outcome) return err(refusal("game/over"));
    const scores = [...this.s.scores];
    const outcome = drawn(
      this.format === "teams",
      scores,
      this.pos,
      "agreement",
      "agreement",
      departed(this.s),
    );
    return ok(new FourChess({ ...this.s, scores, outcome }));
  }
}

/** The seats that resigned or lost on time and left the game going, in order (standings.ts). */
const departed = (s: State): number[][] => s.resignations.map((r) => [r.seat]);

/**
 * Decides what the position now means: Teams judge the player whose turn arrives; both
 * formats then check the end of an Individual game, repetition, the fifty-move rule and the
 * move limit. `pos` holds the state's position (see `positionOf`).
 */
function settle(s: State, pos: Position, events: SeatEvent[]): State {
  let snapshot = s.pos;
  let keys = s.keys;
  const scores = [...s.scores];
  const out = [...s.out];
  const teams = s.options.format === "teams";
  let outcome: Outcome | null;
  if (teams) outcome = teamsTurn(pos, out);
  else {
    if (putOutStuck(pos, scores, out, events)) {
      snapshot = pos.save();
      keys = appended(keys.slice(0, -2), pos.hashLo, pos.hashHi);
    }
    outcome = individualEnd(pos, scores, departed(s));
  }
  if (!outcome) {
    outcome = drawnBy(s.options, s.moves.length, pos, keys, scores, departed(s));
    if (outcome && !teams && outcome.reason !== "move-limit") {
      for (const c of [0, 1, 2, 3])
        if (pos.isLive(c)) events.push({ seat: c, kind: "draw-bonus", points: DRAW_POINTS });
    }
  }
  return { ...s, pos: snapshot, keys, scores, out, outcome };
}

/**
 * `#` when the move checkmated an opponent (Individual: judged at once; Teams: the next player
 * to move is mated, so it is decided now), `+` when it leaves an opponent in check.
 */
function checkSuffix(pos: Position, mover: number, events: readonly SeatEvent[]): string {
  if (events.some((e) => e.kind === "checkmated")) return "#";
  const enemies = pos.attackersOf(mover);
  let check = false;
  for (let c = 0; c < 4; c++) {
    if (!((enemies >> c) & 1) || !pos.isLive(c) || !pos.inCheck(c)) continue;
    if (c === pos.turn && pos.format === "teams" && !pos.hasLegalMoveFor(c)) return "#";
    check = true;
  }
  return check ? "+" : "";
}
