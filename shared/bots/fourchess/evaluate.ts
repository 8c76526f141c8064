/**
 * Static evaluation: what each seat's army is worth in centipawns. One pass over the board adds
 * material, piece-square bonuses in the seat's own frame, mobility (squares a knight or slider
 * reaches, empty or holding a live enemy) and attacks on the squares around each enemy king;
 * then king safety turns those attacks into a growing penalty, eased by a pawn shield.
 * Teams adds the two partners; Individual keeps one figure per seat for the points search.
 */
import * as board from "../../games/fourchess/board";
import type { Format, Position } from "../../games/fourchess/position";
import * as tables from "./tables";

const {
  BISHOP,
  CELLS,
  DIAG,
  GREY,
  IS_SQUARE,
  KING,
  KING_STEPS,
  KNIGHT,
  KNIGHT_STEPS,
  ORTHO,
  PAWN,
  PAWN_FORWARD,
  PAWN_SIDE,
  ROOK,
  SQUARES,
} = board;
const { CAPTURES, PST, VALUE } = tables;

/** Centipawns per reachable square, by kind. */
const MOBILITY = Int32Array.from([0, 0, 4, 3, 2, 1, 0, 0]);
/** Attack units per king-zone square a piece of this kind reaches. */
const ATTACK = Int32Array.from([0, 0, 1, 1, 2, 3, 0, 0]);
/** King-safety penalty by attack units: grows with the square, then levels off. */
const SAFETY = Int32Array.from({ length: 64 }, (_, u) => Math.min(700, u * u * 4));
const SHIELD = 12;

/** Bit masks of the colours each colour fights: the other team, or everyone else. */
const ENEMIES: Readonly<Record<Format, Int32Array>> = {
  teams: Int32Array.from([0b1010, 0b0101, 0b1010, 0b0101]),
  individual: Int32Array.from([0b1110, 0b1101, 0b1011, 0b0111]),
};

/** zone[cell]: bit per colour whose king stands on or next to the cell. Cleared after use. */
const zone = new Uint8Array(CELLS);
/** att[cell]: bit per colour attacking the cell; patt[cell]: the same for pawns only. */
const att = new Uint8Array(CELLS);
const patt = new Uint8Array(CELLS);
const units = new Int32Array(4);
const threat = new Int32Array(4);
const worst = new Int32Array(4);

/** Evaluation switches a level may set. */
export interface EvalTerms {
  /** Share (in 16ths) of the value of hanging pieces taken off; 0 leaves threats to search. */
  readonly threats: number;
}

/**
 * Writes each seat's worth into `out[0..3]` (0 for a seat without live pieces). Grey pieces
 * count for nobody; they only block.
 */
export function evaluateSeats(
  pos: Position,
  format: Format,
  out: Int32Array,
  terms: EvalTerms,
): void {
  const b = pos.board;
  const pst = PST[format];
  const capt = CAPTURES[format].live;
  const enemies = ENEMIES[format];
  const kings = pos.kingSq;
  const threats = terms.threats;
  if (threats) {
    att.fill(0);
    patt.fill(0);
  }
  for (let c = 0; c < 4; c++) {
    out[c] = 0;
    units[c] = 0;
    const k = kings[c]!;
    if (k < 0) continue;
    zone[k]! |= 1 << c;
    for (let j = 0; j < 8; j++) {
      const t = k + KING_STEPS[j]!;
      if (IS_SQUARE[t]) zone[t]! |= 1 << c;
      att[t]! |= 1 << c;
    }
  }
  for (let i = 0; i < 160; i++) {
    const s = SQUARES[i]!;
    const p = b[s]!;
    if (p === 0) continue;
    const c = (p >> 3) & 7;
    if (c === GREY) continue;
    const kind = p & 7;
    const bit = 1 << c;
    let worth = VALUE[kind]! + pst[(c * 8 + kind) * CELLS + s]!;
    if (kind === PAWN) {
      if (threats) {
        const t = s + PAWN_FORWARD[c]!;
        const side = PAWN_SIDE[c]!;
        patt[t + side]! |= bit;
        patt[t - side]! |= bit;
        att[t + side]! |= bit;
        att[t - side]! |= bit;
      }
      out[c]! += worth;
      continue;
    }
    if (kind === KING) {
      out[c]! += worth;
      continue;
    }
    const co = c * 256;
    const foes = enemies[c]!;
    let mob = 0;
    if (kind === KNIGHT) {
      for (let j = 0; j < 8; j++) {
        const t = s + KNIGHT_STEPS[j]!;
        const q = b[t]!;
        if (q === 0 || capt[co + q]) mob++;
        att[t]! |= bit;
        const z = zone[t]! & foes;
        if (z) addAttack(z, 1);
      }
    } else {
      if (kind !== BISHOP) mob += ray(b, s, ORTHO, kind, co, capt, foes, bit);
      if (kind !== ROOK) mob += ray(b, s, DIAG, kind, co, capt, foes, bit);
    }
    worth += mob * MOBILITY[kind]!;
    out[c]! += worth;
  }
  for (let c = 0; c < 4; c++) {
    const k = kings[c]!;
    if (k < 0) continue;
    zone[k] = 0;
    for (let j = 0; j < 8; j++) zone[k + KING_STEPS[j]!] = 0;
    const u = units[c]!;
    out[c]! -= SAFETY[Math.min(u, 63)]! - shield(b, c, k);
  }
  if (threats) hanging(pos, enemies, out, threats);
}

