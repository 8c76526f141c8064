/**
 * One game of xiangqi as an immutable value: every action returns a new game. It owns what a
 * position alone does not: results (mate, no legal move, perpetual check, resignation,
 * agreement, the 400-ply limit), the move list with WXF text, and the notices players are shown
 * (perpetual-check warning, a draw may be offered).
 */

import { appended } from "../../core/arrays";
import { refusal } from "../../core/errors";
import type { XiangqiKind } from "../../core/pieces";
import { err, type Failure, ok, type Result } from "../../core/result";
import {
  noticeMessage,
  outcomeText,
  type ResultCode,
  type StandingCode,
  type TextParams,
} from "../../core/texts";
import type { Outcome as BaseOutcome, Forfeit, MoveInput, Notice } from "../types";
import {
  EMPTY,
  fileOf,
  kindLetter,
  kindOf,
  moveFrom,
  moveTo,
  nameOf,
  rankOf,
  type Side,
  SQUARES,
} from "./board";
import { explainMove, type MoveError } from "./explain";
import { type FenError, parseFen, writeFen } from "./fen";
import { looksLikeIccs, moveInput, parseIccs } from "./iccs";
import { type MateName, nameMate } from "./mate";
import { Position, type Setup, type Snapshot } from "./position";
import { PositionHistory } from "./repetition";
import { type Handicap, startFen } from "./setups";
import { parseWxf, type WxfError, wxfOf } from "./wxf";

export interface XiangqiOptions {
  /** Start without horses of the stronger side (ignored by `fromFen`). */
  readonly handicap?: Handicap | null;
}

export type OutcomeReason =
  | "checkmate"
  | "stalemate"
  | "perpetual-check"
  | "resignation"
  | "timeout"
  | "agreement"
  | "ply-limit"
  | "abandoned";

export interface Outcome extends BaseOutcome {
  readonly reason: OutcomeReason;
  /** For a checkmate: what kind of mate it was, for the result card. */
  readonly mate?: MateName;
}

export interface XiangqiMove {
  readonly seat: number;
  readonly from: string;
  readonly to: string;
  /** WXF, e.g. `C2=5`, `+R-2`. */
  readonly notation: string;
  /** The kind captured, if any. */
  readonly capture: XiangqiKind | null;
  /** Whether the move gave check. */
  readonly check: boolean;
  /** What the players were told after this move. */
  readonly notices: readonly Notice[];
}

/** After this many plies in all the game is drawn. */
export const PLY_LIMIT = 400;
/** 60 moves by each side without a capture: a draw may be offered. */
export const NO_CAPTURE_PLIES = 120;

export type GameError =
  | MoveError
  | WxfError
  | Failure<"game/over" | "game/no-such-seat" | "move/unreadable-as">;

interface State {
  /** The current position, kept small; worked on in the shared `scratch` position. */
  readonly pos: Snapshot;
  readonly startFen: string;
  /** Plies before the first move of this game, from the FEN's move number and side. */
  readonly startPly: number;
  readonly moves: readonly XiangqiMove[];
  readonly history: PositionHistory;
  readonly outcome: Outcome | null;
}

/**
 * The one position every game computes in: a game loads its snapshot into it when it does not
 * hold it already (after a move it holds the new game's). Each use runs to its end before the
 * next, so no game sees another's state; nothing outside this module gets it.
 */
let scratch: Position | null = null;

function positionOf(s: Snapshot): Position {
  if (!scratch) scratch = Position.fromSnapshot(s);
  else if (!scratch.holds(s)) scratch.load(s);
  return scratch;
}

/** The scratch position, set up from a parsed setup. */
function setUp(setup: Setup): Position {
  if (!scratch) scratch = Position.fromSetup(setup);
  else scratch.setUp(setup);
  return scratch;
}

/** The start positions parsed so far, by FEN (a few: the standard one and the handicaps). */
const STARTS = new Map<string, State>();

export class Xiangqi {
  private constructor(private readonly s: State) {}

  /**
   * A new game from the standard start or a handicap start; Red moves first. Each start is
   * parsed once: a game begins from that one's position, with a history of its own.
   */
  static start(options: XiangqiOptions = {}): Xiangqi {
    const fen = startFen(options.handicap);
    let first = STARTS.get(fen);
    if (!first) {
      const game = Xiangqi.fromFen(fen);
      if (!game.ok) throw new Error(game.error.message);
      first = game.value.s;
      STARTS.set(fen, first);
    }
    return new Xiangqi({ ...first, history: first.history.first() });
  }

  /** A game from any position a game could reach. */
  static fromFen(fen: string, _options: XiangqiOptions = {}): Result<Xiangqi, FenError> {
    const parsed = parseFen(fen);
    if (!parsed.ok) return parsed;
    const { setup, fullmove } = parsed.value;
    const pos = setUp(setup);
    const state: State = {
      pos: pos.save(),
      startFen: writeFen(pos, fullmove),
      startPly: (fullmove - 1) * 2 + setup.turn,
      moves: [],
      history: PositionHistory.start(pos.hashLo, pos.hashHi),
      outcome: null,
    };
    return ok(new Xiangqi({ ...state, outcome: noMoveOutcome(pos) }));
  }

