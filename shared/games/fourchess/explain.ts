/**
 * Which legal move a from→to request names, or why it names none, as a code and a sentence a
 * player can act on. Checks run from the most basic (no such square, no piece) to the most
 * subtle (the move would leave the king attacked), so the first that applies is the one
 * reported.
 */

import { gameRefusal } from "../../core/errors";
import { err, type Failure, ok, type Result } from "../../core/result";
import {
  BISHOP,
  colorOf,
  EMPTY,
  fileOf,
  GREY,
  KIND_LETTERS,
  KING,
  KNIGHT,
  KNIGHT_STEPS,
  kindOf,
  nameOf,
  OFF,
  onPawnStart,
  PAWN,
  PAWN_FORWARD,
  PAWN_SIDE,
  QUEEN,
  ROOK,
  rankOf,
  squareOf,
} from "./board";
import { LONG, SHORT } from "./castling";
import { movePromo } from "./movegen";
import type { MoveInput } from "./notation";
import type { Position } from "./position";

export type MoveErrorCode =
  | "move/invalid-square"
  | "move/no-piece"
  | "move/other-side-piece"
  | "move/grey-piece"
  | "move/same-square"
  | "move/own-piece"
  | "move/partner-piece"
  | "move/knight-shape"
  | "move/rook-line"
  | "move/bishop-line"
  | "move/queen-line"
  | "move/king-step"
  | "move/blocked"
  | "move/corner"
  | "move/pawn-forward"
  | "move/pawn-double-start"
  | "move/pawn-double-blocked"
  | "move/pawn-diagonal"
  | "move/pawn-shape"
  | "move/castle-rights"
  | "move/castle-blocked"
  | "move/castle-check"
  | "move/castle-in-check"
  | "move/king-attacked"
  | "move/king-check-not-ended"
  | "move/promotion-required"
  | "move/promotion-invalid"
  | "move/promotion-queen-only"
  | "move/not-promotion"
  | "move/illegal"
  | "move/game-over";

export type MoveError = Failure<MoveErrorCode>;

/** A refusal: the code, with the squares, pieces and seats its template names. */
// Pure: a bundle that never explains a move (the lobby) leaves the catalogue out.
const e = /* @__PURE__ */ gameRefusal("fourchess");

/** A piece's token for a text's params (see shared/core/texts.ts). */
const pieceToken = (kind: number): string => `fourchess.${KIND_LETTERS[kind]}`;

const PROMOTION_LETTERS = "QRBN";

/**
 * Matches `input` to a legal move of `pos`: the packed move when it is legal, otherwise why not.
 * Only the moving piece's own moves are generated, never the whole legal move list.
 */
export function explainMove(pos: Position, input: MoveInput): Result<number, MoveError> {
  const found = match(pos, input);
  return typeof found === "number" ? ok(found) : err(found);
}

/** The legal move `input` names, or why there is none. */
function match(pos: Position, input: MoveInput): number | MoveError {
  const from = squareOf(input.from);
  const to = squareOf(input.to);
  if (from < 0) return e("move/invalid-square", { square: input.from });
  if (to < 0) return e("move/invalid-square", { square: input.to });
  const piece = pos.board[from]!;
  const mover = pos.turn;
  if (piece === EMPTY) return e("move/no-piece", { square: input.from });
  const owner = colorOf(piece);
  if (owner === GREY) return e("move/grey-piece", { square: input.from });
  if (owner !== mover)
    return e("move/other-side-piece", { square: input.from, owner, turn: mover });
  if (from === to) return e("move/same-square");
  const kind = kindOf(piece);
  const target = pos.board[to]!;
  if (target !== EMPTY && !pos.canCapture(mover, target)) {
    return colorOf(target) === mover
      ? e("move/own-piece", { square: input.to })
      : e("move/partner-piece", { square: input.to });
  }

  const candidates = pos.legalMovesBetween(from, to);
  if (candidates.length > 0) return explainPromotion(candidates, input);

  const shape =
    kind === PAWN
      ? explainPawn(pos, from, to, mover)
      : kind === KING
        ? explainKing(pos, from, to, mover)
        : explainPiece(pos, from, to, kind);
  if (shape) return shape;
  const what = { piece: pieceToken(kind), square: input.to };
  return pos.inCheck(mover) ? e("move/king-check-not-ended", what) : e("move/king-attacked", what);
}

