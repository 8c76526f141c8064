/**
 * Static evaluation in centipawns from the side to move. One pass over the piece lists sums
 * material and square bonuses (pst.ts) and counts what the rest needs; then:
 * - game phase from the chariots, horses and cannons left: horses and crossed soldiers gain in
 *   the endgame, cannons (which need screens) lose;
 * - mobility of chariots (points reachable along their lines) and horses (unblocked jumps,
 *   with a heavy penalty for a horse with one or no exit);
 * - general safety: missing advisors and elephants cost in proportion to the enemy's attackers,
 *   and a cannon on the enemy general's file with nothing between ("hollow cannon") or with two
 *   pieces between (pressure on the central file) earns a bonus;
 * - a side with nothing left that can cross the river cannot win: its advantage is scaled down.
 */
import * as B from "../../games/xiangqi/board";
import type { Position } from "../../games/xiangqi/position";
import * as S from "./pst";

// Local copies of the board constants: see shared/games/xiangqi/attacks.ts.
const { ADVISOR, CANNON, CELLS, CHARIOT, ELEPHANT, EMPTY, HOME, HORSE, N, OFF, SOLDIER } = B;
const { PST } = S;

/** Phase weight of a chariot, horse and cannon; 48 with every one of them on the board. */
const PHASE_FULL = 48;
/** Horse mobility by number of unblocked jumps to a point not held by its own side. */
const HORSE_MOBILITY = [-40, -16, -6, 0, 4, 8, 10, 12, 14];
const CHARIOT_MOBILITY = 2;
const HOLLOW_CANNON = 70;
const CENTRAL_PRESSURE = 12;
const MISSING_ADVISOR = 40;
const MISSING_ELEPHANT = 30;
/** Attack weight that makes the missing-defender penalties apply in full. */
const ATTACK_FULL = 14;
const ENDGAME_HORSE = 30;
const ENDGAME_CANNON = 40;
const ENDGAME_SOLDIER = 30;
const TEMPO = 10;

// Per-side scratch counters, reused by every call.
const material = new Int32Array(2);
const mobility = new Int32Array(2);
const advisors = new Int32Array(2);
const elephants = new Int32Array(2);
const horses = new Int32Array(2);
const cannons = new Int32Array(2);
const crossed = new Int32Array(2);
const attack = new Int32Array(2);
const cannonFile = new Int32Array(2);

/** The evaluation of `pos` from the side to move, in centipawns. */
export function evaluate(pos: Position): number {
  const board = pos.board;
  const plist = pos.plist;
  let phase = 0;
  for (let side = 0; side < 2; side++) {
    let mat = 0;
    let mob = 0;
    let adv = 0;
    let ele = 0;
    let hor = 0;
    let can = 0;
    let cro = 0;
    let att = 0;
    let file = 0;
    const end = side * 16 + 16;
    const enemyKing = plist[(side ^ 1) * 16]!;
    for (let i = side * 16; i < end; i++) {
      const s = plist[i]!;
      if (s === 0) continue;
      const code = board[s]!;
      mat += PST[code * CELLS + s]!;
      switch (code & 7) {
        case ADVISOR:
          adv++;
          break;
        case ELEPHANT:
          ele++;
          break;
        case HORSE:
          hor++;
          att += 2;
          phase += 3;
          mob += HORSE_MOBILITY[horseMoves(board, s, side)]!;
          break;
        case CHARIOT:
          att += 3;
          phase += 6;
          mob += CHARIOT_MOBILITY * lineMoves(board, s);
          break;
        case CANNON:
          can++;
          att += 2;
          phase += 3;
          if ((s & 15) === (enemyKing & 15)) file += fileBonus(board, s, enemyKing);
          break;
        case SOLDIER:
          if (!HOME[side * CELLS + s]) {
            cro++;
            att += 1;
          }
          break;
      }
    }
    material[side] = mat;
    mobility[side] = mob;
    advisors[side] = adv;
    elephants[side] = ele;
    horses[side] = hor;
    cannons[side] = can;
    crossed[side] = cro;
    attack[side] = att;
    cannonFile[side] = file;
  }
  const mid = Math.min(phase, PHASE_FULL);
  const end = PHASE_FULL - mid;
  const red = sideScore(0, mid, end);
  const black = sideScore(1, mid, end);
  let score = red - black;
  // A side that has nothing able to reach the enemy general cannot win.
  if (score > 0 && noAttackers(board, plist, 0)) score >>= 3;
  else if (score < 0 && noAttackers(board, plist, 1)) score = -(-score >> 3);
  return (pos.turn === 0 ? score : -score) + TEMPO;
}

