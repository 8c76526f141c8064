/**
 * A mutable four-player position with make/unmake, for move generation, perft and search.
 * Moves are packed integers (see `encodeMove`); generation is pseudo-legal into an Int32Array,
 * and legality is checked by making the move and asking whether the mover's king is attacked.
 * Game flow (turn judgement, scores, eliminations, draws) lives in `game.ts`, not here.
 */
import * as board from "./board";

import { type CastleLine, castleLine, KING_HOMES, LONG, SHORT } from "./castling";
import * as zobrist from "./zobrist";

// Module-local copies of imported constants: under vitest's module transform every use of an
// imported binding is a property read, which made the hot loops several times slower.
const {
  BISHOP,
  CELLS,
  colorOf,
  DIAG,
  EMPTY,
  GREY,
  IS_SQUARE,
  KING,
  KING_STEPS,
  KNIGHT,
  KNIGHT_STEPS,
  kindOf,
  OFF,
  ORTHO,
  onPawnStart,
  PAWN,
  PAWN_FORWARD,
  PAWN_SIDE,
  PROMOTED,
  pawnLine,
  QUEEN,
  ROOK,
  SQUARES,
} = board;
const { CASTLE_HI, CASTLE_LO, EP_HI, EP_LO, PIECE_HI, PIECE_LO, TURN_HI, TURN_LO } = zobrist;

export type Format = "teams" | "individual";

export const NORMAL = 0;
export const DOUBLE = 1;
export const EN_PASSANT = 2;
export const CASTLE_SHORT = 3;
export const CASTLE_LONG = 4;

/** from | to << 9 | promotion kind << 18 | flag << 21 | en-passant victim colour << 24 */
export const encodeMove = (from: number, to: number, promo = 0, flag = 0, victim = 0): number =>
  from | (to << 9) | (promo << 18) | (flag << 21) | (victim << 24);
export const moveFrom = (m: number): number => m & 511;
export const moveTo = (m: number): number => (m >> 9) & 511;
export const movePromo = (m: number): number => (m >> 18) & 7;
export const moveFlag = (m: number): number => (m >> 21) & 7;
export const moveVictim = (m: number): number => (m >> 24) & 3;

/** ALIGNED[a * CELLS + b] = 1 when cells a and b share a file, rank or diagonal. */
const ALIGNED: Uint8Array = (() => {
  const t = new Uint8Array(CELLS * CELLS);
  for (const a of SQUARES)
    for (const b of SQUARES) {
      const df = (b & 15) - (a & 15);
      const dr = (b >> 4) - (a >> 4);
      if (a !== b && (df === 0 || dr === 0 || Math.abs(df) === Math.abs(dr))) t[a * CELLS + b] = 1;
    }
  return t;
})();

/** Enough room for every pseudo-legal move of one position. */
export const MAX_MOVES = 512;
const MAX_PLY = 256;

const TEAM_PROMOTION_LINE = 10;
const INDIVIDUAL_PROMOTION_LINE = 7;
const TEAM_PROMOTIONS = [QUEEN, ROOK, BISHOP, KNIGHT] as const;

/** Rules that depend only on the format, shared by every position of that format. */
interface FormatTables {
  /** capturable[mover * 256 + code] = 1 when `mover` may capture that piece. */
  readonly capturable: Uint8Array;
  /** Bit mask of the colours whose pieces can check `color`. */
  readonly attackers: readonly number[];
  /** promotes[color * CELLS + cell] = 1 when a pawn of `color` promotes on arriving there. */
  readonly promotes: Uint8Array;
  readonly promotions: readonly number[];
}

function buildTables(format: Format): FormatTables {
  const capturable = new Uint8Array(4 * 256);
  const attackers: number[] = [];
  const promotes = new Uint8Array(4 * CELLS);
  const line = format === "teams" ? TEAM_PROMOTION_LINE : INDIVIDUAL_PROMOTION_LINE;
  for (let mover = 0; mover < 4; mover++) {
    const enemies = format === "teams" ? 0b1010 >> (mover & 1) : 0b1111 & ~(1 << mover);
    attackers.push(enemies);
    for (let color = 0; color <= GREY; color++) {
      const enemy = color === GREY ? format === "individual" : ((enemies >> color) & 1) === 1;
      if (!enemy) continue;
      for (let kind = PAWN; kind <= KING; kind++) {
        capturable[mover * 256 + ((color << 3) | kind)] = 1;
        capturable[mover * 256 + ((color << 3) | kind | PROMOTED)] = 1;
      }
    }
    for (const s of SQUARES) if (pawnLine(mover, s) === line) promotes[mover * CELLS + s] = 1;
  }
  return {
    capturable,
    attackers,
    promotes,
    promotions: format === "teams" ? TEAM_PROMOTIONS : [QUEEN],
  };
}

