/**
 * The move list as rows for display: one numbered row per round, one cell per seat in turn
 * order (four for four-player chess, two for xiangqi), starting at the seat that moved first.
 * Moves by a CPU stand-in are flagged so the list shows who really played them.
 */
export interface MoveLike {
  readonly seat: number;
  readonly notation: string;
  readonly by: string;
}

export interface MoveCell {
  readonly seat: number;
  readonly text: string;
  readonly standIn: boolean;
  /** Index in the full move list (for review). */
  readonly index: number;
}

export interface MoveRow {
  readonly number: number;
  /** Cells by seat, in seat order; null where that seat did not move in this round. */
  readonly cells: readonly (MoveCell | null)[];
}

export function moveRows(moves: readonly MoveLike[], seats: number): MoveRow[] {
  const rows: MoveRow[] = [];
  if (moves.length === 0) return rows;
  const first = moves[0]!.seat;
  // A new round starts when the turn order wraps past the seat that moved first.
  const order = (seat: number) => (seat - first + seats) % seats;
  let cells: (MoveCell | null)[] = new Array(seats).fill(null);
  let last = -1;
  moves.forEach((m, index) => {
    const o = order(m.seat);
    if (o <= last) {
      rows.push({ number: rows.length + 1, cells });
      cells = new Array(seats).fill(null);
    }
    cells[m.seat] = { seat: m.seat, text: m.notation, standIn: m.by === "stand-in", index };
    last = o;
  });
  rows.push({ number: rows.length + 1, cells });
  return rows;
}

/** Seat columns in the order players move, starting at the first mover. */
export function seatColumns(moves: readonly MoveLike[], seats: number): number[] {
  const first = moves[0]?.seat ?? 0;
  return Array.from({ length: seats }, (_, i) => (first + i) % seats);
}
