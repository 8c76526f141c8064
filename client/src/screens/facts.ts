/**
 * Plain facts read from the synchronised table state: who this client is, which seats it
 * plays, whose turn it is. Kept apart from the DOM so the panel and board read the same facts.
 */
import type { PieceView, TableView } from "../../../shared/protocol/views";
import type { TableFacts } from "../board/ui";

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

export function piecesOf(s: TableView): PieceView[] {
  const out: PieceView[] = [];
  s.pieces.forEach((p) => {
    out.push({ id: p.id, square: p.square, kind: p.kind, color: p.color });
  });
  return out;
}

export function tableFacts(s: TableView, me: Me): TableFacts {
  return {
    playing: s.phase === "playing",
    turn: s.turn,
    mySeats: me.seats,
    legalMoves: Array.from(s.legalMoves),
    pieces: piecesOf(s),
    showLegal: s.rules.showLegalMoves,
  };
}

/** Squares of the kings or generals in check. */
export function checkSquares(s: TableView): string[] {
  const checks = Array.from(s.checks);
  return piecesOf(s)
    .filter((p) => p.kind === "K" && checks.includes(p.color))
    .map((p) => p.square);
}

export function lastMoveOf(s: TableView): { from: string; to: string } | null {
  for (let i = s.moves.length - 1; i >= 0; i--) {
    const m = s.moves[i]!;
    if (m.from) return { from: m.from, to: m.to };
  }
  return null;
}

export function seatName(s: TableView, seat: number): string {
  return s.seats[seat]?.name || "";
}
