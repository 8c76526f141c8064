/**
 * Review of a finished game: the position after every move, rebuilt from the move list with
 * the shared rules, with stable piece ids so stepping through slides the pieces.
 */
import { type Format, type GameId, gameDefinition } from "../../../shared/games/registry";
import { numberPieces, type PieceState, trackPieces } from "../../../shared/match/pieces";

export interface ReviewMove {
  readonly seat: number;
  readonly from: string;
  readonly to: string;
  readonly promotion: string;
}

export interface ReviewFrame {
  readonly pieces: readonly PieceState[];
  readonly lastMove: { readonly from: string; readonly to: string } | null;
}

export function buildFrames(
  game: GameId,
  rules: { readonly format: string; readonly moveLimit: number; readonly handicap: string },
  moves: readonly ReviewMove[],
): ReviewFrame[] {
  let table = gameDefinition(game).start({
    format: rules.format as Format,
    moveLimit: rules.moveLimit || null,
    handicap: rules.handicap,
    firstSeat: moves[0]?.seat ?? 0,
  });
  let pieces = numberPieces(table.pieces());
  let nextId = pieces.length + 1;
  const frames: ReviewFrame[] = [{ pieces, lastMove: null }];
  for (const m of moves) {
    const r = m.from
      ? table.play(
          m.promotion
            ? { from: m.from, to: m.to, promotion: m.promotion }
            : { from: m.from, to: m.to },
        )
      : table.resign(m.seat);
    if (!r.ok) break;
    table = r.value;
    const tracked = trackPieces(
      pieces,
      table.pieces(),
      m.from ? (table.moves.at(-1) ?? null) : null,
      nextId,
    );
    pieces = tracked.pieces;
    nextId = tracked.nextId;
    frames.push({ pieces, lastMove: m.from ? { from: m.from, to: m.to } : null });
  }
  return frames;
}
