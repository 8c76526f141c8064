/**
 * One game of four-player chess as an immutable value: every action returns a new game. It
 * owns what a position alone does not: whose turn is judged how (Teams: mate decided when the
 * mated player's turn arrives; Individual: mate and stalemate judged at once for everyone),
 * points, eliminations, repetition, the fifty-move rule and the move limit.
 */
import { type Failure, fail, ok, type Result } from "../../core/result";
import type { Outcome as BaseOutcome } from "../types";
import {
  COLOR_NAMES,
  colorOf,
  EMPTY,
  GREY,
  KING,
  kindOf,
  nameOf,
  PROMOTED,
  QUEEN,
  SQUARES,
} from "./board";
import { explainMove, type MoveError } from "./explain";
import { type Fen4Error, MODERN_START, parseFen4, positionSetup, writeFen4 } from "./fen4";
import { EN_PASSANT, type Format, moveFlag, moveTo } from "./movegen";
import { type MoveInput, type MoveTextError, moveInput, moveText, readMoveText } from "./notation";
import { type Setup as Fen4Setup, Position, type Snapshot } from "./position";

export interface FourChessOptions {
  readonly format: Format;
  /** End the game when this many moves (by all players together) have been played. */
  readonly moveLimit?: number | null;
}

export type OutReason = "checkmated" | "stalemated" | "resigned" | "king-captured" | "eliminated";

export type OutcomeReason =
  | "checkmate"
  | "king-captured"
  | "stalemate"
  | "resignation"
  | "threefold"
  | "fifty-moves"
  | "move-limit"
  | "three-out"
  | "points-lead"
  | "agreement";

export interface Outcome extends BaseOutcome {
  readonly reason: OutcomeReason;
}

/** Something that happened to a seat as a consequence of a move or action. */
export interface SeatEvent {
  readonly seat: number;
  readonly kind: OutReason | "check-bonus" | "draw-bonus";
  readonly points: number;
}

export interface MoveRecord {
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

/** Points for capturing a live piece in Individual, by kind (promoted pieces score 1). */
const CAPTURE_POINTS = [0, 1, 3, 5, 5, 9, 20];
const MATE_POINTS = 20;
const STALEMATE_POINTS = 20;
const DRAW_POINTS = 10;
const LEAD_TO_WIN = 21;

interface State {
  readonly options: FourChessOptions;
  /** The current position, kept small; worked on in the shared scratch position. */
  readonly pos: Snapshot;
  readonly scores: readonly number[];
  readonly out: readonly (OutReason | null)[];
  readonly startFen: string;
  readonly moves: readonly MoveRecord[];
  /** Repetition keys of every position since the start, the current one last. */
  readonly keys: readonly string[];
  readonly outcome: Outcome | null;
  /** Resignations that did not end the game (Individual), by the number of moves before them. */
  readonly resignations: readonly { readonly ply: number; readonly seat: number }[];
}

export type GameError = MoveError | Failure<"game/over" | "game/seat-out" | "move/unreadable">;

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
      keys: [pos.hashKey()],
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
  get moves(): readonly MoveRecord[] {
    return this.s.moves;
  }
  /** Repetition keys (`Position.hashKey`) of every position so far, the current one last. */
  get keys(): readonly string[] {
    return this.s.keys;
  }
  /** Individual resignations that left the game running, with the move count before each. */
  get resignations(): readonly { readonly ply: number; readonly seat: number }[] {
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
    if (this.s.outcome) return fail("game/over", "The game is over.");
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

    const record: MoveRecord = {
      seat: mover,
      ...moveInput(m),
      notation: text + checkSuffix(pos, mover, events),
      captured: captured === EMPTY ? null : nameOf(capturedSq),
      points,
      events,
    };
    const draft: State = {
      ...this.s,
      pos: pos.save(),
      scores,
      out,
      keys: [...this.s.keys, pos.hashKey()],
      moves: [...this.s.moves, record],
      outcome,
    };
    // settle() may add events (a draw bonus) to the record's list.
    return new FourChess(outcome ? draft : settle(draft, pos, events));
  }

  /** The seat resigns. Teams: their team loses. Individual: they are out, pieces grey. */
  resign(seat: number): Result<FourChess, GameError> {
    if (this.s.outcome) return fail("game/over", "The game is over.");
    if (!this.pos.isLive(seat))
      return fail("game/seat-out", `${COLOR_NAMES[seat]} is already out.`);
    const out = [...this.s.out];
    out[seat] = "resigned";
    if (this.format === "teams") {
      return ok(
        new FourChess({
          ...this.s,
          out,
          outcome: teamWin(seat + 1, "resignation", `${COLOR_NAMES[seat]} resigned.`),
        }),
      );
    }
    const pos = this.pos;
    pos.eliminate(seat);
    const draft: State = {
      ...this.s,
      pos: pos.save(),
      out,
      keys: [...this.s.keys, pos.hashKey()],
      resignations: [...this.s.resignations, { ply: this.s.moves.length, seat }],
    };
    return ok(new FourChess(settle(draft, pos, [{ seat, kind: "resigned", points: 0 }])));
  }

  /** Ends the game drawn by agreement (Individual: 10 points to each player still in). */
  agreeDraw(): Result<FourChess, GameError> {
    if (this.s.outcome) return fail("game/over", "The game is over.");
    const scores = [...this.s.scores];
    const outcome = drawn(
      this.format === "teams",
      scores,
      this.pos,
      "agreement",
      "The players agreed a draw.",
    );
    return ok(new FourChess({ ...this.s, scores, outcome }));
  }
}

const takesKing = (captured: number): boolean =>
  captured !== EMPTY && kindOf(captured) === KING && colorOf(captured) < GREY;

