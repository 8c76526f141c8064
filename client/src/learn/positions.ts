/**
 * Positions a page teaches with, as games of the shared rules engines: a position from its FEN
 * (xiangqi) or FEN4 (four-player chess), and the same position with another seat to move (a
 * piece tried on a diagram moves as if its side were to move; in a lesson the learner's side
 * moves again while the other side waits).
 */
import type { Format, GameId } from "../../../shared/games/catalog";
import { gameDefinition } from "../../../shared/games/registry";
import type { Game } from "../../../shared/games/types";

/** The game at `fen`; null when the rules engine does not take the position. */
export function positionOf(game: GameId, fen: string, format: Format = "teams"): Game | null {
  const started = gameDefinition(game).start({
    format,
    moveLimit: null,
    handicap: "none",
    firstSeat: 0,
    fen,
  });
  return started.ok ? started.value : null;
}

const FOURCHESS_TURNS = "RBYG";

/** `fen` with `seat` to move. */
export function withTurn(game: GameId, fen: string, seat: number): string {
  if (game === "xiangqi") {
    const fields = fen.split(" ");
    fields[1] = seat === 0 ? "w" : "b";
    return fields.join(" ");
  }
  return fen.replace(/^[RBYG]/, FOURCHESS_TURNS[seat] ?? "R");
}

/** The same position with `seat` to move (the game's record starts again there). */
export function turnTo(position: Game, seat: number, format: Format = "teams"): Game | null {
  if (position.turn === seat && position.outcome === null) return position;
  return positionOf(position.id, withTurn(position.id, position.fen(), seat), format);
}