function sideScore(side: number, mid: number, end: number): number {
  const enemy = side ^ 1;
  const att = Math.min(attack[enemy]!, ATTACK_FULL);
  const missing =
    (2 - advisors[side]!) * MISSING_ADVISOR + (2 - elephants[side]!) * MISSING_ELEPHANT;
  return (
    (material[side]! +
      mobility[side]! +
      (cannonFile[side]! * mid) / PHASE_FULL +
      ((horses[side]! * ENDGAME_HORSE - cannons[side]! * ENDGAME_CANNON) * end) / PHASE_FULL +
      (crossed[side]! * ENDGAME_SOLDIER * end) / PHASE_FULL -
      (missing * att) / ATTACK_FULL) |
    0
  );
}

/** Jumps of the horse on `s` whose leg is free and whose target is not its own side's piece. */
function horseMoves(board: Uint8Array, s: number, side: number): number {
  const own = 8 << side;
  let n = 0;
  if (board[s + N] === EMPTY)
    n += open(board[s + 2 * N + 1]!, own) + open(board[s + 2 * N - 1]!, own);
  if (board[s - N] === EMPTY)
    n += open(board[s - 2 * N + 1]!, own) + open(board[s - 2 * N - 1]!, own);
  if (board[s + 1] === EMPTY) n += open(board[s + 2 + N]!, own) + open(board[s + 2 - N]!, own);
  if (board[s - 1] === EMPTY) n += open(board[s - 2 + N]!, own) + open(board[s - 2 - N]!, own);
  return n;
}

const open = (code: number, own: number): number => (code === OFF || code & own ? 0 : 1);

/** Empty points along the four lines from `s`, plus the first piece on each (a target). */
function lineMoves(board: Uint8Array, s: number): number {
  let n = 0;
  for (let d = s + N; board[d] !== OFF; d += N) {
    n++;
    if (board[d] !== EMPTY) break;
  }
  for (let d = s - N; board[d] !== OFF; d -= N) {
    n++;
    if (board[d] !== EMPTY) break;
  }
  for (let d = s + 1; board[d] !== OFF; d++) {
    n++;
    if (board[d] !== EMPTY) break;
  }
  for (let d = s - 1; board[d] !== OFF; d--) {
    n++;
    if (board[d] !== EMPTY) break;
  }
  return n;
}

/** A cannon on the enemy general's file: hollow (nothing between) or pressing (two between). */
function fileBonus(board: Uint8Array, s: number, king: number): number {
  const d = king > s ? N : -N;
  let between = 0;
  for (let t = s + d; t !== king; t += d) if (board[t] !== EMPTY) between++;
  return between === 0 ? HOLLOW_CANNON : between === 2 ? CENTRAL_PRESSURE : 0;
}

/** No chariot, horse, cannon or soldier left: only general, advisors and elephants. */
function noAttackers(board: Uint8Array, plist: Uint8Array, side: number): boolean {
  const end = side * 16 + 16;
  for (let i = side * 16 + 1; i < end; i++) {
    const s = plist[i]!;
    if (s === 0) continue;
    const kind = board[s]! & 7;
    if (kind !== ADVISOR && kind !== ELEPHANT) return false;
  }
  return true;
}
