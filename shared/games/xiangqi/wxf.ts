/**
 * WXF move text (RULES.md §2.4): `<piece><file><op><n>`, files 1–9 from the mover's own right,
 * `+` forward, `-` backward, `=` sideways; n is the ranks moved for K/R/C/P along a file and the
 * destination file otherwise. Two like pieces on one file put `+` (front) or `-` (rear) before
 * the letter instead of the file (`+C=5`, `-R+2`); advisors and elephants keep their file, which
 * is never ambiguous for them. Soldiers, several on one file:
 *
 * | on the file | front → rear                 |
 * |-------------|------------------------------|
 * | 2           | `+P` `-P`                    |
 * | 3           | `+P` `P<file>` `-P`          |
 * | 4           | `++` `+P` `-P` `--`          |
 * | 5           | `++` `+P` `P<file>` `-P` `--`|
 *
 * and when two files each hold two or more soldiers, the file digit replaces the letter
 * (`+3=4`, `33=4`, `-3=4`). The parser reads all of this, WXF's letter-first spelling of the
 * same (`C+=5`, `P-.4`, `3+.4`), `.` for `=`, lowercase, and B/N as aliases of E/H.
 */
import { refusal as e } from "../../core/errors";
import { err, type Failure, ok, type Result } from "../../core/result";
import type { MoveInput } from "../types";
import {
  ADVISOR,
  CANNON,
  CHARIOT,
  ELEPHANT,
  encodeMove,
  FORWARD,
  fileOf,
  fileOfWxf,
  HORSE,
  KIND_LETTERS,
  KING,
  kindOf,
  moveFrom,
  moveTo,
  nameOf,
  pieceCode,
  RED,
  rankOf,
  SOLDIER,
  sideOf,
  toSquare,
  wxfFile,
} from "./board";
import type { Position } from "./position";

export type WxfError = Failure<
  "wxf/unreadable" | "wxf/no-piece" | "wxf/no-move" | "wxf/ambiguous" | "wxf/illegal"
>;

/** The cells of `side`'s pieces of `kind` on `file`, front (furthest advanced) first. */
function column(board: Uint8Array, side: number, kind: number, file: number): number[] {
  const code = pieceCode(side, kind);
  const out: number[] = [];
  for (let rank = 0; rank < 10; rank++) {
    const s = toSquare(file, rank);
    if (board[s] === code) out.push(s);
  }
  return side === RED ? out.reverse() : out;
}

/** The files holding two or more of `side`'s soldiers. */
function soldierFiles(board: Uint8Array, side: number): number[] {
  const out: number[] = [];
  for (let f = 0; f < 9; f++) if (column(board, side, SOLDIER, f).length >= 2) out.push(f);
  return out;
}

/** Designators of the soldiers on one file, front first. */
function soldierTags(count: number, token: string, fileNumber: number): string[] {
  if (count === 2) return [`+${token}`, `-${token}`];
  if (count === 3) return [`+${token}`, `${token}${fileNumber}`, `-${token}`];
  if (count === 4) return ["++", `+${token}`, `-${token}`, "--"];
  return ["++", `+${token}`, `${token}${fileNumber}`, `-${token}`, "--"];
}

/** The two characters naming the moving piece. */
function designator(board: Uint8Array, from: number): string {
  const p = board[from]!;
  const side = sideOf(p);
  const kind = kindOf(p);
  const letter = KIND_LETTERS[kind]!;
  const fileNumber = wxfFile(side, fileOf(from));
  if (kind === KING || kind === ADVISOR || kind === ELEPHANT) return letter + fileNumber;
  const group = column(board, side, kind, fileOf(from));
  if (group.length === 1) return letter + fileNumber;
  const i = group.indexOf(from);
  if (kind !== SOLDIER) return (i === 0 ? "+" : "-") + letter;
  const token = soldierFiles(board, side).length > 1 ? String(fileNumber) : "P";
  return soldierTags(group.length, token, fileNumber)[i]!;
}

/** WXF text of a legal move of `pos` (before it is made). */
export function wxfOf(pos: Position, m: number): string {
  const from = moveFrom(m);
  const to = moveTo(m);
  const p = pos.board[from]!;
  const side = sideOf(p);
  const kind = kindOf(p);
  const forward = (rankOf(to) - rankOf(from)) * (side === RED ? 1 : -1);
  const op = forward > 0 ? "+" : forward < 0 ? "-" : "=";
  const byFile = kind === ADVISOR || kind === ELEPHANT || kind === HORSE || forward === 0;
  const n = byFile ? wxfFile(side, fileOf(to)) : Math.abs(forward);
  return shared(`${designator(pos.board, from)}${op}${n}`);
}

/**
 * Every WXF text made so far, one string each: a game's move list keeps its moves' texts, and
 * there are only a few thousand (two designator characters, an operator, a digit).
 */
const texts = new Map<string, string>();

function shared(text: string): string {
  const known = texts.get(text);
  if (known !== undefined) return known;
  texts.set(text, text);
  return text;
}

const WXF_RE = /^([KAEHRCP1-9+-])([KAEHRCP1-9+-])([+\-=])([1-9])$/;
const isLetter = (c: string): boolean => "KAEHRCP".includes(c);
const isDigit = (c: string): boolean => c >= "1" && c <= "9";