/** Teams: taking a king wins the game for the taker's team. */
function teamsCapture(
  mover: number,
  captured: number,
  out: (OutReason | null)[],
  events: SeatEvent[],
): Outcome | null {
  if (!takesKing(captured)) return null;
  const victim = colorOf(captured);
  out[victim] = "king-captured";
  events.push({ seat: victim, kind: "king-captured", points: 0 });
  return teamWin(
    mover,
    "king-captured",
    `${COLOR_NAMES[mover]} captured ${COLOR_NAMES[victim]}'s king.`,
  );
}

/**
 * Individual: the mover's points for the move just made in `pos` (the capture, a king taken,
 * checks on several kings, mates), with every player it mates or stalemates put out.
 */
function individualPoints(
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
      keys = [...keys.slice(0, -1), pos.hashKey()];
    }
    outcome = individualEnd(pos, scores);
  }
  if (!outcome) {
    outcome = drawnBy(s, pos, keys, scores);
    if (outcome && !teams && outcome.reason !== "move-limit") {
      for (const c of [0, 1, 2, 3])
        if (pos.isLive(c)) events.push({ seat: c, kind: "draw-bonus", points: DRAW_POINTS });
    }
  }
  return { ...s, pos: snapshot, keys, scores, out, outcome };
}

/** Teams: the player whose turn arrives without a legal move is checkmated or stalemated. */
function teamsTurn(pos: Position, out: (OutReason | null)[]): Outcome | null {
  const turn = pos.turn;
  if (pos.hasLegalMoveFor(turn)) return null;
  if (pos.inCheck(turn)) {
    out[turn] = "checkmated";
    return teamWin(turn + 1, "checkmate", `${COLOR_NAMES[turn]} is checkmated.`);
  }
  return {
    reason: "stalemate",
    draw: true,
    winners: [],
    placing: [1, 1, 1, 1],
    message: `${COLOR_NAMES[turn]} has no legal move and is not in check: stalemate, a draw.`,
  };
}

/**
 * Individual: a player whose turn arrives with no legal move (possible only in an imported
 * position) is out, mated or stalemated. True when someone was put out.
 */
function putOutStuck(
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

/** Individual: the game ends with one player left, or the last two far apart on points. */
function individualEnd(pos: Position, scores: readonly number[]): Outcome | null {
  const liveSeats = [0, 1, 2, 3].filter((c) => pos.isLive(c));
  if (liveSeats.length <= 1) return ranked(scores, "three-out", "Three players are out.");
  if (liveSeats.length > 2) return null;
  const [a, b] = liveSeats as [number, number];
  if (Math.abs(scores[a]! - scores[b]!) < LEAD_TO_WIN) return null;
  const leader = scores[a]! > scores[b]! ? a : b;
  return ranked(
    scores,
    "points-lead",
    `${COLOR_NAMES[leader]} leads the last opponent by ${LEAD_TO_WIN} points or more.`,
  );
}

/** The end by threefold repetition, the fifty-move rule or the move limit, if one is reached. */
function drawnBy(
  s: State,
  pos: Position,
  keys: readonly string[],
  scores: number[],
): Outcome | null {
  const teams = s.options.format === "teams";
  const key = pos.hashKey();
  let repeats = 0;
  for (const k of keys) if (k === key) repeats++;
  const live = [0, 1, 2, 3].filter((c) => pos.isLive(c)).length;
  const limit = s.options.moveLimit;
  if (repeats >= 3)
    return drawn(teams, scores, pos, "threefold", "The same position occurred three times.");
  if (pos.halfmove >= 50 * live)
    return drawn(
      teams,
      scores,
      pos,
      "fifty-moves",
      "Fifty moves each without a capture or a pawn move.",
    );
  if (!limit || s.moves.length < limit) return null;
  return teams
    ? {
        reason: "move-limit",
        draw: true,
        winners: [],
        placing: [1, 1, 1, 1],
        message: `The move limit of ${limit} was reached: a draw.`,
      }
    : ranked(scores, "move-limit", `The move limit of ${limit} was reached.`);
}

function teamWin(winnerSeat: number, reason: OutcomeReason, what: string): Outcome {
  const team = winnerSeat & 1;
  const winners = team === 0 ? [0, 2] : [1, 3];
  const names = `${COLOR_NAMES[winners[0]!]} and ${COLOR_NAMES[winners[1]!]}`;
  return {
    reason,
    draw: false,
    winners,
    placing: [0, 1, 2, 3].map((c) => ((c & 1) === team ? 1 : 2)),
    message: `${what} ${names} win.`,
  };
}

/** Places by score, equal scores sharing a place; the top scorers win. */
function ranked(
  scores: readonly number[],
  reason: OutcomeReason,
  what: string,
  draw = false,
): Outcome {
  const placing = scores.map((sc) => 1 + scores.filter((o) => o > sc).length);
  const winners = [0, 1, 2, 3].filter((c) => placing[c] === 1);
  const names = winners.map((c) => COLOR_NAMES[c]).join(" and ");
  return {
    reason,
    draw,
    winners,
    placing,
    message: `${what} ${names} ${winners.length > 1 ? "share first place" : "wins"} on points.`,
  };
}

/** A draw: Teams share it; Individual gives 10 to each player still in, then ranks by score. */
function drawn(
  teams: boolean,
  scores: number[],
  pos: Position,
  reason: OutcomeReason,
  what: string,
): Outcome {
  if (teams)
    return {
      reason,
      draw: true,
      winners: [],
      placing: [1, 1, 1, 1],
      message: `${what} The game is drawn.`,
    };
  for (const c of [0, 1, 2, 3]) if (pos.isLive(c)) scores[c]! += DRAW_POINTS;
  return ranked(scores, reason, `${what} Drawn: 10 points to each player still in.`, true);
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