  /** The side to move: 0 Red, 1 Black (meaningless once the game is over). */
  get turn(): Side {
    return this.s.pos.turn;
  }
  /** The position to compute in (the shared scratch, loaded with this game's position). */
  private get pos(): Position {
    return positionOf(this.s.pos);
  }
  get outcome(): Outcome | null {
    return this.s.outcome;
  }
  get moves(): readonly XiangqiMove[] {
    return this.s.moves;
  }
  /** The notices raised by the last move. */
  get notices(): readonly Notice[] {
    return this.s.moves.at(-1)?.notices ?? NO_NOTICES;
  }
  get startFen(): string {
    return this.s.startFen;
  }
  /** Plies played, counting those before the starting FEN's move number. */
  get plies(): number {
    return this.s.startPly + this.s.moves.length;
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

  fen(): string {
    return writeFen(this.pos, (this.plies >> 1) + 1);
  }

  /** The legal moves of the side to move, in ICCS order; none once the game is over. */
  legalMoves(): MoveInput[] {
    if (this.s.outcome) return [];
    // ICCS text orders moves by from-file, from-rank, to-file, to-rank: sort on that number.
    const keyed = this.pos
      .legalMoves()
      .map((m) => iccsKey(m) * 65536 + m)
      .sort((a, b) => a - b);
    return keyed.map((k) => moveInput(k & 0xffff));
  }

  /** Whether `seat`'s general is attacked now. */
  inCheck(seat: number): boolean {
    return this.pos.inCheck(seat);
  }

  /** Why a request is not a legal move now (from `seat`, if given); null when it is legal. */
  explain(input: MoveInput, seat?: number): GameError | null {
    const found = this.match(input, seat);
    return found.ok ? null : found.error;
  }

  /** The packed legal move a request (from `seat`, if given) names now, or why there is none. */
  match(input: MoveInput, seat?: number): Result<number, GameError> {
    if (this.s.outcome) return err(refusal("game/over"));
    return explainMove(this.pos, input, seat);
  }

  /** Plays a move for the side to move (or for `seat`, refused if it is not its turn). */
  play(input: MoveInput, seat?: number): Result<Xiangqi, GameError> {
    const found = this.match(input, seat);
    return found.ok ? ok(this.applyMove(found.value)) : found;
  }

  /** Reads typed text, ICCS (`h2e2`) or WXF (`C2=5`, `+R-2`), as a request for this position. */
  readMove(text: string): Result<MoveInput, GameError> {
    if (looksLikeIccs(text)) return parseIccs(text);
    const read = parseWxf(this.pos, text);
    if (read.ok || read.error.code !== "wxf/unreadable") return read;
    return err(refusal("move/unreadable-as", { text, examples: '"h2e2" (ICCS) / "C2=5" (WXF)' }));
  }

  /** Plays typed text (see `readMove`). */
  playText(text: string, seat?: number): Result<Xiangqi, GameError> {
    if (this.s.outcome) return err(refusal("game/over"));
    const input = this.readMove(text);
    return input.ok ? this.play(input.value, seat) : input;
  }

  /** Plays a packed move known to be legal (bots and tools that generated it themselves). */
  playMove(m: number): Xiangqi {
    return this.applyMove(m);
  }

  private applyMove(m: number): Xiangqi {
    // Played in the scratch position, which then holds the new game's position.
    const pos = this.pos;
    const mover = pos.turn;
    const notation = wxfOf(pos, m);
    const captured = pos.board[moveTo(m)]!;
    pos.make(m);
    pos.forgetUndo();
    const check = pos.inCheck(mover ^ 1);
    const history = this.s.history.with(pos.hashLo, pos.hashHi, check);
    const { outcome, notices } = judgeMove(pos, history, this.s.startPly & 1, this.plies + 1);
    // Written out rather than spread from `moveInput(m)`: an object built with a spread keeps
    // the fields after it in a separate array (40 bytes more a move).
    const record: XiangqiMove = {
      seat: mover,
      from: nameOf(moveFrom(m)),
      to: nameOf(moveTo(m)),
      notation,
      capture: captured === EMPTY ? null : kindLetter(kindOf(captured)),
      check,
      notices,
    };
    return new Xiangqi({
      ...this.s,
      pos: pos.save(),
      history,
      moves: appended(this.s.moves, record),
      outcome,
    });
  }

  /** `seat` resigns, or loses on time (`timeout`), and the other side wins. */
  resign(seat: number, why: Forfeit = "resignation"): Result<Xiangqi, GameError> {
    if (this.s.outcome) return err(refusal("game/over"));
    if (seat !== 0 && seat !== 1) return err(refusal("game/no-such-seat"));
    return ok(new Xiangqi({ ...this.s, outcome: win(seat ^ 1, why, why) }));
  }

  /**
   * Ends the game because the people at the table left it: the side(s) in `left` lose; when
   * both sides left (one device held both), it is drawn.
   */
  abandon(left: readonly number[]): Result<Xiangqi, GameError> {
    if (this.s.outcome) return err(refusal("game/over"));
    const sides = [0, 1].filter((seat) => left.includes(seat));
    const outcome: Outcome =
      sides.length === 1
        ? win(sides[0]! ^ 1, "abandoned", "abandoned")
        : {
            reason: "abandoned",
            draw: true,
            winners: [],
            placing: [1, 1],
            ...texts("everyone-left", {}, [["drawn"]]),
          };
    return ok(new Xiangqi({ ...this.s, outcome }));
  }

  /** Ends the game drawn by agreement. */
  agreeDraw(): Result<Xiangqi, GameError> {
    if (this.s.outcome) return err(refusal("game/over"));
    return ok(
      new Xiangqi({
        ...this.s,
        outcome: {
          reason: "agreement",
          draw: true,
          winners: [],
          placing: [1, 1],
          ...texts("agreement", {}, [["drawn"]]),
        },
      }),
    );
  }
}

/** Orders moves as their ICCS text does: from-file, from-rank, to-file, to-rank. */
function iccsKey(m: number): number {
  const from = m & 255;
  const to = m >> 8;
  return ((fileOf(from) * 10 + rankOf(from)) * 9 + fileOf(to)) * 10 + rankOf(to);
}

/**
 * What the move just made in `pos` brings: the end of the game (no move left, a perpetual
 * check, the ply limit), or the notices of a warning and of the draws that may be offered.
 */
function judgeMove(
  pos: Position,
  history: PositionHistory,
  firstMover: number,
  plies: number,
): { outcome: Outcome | null; notices: readonly Notice[] } {
  const mated = noMoveOutcome(pos);
  if (mated) return { outcome: mated, notices: NO_NOTICES };
  const rep = history.judge(firstMover);
  if (rep.checker !== null && rep.perpetualCount >= 3) {
    const outcome = win(rep.checker ^ 1, "perpetual-check", "perpetual-check");
    return { outcome, notices: NO_NOTICES };
  }
  if (plies >= PLY_LIMIT) {
    const outcome: Outcome = {
      reason: "ply-limit",
      draw: true,
      winners: [],
      placing: [1, 1],
      ...texts("ply-limit", { n: PLY_LIMIT }, [["drawn"]]),
    };
    return { outcome, notices: NO_NOTICES };
  }
  const notices: Notice[] = [];
  if (rep.checker !== null)
    notices.push(notice("perpetual-check/warning", { seat: rep.checker }, rep.checker));
  if (rep.occurrences >= 3) notices.push(notice("draw-offer/repetition", { n: rep.occurrences }));
  if (pos.halfmove === NO_CAPTURE_PLIES)
    notices.push(notice("draw-offer/no-capture", { n: NO_CAPTURE_PLIES / 2 }));
  return { outcome: null, notices: notices.length > 0 ? notices : NO_NOTICES };
}

/** The notices of a move that raised none (most moves): one array for all of them. */
const NO_NOTICES: readonly Notice[] = Object.freeze([]);

/** An outcome's code, params and English message (see shared/core/texts.ts). */
const texts = (
  code: ResultCode,
  params: TextParams,
  standings: readonly [StandingCode, TextParams?][],
) => outcomeText("xiangqi", code, params, standings);

function notice(code: Notice["code"], params: TextParams, seat?: number): Notice {
  const message = noticeMessage("xiangqi", code, params);
  return seat === undefined ? { code, params, message } : { code, params, message, seat };
}

/** `winner` wins for `reason`; the text's code is `code` (its params name the two sides). */
function win(winner: number, reason: OutcomeReason, code: ResultCode, mate?: MateName): Outcome {
  const params: TextParams = mate
    ? { winner, loser: winner ^ 1, mate: mate.kind }
    : { winner, loser: winner ^ 1 };
  const base = {
    reason,
    draw: false,
    winners: [winner],
    placing: winner === 0 ? [1, 2] : [2, 1],
    ...texts(code, params, [["wins", { winner }]]),
  };
  return mate ? { ...base, mate } : base;
}

/** Checkmate or no legal move (which loses too) for the side to move; null otherwise. */
function noMoveOutcome(pos: Position): Outcome | null {
  if (pos.hasLegalMove()) return null;
  const loser = pos.turn;
  const mate = nameMate(pos);
  if (mate) return win(loser ^ 1, "checkmate", "mate", mate);
  return win(loser ^ 1, "stalemate", "no-move");
}
