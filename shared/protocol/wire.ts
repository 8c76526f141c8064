/**
 * How the `table` room's state writes squares, piece kinds and move authors as small numbers,
 * and the functions that turn them back into the names the rules engines and people use.
 * Square number = file index + files × (rank − first rank): four-player chess `a1` = 0,
 * `n14` = 195; xiangqi `a0` = 0, `i9` = 89. Kind number = index in the game's kind letters.
 */

import type { Refusal } from "../core/errors";
import type { Result } from "../core/result";
import { GAMES, type GameId } from "../games/catalog";
import type { MoveInput, TrackedPiece } from "../games/types";
import { type Replayed, replay, setupOf } from "../match/replay";
import { MOVE_BY, type MoveBy, type MoveEntry } from "../match/state";
import type { MoveView, PieceView, TableView } from "./views";

/** Who made a move is written by its index in `MOVE_BY` (an absent `by` is 0, a player). */
export { MOVE_BY, type MoveBy };

const FILES = "abcdefghijklmn";

/** The number of a square name (`h2`), or -1 when the game's grid has no such square. */
export function squareNumber(game: GameId, name: string): number {
  const { files, ranks, firstRank } = GAMES[game].board;
  const file = FILES.indexOf(name[0] ?? "");
  const digits = name.slice(1);
  const rank = /^(0|[1-9][0-9]?)$/.test(digits) ? Number(digits) - firstRank : -1;
  if (file < 0 || file >= files || rank < 0 || rank >= ranks) return -1;
  return file + files * rank;
}

/** The name of a square number. */
export function squareName(game: GameId, square: number): string {
  const { files, firstRank } = GAMES[game].board;
  return `${FILES[square % files]}${Math.floor(square / files) + firstRank}`;
}

/** The number of a kind letter (`N`), or 0 when the game has no such kind. */
export function kindNumber(game: GameId, letter: string): number {
  const i = letter ? GAMES[game].kinds.indexOf(letter.toUpperCase()) : -1;
  return Math.max(i, 0);
}

/** The letter of a kind number ("" for 0). */
export function kindLetter(game: GameId, kind: number): string {
  return kind > 0 ? (GAMES[game].kinds[kind] ?? "") : "";
}

/*
 * A move-list entry travels as one number (`moves[i]`, a uint32), its fields in bits from the
 * lowest: seat 2 bits, from 8, to 8, promotion 4, captured 1, by 2, resigned 1, timeout 1
 * (27 bits in all). A list of numbers costs the server one change tracker for the whole list
 * instead of one per entry, and a spectator 4 bytes of payload per entry.
 */
const SEAT_BITS = 2;
const SQUARE_BITS = 8;
const KIND_BITS = 4;
const BY_BITS = 2;
const FROM_AT = SEAT_BITS;
const TO_AT = FROM_AT + SQUARE_BITS;
const PROMOTION_AT = TO_AT + SQUARE_BITS;
const CAPTURED_AT = PROMOTION_AT + KIND_BITS;
const BY_AT = CAPTURED_AT + 1;
const RESIGNED_AT = BY_AT + BY_BITS;
const TIMEOUT_AT = RESIGNED_AT + 1;

const field = (n: number, at: number, bits: number) => (n >>> at) & ((1 << bits) - 1);

/*
 * A piece travels as one number (`pieces` maps its id to it), in bits from the lowest: square
 * 8 bits, kind 4, seat + 1 3 bits (0: a grey piece, seat -1).
 */
const KIND_AT = SQUARE_BITS;
const PIECE_SEAT_AT = KIND_AT + KIND_BITS;

/** A piece as the wire's one number. */
export function packPiece(p: PieceView): number {
  return p.square | (p.kind << KIND_AT) | ((p.seat + 1) << PIECE_SEAT_AT);
}

/** The fields of one number of `pieces`. */
export function unpackPiece(n: number): PieceView {
  return {
    square: field(n, 0, SQUARE_BITS),
    kind: field(n, KIND_AT, KIND_BITS),
    seat: field(n, PIECE_SEAT_AT, 3) - 1,
  };
}

/**
 * A synchronised piece as the rules name it; `key` is its key in the `pieces` map, `piece` the
 * number it maps to (or that number unpacked).
 */
export function pieceFromView(game: GameId, key: string, piece: number | PieceView): TrackedPiece {
  const p = typeof piece === "number" ? unpackPiece(piece) : piece;
  return {
    id: Number(key),
    square: squareName(game, p.square),
    kind: kindLetter(game, p.kind),
    seat: p.seat,
  };
}

/** An entry as the wire's one number. */
export function packMove(m: MoveView): number {
  return (
    ((m.seat & 3) |
      ((m.from ?? 0) << FROM_AT) |
      ((m.to ?? 0) << TO_AT) |
      ((m.promotion ?? 0) << PROMOTION_AT) |
      ((m.captured ? 1 : 0) << CAPTURED_AT) |
      ((m.by ?? 0) << BY_AT) |
      ((m.resigned ? 1 : 0) << RESIGNED_AT) |
      ((m.timeout ? 1 : 0) << TIMEOUT_AT)) >>>
    0
  );
}

/** The fields of one number of `moves`: those at 0/false are left out, as `MoveView` says. */
export function unpackMove(n: number): MoveView {
  const seat = field(n, 0, SEAT_BITS);
  const by = field(n, BY_AT, BY_BITS);
  if (field(n, RESIGNED_AT, 1))
    return {
      seat,
      resigned: true,
      ...(field(n, TIMEOUT_AT, 1) ? { timeout: true } : {}),
      ...(by ? { by } : {}),
    };
  const promotion = field(n, PROMOTION_AT, KIND_BITS);
  return {
    seat,
    from: field(n, FROM_AT, SQUARE_BITS),
    to: field(n, TO_AT, SQUARE_BITS),
    ...(promotion ? { promotion } : {}),
    ...(field(n, CAPTURED_AT, 1) ? { captured: true } : {}),
    ...(by ? { by } : {}),
  };
}

/**
 * A move list entry as a record entry: the move in square names, or a resignation. `m` is the
 * entry as `moves` carries it (one number) or unpacked.
 */
export function entryFromView(
  game: GameId,
  entry: number | MoveView,
): Pick<MoveEntry, "seat" | "move" | "by" | "timeout"> {
  const m = typeof entry === "number" ? unpackMove(entry) : entry;
  const by = MOVE_BY[m.by ?? 0] ?? "player";
  if (m.resigned) return { seat: m.seat, move: null, by, ...(m.timeout ? { timeout: true } : {}) };
  const move: MoveInput = {
    from: squareName(game, m.from ?? 0),
    to: squareName(game, m.to ?? 0),
    ...(m.promotion ? { promotion: kindLetter(game, m.promotion) } : {}),
  };
  return { seat: m.seat, move, by };
}

/**
 * The current game of a synchronised table, worked out with the shared rules from its starting
 * position and move list: what an outside client needs for the position, legal moves, checks
 * and notation. Fails only if the rules here disagree with the server's.
 */
export function replayView(view: TableView, track = false): Result<Replayed, Refusal> {
  const setup = setupOf(view.rules, 0, view.startFen);
  const log = Array.from(view.moves, (m) => entryFromView(view.game, m));
  return replay(view.game, setup, log, track);
}