const TABLES: Record<Format, FormatTables> = {
  teams: buildTables("teams"),
  individual: buildTables("individual"),
};

/** An unvalidated description of a position, as FEN4 carries it. */
export interface Setup {
  /** Piece code per cell (0 = empty); only the 160 squares are read. */
  readonly board: Uint8Array;
  readonly turn: number;
  /** Bit per colour still in the game. */
  readonly live: number;
  /** Bit `color * 2 + side` (side 0 short/kingside, 1 long/queenside). */
  readonly castling: number;
  /** En-passant target (skipped cell) and double-stepped pawn cell per colour, -1 if none. */
  readonly epTarget: readonly number[];
  readonly epPawn: readonly number[];
  readonly halfmove: number;
}

export class Position {
  readonly format: Format;
  readonly board = new Uint8Array(CELLS);
  readonly kingSq = new Int16Array(4).fill(-1);
  readonly epTarget = new Int16Array(4).fill(-1);
  readonly epPawn = new Int16Array(4).fill(-1);
  /** Castling lines per `color * 2 + side`, fixed by where each king started. */
  castleLines: (CastleLine | null)[] = [null, null, null, null, null, null, null, null];
  /** castleKeep[cell] masks the castling bits a move from or to that cell leaves intact. */
  castleKeep = new Uint8Array(CELLS).fill(255);
  turn = 0;
  live = 0b1111;
  castling = 0;
  halfmove = 0;
  hashLo = 0;
  hashHi = 0;
  private epCount = 0;
  private readonly t: FormatTables;

  // Undo stack, one entry per made move.
  private sp = 0;
  private readonly uMove = new Int32Array(MAX_PLY);
  private readonly uCaptured = new Uint8Array(MAX_PLY);
  private readonly uCapSq = new Int16Array(MAX_PLY);
  private readonly uCastling = new Uint8Array(MAX_PLY);
  private readonly uHalfmove = new Int32Array(MAX_PLY);
  private readonly uTurn = new Uint8Array(MAX_PLY);
  private readonly uEpTarget = new Int16Array(MAX_PLY);
  private readonly uEpPawn = new Int16Array(MAX_PLY);
  private readonly uHashLo = new Int32Array(MAX_PLY);
  private readonly uHashHi = new Int32Array(MAX_PLY);

  /** Scratch space for perft and legality helpers, MAX_MOVES per ply. */
  private readonly scratch = new Int32Array(MAX_MOVES * 64);

  private constructor(format: Format) {
    this.format = format;
    this.t = TABLES[format];
  }

  /** Builds a position from a setup already checked by its parser. */
  static fromSetup(setup: Setup, format: Format): Position {
    const p = new Position(format);
    for (const s of SQUARES) {
      const code = setup.board[s] ?? 0;
      p.board[s] = code;
      if (code !== EMPTY && kindOf(code) === KING && colorOf(code) < GREY)
        p.kingSq[colorOf(code)] = s;
    }
    for (let i = 0; i < CELLS; i++) if (!IS_SQUARE[i]) p.board[i] = OFF;
    p.turn = setup.turn;
    p.live = setup.live;
    p.castling = setup.castling;
    p.halfmove = setup.halfmove;
    for (let c = 0; c < 4; c++) {
      p.epTarget[c] = setup.epTarget[c] ?? -1;
      p.epPawn[c] = setup.epPawn[c] ?? -1;
      if (p.epTarget[c]! >= 0) p.epCount++;
    }
    p.setupCastling();
    p.rehash();
    return p;
  }

