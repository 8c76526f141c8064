/**
 * Plain facts read from the synchronised table state: who this client is, which seats it
 * plays, the pieces on the board. Kept apart from the DOM so the panel and board read the same
 * facts.
 */
import type { Piece, TrackedPiece } from "../../../shared/games/types";
import type { TableView } from "../../../shared/protocol/views";
import { pieceFromView } from "../../../shared/protocol/wire";
import type { TableFacts } from "../board/state";
import type { GameMirror } from "./mirror";

export interface Me {
  readonly player: string | null;
  readonly seats: readonly number[];
  readonly host: boolean;
  readonly spectator: boolean;
}

export function meIn(s: TableView, player: string | null): Me {
  const seats: number[] = [];
  Array.from(s.seats).forEach((seat, i) => {
    if (player && seat.kind === "human" && seat.player === player) seats.push(i);
  });
  return {
    player,
    seats,
    host: player !== null && s.host === player,
    spectator: seats.length === 0,
  };
}

/** The pieces on the board, by their ids in the state. */
export function piecesOf(s: TableView): TrackedPiece[] {
  const out: TrackedPiece[] = [];
  s.pieces.forEach((p, key) => {
    out.push(pieceFromView(s.game, key, p));
  });
  return out;
}

export function tableFacts(
  s: TableView,
  me: Me,
  pieces: readonly Piece[],
  game: GameMirror,
): TableFacts {
  return {
    playing: s.phase === "playing",
    turn: s.turn,
    mySeats: me.seats,
    legalMoves: () => game.legalMoves(),
    pieces,
    showLegal: s.rules.showLegalMoves,
    premoves: premovesOpen(s, me),
  };
}

/**
 * Whether this player may queue a premove: a game is played, another seat is to move, and
 * their one seat is still in it (not on one device, where every turn is theirs).
 */
export function premovesOpen(s: Pick<TableView, "phase" | "mode" | "turn" | "seats">, me: Me) {
  const [seat, more] = me.seats;
  return (
    s.phase === "playing" &&
    s.mode !== "hotseat" &&
    seat !== undefined &&
    more === undefined &&
    s.turn !== seat &&
    !s.seats[seat]?.out
  );
}

/** Squares of the kings or generals in check. */
export function checkSquares(pieces: readonly Piece[], checks: readonly number[]): string[] {
  return pieces.filter((p) => p.kind === "K" && checks.includes(p.seat)).map((p) => p.square);
}

export function seatName(s: Pick<TableView, "seats">, seat: number): string {
  return s.seats[seat]?.name || "";
}
