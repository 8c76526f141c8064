/**
 * FEN4 as chess.com and the open 4PC engines write it:
 * `turn-eliminated-castleKingside-castleQueenside-points-halfmoves-[{options}-]placement`.
 * Placement runs from rank 14 to rank 1, squares a→n separated by commas; `x` marks a corner
 * square, a number counts empty squares, a piece is a colour letter (`r b y g`, `d` for grey)
 * and a kind letter. Import also takes the older comma-less spelling with corners counted as
 * empty squares. Options carry en passant per seat (`'enPassant':('','c4:d4','','')`) and, our
 * own key, promoted pieces per seat (`'promoted':('e8','','','')`), which score 1 point.
 */
import { type Failure, fail, ok, type Result } from "../../core/result";
import {
  CELLS,
  COLOR_LETTERS,
  COLOR_NAMES,
  colorOf,
  EMPTY,
  GREY,
  KIND_LETTERS,
  KING,
  kindOf,
  nameOf,
  onCross,
  PAWN,
  PAWN_FORWARD,
  PROMOTED,
  pieceCode,
  SQUARES,
  squareOf,
  toSquare,
} from "./board";
import { KING_HOMES } from "./castling";
import type { Setup } from "./position";

export type Fen4Error = Failure<"fen4/invalid">;

export interface Fen4 {
  readonly setup: Setup;
  readonly points: readonly number[];
}

const TURN_LETTERS = "RBYG";

export const MODERN_START =
  "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-x,x,x,yR,yN,yB,yK,yQ,yB,yN,yR,x,x,x/x,x,x,yP,yP,yP,yP,yP,yP,yP,yP,x,x,x/x,x,x,8,x,x,x/bR,bP,10,gP,gR/bN,bP,10,gP,gN/bB,bP,10,gP,gB/bQ,bP,10,gP,gK/bK,bP,10,gP,gQ/bB,bP,10,gP,gB/bN,bP,10,gP,gN/bR,bP,10,gP,gR/x,x,x,8,x,x,x/x,x,x,rP,rP,rP,rP,rP,rP,rP,rP,x,x,x/x,x,x,rR,rN,rB,rQ,rK,rB,rN,rR,x,x,x";

const bad = (message: string): Result<never, Fen4Error> => fail("fen4/invalid", message);

function parseFlags(field: string, what: string): Result<number[], Fen4Error> {
  const parts = field.split(",");
  if (parts.length !== 4 || parts.some((p) => p !== "0" && p !== "1"))
    return bad(`The ${what} field must be four 0/1 flags separated by commas, got "${field}".`);
  return ok(parts.map(Number));
}

/** The fields before the placement, read; `rest` is what follows them. */
interface Head {
  readonly turn: number;
  /** Seats still in, a bit per seat. */
  readonly live: number;
  readonly kingside: readonly number[];
  readonly queenside: readonly number[];
  readonly points: readonly number[];
  readonly halfmove: number;
  readonly rest: string;
}

/** Parses a FEN4 string into an unvalidated-free setup; every failure says what is wrong. */
export function parseFen4(text: string): Result<Fen4, Fen4Error> {
  const head = parseHead(text.trim());
  if (!head.ok) return head;
  const { turn, live, kingside, queenside, points, halfmove } = head.value;
  const split = splitOptions(head.value.rest);
  if (!split.ok) return split;
  const { options, placement } = split.value;

  const board = new Uint8Array(CELLS);
  const placed = parsePlacement(placement, board);
  if (!placed.ok) return placed;
  const ep = readEnPassant(options.get("enPassant"), board);
  if (!ep.ok) return ep;
  const promoted = markPromoted(options.get("promoted"), board);
  if (!promoted.ok) return promoted;
  const kings = checkKings(board, live, turn);
  if (!kings.ok) return kings;
  const castling = readCastling(board, live, kingside, queenside);
  if (!castling.ok) return castling;

  const { epTarget, epPawn } = ep.value;
  return ok({
    setup: { board, turn, live, castling: castling.value, epTarget, epPawn, halfmove },
    points,
  });
}