  /** A copy with the same state and an empty undo stack. */
  clone(): Position {
    const p = new Position(this.format);
    p.board.set(this.board);
    p.kingSq.set(this.kingSq);
    p.epTarget.set(this.epTarget);
    p.epPawn.set(this.epPawn);
    p.castleLines = this.castleLines;
    p.castleKeep = this.castleKeep;
    p.turn = this.turn;
    p.live = this.live;
    p.castling = this.castling;
    p.halfmove = this.halfmove;
    p.hashLo = this.hashLo;
    p.hashHi = this.hashHi;
    p.epCount = this.epCount;
    return p;
  }

  private setupCastling(): void {
    const keep = new Uint8Array(CELLS).fill(255);
    for (let c = 0; c < 4; c++) {
      const homes = KING_HOMES[c]!;
      const k = this.kingSq[c]!;
      const home = homes.includes(k) ? k : homes[0]!;
      for (const side of [SHORT, LONG]) {
        const line = castleLine(c, home, side);
        this.castleLines[c * 2 + side] = line;
        if (line) keep[line.rookFrom] = keep[line.rookFrom]! & ~(1 << (c * 2 + side));
      }
      keep[home] = keep[home]! & ~(3 << (c * 2));
    }
    this.castleKeep = keep;
  }

  /** Recomputes the Zobrist hash from scratch. */
  rehash(): void {
    let lo = TURN_LO[this.turn]!;
    let hi = TURN_HI[this.turn]!;
    for (const s of SQUARES) {
      const code = this.board[s]!;
      if (code === EMPTY) continue;
      lo ^= PIECE_LO[(code & 63) * CELLS + s]!;
      hi ^= PIECE_HI[(code & 63) * CELLS + s]!;
    }
    for (let bit = 0; bit < 8; bit++) {
      if ((this.castling >> bit) & 1) {
        lo ^= CASTLE_LO[bit]!;
        hi ^= CASTLE_HI[bit]!;
      }
    }
    for (let c = 0; c < 4; c++) {
      const e = this.epTarget[c]!;
      if (e >= 0) {
        lo ^= EP_LO[e]!;
        hi ^= EP_HI[e]!;
      }
    }
    this.hashLo = lo;
    this.hashHi = hi;
  }

  /** A string key for repetition: placement, player to move, castling and en passant. */
  hashKey(): string {
    return `${(this.hashHi >>> 0).toString(36)}.${(this.hashLo >>> 0).toString(36)}`;
  }

  /** The next colour still in, clockwise after `color`. */
  nextLive(color: number): number {
    for (let i = 1; i <= 4; i++) {
      const c = (color + i) & 3;
      if ((this.live >> c) & 1) return c;
    }
    return color;
  }

  isLive(color: number): boolean {
    return ((this.live >> color) & 1) === 1;
  }

  /** Is `sq` attacked by a piece of a colour in `mask` (bit per colour)? Grey pieces never attack. */
  isAttacked(sq: number, mask: number): boolean {
    const b = this.board;
    for (let i = 0; i < 8; i++) {
      const p = b[sq + KNIGHT_STEPS[i]!]!;
      if ((p & 7) === KNIGHT && (mask >> ((p >> 3) & 7)) & 1) return true;
    }
    for (let i = 0; i < 4; i++) {
      const d = ORTHO[i]!;
      let t = sq + d;
      let p = b[t]!;
      if ((p & 7) === KING && (mask >> ((p >> 3) & 7)) & 1) return true;
      while (p === EMPTY) {
        t += d;
        p = b[t]!;
      }
      const k = p & 7;
      if ((k === ROOK || k === QUEEN) && (mask >> ((p >> 3) & 7)) & 1) return true;
    }
    for (let i = 0; i < 4; i++) {
      const d = DIAG[i]!;
      let t = sq + d;
      let p = b[t]!;
      if ((p & 7) === KING && (mask >> ((p >> 3) & 7)) & 1) return true;
      while (p === EMPTY) {
        t += d;
        p = b[t]!;
      }
      const k = p & 7;
      if ((k === BISHOP || k === QUEEN) && (mask >> ((p >> 3) & 7)) & 1) return true;
    }
    for (let c = 0; c < 4; c++) {
      if (!((mask >> c) & 1)) continue;
      const behind = sq - PAWN_FORWARD[c]!;
      const side = PAWN_SIDE[c]!;
      const pawn = (c << 3) | PAWN;
      if (b[behind + side] === pawn || b[behind - side] === pawn) return true;
    }
    return false;
  }

