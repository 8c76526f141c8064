/**
 * How a finished game went, step by step, for the review's chart, capture list and copies: each
 * seat's material and (Individual) points after every entry of the record, every capture (who
 * took which piece of whose, at which step) and the position's FEN. Worked out by replaying the record with the
 * shared rules, once, when the review opens.
 *
 * Material counts a seat's pieces on the board at the values four-player players know from
 * chess.com (pawn 1, knight 3, bishop 5, rook 5, queen 9, the king nothing); xiangqi's at the
 * usual ones (chariot 9, cannon and horse 4.5, advisor and elephant 2, soldier 1).
 */
import type { GameId } from "../../../shared/games/catalog";
import type { Piece } from "../../../shared/games/types";
import { advance, type SetupRules, setupOf, startGame } from "../../../shared/match/replay";
import type { MoveEntry } from "../../../shared/match/state";

const VALUES: Readonly<Record<GameId, Readonly<Record<string, number>>>> = {
  fourchess: { P: 1, N: 3, B: 5, R: 5, Q: 9 },
  xiangqi: { P: 1, A: 2, E: 2, H: 4.5, C: 4.5, R: 9 },
};

/** One capture: at `step` (the position after that many entries) `seat` took `piece`. */
export interface Capture {
  readonly step: number;
  readonly seat: number;
  readonly piece: Piece;
  /** The move as the move list writes it. */
  readonly notation: string;
}

export interface Story {
  readonly seats: number;
  /** Per step (0: the start), each seat's material on the board. */
  readonly material: readonly (readonly number[])[];
  /** Per step, each seat's points where the format keeps score (Individual), else null. */
  readonly points: readonly (readonly number[])[] | null;
  readonly captures: readonly Capture[];
  /** Per step, the position in the game's own notation (FEN4, xiangqi FEN). */
  readonly fens: readonly string[];
}

/** What replaying needs of an entry. */
type Entry = Pick<MoveEntry, "seat" | "move" | "timeout">;

/** Each seat's material in a position. */
export function materialOf(game: GameId, pieces: readonly Piece[], seats: number): number[] {
  const out = new Array<number>(seats).fill(0);
  for (const p of pieces)
    if (p.seat >= 0 && p.seat < seats) out[p.seat]! += VALUES[game][p.kind] ?? 0;
  return out;
}

/**
 * The story of a record: the start position played through `entries` (as far as the rules
 * accept them: a record they refuse stops the story there).
 */
export function storyOf(
  game: GameId,
  rules: SetupRules,
  startFen: string,
  seats: number,
  entries: readonly Entry[],
): Story {
  const started = startGame(game, setupOf(rules, 0, startFen));
  if (!started.ok) return { seats, material: [], points: null, captures: [], fens: [] };
  let r = started.value;
  let pieces = r.game.pieces();
  const material = [materialOf(game, pieces, seats)];
  const keepsScore = r.game.scores !== null;
  const points: number[][] = [[...(r.game.scores ?? new Array<number>(seats).fill(0))]];
  const captures: Capture[] = [];
  const fens = [r.game.fen()];
  for (const entry of entries) {
    const next = advance(r, entry);
    if (!next.ok) break;
    r = next.value;
    const before = pieces;
    pieces = r.game.pieces();
    const step = material.length;
    material.push(materialOf(game, pieces, seats));
    points.push([...(r.game.scores ?? new Array<number>(seats).fill(0))]);
    fens.push(r.game.fen());
    const played = entry.move ? r.game.lastMove : null;
    const taken = played?.captured ? before.find((p) => p.square === played.captured) : undefined;
    if (played && taken)
      captures.push({ step, seat: entry.seat, piece: taken, notation: played.notation });
  }
  return { seats, material, points: keepsScore ? points : null, captures, fens };
}
