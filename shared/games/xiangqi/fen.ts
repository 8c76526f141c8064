/**
 * Xiangqi FEN: `rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1`.
 * Ranks 9→0, Red uppercase; K A B N R C P (E and H accepted on import for elephant and horse);
 * side `w` (or `r`) for Red, `b` for Black; two unused `-` fields; the plies since the last
 * capture and the move number. Import takes the placement alone, placement and side, or all
 * six fields. A position is refused unless it could arise in a game: one general per side in
 * its palace, no piece on a point it can never reach, no more pieces than a side starts with,
 * the generals not facing and the side that just moved not left in check.
 */
import { type Failure, fail, ok, type Result } from "../../core/result";
import { attackedBy, generalsFace } from "./attacks";
import {
  ADVISOR,
  ADVISOR_POINTS,
  BLACK,
  CANNON,
  CELLS,
  CHARIOT,
  ELEPHANT,
  ELEPHANT_POINTS,
  EMPTY,
  HORSE,
  KIND_NAMES,
  KING,
  kindOf,
  nameOf,
  OFF,
  PALACE,
  pieceCode,
  RED,
  SIDE_NAMES,
  type Side,
  SOLDIER,
  SOLDIER_POINTS,
  SQUARES,
  sideOf,
  toSquare,
} from "./board";
import type { Position, Setup } from "./position";

export type FenErrorCode =
  | "fen/empty"
  | "fen/fields"
  | "fen/placement"
  | "fen/side"
  | "fen/counters"
  | "fen/general"
  | "fen/piece-count"
  | "fen/piece-point"
  | "fen/flying-general"
  | "fen/side-in-check";

export type FenError = Failure<FenErrorCode>;

export interface Fen {
  readonly setup: Setup;
  /** The move number (1 at the start, +1 after each Black move). */
  readonly fullmove: number;
}

const bad = (code: FenErrorCode, message: string): Result<never, FenError> => fail(code, message);

/** Kinds by FEN letter (uppercase); E and H are accepted aliases of B and N. */
const LETTER_KINDS: Readonly<Record<string, number>> = {
  K: KING,
  A: ADVISOR,
  B: ELEPHANT,
  E: ELEPHANT,
  N: HORSE,
  H: HORSE,
  R: CHARIOT,
  C: CANNON,
  P: SOLDIER,
};
const FEN_LETTERS = ".KABNRCP";
/** How many of each kind a side starts with (index by kind). */
const MAX_COUNT = [0, 1, 2, 2, 2, 2, 2, 5];

/** Parses a FEN; every kind of malformed or impossible input is a failure with a reason. */
export function parseFen(text: string): Result<Fen, FenError> {
  const fen = text.trim();
  if (fen.length === 0) return bad("fen/empty", "The FEN is empty.");
  if (fen.length > 200) return bad("fen/fields", "The FEN is too long to be a xiangqi position.");
  const fields = fen.split(/\s+/);
  if (![1, 2, 4, 6].includes(fields.length))
    return bad(
      "fen/fields",
      `A FEN has the placement, the side to move, "- -" and two counters; found ${fields.length} fields.`,
    );
  // Padding cells are OFF, as in a Position, so the attack test can run on this board.
  const board = new Uint8Array(CELLS).fill(OFF);
  for (const s of SQUARES) board[s] = EMPTY;
  const placed = parsePlacement(fields[0]!, board);
  if (!placed.ok) return placed;

  const sideField = (fields[1] ?? "w").toLowerCase();
  if (sideField !== "w" && sideField !== "r" && sideField !== "b")
    return bad(
      "fen/side",
      `The side to move must be "w" (Red) or "b" (Black), got "${fields[1]}".`,
    );
  const turn: Side = sideField === "b" ? BLACK : RED;
  if (fields.length >= 4 && (fields[2] !== "-" || fields[3] !== "-"))
    return bad("fen/fields", `Xiangqi has no castling or en passant: fields 3 and 4 must be "-".`);
  let halfmove = 0;
  let fullmove = 1;
  if (fields.length === 6) {
    const [h, f] = [fields[4]!, fields[5]!];
    if (!/^\d{1,4}$/.test(h) || !/^\d{1,4}$/.test(f) || Number(f) < 1)
      return bad(
        "fen/counters",
        `The last two fields must be the plies since a capture and the move number (from 1), got "${h} ${f}".`,
      );
    halfmove = Number(h);
    fullmove = Number(f);
  }
  const valid = validate(board, turn);
  if (!valid.ok) return valid;
  return ok({ setup: { board, turn, halfmove }, fullmove });
}