  /**
   * The kinds of `mask`-coloured pieces attacking `sq`, as bits `1 << kind` (0 when none).
   * Slower than `isAttacked`; used for scoring checks, not in search.
   */
  attackKinds(sq: number, mask: number): number {
    const b = this.board;
    let kinds = 0;
    const mine = (p: number) => p !== OFF && (mask >> ((p >> 3) & 7)) & 1;
    for (const d of KNIGHT_STEPS) {
      const p = b[sq + d]!;
      if ((p & 7) === KNIGHT && mine(p)) kinds |= 1 << KNIGHT;
    }
    for (const [dirs, slider] of [
      [ORTHO, ROOK],
      [DIAG, BISHOP],
    ] as const) {
      for (const d of dirs) {
        let t = sq + d;
        let p = b[t]!;
        if ((p & 7) === KING && mine(p)) kinds |= 1 << KING;
        while (p === EMPTY) {
          t += d;
          p = b[t]!;
        }
        const k = p & 7;
        if ((k === slider || k === QUEEN) && mine(p)) kinds |= 1 << k;
      }
    }
    for (let c = 0; c < 4; c++) {
      if (!((mask >> c) & 1)) continue;
      const behind = sq - PAWN_FORWARD[c]!;
      const side = PAWN_SIDE[c]!;
      const pawn = (c << 3) | PAWN;
      if (b[behind + side] === pawn || b[behind - side] === pawn) kinds |= 1 << PAWN;
    }
    return kinds;
  }

  /** Is `color`'s king attacked by one of its opponents? False for a player without a king. */
  inCheck(color: number): boolean {
    const k = this.kingSq[color]!;
    return k >= 0 && this.isAttacked(k, this.t.attackers[color]!);
  }

  /** Bit mask of the colours whose pieces can check `color` in this format. */
  attackersOf(color: number): number {
    return this.t.attackers[color]!;
  }

  /** Whether `mover` may capture the piece with this code. */
  canCapture(mover: number, code: number): boolean {
    return this.t.capturable[mover * 256 + code] === 1;
  }

  /** Writes the pseudo-legal moves of the player to move into `buf` from `n`; returns the end. */
  generate(buf: Int32Array, n: number): number {
    const mover = this.turn;
    const b = this.board;
    const capt = this.t.capturable;
    const co = mover * 256;
    for (let i = 0; i < 160; i++) {
      const s = SQUARES[i]!;
      const p = b[s]!;
      if (p === EMPTY || ((p >> 3) & 7) !== mover) continue;
      switch (p & 7) {
        case PAWN:
          n = this.generatePawn(buf, n, s, mover);
          break;
        case KNIGHT:
          for (let j = 0; j < 8; j++) {
            const t = s + KNIGHT_STEPS[j]!;
            const q = b[t]!;
            if (q === EMPTY || capt[co + q]) buf[n++] = s | (t << 9);
          }
          break;
        case BISHOP:
          n = this.slide(buf, n, s, DIAG, co);
          break;
        case ROOK:
          n = this.slide(buf, n, s, ORTHO, co);
          break;
        case QUEEN:
          n = this.slide(buf, n, s, ORTHO, co);
          n = this.slide(buf, n, s, DIAG, co);
          break;
        case KING:
          for (let j = 0; j < 8; j++) {
            const t = s + KING_STEPS[j]!;
            const q = b[t]!;
            if (q === EMPTY || capt[co + q]) buf[n++] = s | (t << 9);
          }
          if ((this.castling >> (mover * 2)) & 3) n = this.generateCastling(buf, n, s, mover);
          break;
      }
    }
    return n;
  }

  private slide(
    buf: Int32Array,
    n: number,
    s: number,
    dirs: readonly number[],
    co: number,
  ): number {
    const b = this.board;
    const capt = this.t.capturable;
    for (let j = 0; j < 4; j++) {
      const d = dirs[j]!;
      let t = s + d;
      let q = b[t]!;
      while (q === EMPTY) {
        buf[n++] = s | (t << 9);
        t += d;
        q = b[t]!;
      }
      if (capt[co + q]) buf[n++] = s | (t << 9);
    }
    return n;
  }

