/**
 * Move text in PGN4 style (long algebraic): `h2-h4`, `Nj1-i3`, `b6xBc7`, `O-O`, `O-O-O`,
 * `d10-d11=Q`, with `+` or `#` added by the game once the move's effect is known. The same
 * parser reads what people type: from-to (`h2h4`, `h2-h4`), with or without piece letters,
 * capture marks and check signs, and castling as `O-O` or as the king's two-square move.
 */
import { refusal } from "../../core/errors";
import { err, type Failure, ok, type Result } from "../../core/result";
import type { MoveInput } from "../types";
import { EMPTY, KIND_LETTERS, kindOf, nameOf, PAWN, squareOf } from "./board";
import {
  CASTLE_LONG,
  CASTLE_SHORT,
  EN_PASSANT,
  moveFlag,
  moveFrom,
  movePromo,
  moveTo,
} from "./movegen";
import type { Position } from "./position";

export type { MoveInput };

/** The move as a from/to pair with the promotion letter, as rooms and clients send it. */
export function moveInput(m: number): MoveInput {
  const promo = movePromo(m);
  const base = { from: nameOf(moveFrom(m)), to: nameOf(moveTo(m)) };
  return promo ? { ...base, promotion: KIND_LETTERS[promo]! } : base;
}

/** `h2-h4`, `d10-d11=Q`: the from-to spelling the command-line tools use. */
export function moveUci(m: number): string {
  const promo = movePromo(m);
  return `${nameOf(moveFrom(m))}-${nameOf(moveTo(m))}${promo ? `=${KIND_LETTERS[promo]}` : ""}`;
}

/** PGN4 text of a move in `pos` (before it is made), without the check sign. */
export function moveText(pos: Position, m: number): string {
  const flag = moveFlag(m);
  if (flag === CASTLE_SHORT) return "O-O";
  if (flag === CASTLE_LONG) return "O-O-O";
  const from = moveFrom(m);
  const to = moveTo(m);
  const piece = pos.board[from]!;
  const letter = kindOf(piece) === PAWN ? "" : KIND_LETTERS[kindOf(piece)];
  const victim = flag === EN_PASSANT ? PAWN : pos.board[to] === EMPTY ? 0 : kindOf(pos.board[to]!);
  const sep = victim ? `x${KIND_LETTERS[victim]}` : "-";
  const promo = movePromo(m);
  return `${letter}${nameOf(from)}${sep}${nameOf(to)}${promo ? `=${KIND_LETTERS[promo]}` : ""}`;
}

const MOVE_RE =
  /^([NBRQK])?([a-n](?:1[0-4]|[1-9]))\s*(?:-|x[PNBRQK]?|)\s*([a-n](?:1[0-4]|[1-9]))(?:=?([QRBNqrbn]))?[+#]*$/;

export type MoveTextError = Failure<"move/unreadable-as" | "move/no-castle">;

/**
 * Reads a typed move (from-to, PGN4 or castling) as a from/to request. It does not check
 * legality; `findMove` does.
 */
export function readMoveText(pos: Position, text: string): Result<MoveInput, MoveTextError> {
  const t = text.trim();
  if (/^(O-O(-O)?|0-0(-0)?)[+#]*$/.test(t)) {
    const side = t.replace(/[+#]/g, "").length === 5 ? 1 : 0;
    const line = pos.castleLines[pos.turn * 2 + side];
    if (!line) return err(refusal("move/no-castle"));
    return ok({ from: nameOf(line.kingFrom), to: nameOf(line.kingTo) });
  }
  const m = MOVE_RE.exec(t);
  if (!m)
    return err(refusal("move/unreadable-as", { text, examples: '"h2-h4" / "Nj1-i3" / "O-O"' }));
  const [, , from, to, promo] = m;
  return ok(
    promo ? { from: from!, to: to!, promotion: promo.toUpperCase() } : { from: from!, to: to! },
  );
}

/** The legal move of `pos` matching a request, if any; several only when promotion is open. */
export function matchingMoves(pos: Position, input: MoveInput): number[] {
  const from = squareOf(input.from);
  const to = squareOf(input.to);
  if (from < 0 || to < 0) return [];
  return pos.legalMovesBetween(from, to);
}
