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

/** A synchronised piece as the rules name it; `key` is its key in the `pieces` map. */
export function pieceFromView(game: GameId, key: string, p: PieceView): TrackedPiece {
  return {
    id: Number(key),
    square: squareName(game, p.square),
    kind: kindLetter(game, p.kind),
    seat: p.seat,
  };
}

/** A move list entry as a record entry: the move in square names, or a resignation. */
export function entryFromView(
  game: GameId,
  m: MoveView,
): Pick<MoveEntry, "seat" | "move" | "by" | "timeout"> {
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