  private generatePawn(buf: Int32Array, n: number, s: number, mover: number): number {
    const b = this.board;
    const fwd = PAWN_FORWARD[mover]!;
    const side = PAWN_SIDE[mover]!;
    const t = s + fwd;
    if (b[t] === EMPTY) {
      n = this.pushPawn(buf, n, s, t, mover, NORMAL, 0);
      if (b[t + fwd] === EMPTY && onPawnStart(mover, s))
        buf[n++] = s | ((t + fwd) << 9) | (DOUBLE << 21);
    }
    const co = mover * 256;
    for (let k = -1; k <= 1; k += 2) {
      const c = t + k * side;
      const q = b[c]!;
      if (q !== EMPTY) {
        if (this.t.capturable[co + q]) n = this.pushPawn(buf, n, s, c, mover, NORMAL, 0);
      } else if (this.epCount > 0) {
        for (let v = 0; v < 4; v++) {
          if (v === mover || this.epTarget[v] !== c) continue;
          const pawn = (v << 3) | PAWN;
          if (this.t.capturable[co + pawn] && b[this.epPawn[v]!] === pawn)
            n = this.pushPawn(buf, n, s, c, mover, EN_PASSANT, v);
        }
      }
    }
    return n;
  }

  private pushPawn(
    buf: Int32Array,
    n: number,
    from: number,
    to: number,
    mover: number,
    flag: number,
    victim: number,
  ): number {
    const base = from | (to << 9) | (flag << 21) | (victim << 24);
    if (this.t.promotes[mover * CELLS + to]) {
      for (const kind of this.t.promotions) buf[n++] = base | (kind << 18);
    } else buf[n++] = base;
    return n;
  }

  private generateCastling(buf: Int32Array, n: number, s: number, mover: number): number {
    const b = this.board;
    const enemies = this.t.attackers[mover]!;
    let checked = false;
    for (let side = 0; side < 2; side++) {
      if (!((this.castling >> (mover * 2 + side)) & 1)) continue;
      const line = this.castleLines[mover * 2 + side];
      if (!line || line.kingFrom !== s || b[line.rookFrom] !== ((mover << 3) | ROOK)) continue;
      if (!line.between.every((x) => b[x] === EMPTY)) continue;
      if (!checked) {
        if (this.isAttacked(s, enemies)) return n;
        checked = true;
      }
      if (this.isAttacked(line.rookTo, enemies) || this.isAttacked(line.kingTo, enemies)) continue;
      buf[n++] = s | (line.kingTo << 9) | ((side === SHORT ? CASTLE_SHORT : CASTLE_LONG) << 21);
    }
    return n;
  }