/** Walks a slider's four rays: counts mobility, marks attacks and king-zone hits. */
function ray(
  b: Uint8Array,
  s: number,
  dirs: readonly number[],
  kind: number,
  co: number,
  capt: Uint8Array,
  foes: number,
  bit: number,
): number {
  let mob = 0;
  for (let j = 0; j < 4; j++) {
    const d = dirs[j]!;
    let t = s + d;
    let q = b[t]!;
    while (true) {
      att[t]! |= bit;
      const z = zone[t]! & foes;
      if (z) addAttack(z, ATTACK[kind]!);
      if (q !== 0) break;
      mob++;
      t += d;
      q = b[t]!;
    }
    if (capt[co + q]) mob++;
  }
  return mob;
}

/**
 * Pieces an opponent can win: attacked and undefended, or attacked by a pawn. The player to
 * move can save one of them (the most valuable); the others' losses count in full share.
 */
function hanging(pos: Position, enemies: Int32Array, out: Int32Array, share: number): void {
  const b = pos.board;
  threat.fill(0);
  worst.fill(0);
  for (let i = 0; i < 160; i++) {
    const s = SQUARES[i]!;
    const p = b[s]!;
    if (p === 0) continue;
    const c = (p >> 3) & 7;
    const kind = p & 7;
    if (c === GREY || kind === KING) continue;
    const foes = enemies[c]!;
    if (!(att[s]! & foes)) continue;
    let loss = 0;
    if (kind !== PAWN && patt[s]! & foes) loss = VALUE[kind]! - VALUE[PAWN]!;
    else if (!((att[s]! >> c) & 1)) loss = VALUE[kind]!;
    threat[c]! += loss;
    if (loss > worst[c]!) worst[c] = loss;
  }
  const mover = pos.turn;
  for (let c = 0; c < 4; c++) {
    const lost = c === mover ? threat[c]! - worst[c]! : threat[c]!;
    out[c]! -= (lost * share) >> 4;
  }
}

/** The king-safety penalty of `color` in the last evaluation (before the pawn shield). */
export function kingDanger(color: number): number {
  return SAFETY[Math.min(units[color]!, 63)]!;
}

/** Adds attack units to every king whose zone holds the square. */
function addAttack(z: number, weight: number): void {
  for (let c = 0; c < 4; c++) if ((z >> c) & 1) units[c]! += weight;
}

/** Own pawns on the three squares in front of a king still near its back line. */
function shield(b: Uint8Array, c: number, k: number): number {
  const fwd = PAWN_FORWARD[c]!;
  const side = PAWN_SIDE[c]!;
  const pawn = (c << 3) | PAWN;
  let n = 0;
  const front = k + fwd;
  if (b[front] === pawn) n++;
  if (b[front + side] === pawn) n++;
  if (b[front - side] === pawn) n++;
  return n * SHIELD;
}

const seats = new Int32Array(4);

/** Teams: the mover's team minus the other team. */
export function evaluateTeams(pos: Position, terms: EvalTerms): number {
  evaluateSeats(pos, "teams", seats, terms);
  const red = seats[0]! + seats[2]!;
  const blue = seats[1]! + seats[3]!;
  return pos.turn & 1 ? blue - red : red - blue;
}