function parseHead(fen: string): Result<Head, Fen4Error> {
  if (fen.length === 0) return bad("The FEN4 is empty.");
  if (fen.length > 2000) return bad("The FEN4 is too long.");
  const head = fen.split("-", 6);
  if (head.length < 6) return bad("A FEN4 has at least seven fields separated by '-'.");
  const [turnField, elimField, kField, qField, pointsField, clockField] = head as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const rest = fen.slice(head.join("-").length + 1);

  const turn = TURN_LETTERS.indexOf(turnField);
  if (turnField.length !== 1 || turn < 0)
    return bad(`The player to move must be R, B, Y or G, got "${turnField}".`);
  const elim = parseFlags(elimField, "eliminated");
  if (!elim.ok) return elim;
  const kingside = parseFlags(kField, "kingside castling");
  if (!kingside.ok) return kingside;
  const queenside = parseFlags(qField, "queenside castling");
  if (!queenside.ok) return queenside;
  const points = pointsField.split(",");
  if (points.length !== 4 || points.some((p) => !/^\d{1,6}$/.test(p)))
    return bad(`The points field must be four whole numbers, got "${pointsField}".`);
  if (!/^\d{1,6}$/.test(clockField))
    return bad(`The halfmove clock must be a whole number, got "${clockField}".`);
  return ok({
    turn,
    live: elim.value.reduce((mask, e, c) => (e ? mask : mask | (1 << c)), 0),
    kingside: kingside.value,
    queenside: queenside.value,
    points: points.map(Number),
    halfmove: Number(clockField),
    rest,
  });
}

/** The options dict, when the text starts with one, and the placement after it. */
function splitOptions(
  text: string,
): Result<{ options: Map<string, OptionValue>; placement: string }, Fen4Error> {
  if (!text.startsWith("{")) return ok({ options: new Map(), placement: text });
  const close = text.indexOf("}");
  if (close < 0) return bad("The options field opens with '{' but never closes.");
  const parsed = parseOptions(text.slice(0, close + 1));
  if (!parsed.ok) return parsed;
  if (text[close + 1] !== "-") return bad("The options field must be followed by '-'.");
  return ok({ options: parsed.value, placement: text.slice(close + 2) });
}

/** The `enPassant` option: per seat, the square a pawn skipped and the pawn, or -1 for none. */
function readEnPassant(
  option: OptionValue | undefined,
  board: Uint8Array,
): Result<{ epTarget: number[]; epPawn: number[] }, Fen4Error> {
  const epTarget = [-1, -1, -1, -1];
  const epPawn = [-1, -1, -1, -1];
  if (option === undefined) return ok({ epTarget, epPawn });
  const entries = tupleOfStrings(option, "enPassant");
  if (!entries.ok) return entries;
  for (let c = 0; c < 4; c++) {
    const entry = entries.value[c]!;
    if (entry === "") continue;
    const [targetName, pawnName] = entry.split(":") as [string, string | undefined];
    const target = squareOf(targetName);
    if (target < 0)
      return bad(`En passant for ${COLOR_NAMES[c]}: "${targetName}" is not a square.`);
    const pawn = pawnName === undefined ? target + PAWN_FORWARD[c]! : squareOf(pawnName);
    if (pawn !== target + PAWN_FORWARD[c]!)
      return bad(
        `En passant for ${COLOR_NAMES[c]}: "${entry}" is not a ${COLOR_NAMES[c]} pawn's two-square step.`,
      );
    if (board[target] !== EMPTY)
      return bad(
        `En passant for ${COLOR_NAMES[c]}: the skipped square ${targetName} is not empty.`,
      );
    if (board[pawn] !== pieceCode(c, PAWN))
      return bad(
        `En passant for ${COLOR_NAMES[c]}: there is no ${COLOR_NAMES[c]} pawn on ${nameOf(pawn)}.`,
      );
    epTarget[c] = target;
    epPawn[c] = pawn;
  }
  return ok({ epTarget, epPawn });
}

/** The `promoted` option: marks the pieces it names on `board` as promoted. */
function markPromoted(option: OptionValue | undefined, board: Uint8Array): Result<true, Fen4Error> {
  if (option === undefined) return ok(true);
  const entries = tupleOfStrings(option, "promoted");
  if (!entries.ok) return entries;
  for (let c = 0; c < 4; c++) {
    for (const name of entries.value[c]!.split(",").filter((x) => x !== "")) {
      const s = squareOf(name);
      if (s < 0 || board[s] === EMPTY || colorOf(board[s]!) !== c)
        return bad(
          `Promoted piece for ${COLOR_NAMES[c]} on "${name}": no ${COLOR_NAMES[c]} piece there.`,
        );
      board[s] = board[s]! | PROMOTED;
    }
  }
  return ok(true);
}