  /** Plays a pseudo-legal move and passes the turn to the next colour still in. */
  make(m: number): void {
    const sp = this.sp++;
    const b = this.board;
    const from = m & 511;
    const to = (m >> 9) & 511;
    const promo = (m >> 18) & 7;
    const flag = (m >> 21) & 7;
    const mover = this.turn;
    const piece = b[from]!;
    let lo = this.hashLo;
    let hi = this.hashHi;

    this.uMove[sp] = m;
    this.uCastling[sp] = this.castling;
    this.uHalfmove[sp] = this.halfmove;
    this.uTurn[sp] = mover;
    this.uHashLo[sp] = lo;
    this.uHashHi[sp] = hi;
    const oldEp = this.epTarget[mover]!;
    this.uEpTarget[sp] = oldEp;
    this.uEpPawn[sp] = this.epPawn[mover]!;
    if (oldEp >= 0) {
      lo ^= EP_LO[oldEp]!;
      hi ^= EP_HI[oldEp]!;
      this.epTarget[mover] = -1;
      this.epPawn[mover] = -1;
      this.epCount--;
    }

    const capSq = flag === EN_PASSANT ? this.epPawn[(m >> 24) & 3]! : to;
    const captured = b[capSq]!;
    this.uCaptured[sp] = captured;
    this.uCapSq[sp] = capSq;
    if (captured !== EMPTY) {
      b[capSq] = EMPTY;
      lo ^= PIECE_LO[(captured & 63) * CELLS + capSq]!;
      hi ^= PIECE_HI[(captured & 63) * CELLS + capSq]!;
      if ((captured & 7) === KING && ((captured >> 3) & 7) < GREY)
        this.kingSq[(captured >> 3) & 7] = -1;
    }

    b[from] = EMPTY;
    lo ^= PIECE_LO[(piece & 63) * CELLS + from]!;
    hi ^= PIECE_HI[(piece & 63) * CELLS + from]!;
    const placed = promo ? (mover << 3) | promo | PROMOTED : piece;
    b[to] = placed;
    lo ^= PIECE_LO[(placed & 63) * CELLS + to]!;
    hi ^= PIECE_HI[(placed & 63) * CELLS + to]!;

    if ((piece & 7) === KING) {
      this.kingSq[mover] = to;
      if (flag === CASTLE_SHORT || flag === CASTLE_LONG) {
        const line = this.castleLines[mover * 2 + (flag === CASTLE_SHORT ? SHORT : LONG)]!;
        const rook = b[line.rookFrom]!;
        b[line.rookFrom] = EMPTY;
        b[line.rookTo] = rook;
        lo ^=
          PIECE_LO[(rook & 63) * CELLS + line.rookFrom]! ^
          PIECE_LO[(rook & 63) * CELLS + line.rookTo]!;
        hi ^=
          PIECE_HI[(rook & 63) * CELLS + line.rookFrom]! ^
          PIECE_HI[(rook & 63) * CELLS + line.rookTo]!;
      }
    } else if (flag === DOUBLE) {
      const target = (from + to) >> 1;
      this.epTarget[mover] = target;
      this.epPawn[mover] = to;
      this.epCount++;
      lo ^= EP_LO[target]!;
      hi ^= EP_HI[target]!;
    }

    const castling = this.castling & this.castleKeep[from]! & this.castleKeep[capSq]!;
    if (castling !== this.castling) {
      const changed = castling ^ this.castling;
      for (let bit = 0; bit < 8; bit++) {
        if ((changed >> bit) & 1) {
          lo ^= CASTLE_LO[bit]!;
          hi ^= CASTLE_HI[bit]!;
        }
      }
      this.castling = castling;
    }

    this.halfmove = (piece & 7) === PAWN || captured !== EMPTY ? 0 : this.halfmove + 1;
    const next = this.nextLive(mover);
    lo ^= TURN_LO[mover]! ^ TURN_LO[next]!;
    hi ^= TURN_HI[mover]! ^ TURN_HI[next]!;
    this.turn = next;
    this.hashLo = lo;
    this.hashHi = hi;
  }

  /** Takes back the last move made with `make`. */
  unmake(): void {
    const sp = --this.sp;
    const b = this.board;
    const m = this.uMove[sp]!;
    const from = m & 511;
    const to = (m >> 9) & 511;
    const flag = (m >> 21) & 7;
    const mover = this.uTurn[sp]!;
    const placed = b[to]!;
    const piece = (m >> 18) & 7 ? (mover << 3) | PAWN : placed;
    b[to] = EMPTY;
    b[from] = piece;
    if ((piece & 7) === KING) {
      this.kingSq[mover] = from;
      if (flag === CASTLE_SHORT || flag === CASTLE_LONG) {
        const line = this.castleLines[mover * 2 + (flag === CASTLE_SHORT ? SHORT : LONG)]!;
        b[line.rookFrom] = b[line.rookTo]!;
        b[line.rookTo] = EMPTY;
      }
    }
    const captured = this.uCaptured[sp]!;
    if (captured !== EMPTY) {
      const capSq = this.uCapSq[sp]!;
      b[capSq] = captured;
      if ((captured & 7) === KING && ((captured >> 3) & 7) < GREY)
        this.kingSq[(captured >> 3) & 7] = capSq;
    }
    if (this.epTarget[mover]! >= 0) this.epCount--;
    const oldEp = this.uEpTarget[sp]!;
    this.epTarget[mover] = oldEp;
    this.epPawn[mover] = this.uEpPawn[sp]!;
    if (oldEp >= 0) this.epCount++;
    this.castling = this.uCastling[sp]!;
    this.halfmove = this.uHalfmove[sp]!;
    this.turn = mover;
    this.hashLo = this.uHashLo[sp]!;
    this.hashHi = this.uHashHi[sp]!;
  }

