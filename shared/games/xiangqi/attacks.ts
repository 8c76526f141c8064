/**
 * Attack detection, looking outward from the attacked point: along the four lines for a chariot
 * (or, along the file, the other general: "flying general") as the first piece met and a cannon
 * as the second, at the four diagonal neighbours for the legs of attacking horses, and at the
 * three neighbours an enemy soldier can strike from. Advisors and elephants never leave their
 * own half, so they can never reach the enemy general.
 */
import * as B from "./board";

// Hot code reads module-local copies of the board constants: under vitest's module transform
// every use of an imported binding is a property read on the module object, several times
// slower in these loops (bundlers and Node's own ESM loader do not care either way).
const {
  CANNON,
  CELLS,
  CHARIOT,
  DIAG,
  EMPTY,
  FORWARD,
  fileOf,
  HOME,
  HORSE,
  KING,
  N,
  OFF,
  ORTHO,
  pieceCode,
  SOLDIER,
} = B;

/**
 * Whether the piece of `side` standing on `sq` (its general, in practice) could be captured by
 * the other side, counting the other general across an open file. Pure board scan, no state.
 */
export function attackedBy(board: Uint8Array, sq: number, side: number): boolean {
  const e = side ^ 1;
  const bit = 8 << e;
  const chariot = bit | CHARIOT;
  const cannon = bit | CANNON;
  const horse = bit | HORSE;
  const soldier = bit | SOLDIER;
  const king = bit | KING;

  // Enemy soldiers strike forward (toward `side`) and, once across the river, sideways.
  if (board[sq - FORWARD[e]!] === soldier) return true;
  if (HOME[side * CELLS + sq] && (board[sq - 1] === soldier || board[sq + 1] === soldier))
    return true;

  for (let i = 0; i < 4; i++) {
    const d = DIAG[i]!;
    if (board[sq + d] !== EMPTY) continue;
    const leg = sq + d;
    if (board[leg + (d > 0 ? N : -N)] === horse) return true;
    if (board[leg + (d - (d > 0 ? N : -N))] === horse) return true;
  }

  for (let i = 0; i < 4; i++) {
    const d = ORTHO[i]!;
    let t = sq + d;
    let p = board[t]!;
    while (p === EMPTY) {
      t += d;
      p = board[t]!;
    }
    if (p === chariot || (p === king && (d === N || d === -N))) return true;
    if (p === OFF) continue;
    t += d;
    p = board[t]!;
    while (p === EMPTY) {
      t += d;
      p = board[t]!;
    }
    if (p === cannon) return true;
  }
  return false;
}

/** Do the two generals stand on one file with nothing between them? */
export function generalsFace(board: Uint8Array, redKing: number, blackKing: number): boolean {
  if (fileOf(redKing) !== fileOf(blackKing)) return false;
  for (let t = redKing + N; t < blackKing; t += N) if (board[t] !== EMPTY) return false;
  return true;
}

/** A piece giving check, and for a cannon the screen it jumps. */
export interface Checker {
  readonly from: number;
  readonly kind: number;
  /** The cannon's screen, or -1. */
  readonly screen: number;
}

/**
 * Every enemy piece attacking the general of `side` on `sq` (the facing general excluded: that
 * is a rule on the mover, never a check). Slower than `attackedBy`; for notation and mate names.
 */
export function checkersOf(board: Uint8Array, sq: number, side: number): Checker[] {
  const e = side ^ 1;
  const out: Checker[] = [];
  const at = (t: number, kind: number): boolean => board[t] === pieceCode(e, kind);
  for (const t of [sq - FORWARD[e]!, sq - 1, sq + 1]) {
    if (at(t, SOLDIER) && (t === sq - FORWARD[e]! || HOME[side * CELLS + sq]))
      out.push({ from: t, kind: SOLDIER, screen: -1 });
  }
  for (const d of DIAG) {
    if (board[sq + d] !== EMPTY) continue;
    const v = d > 0 ? N : -N;
    for (const t of [sq + d + v, sq + d + (d - v)])
      if (at(t, HORSE)) out.push({ from: t, kind: HORSE, screen: -1 });
  }
  for (const d of ORTHO) {
    let t = sq + d;
    while (board[t] === EMPTY) t += d;
    const first = board[t]!;
    if (first === OFF) continue;
    if (first === pieceCode(e, CHARIOT)) out.push({ from: t, kind: CHARIOT, screen: -1 });
    const screen = t;
    t += d;
    while (board[t] === EMPTY) t += d;
    if (board[t] === pieceCode(e, CANNON)) out.push({ from: t, kind: CANNON, screen });
  }
  return out;
}