/** Eliminated seats have only grey pieces; each seat still in has one king; it may be to move. */
function checkKings(board: Uint8Array, live: number, turn: number): Result<true, Fen4Error> {
  const kings = [0, 0, 0, 0];
  for (const s of SQUARES) {
    const p = board[s]!;
    if (p === EMPTY) continue;
    const c = colorOf(p);
    if (c === GREY) continue;
    if (!((live >> c) & 1))
      return bad(
        `${COLOR_NAMES[c]} is marked eliminated but has live pieces (write them grey, with "d").`,
      );
    if (kindOf(p) === KING) kings[c]!++;
  }
  for (let c = 0; c < 4; c++) {
    if ((live >> c) & 1 && kings[c] !== 1)
      return bad(
        `${COLOR_NAMES[c]} is still in and must have exactly one king, found ${kings[c]}.`,
      );
  }
  if (!((live >> turn) & 1)) return bad(`${COLOR_NAMES[turn]} is to move but is eliminated.`);
  return ok(true);
}

/** Castling rights as bits (two per seat), for seats still in with the king at home. */
function readCastling(
  board: Uint8Array,
  live: number,
  kingside: readonly number[],
  queenside: readonly number[],
): Result<number, Fen4Error> {
  let castling = 0;
  for (let c = 0; c < 4; c++) {
    if (!((live >> c) & 1)) continue;
    if (kingside[c]) castling |= 1 << (c * 2);
    if (queenside[c]) castling |= 1 << (c * 2 + 1);
    if ((castling >> (c * 2)) & 3) {
      const king = SQUARES.find((s) => board[s] === pieceCode(c, KING))!;
      if (!KING_HOMES[c]!.includes(king))
        return bad(
          `${COLOR_NAMES[c]} may castle only with the king on its home square, not ${nameOf(king)}.`,
        );
    }
  }
  return ok(castling);
}

function parsePlacement(text: string, board: Uint8Array): Result<true, Fen4Error> {
  const rows = text.split("/");
  if (rows.length !== 14)
    return bad(`The placement must have 14 ranks separated by '/', found ${rows.length}.`);
  for (let i = 0; i < 14; i++) {
    const rank = 13 - i;
    const row = rows[i]!;
    const tokens = row.includes(",") ? row.split(",") : (row.match(/x|X|\d+|[a-zA-Z]{2}|./g) ?? []);
    let file = 0;
    for (const token of tokens) {
      if (file >= 14) return bad(`Rank ${rank + 1} has more than 14 squares.`);
      if (token === "x" || token === "X") {
        if (onCross(file, rank))
          return bad(
            `Rank ${rank + 1}: "x" marks a corner, but ${nameOf(toSquare(file, rank))} is a real square.`,
          );
        file++;
      } else if (/^\d+$/.test(token)) {
        const n = Number(token);
        if (n < 1 || file + n > 14)
          return bad(`Rank ${rank + 1}: "${token}" empty squares do not fit.`);
        file += n;
      } else {
        const m = /^([rbygd])([PNBRQK])$/.exec(token);
        if (!m)
          return bad(`Rank ${rank + 1}: "${token}" is not a piece like "rK", a number or "x".`);
        if (!onCross(file, rank))
          return bad(
            `Rank ${rank + 1}: a piece stands on a corner square, which is off the board.`,
          );
        board[toSquare(file, rank)] = pieceCode(
          COLOR_LETTERS.indexOf(m[1]!),
          KIND_LETTERS.indexOf(m[2]!),
        );
        file++;
      }
    }
    if (file !== 14) return bad(`Rank ${rank + 1} describes ${file} squares instead of 14.`);
  }
  return ok(true);
}

type OptionValue = string | number | boolean | OptionValue[];

