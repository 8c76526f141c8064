/**
 * Whether a side could capture on a point: the cheap half of a static exchange, used by
 * quiescence search to skip captures into a defended point with a piece worth more than the
 * victim, and by move ordering to put those captures after the even ones. Unlike the rules'
 * `attackedBy` (which asks about a general), it counts every kind: advisors, elephants and the
 * general as defenders on their own points, and the general never "flies" here.
 * Pins are ignored, as a quick estimate can afford.
 */
import * as B from "../../games/xiangqi/board";

// Local copies of the board constants: see shared/games/xiangqi/attacks.ts.
const {
  ADVISOR,
  CANNON,
  CELLS,
  CHARIOT,
  DIAG,
  ELEPHANT,
  EMPTY,
  FORWARD,
  HOME,
  HORSE,
  KING,
  N,
  OFF,
  ORTHO,
  PALACE,
  SOLDIER,
} = B;

/** Could a piece of side `by` move onto `sq` (occupied by the other side or empty)? */
export function defendedBy(board: Uint8Array, sq: number, by: number): boolean {
  const bit = 8 << by;
  const soldier = bit | SOLDIER;
  // A soldier steps forward onto sq, or sideways once it stands across the river.
  if (board[sq - FORWARD[by]!] === soldier) return true;
  if (!HOME[by * CELLS + sq] && (board[sq - 1] === soldier || board[sq + 1] === soldier))
    return true;

  const horse = bit | HORSE;
  for (let i = 0; i < 4; i++) {
    const d = DIAG[i]!;
    if (board[sq + d] !== EMPTY) continue;
    const leg = sq + d;
    if (board[leg + (d > 0 ? N : -N)] === horse) return true;
    if (board[leg + (d - (d > 0 ? N : -N))] === horse) return true;
  }

  const chariot = bit | CHARIOT;
  const cannon = bit | CANNON;
  for (let i = 0; i < 4; i++) {
    const d = ORTHO[i]!;
    let t = sq + d;
    let p = board[t]!;
    while (p === EMPTY) {
      t += d;
      p = board[t]!;
    }
    if (p === chariot) return true;
    if (p === OFF) continue;
    t += d;
    p = board[t]!;
    while (p === EMPTY) {
      t += d;
      p = board[t]!;
    }
    if (p === cannon) return true;
  }

  if (PALACE[by * CELLS + sq]) {
    const king = bit | KING;
    const advisor = bit | ADVISOR;
    for (let i = 0; i < 4; i++) {
      if (board[sq + ORTHO[i]!] === king) return true;
      if (board[sq + DIAG[i]!] === advisor) return true;
    }
  }
  if (HOME[by * CELLS + sq]) {
    const elephant = bit | ELEPHANT;
    for (let i = 0; i < 4; i++) {
      const d = DIAG[i]!;
      if (board[sq + 2 * d] === elephant && board[sq + d] === EMPTY) return true;
    }
  }
  return false;
}