/** Candidate pieces a designator names: kind, optional file, and which one counting from front. */
interface Pick {
  readonly kind: number;
  /** 0-based file, or -1 for any file holding two or more. */
  readonly file: number;
  readonly which: "any" | "front" | "rear" | "front2" | "rear2" | "middle";
}

function readDesignator(a: string, b: string, side: number): Pick | null {
  const kindOfLetter = (c: string) => KIND_LETTERS.indexOf(c);
  const sign = (c: string) => (c === "+" ? "front" : "rear") as "front" | "rear";
  const file = (c: string) => fileOfWxf(side, Number(c));
  if (isLetter(a) && isDigit(b)) return { kind: kindOfLetter(a), file: file(b), which: "any" };
  if ((a === "+" || a === "-") && isLetter(b))
    return { kind: kindOfLetter(b), file: -1, which: sign(a) };
  if (isLetter(a) && (b === "+" || b === "-"))
    return { kind: kindOfLetter(a), file: -1, which: sign(b) };
  if ((a === "+" || a === "-") && isDigit(b))
    return { kind: SOLDIER, file: file(b), which: sign(a) };
  if (isDigit(a) && (b === "+" || b === "-"))
    return { kind: SOLDIER, file: file(a), which: sign(b) };
  if (isDigit(a) && a === b) return { kind: SOLDIER, file: file(a), which: "middle" };
  if (a === b && (a === "+" || a === "-"))
    return { kind: SOLDIER, file: -1, which: a === "+" ? "front2" : "rear2" };
  return null;
}

/** The cells a designator names, before looking at the move itself. */
function sources(board: Uint8Array, side: number, pick: Pick): number[] {
  const files = pick.file >= 0 ? [pick.file] : [0, 1, 2, 3, 4, 5, 6, 7, 8];
  const out: number[] = [];
  for (const f of files) {
    const g = column(board, side, pick.kind, f);
    const c = g.length;
    if (pick.which === "any") {
      // `P3` names the middle soldier when the file holds three or five.
      if (pick.kind === SOLDIER && (c === 3 || c === 5)) out.push(g[(c - 1) >> 1]!);
      else out.push(...g);
      continue;
    }
    if (c < 2) continue;
    const many = pick.kind === SOLDIER && c >= 4;
    if (pick.which === "front") out.push(g[many ? 1 : 0]!);
    else if (pick.which === "rear") out.push(g[many ? c - 2 : c - 1]!);
    else if (pick.which === "front2") out.push(g[0]!);
    else if (pick.which === "rear2") out.push(g[c - 1]!);
    else if (c === 3 || c === 5) out.push(g[(c - 1) >> 1]!);
  }
  return out;
}

/** Where a piece on `from` lands for `op` and `n`, or -1 if the text describes no such move. */
function destination(side: number, kind: number, from: number, op: string, n: number): number {
  const f = fileOf(from);
  const r = rankOf(from);
  const fwd = FORWARD[side]! > 0 ? 1 : -1;
  if (kind === KING || kind === SOLDIER || kind === CHARIOT || kind === CANNON) {
    if (op === "=") {
      const tf = fileOfWxf(side, n);
      return tf === f ? -1 : toSquare(tf, r);
    }
    const tr = r + (op === "+" ? n : -n) * fwd;
    return tr >= 0 && tr <= 9 ? toSquare(f, tr) : -1;
  }
  if (op === "=") return -1;
  const tf = fileOfWxf(side, n);
  const df = Math.abs(tf - f);
  const dr =
    kind === ADVISOR ? (df === 1 ? 1 : 0) : kind === ELEPHANT ? (df === 2 ? 2 : 0) : 3 - df;
  if (dr <= 0 || dr > 2 || df === 0) return -1;
  const tr = r + (op === "+" ? dr : -dr) * fwd;
  return tr >= 0 && tr <= 9 ? toSquare(tf, tr) : -1;
}

/**
 * Reads WXF text for the side to move into a from/to request. When several pieces fit the
 * text, the one whose move is legal is taken; a single fitting piece is returned even if its
 * move is illegal, so that the game can explain why.
 */
export function parseWxf(pos: Position, text: string): Result<MoveInput, WxfError> {
  const t = text
    .trim()
    .toUpperCase()
    .replaceAll(".", "=")
    .replaceAll("B", "E")
    .replaceAll("N", "H");
  const m = WXF_RE.exec(t);
  const side = pos.turn;
  const pick = m ? readDesignator(m[1]!, m[2]!, side) : null;
  if (!m || !pick) return err(e("wxf/unreadable", { text }));
  const found = sources(pos.board, side, pick);
  if (found.length === 0) return err(e("wxf/no-piece", { text, which: `${m[1]}${m[2]}` }));
  const n = Number(m[4]);
  const moves: number[] = [];
  for (const from of found) {
    const to = destination(side, pick.kind, from, m[3]!, n);
    if (to >= 0) moves.push(encodeMove(from, to));
  }
  if (moves.length === 0) return err(e("wxf/no-move", { text }));
  const fitting = moves.filter((mv) => pos.isLegalMove(mv));
  const chosen = fitting.length === 1 ? fitting[0]! : moves.length === 1 ? moves[0]! : -1;
  if (chosen >= 0) return ok({ from: nameOf(moveFrom(chosen)), to: nameOf(moveTo(chosen)) });
  return fitting.length > 1 ? err(e("wxf/ambiguous", { text })) : err(e("wxf/illegal", { text }));
}