/** Parses the Python-style options dict: `{'key':value,...}` with strings, numbers, tuples. */
function parseOptions(text: string): Result<Map<string, OptionValue>, Fen4Error> {
  const tokens = text.match(/'[^']*'|"[^"]*"|-?\d+|true|false|True|False|[{}():,]|\S/g) ?? [];
  let i = 0;
  const peek = () => tokens[i];
  const value = (): OptionValue | null => {
    const t = tokens[i++];
    if (t === undefined) return null;
    if (t.startsWith("'") || t.startsWith('"')) return t.slice(1, -1);
    if (/^-?\d+$/.test(t)) return Number(t);
    if (/^(true|false)$/i.test(t)) return t.toLowerCase() === "true";
    if (t === "(") {
      const items: OptionValue[] = [];
      while (peek() !== ")") {
        const v = value();
        if (v === null) return null;
        items.push(v);
        if (peek() === ",") i++;
        else if (peek() !== ")") return null;
      }
      i++;
      return items;
    }
    return null;
  };
  const out = new Map<string, OptionValue>();
  if (tokens[i++] !== "{") return bad("The options field must start with '{'.");
  while (peek() !== "}") {
    const key = value();
    if (typeof key !== "string" || tokens[i++] !== ":")
      return bad(`The options field is not a dict like {'enPassant':('','c4:d4','','')}.`);
    const v = value();
    if (v === null) return bad(`The option '${key}' has a value that cannot be read.`);
    out.set(key, v);
    if (peek() === ",") i++;
    else if (peek() !== "}") return bad("The options field is not a dict (expected ',' or '}').");
  }
  return ok(out);
}

function tupleOfStrings(v: OptionValue, key: string): Result<string[], Fen4Error> {
  if (!Array.isArray(v) || v.length !== 4 || v.some((x) => typeof x !== "string"))
    return bad(`The option '${key}' must be four strings, one per seat.`);
  return ok(v as string[]);
}

/** Writes FEN4 in the comma-separated spelling with `x` corners. */
export function writeFen4(setup: Setup, points: readonly number[]): string {
  const flags = (f: (c: number) => boolean) =>
    [0, 1, 2, 3].map((c) => (f(c) ? "1" : "0")).join(",");
  const fields = [
    TURN_LETTERS[setup.turn],
    flags((c) => !((setup.live >> c) & 1)),
    flags((c) => ((setup.castling >> (c * 2)) & 1) === 1),
    flags((c) => ((setup.castling >> (c * 2 + 1)) & 1) === 1),
    points.join(","),
    String(setup.halfmove),
  ];
  const options: string[] = [];
  // Only rights that can still be used: the pawn is there and the skipped square empty.
  const usable = (c: number) => {
    const t = setup.epTarget[c]!;
    return (
      t >= 0 && setup.board[t] === EMPTY && setup.board[setup.epPawn[c]!] === pieceCode(c, PAWN)
    );
  };
  if ([0, 1, 2, 3].some(usable)) {
    const entries = [0, 1, 2, 3].map((c) =>
      usable(c) ? `'${nameOf(setup.epTarget[c]!)}:${nameOf(setup.epPawn[c]!)}'` : "''",
    );
    options.push(`'enPassant':(${entries.join(",")})`);
  }
  const promoted: string[][] = [[], [], [], []];
  for (const s of SQUARES) {
    const p = setup.board[s]!;
    if (p & PROMOTED && colorOf(p) < GREY) promoted[colorOf(p)]!.push(nameOf(s));
  }
  if (promoted.some((list) => list.length > 0))
    options.push(`'promoted':(${promoted.map((l) => `'${l.join(",")}'`).join(",")})`);
  if (options.length > 0) fields.push(`{${options.join(",")}}`);

  const rows: string[] = [];
  for (let rank = 13; rank >= 0; rank--) {
    const tokens: string[] = [];
    let empty = 0;
    for (let file = 0; file < 14; file++) {
      const onBoard = onCross(file, rank);
      const p = onBoard ? setup.board[toSquare(file, rank)]! : EMPTY;
      if (onBoard && p === EMPTY) {
        empty++;
        continue;
      }
      if (empty > 0) tokens.push(String(empty));
      empty = 0;
      tokens.push(onBoard ? `${COLOR_LETTERS[colorOf(p)]}${KIND_LETTERS[kindOf(p)]}` : "x");
    }
    if (empty > 0) tokens.push(String(empty));
    rows.push(tokens.join(","));
  }
  fields.push(rows.join("/"));
  return fields.join("-");
}

/** The setup of a position, for writing it out. */
export function positionSetup(pos: {
  board: Uint8Array;
  turn: number;
  live: number;
  castling: number;
  epTarget: ArrayLike<number>;
  epPawn: ArrayLike<number>;
  halfmove: number;
}): Setup {
  return {
    board: pos.board,
    turn: pos.turn,
    live: pos.live,
    castling: pos.castling,
    epTarget: Array.from(pos.epTarget),
    epPawn: Array.from(pos.epPawn),
    halfmove: pos.halfmove,
  };
}