  /** The piece the last made move captured (0 if none). */
  lastCaptured(): number {
    return this.uCaptured[this.sp - 1]!;
  }

  /**
   * After `make`, whether the move was legal for `mover`: their king is not attacked by an
   * opponent, unless the move captured a live enemy king (always legal).
   */
  wasLegal(mover: number): boolean {
    const captured = this.uCaptured[this.sp - 1]!;
    if ((captured & 7) === KING && ((captured >> 3) & 7) < GREY) return true;
    const k = this.kingSq[mover]!;
    return k < 0 || !this.isAttacked(k, this.t.attackers[mover]!);
  }

  /** Writes the legal moves of the player to move into `buf` from `n`; returns the end. */
  generateLegal(buf: Int32Array, n: number): number {
    return this.filterLegal(buf, n, this.generate(buf, n));
  }

  /**
   * Keeps the legal moves among `buf[start..end)` at the front; returns the new end. A move
   * that neither moves the king, nor takes en passant, nor leaves a line through the king
   * cannot expose the king when it is not in check, so only the others are made and tested.
   */
  private filterLegal(buf: Int32Array, start: number, end: number): number {
    const mover = this.turn;
    const k = this.kingSq[mover]!;
    if (k < 0) return end;
    const safe = !this.isAttacked(k, this.t.attackers[mover]!);
    const row = k * CELLS;
    let out = start;
    for (let i = start; i < end; i++) {
      const m = buf[i]!;
      const from = m & 511;
      if (safe && from !== k && ((m >> 21) & 7) !== EN_PASSANT && ALIGNED[row + from] === 0) {
        buf[out++] = m;
        continue;
      }
      this.make(m);
      if (this.wasLegal(mover)) buf[out++] = m;
      this.unmake();
    }
    return out;
  }
  /** The legal moves of the player to move. */
  legalMoves(): number[] {
    const n = this.generateLegal(this.scratch, 0);
    return Array.from(this.scratch.subarray(0, n));
  }

  /** The legal moves `color` would have if it were their turn now. */
  legalMovesFor(color: number): number[] {
    const turn = this.turn;
    this.turn = color;
    const n = this.generateLegal(this.scratch, 0);
    this.turn = turn;
    return Array.from(this.scratch.subarray(0, n));
  }

  /** Whether `color` would have at least one legal move if it were their turn now. */
  hasLegalMoveFor(color: number): boolean {
    const turn = this.turn;
    this.turn = color;
    const buf = this.scratch;
    const end = this.generate(buf, 0);
    let found = false;
    for (let i = 0; i < end && !found; i++) {
      this.make(buf[i]!);
      found = this.wasLegal(color);
      this.unmake();
    }
    this.turn = turn;
    return found;
  }

  /** Counts leaf nodes of the legal move tree to `depth` plies. */
  perft(depth: number): number {
    return depth <= 0 ? 1 : this.perftAt(depth, 0);
  }

  private perftAt(depth: number, offset: number): number {
    const buf = this.scratch;
    const end = this.filterLegal(buf, offset, this.generate(buf, offset));
    if (depth === 1) return end - offset;
    let nodes = 0;
    for (let i = offset; i < end; i++) {
      this.make(buf[i]!);
      nodes += this.perftAt(depth - 1, end);
      this.unmake();
    }
    return nodes;
  }

  /** Turns every piece of `color` grey and takes the colour out of the turn order. */
  eliminate(color: number): void {
    for (const s of SQUARES) {
      const p = this.board[s]!;
      if (p !== EMPTY && ((p >> 3) & 7) === color) this.board[s] = (GREY << 3) | (p & 7);
    }
    this.kingSq[color] = -1;
    this.live &= ~(1 << color);
    this.castling &= ~(3 << (color * 2));
    if (this.epTarget[color]! >= 0) this.epCount--;
    this.epTarget[color] = -1;
    this.epPawn[color] = -1;
    if (this.turn === color) this.turn = this.nextLive(color);
    this.rehash();
  }

  /** Sets the player to move (used when a game hands the turn on after an elimination). */
  setTurn(color: number): void {
    this.turn = color;
    this.rehash();
  }
}