function parsePlacement(text: string, board: Uint8Array): Result<true, FenError> {
  const rows = text.split("/");
  if (rows.length !== 10)
    return bad(
      "fen/placement",
      `The placement must have 10 ranks separated by '/', found ${rows.length}.`,
    );
  for (let i = 0; i < 10; i++) {
    const rank = 9 - i;
    let file = 0;
    for (const ch of rows[i]!) {
      if (ch >= "1" && ch <= "9") {
        file += Number(ch);
      } else {
        const kind = LETTER_KINDS[ch.toUpperCase()];
        if (kind === undefined)
          return bad("fen/placement", `"${ch}" on rank ${rank} is not a piece letter or a count.`);
        if (file >= 9) return bad("fen/placement", `Rank ${rank} has more than 9 points.`);
        board[toSquare(file, rank)] = pieceCode(ch === ch.toUpperCase() ? RED : BLACK, kind);
        file++;
      }
      if (file > 9) return bad("fen/placement", `Rank ${rank} has more than 9 points.`);
    }
    if (file !== 9)
      return bad(
        "fen/placement",
        `Rank ${rank} has ${file} points instead of 9 (a FEN lists ranks 9 to 0).`,
      );
  }
  return ok(true);
}

/** Refuses positions no game can reach; the engine relies on these facts. */
function validate(board: Uint8Array, turn: Side): Result<true, FenError> {
  const counts = [new Array<number>(8).fill(0), new Array<number>(8).fill(0)];
  const kings = [-1, -1];
  for (const s of SQUARES) {
    const p = board[s]!;
    if (p === EMPTY) continue;
    const side = sideOf(p);
    const kind = kindOf(p);
    const who = `${SIDE_NAMES[side]} ${KIND_NAMES[kind]} on ${nameOf(s)}`;
    counts[side]![kind]!++;
    if (kind === KING) {
      kings[side] = s;
      if (!PALACE[side * CELLS + s]) return bad("fen/general", `The ${who} is outside its palace.`);
    } else if (kind === ADVISOR && !ADVISOR_POINTS[side * CELLS + s]) {
      return bad("fen/piece-point", `The ${who} is off the advisor's points in its palace.`);
    } else if (kind === ELEPHANT && !ELEPHANT_POINTS[side * CELLS + s]) {
      return bad("fen/piece-point", `The ${who} is on a point an elephant can never reach.`);
    } else if (kind === SOLDIER && !SOLDIER_POINTS[side * CELLS + s]) {
      return bad("fen/piece-point", `The ${who} is on a point a soldier can never reach.`);
    }
  }
  for (const side of [RED, BLACK]) {
    const c = counts[side]!;
    if (c[KING] !== 1)
      return bad(
        "fen/general",
        `${SIDE_NAMES[side]} must have exactly one general, found ${c[KING]}.`,
      );
    for (let kind = ADVISOR; kind <= SOLDIER; kind++)
      if (c[kind]! > MAX_COUNT[kind]!)
        return bad(
          "fen/piece-count",
          `${SIDE_NAMES[side]} has ${c[kind]} ${KIND_NAMES[kind]}s; a side has at most ${MAX_COUNT[kind]}.`,
        );
  }
  if (generalsFace(board, kings[RED]!, kings[BLACK]!))
    return bad("fen/flying-general", "The generals face each other on an open file.");
  const waiting = turn ^ 1;
  if (attackedBy(board, kings[waiting]!, waiting))
    return bad(
      "fen/side-in-check",
      `${SIDE_NAMES[waiting]} is in check although it is ${SIDE_NAMES[turn]}'s turn.`,
    );
  return ok(true);
}

/** The FEN of a position, with the move number given by the game. */
export function writeFen(pos: Position, fullmove = 1): string {
  const rows: string[] = [];
  for (let rank = 9; rank >= 0; rank--) {
    let row = "";
    let empty = 0;
    for (let file = 0; file < 9; file++) {
      const p = pos.board[toSquare(file, rank)]!;
      if (p === EMPTY) {
        empty++;
        continue;
      }
      if (empty) row += String(empty);
      empty = 0;
      const letter = FEN_LETTERS[kindOf(p)]!;
      row += sideOf(p) === RED ? letter : letter.toLowerCase();
    }
    rows.push(empty ? row + String(empty) : row);
  }
  return `${rows.join("/")} ${pos.turn === RED ? "w" : "b"} - - ${pos.halfmove} ${fullmove}`;
}
