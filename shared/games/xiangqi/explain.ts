/**
 * Which legal move a from→to request names, or why it names none, as a code and a sentence a
 * player can act on. Checks run from the most basic (no such point, no piece, whose turn)
 * through the piece's own rules (shape, palace, river, leg, eye, screen) to the most subtle
 * (the general would be attacked, or would face the other general), so the first that applies
 * is the one reported.
 */

import { gameRefusal } from "../../core/errors";
import { err, type Failure, ok, type Result } from "../../core/result";
import type { MoveInput } from "../types";
import {
  ADVISOR,
  CANNON,
  CELLS,
  CHARIOT,
  ELEPHANT,
  EMPTY,
  encodeMove,
  fileOf,
  HOME,
  HORSE,
  KIND_LETTERS,
  KING,
  kindOf,
  N,
  nameOf,
  PALACE,
  RED,
  rankOf,
  SOLDIER,
  sideOf,
  squareOf,
} from "./board";
import type { Position } from "./position";

export type MoveErrorCode =
  | "move/invalid-square"
  | "move/no-piece"
  | "move/not-your-turn"
  | "move/not-your-piece"
  | "move/other-side-piece"
  | "move/same-square"
  | "move/own-piece"
  | "move/general-step"
  | "move/advisor-step"
  | "move/palace"
  | "move/elephant-step"
  | "move/elephant-river"
  | "move/elephant-eye"
  | "move/horse-step"
  | "move/horse-leg"
  | "move/chariot-line"
  | "move/blocked"
  | "move/cannon-line"
  | "move/cannon-blocked"
  | "move/cannon-screen"
  | "move/cannon-no-screen"
  | "move/soldier-back"
  | "move/soldier-river"
  | "move/soldier-step"
  | "move/flying-general"
  | "move/general-attacked"
  | "move/general-in-check"
  | "move/general-check-not-ended";

export type MoveError = Failure<MoveErrorCode>;

/** A refusal: the code, with the squares, pieces and seats its template names. */
// Pure: a bundle that never explains a move (the lobby) leaves the catalogue out.
const e = /* @__PURE__ */ gameRefusal("xiangqi");

/** A piece's token for a text's params (see shared/core/texts.ts). */
const pieceToken = (piece: number): string => `xiangqi.${KIND_LETTERS[kindOf(piece)]}`;

/**
 * Matches `input` to a legal move of `pos`: the packed move when it is legal, otherwise why not.
 * With `seat`, the request comes from that player: another player's turn, or a piece of the
 * other side, is refused as such; without it, moving a piece of the side not to move is "not
 * your turn". Only the moving piece's own moves are generated, never the whole legal list.
 */
export function explainMove(
  pos: Position,
  input: MoveInput,
  seat?: number,
): Result<number, MoveError> {
  const found = match(pos, input, seat);
  return typeof found === "number" ? ok(found) : err(found);
}

/** The legal move `input` names, or why there is none. */
function match(pos: Position, input: MoveInput, seat?: number): number | MoveError {
  const from = squareOf(input.from);
  const to = squareOf(input.to);
  if (from < 0) return e("move/invalid-square", { square: input.from });
  if (to < 0) return e("move/invalid-square", { square: input.to });
  const turn = pos.turn;
  if (seat !== undefined && seat !== turn) return e("move/not-your-turn", { turn });
  const piece = pos.board[from]!;
  if (piece === EMPTY) return e("move/no-piece", { square: input.from });
  if (sideOf(piece) !== turn)
    return seat === undefined
      ? e("move/other-side-piece", { square: input.from, owner: sideOf(piece), turn })
      : e("move/not-your-piece", { square: input.from });
  if (from === to) return e("move/same-square");
  const target = pos.board[to]!;
  if (target !== EMPTY && sideOf(target) === turn) return e("move/own-piece", { square: input.to });

  const m = encodeMove(from, to);
  if (pos.isLegalMove(m)) return m;
  const shape = explainShape(pos, from, to);
  if (shape) return shape;

  pos.make(m);
  const faces = pos.generalsFace();
  pos.unmake();
  if (faces) return e("move/flying-general");
  if (kindOf(piece) === KING) return e("move/general-attacked", { square: input.to });
  const what = { piece: pieceToken(piece), square: input.to };
  return pos.inCheck(turn)
    ? e("move/general-check-not-ended", what)
    : e("move/general-in-check", what);
}

/** Whether the piece may go from→to by its own rules, ignoring its general's safety. */
function explainShape(pos: Position, from: number, to: number): MoveError | null {
  const b = pos.board;
  const piece = b[from]!;
  const side = sideOf(piece);
  const df = fileOf(to) - fileOf(from);
  const dr = rankOf(to) - rankOf(from);
  const adf = Math.abs(df);
  const adr = Math.abs(dr);
  switch (kindOf(piece)) {
    case KING:
      if (adf + adr !== 1) return e("move/general-step");
      return PALACE[side * CELLS + to] ? null : e("move/palace", { piece: pieceToken(piece) });
    case ADVISOR:
      if (adf !== 1 || adr !== 1) return e("move/advisor-step");
      return PALACE[side * CELLS + to] ? null : e("move/palace", { piece: pieceToken(piece) });
    case ELEPHANT: {
      if (adf !== 2 || adr !== 2) return e("move/elephant-step");
      if (!HOME[side * CELLS + to]) return e("move/elephant-river");
      const eye = (from + to) >> 1;
      return b[eye] === EMPTY ? null : e("move/elephant-eye", { square: nameOf(eye) });
    }
    case HORSE: {
      if (!((adf === 1 && adr === 2) || (adf === 2 && adr === 1))) return e("move/horse-step");
      const leg = adr === 2 ? from + Math.sign(dr) * N : from + Math.sign(df);
      return b[leg] === EMPTY ? null : e("move/horse-leg", { square: nameOf(leg) });
    }
    case CHARIOT:
    case CANNON:
      return explainLine(pos, from, to, df, dr);
    case SOLDIER: {
      const forward = dr * (side === RED ? 1 : -1);
      if (forward < 0) return e("move/soldier-back");
      if (forward === 1 && adf === 0) return null;
      if (forward === 0 && adf === 1)
        return HOME[side * CELLS + from] ? e("move/soldier-river") : null;
      return e("move/soldier-step");
    }
  }
  return null;
}

function explainLine(
  pos: Position,
  from: number,
  to: number,
  df: number,
  dr: number,
): MoveError | null {
  const b = pos.board;
  const cannon = kindOf(b[from]!) === CANNON;
  if (df !== 0 && dr !== 0) return e(cannon ? "move/cannon-line" : "move/chariot-line");
  const d = Math.sign(dr) * N + Math.sign(df);
  const between: number[] = [];
  for (let s = from + d; s !== to; s += d) if (b[s] !== EMPTY) between.push(s);
  if (!cannon)
    return between.length === 0
      ? null
      : e("move/blocked", { piece: "xiangqi.R", square: nameOf(between[0]!) });
  if (b[to] === EMPTY)
    return between.length === 0 ? null : e("move/cannon-blocked", { square: nameOf(between[0]!) });
  return between.length === 1
    ? null
    : between.length === 0
      ? e("move/cannon-no-screen")
      : e("move/cannon-screen", { n: between.length });
}
