/**
 * Which legal move a from→to request names, or why it names none, as a code and a sentence a
 * player can act on. Checks run from the most basic (no such square, no piece) to the most
 * subtle (the move would leave the king attacked), so the first that applies is the one
 * reported.
 */

import { refusalSaying } from "../../core/errors";
import { err, type Failure, ok, type Result } from "../../core/result";
import {
  BISHOP,
  COLOR_NAMES,
  colorOf,
  EMPTY,
  fileOf,
  GREY,
  KIND_LETTERS,
  KIND_NAMES,
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
  | "move/not-your-piece"
  | "move/grey-piece"
  | "move/same-square"
  | "move/own-piece"
  | "move/partner-piece"
  | "move/wrong-shape"
  | "move/blocked"
  | "move/pawn"
  | "move/castle-rights"
  | "move/castle-blocked"
  | "move/castle-check"
  | "move/king-attacked"
  | "move/promotion-required"
  | "move/promotion-invalid"
  | "move/illegal"
  | "move/game-over";

export type MoveError = Failure<MoveErrorCode>;

/** A refusal; a code whose catalogue message names a square needs that square in `params`. */
const e = refusalSaying;

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
  if (from < 0)
    return e("move/invalid-square", `"${input.from}" is not a square of the board.`, {
      square: input.from,
    });
  if (to < 0)
    return e("move/invalid-square", `"${input.to}" is not a square of the board.`, {
      square: input.to,
    });
  const piece = pos.board[from]!;
  const mover = pos.turn;
  const who = COLOR_NAMES[mover];
  if (piece === EMPTY)
    return e("move/no-piece", `There is no piece on ${input.from}.`, { square: input.from });
  const owner = colorOf(piece);
  if (owner === GREY)
    return e(
      "move/grey-piece",
      `The grey piece on ${input.from} belongs to an eliminated player and never moves.`,
      { square: input.from },
    );
  if (owner !== mover)
    return e(
      "move/not-your-piece",
      `The piece on ${input.from} is ${COLOR_NAMES[owner]}'s; it is ${who}'s turn.`,
      { square: input.from },
    );
  if (from === to) return e("move/same-square", "A move must go to another square.");
  const kind = kindOf(piece);
  const name = KIND_NAMES[kind];
  const target = pos.board[to]!;
  if (target !== EMPTY && !pos.canCapture(mover, target)) {
    return colorOf(target) === mover
      ? e("move/own-piece", `${input.to} holds one of your own pieces.`, { square: input.to })
      : e(
          "move/partner-piece",
          `${input.to} holds your partner's piece; partners never capture each other.`,
          { square: input.to },
        );
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
  return pos.inCheck(mover)
    ? e(
        "move/king-attacked",
        `Your king is in check, and moving the ${name} to ${input.to} does not end the check.`,
      )
    : e("move/king-attacked", `Moving the ${name} to ${input.to} would leave your king in check.`);
}

/** Picks among the legal moves between the same two squares by the promotion asked for. */
function explainPromotion(candidates: number[], input: MoveInput): number | MoveError {
  const wanted = input.promotion?.toUpperCase();
  if (movePromo(candidates[0]!) === 0) {
    return wanted
      ? e("move/promotion-invalid", "Only a pawn reaching its promotion line promotes.")
      : candidates[0]!;
  }
  if (wanted === undefined && candidates.length === 1) return candidates[0]!;
  const chosen = candidates.find((m) => KIND_LETTERS[movePromo(m)] === wanted);
  if (chosen !== undefined) return chosen;
  const allowed = candidates
    .map((m) => KIND_LETTERS[movePromo(m)]!)
    .sort((a, b) => PROMOTION_LETTERS.indexOf(a) - PROMOTION_LETTERS.indexOf(b));
  if (wanted === undefined)
    return e("move/promotion-required", `Choose what the pawn becomes: ${allowed.join(", ")}.`, {
      choices: allowed.join(", "),
    });
  return allowed.length === 1
    ? e("move/promotion-invalid", `In Individual a pawn promotes to a queen only.`)
    : e(
        "move/promotion-invalid",
        `A pawn promotes to ${allowed.join(", ")}, not "${input.promotion}".`,
      );
}

function explainPiece(pos: Position, from: number, to: number, kind: number): MoveError | null {
  const name = KIND_NAMES[kind];
  const df = fileOf(to) - fileOf(from);
  const dr = rankOf(to) - rankOf(from);
  if (kind === KNIGHT) {
    return KNIGHT_STEPS.includes((to - from) as never)
      ? null
      : e("move/wrong-shape", `A knight jumps in an L: two squares one way and one to the side.`);
  }
  const straight = df === 0 || dr === 0;
  const diagonal = Math.abs(df) === Math.abs(dr);
  if (
    (kind === ROOK && !straight) ||
    (kind === BISHOP && !diagonal) ||
    (kind === QUEEN && !straight && !diagonal)
  ) {
    const how =
      kind === ROOK
        ? "along a rank or file"
        : kind === BISHOP
          ? "diagonally"
          : "along a rank, file or diagonal";
    return e("move/wrong-shape", `A ${name} moves ${how}.`);
  }
  const step = Math.sign(dr) * 16 + Math.sign(df);
  for (let s = from + step; s !== to; s += step) {
    const p = pos.board[s]!;
    if (p === OFF)
      return e("move/blocked", `The ${name} cannot cross the missing corner of the board.`);
    if (p !== EMPTY) return e("move/blocked", `The ${name}'s path is blocked at ${nameOf(s)}.`);
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
    const label = side === SHORT ? "short (O-O)" : "long (O-O-O)";
    if (
      !((pos.castling >> (mover * 2 + side)) & 1) ||
      pos.board[line.rookFrom] !== ((mover << 3) | ROOK)
    )
      return e(
        "move/castle-rights",
        `You can no longer castle ${label}: the king or that rook has moved.`,
      );
    const blocker = line.between.find((s) => pos.board[s] !== EMPTY);
    if (blocker !== undefined)
      return e(
        "move/castle-blocked",
        `To castle, the squares between king and rook must be empty; ${nameOf(blocker)} is not.`,
        { square: nameOf(blocker) },
      );
    const enemies = pos.attackersOf(mover);
    if (pos.isAttacked(from, enemies))
      return e("move/castle-check", "You cannot castle while your king is in check.");
    return e("move/castle-check", "The king cannot cross or land on a square an opponent attacks.");
  }
  return e("move/wrong-shape", "A king moves one square, or two toward a rook when castling.");
}

function explainPawn(pos: Position, from: number, to: number, mover: number): MoveError | null {
  const fwd = PAWN_FORWARD[mover]!;
  const side = PAWN_SIDE[mover]!;
  if (to === from + fwd)
    return pos.board[to] === EMPTY
      ? null
      : e("move/pawn", "A pawn moves forward only onto an empty square.");
  if (to === from + 2 * fwd) {
    if (!onPawnStart(mover, from))
      return e("move/pawn", "A pawn steps two squares only from its starting line.");
    return pos.board[from + fwd] === EMPTY && pos.board[to] === EMPTY
      ? null
      : e("move/pawn", "A pawn's two-square step needs both squares in front of it empty.");
  }
  if (to === from + fwd + side || to === from + fwd - side) {
    return pos.board[to] === EMPTY
      ? e(
          "move/pawn",
          "A pawn moves diagonally only to capture (or en passant, right after an opponent's two-square step).",
        )
      : null;
  }
  return e(
    "move/wrong-shape",
    "A pawn moves one square forward (two from its starting line) and captures diagonally forward.",
  );
}