/** Picks among the legal moves between the same two squares by the promotion asked for. */
function explainPromotion(candidates: number[], input: MoveInput): number | MoveError {
  const wanted = input.promotion?.toUpperCase();
  if (movePromo(candidates[0]!) === 0) {
    return wanted ? e("move/not-promotion") : candidates[0]!;
  }
  if (wanted === undefined && candidates.length === 1) return candidates[0]!;
  const chosen = candidates.find((m) => KIND_LETTERS[movePromo(m)] === wanted);
  if (chosen !== undefined) return chosen;
  const allowed = candidates
    .map((m) => KIND_LETTERS[movePromo(m)]!)
    .sort((a, b) => PROMOTION_LETTERS.indexOf(a) - PROMOTION_LETTERS.indexOf(b));
  if (wanted === undefined) return e("move/promotion-required", { choices: allowed.join(", ") });
  return allowed.length === 1
    ? e("move/promotion-queen-only")
    : e("move/promotion-invalid", {
        choices: allowed.join(", "),
        wanted: input.promotion ?? "",
      });
}

function explainPiece(pos: Position, from: number, to: number, kind: number): MoveError | null {
  const df = fileOf(to) - fileOf(from);
  const dr = rankOf(to) - rankOf(from);
  if (kind === KNIGHT) {
    return KNIGHT_STEPS.includes((to - from) as never) ? null : e("move/knight-shape");
  }
  const straight = df === 0 || dr === 0;
  const diagonal = Math.abs(df) === Math.abs(dr);
  if (
    (kind === ROOK && !straight) ||
    (kind === BISHOP && !diagonal) ||
    (kind === QUEEN && !straight && !diagonal)
  ) {
    return e(
      kind === ROOK ? "move/rook-line" : kind === BISHOP ? "move/bishop-line" : "move/queen-line",
    );
  }
  const step = Math.sign(dr) * 16 + Math.sign(df);
  for (let s = from + step; s !== to; s += step) {
    const p = pos.board[s]!;
    if (p === OFF) return e("move/corner", { piece: pieceToken(kind) });
    if (p !== EMPTY) return e("move/blocked", { piece: pieceToken(kind), square: nameOf(s) });
  }
  return null;
}

function explainKing(pos: Position, from: number, to: number, mover: number): MoveError | null {
  const df = fileOf(to) - fileOf(from);
  const dr = rankOf(to) - rankOf(from);
  if (Math.abs(df) <= 1 && Math.abs(dr) <= 1) return null;
  for (const side of [SHORT, LONG]) {
    const line = pos.castleLines[mover * 2 + side];
    if (!line || line.kingFrom !== from || line.kingTo !== to) continue;
    const castle = side === SHORT ? "O-O" : "O-O-O";
    if (
      !((pos.castling >> (mover * 2 + side)) & 1) ||
      pos.board[line.rookFrom] !== ((mover << 3) | ROOK)
    )
      return e("move/castle-rights", { castle });
    const blocker = line.between.find((s) => pos.board[s] !== EMPTY);
    if (blocker !== undefined) return e("move/castle-blocked", { square: nameOf(blocker) });
    const enemies = pos.attackersOf(mover);
    if (pos.isAttacked(from, enemies)) return e("move/castle-in-check");
    return e("move/castle-check");
  }
  return e("move/king-step");
}

function explainPawn(pos: Position, from: number, to: number, mover: number): MoveError | null {
  const fwd = PAWN_FORWARD[mover]!;
  const side = PAWN_SIDE[mover]!;
  if (to === from + fwd) return pos.board[to] === EMPTY ? null : e("move/pawn-forward");
  if (to === from + 2 * fwd) {
    if (!onPawnStart(mover, from)) return e("move/pawn-double-start");
    return pos.board[from + fwd] === EMPTY && pos.board[to] === EMPTY
      ? null
      : e("move/pawn-double-blocked");
  }
  if (to === from + fwd + side || to === from + fwd - side) {
    return pos.board[to] === EMPTY ? e("move/pawn-diagonal") : null;
  }
  return e("move/pawn-shape");
}
