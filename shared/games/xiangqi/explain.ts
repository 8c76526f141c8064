/**
 * Which legal move a from→to request names, or why it names none, as a code and a sentence a
 * player can act on. Checks run from the most basic (no such point, no piece, whose turn)
 * through the piece's own rules (shape, palace, river, leg, eye, screen) to the most subtle
 * (the general would be attacked, or would face the other general), so the first that applies
 * is the one reported.
 */

import { refusalSaying } from "../../core/errors";
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
  KIND_NAMES,
  KING,
  kindOf,
  N,
  nameOf,
  PALACE,
  RED,
  rankOf,
  SIDE_NAMES,
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
  | "move/cannon-screen"
  | "move/soldier-back"
  | "move/soldier-river"
  | "move/soldier-step"
  | "move/flying-general"
  | "move/general-in-check";

export type MoveError = Failure<MoveErrorCode>;

/** A refusal; a code whose catalogue message names a square needs that square in `params`. */
const e = refusalSaying;

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
  if (from < 0)
    return e("move/invalid-square", `"${input.from}" is not a point of the board.`, {
      square: input.from,
    });
  if (to < 0)
    return e("move/invalid-square", `"${input.to}" is not a point of the board.`, {
      square: input.to,
    });
  const turn = pos.turn;
  if (seat !== undefined && seat !== turn)
    return e("move/not-your-turn", `It is ${SIDE_NAMES[turn]}'s turn, not yours.`);
  const piece = pos.board[from]!;
  if (piece === EMPTY)
    return e("move/no-piece", `There is no piece on ${input.from}.`, { square: input.from });
  if (sideOf(piece) !== turn)
    return seat === undefined
      ? e(
          "move/not-your-turn",
          `The piece on ${input.from} is ${SIDE_NAMES[sideOf(piece)]}'s, and it is ${SIDE_NAMES[turn]}'s turn.`,
        )
      : e("move/not-your-piece", `The piece on ${input.from} is not yours.`, {
          square: input.from,
        });
  if (from === to) return e("move/same-square", "A move must go to another point.");
  const target = pos.board[to]!;
  if (target !== EMPTY && sideOf(target) === turn)
    return e("move/own-piece", `${input.to} holds one of your own pieces.`, { square: input.to });

  const m = encodeMove(from, to);
  if (pos.isLegalMove(m)) return m;
  const shape = explainShape(pos, from, to);
  if (shape) return shape;

  pos.make(m);
  const faces = pos.generalsFace();
  pos.unmake();
  const name = KIND_NAMES[kindOf(piece)];
  if (faces)
    return e(
      "move/flying-general",
      `The generals would face each other on an open file; a piece must stay between them.`,
    );
  if (kindOf(piece) === KING)
    return e("move/general-in-check", `The general would be in check on ${input.to}.`);
  return pos.inCheck(turn)
    ? e(
        "move/general-in-check",
        `Your general is in check, and moving the ${name} to ${input.to} does not end it.`,
      )
    : e(
        "move/general-in-check",
        `Moving the ${name} to ${input.to} would leave your general in check.`,
      );
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
      if (adf + adr !== 1)
        return e("move/general-step", "The general moves one point up, down, left or right.");
      return PALACE[side * CELLS + to]
        ? null
        : e("move/palace", "The general must stay in the palace.");
    case ADVISOR:
      if (adf !== 1 || adr !== 1)
        return e("move/advisor-step", "The advisor moves one point diagonally.");
      return PALACE[side * CELLS + to]
        ? null
        : e("move/palace", "The advisor must stay in the palace.");
    case ELEPHANT: {
      if (adf !== 2 || adr !== 2)
        return e("move/elephant-step", "The elephant moves exactly two points diagonally.");
      if (!HOME[side * CELLS + to])
        return e("move/elephant-river", "The elephant cannot cross the river.");
      const eye = (from + to) >> 1;
      return b[eye] === EMPTY
        ? null
        : e("move/elephant-eye", `The elephant's eye at ${nameOf(eye)} is blocked.`, {
            square: nameOf(eye),
          });
    }
    case HORSE: {
      if (!((adf === 1 && adr === 2) || (adf === 2 && adr === 1)))
        return e(
          "move/horse-step",
          "The horse moves one point straight, then one diagonally outward.",
        );
      const leg = adr === 2 ? from + Math.sign(dr) * N : from + Math.sign(df);
      return b[leg] === EMPTY
        ? null
        : e("move/horse-leg", `The horse's leg is blocked: ${nameOf(leg)} is occupied.`, {
            square: nameOf(leg),
          });
    }
    case CHARIOT:
    case CANNON:
      return explainLine(pos, from, to, df, dr);
    case SOLDIER: {
      const forward = dr * (side === RED ? 1 : -1);
      if (forward < 0) return e("move/soldier-back", "A soldier never moves backward.");
      if (forward === 1 && adf === 0) return null;
      if (forward === 0 && adf === 1)
        return HOME[side * CELLS + from]
          ? e("move/soldier-river", "A soldier moves sideways only after crossing the river.")
          : null;
      return e(
        "move/soldier-step",
        "A soldier moves one point forward (or sideways once across the river).",
      );
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
  const name = cannon ? "cannon" : "chariot";
  if (df !== 0 && dr !== 0)
    return e(
      cannon ? "move/cannon-line" : "move/chariot-line",
      `The ${name} moves straight along a rank or a file.`,
    );
  const d = Math.sign(dr) * N + Math.sign(df);
  const between: number[] = [];
  for (let s = from + d; s !== to; s += d) if (b[s] !== EMPTY) between.push(s);
  if (!cannon)
    return between.length === 0
      ? null
      : e("move/blocked", `The chariot's path is blocked at ${nameOf(between[0]!)}.`);
  if (b[to] === EMPTY)
    return between.length === 0
      ? null
      : e(
          "move/blocked",
          `The cannon's path is blocked at ${nameOf(between[0]!)}; a cannon jumps only to capture.`,
        );
  return between.length === 1
    ? null
    : e(
        "move/cannon-screen",
        `A cannon captures by jumping exactly one piece (the screen); there ${between.length === 0 ? "is none" : `are ${between.length}`} between.`,
      );
}
