/**
 * A mutable xiangqi position with make/unmake, for move generation, perft and search. Moves are
 * packed integers (`from | to << 8`). Generation is pseudo-legal (movegen.ts); legality is
 * tested by lifting the piece onto its target and looking outward from the mover's general
 * (attacks.ts), and that test is skipped when the king is not in check and the move neither
 * starts on one of the general's lines or horse-leg points nor lands quietly on one of its lines
 * (the only ways to uncover an attack or to put a screen in front of an enemy cannon).
 * The Zobrist hash (two 32-bit halves) is kept up to date by make/unmake.
 * Game flow (results, repetition, notices) lives in game.ts, not here.
 */
import * as A from "./attacks";
import type { Side } from "./board";
import * as B from "./board";
import * as G from "./movegen";
import * as Z from "./zobrist";

// Local copies of imported bindings: see the note in attacks.ts.
const { attackedBy, generalsFace } = A;
const { BLACK, CELLS, DIAG, EMPTY, fileOf, IS_SQUARE, KING, OFF, RED, rankOf, SQUARES } = B;
const { generateMoves, generateMovesFrom, MAX_MOVES } = G;
const { BLACK_HI, BLACK_LO, PIECE_HI, PIECE_LO } = Z;

/** A position as the FEN parser hands it over, already validated (see fen.ts). */
export interface Setup {
  /** Piece code per cell (0 = empty); only the 90 points are read. */
  readonly board: Uint8Array;
  readonly turn: Side;
  /** Plies since the last capture. */
  readonly halfmove: number;
}

/**
 * A position as a game keeps it between moves, small and immutable (see `save`/`load`): the
 * cell of each piece slot and the piece codes by slot, which never change in a game (a piece
 * keeps its slot; xiangqi has no promotion), so every snapshot of one game shares them.
 */
export interface Snapshot {
  /** The cell of the piece in each of the 32 slots, 0 once captured. */
  readonly plist: Uint8Array;
  /** The piece code of each slot, shared by every snapshot of one game. */
  readonly codes: Uint8Array;
  readonly turn: Side;
  readonly halfmove: number;
  readonly hashLo: number;
  readonly hashHi: number;
}

/** How deep make() may nest; more corrupts the undo stack. Searches stay far below it. */
export const MAX_PLY = 256;
const PERFT_PLIES = 64;

/**
 * `RELATED[general << 8 | cell]`: bit 1 when the cell shares the general's file or rank, bit 2
 * when it is a diagonal neighbour (the leg of a horse that could attack the general).
 */
const RELATED: Uint8Array = (() => {
  const t = new Uint8Array(CELLS * CELLS);
  for (const k of SQUARES) {
    for (const s of SQUARES)
      if (fileOf(s) === fileOf(k) || rankOf(s) === rankOf(k)) t[(k << 8) | s] = 1;
    for (const d of DIAG) if (IS_SQUARE[k + d]) t[(k << 8) | (k + d)] = 2;
  }
  return t;
})();

export class Position {
  readonly board = new Uint8Array(CELLS);
  /** 16 slots per side, slot 0 the general: the cell of each piece, 0 once captured. */
  readonly plist = new Uint8Array(32);
  /** The slot of the piece on each occupied cell. */
  private readonly pslot = new Uint8Array(CELLS);
  /** The piece code of each slot, fixed when the position is set up. */
  private codes: Uint8Array = new Uint8Array(32);
  turn: Side = RED;
  /** Plies since the last capture. */
  halfmove = 0;
  hashLo = 0;
  hashHi = 0;

  // Undo stack, one entry per made move.
  private sp = 0;
  private readonly uMove = new Int32Array(MAX_PLY);
  private readonly uCaptured = new Uint8Array(MAX_PLY);
  private readonly uCapSlot = new Uint8Array(MAX_PLY);
  private readonly uHalfmove = new Int32Array(MAX_PLY);
  private readonly uHashLo = new Int32Array(MAX_PLY);
  private readonly uHashHi = new Int32Array(MAX_PLY);
  private buf: Int32Array | null = null;

  private constructor() {}

  /**
   * Builds a position from a setup its parser checked: one general per side and at most 16
   * pieces per side. Throws otherwise, as that is a programming error.
   */
  static fromSetup(setup: Setup): Position {
    const p = new Position();
    p.setUp(setup);
    return p;
  }

  /** Sets this position up from a checked setup, as `fromSetup` does, emptying the undo stack. */
  setUp(setup: Setup): void {
    this.board.fill(OFF);
    this.plist.fill(0);
    // A new array: snapshots of the previous game share the old one.
    this.codes = new Uint8Array(32);
    this.sp = 0;
    const next = [1, 17];
    for (const s of SQUARES) {
      const code = setup.board[s] ?? EMPTY;
      this.board[s] = code;
      if (code === EMPTY) continue;
      const side = (code >> 4) & 1;
      const slot = (code & 7) === KING ? side * 16 : next[side]!++;
      if (slot >= side * 16 + 16 || (slot === side * 16 && this.plist[slot] !== 0))
        throw new Error("Position.fromSetup: too many pieces or generals for one side");
      this.plist[slot] = s;
      this.pslot[s] = slot;
      this.codes[slot] = code;
    }
    if (this.plist[0] === 0 || this.plist[16] === 0)
      throw new Error("Position.fromSetup: each side needs a general");
    this.turn = setup.turn;
    this.halfmove = setup.halfmove;
    this.rehash();
  }

  /** A position set to a snapshot, with an empty undo stack. */
  static fromSnapshot(s: Snapshot): Position {
    const p = new Position();
    p.board.fill(OFF);
    p.load(s);
    return p;
  }

  /** The current state as a snapshot (a new one; the position stays as it is). */
  save(): Snapshot {
    return {
      plist: this.plist.slice(),
      codes: this.codes,
      turn: this.turn,
      halfmove: this.halfmove,
      hashLo: this.hashLo,
      hashHi: this.hashHi,
    };
  }

  /**
   * Sets this position to a snapshot and empties the undo stack: a few hundred bytes copied,
   * nothing allocated, so one position can serve every game in turn.
   */
  load(s: Snapshot): void {
    const b = this.board;
    for (const sq of SQUARES) b[sq] = EMPTY;
    this.plist.set(s.plist);
    this.codes = s.codes;
    for (let slot = 0; slot < 32; slot++) {
      const sq = s.plist[slot]!;
      if (sq === 0) continue;
      b[sq] = s.codes[slot]!;
      this.pslot[sq] = slot;
    }
    this.turn = s.turn;
    this.halfmove = s.halfmove;
    this.hashLo = s.hashLo;
    this.hashHi = s.hashHi;
    this.sp = 0;
  }

  /** Whether this position holds the snapshot's state with nothing made on it since. */
  holds(s: Snapshot): boolean {
    if (this.sp !== 0 || this.hashLo !== s.hashLo || this.hashHi !== s.hashHi) return false;
    if (this.turn !== s.turn || this.halfmove !== s.halfmove || this.codes !== s.codes)
      return false;
    const plist = this.plist;
    for (let i = 0; i < 32; i++) if (plist[i] !== s.plist[i]) return false;
    return true;
  }

  /** Forgets the moves made so far: they stay played but can no longer be taken back. */
  forgetUndo(): void {
    this.sp = 0;
  }

  /** A copy with the same state and an empty undo stack. */
  clone(): Position {
    const p = new Position();
    p.board.set(this.board);
    p.plist.set(this.plist);
    p.pslot.set(this.pslot);
    p.codes = this.codes;
    p.turn = this.turn;
    p.halfmove = this.halfmove;
    p.hashLo = this.hashLo;
    p.hashHi = this.hashHi;
    return p;
  }

  /** Recomputes the Zobrist hash from scratch. */
  rehash(): void {
    let lo = this.turn === BLACK ? BLACK_LO : 0;
    let hi = this.turn === BLACK ? BLACK_HI : 0;
    for (const s of SQUARES) {
      const code = this.board[s]!;
      if (code === EMPTY) continue;
      lo ^= PIECE_LO[code * CELLS + s]!;
      hi ^= PIECE_HI[code * CELLS + s]!;
    }
    this.hashLo = lo;
    this.hashHi = hi;
  }

  /** A string key for repetition: placement and side to move. */
  hashKey(): string {
    return `${(this.hashHi >>> 0).toString(36)}.${(this.hashLo >>> 0).toString(36)}`;
  }

  /** The cell of a side's general. */
  kingSq(side: number): number {
    return this.plist[side * 16]!;
  }

  /** Is the general of `side` attacked (including by the other general across an open file)? */
  inCheck(side: number): boolean {
    return attackedBy(this.board, this.plist[side * 16]!, side);
  }

  /** Do the generals face each other on an open file? */
  generalsFace(): boolean {
    return generalsFace(this.board, this.plist[0]!, this.plist[16]!);
  }

  /** How many moves have been made and not yet taken back. */
  get ply(): number {
    return this.sp;
  }

  /** Writes the pseudo-legal moves of the side to move into `buf` from `n`; returns the end. */
  generate(buf: Int32Array, n: number): number {
    return generateMoves(this.board, this.plist, this.turn, buf, n);
  }

  /** Plays a pseudo-legal move and passes the turn. */
  make(m: number): void {
    const sp = this.sp++;
    const b = this.board;
    const from = m & 255;
    const to = (m >> 8) & 255;
    const piece = b[from]!;
    const captured = b[to]!;
    let lo = this.hashLo;
    let hi = this.hashHi;
    this.uMove[sp] = m;
    this.uCaptured[sp] = captured;
    this.uHalfmove[sp] = this.halfmove;
    this.uHashLo[sp] = lo;
    this.uHashHi[sp] = hi;
    if (captured !== EMPTY) {
      const cs = this.pslot[to]!;
      this.plist[cs] = 0;
      this.uCapSlot[sp] = cs;
      lo ^= PIECE_LO[captured * CELLS + to]!;
      hi ^= PIECE_HI[captured * CELLS + to]!;
      this.halfmove = 0;
    } else this.halfmove++;
    const slot = this.pslot[from]!;
    this.plist[slot] = to;
    this.pslot[to] = slot;
    b[to] = piece;
    b[from] = EMPTY;
    this.hashLo = lo ^ PIECE_LO[piece * CELLS + from]! ^ PIECE_LO[piece * CELLS + to]! ^ BLACK_LO;
    this.hashHi = hi ^ PIECE_HI[piece * CELLS + from]! ^ PIECE_HI[piece * CELLS + to]! ^ BLACK_HI;
    this.turn = (this.turn ^ 1) as Side;
  }

  /** Takes back the last move made with `make`. */
  unmake(): void {
    const sp = --this.sp;
    const b = this.board;
    const m = this.uMove[sp]!;
    const from = m & 255;
    const to = (m >> 8) & 255;
    const slot = this.pslot[to]!;
    b[from] = b[to]!;
    this.plist[slot] = from;
    this.pslot[from] = slot;
    const captured = this.uCaptured[sp]!;
    b[to] = captured;
    if (captured !== EMPTY) {
      const cs = this.uCapSlot[sp]!;
      this.plist[cs] = to;
      this.pslot[to] = cs;
    }
    this.turn = (this.turn ^ 1) as Side;
    this.halfmove = this.uHalfmove[sp]!;
    this.hashLo = this.uHashLo[sp]!;
    this.hashHi = this.uHashHi[sp]!;
  }

  /** The piece the last made move captured (0 if none). */
  lastCaptured(): number {
    return this.sp > 0 ? this.uCaptured[this.sp - 1]! : EMPTY;
  }

  /** Would the pseudo-legal move `m` of the side to move leave its own general safe? */
  isLegal(m: number): boolean {
    const side = this.turn;
    return this.safeAfter(m & 255, (m >> 8) & 255, this.plist[side * 16]!, side);
  }

  /**
   * Whether `m` is a legal move of the side to move: one its piece may make by its own rules
   * and that leaves its general safe. Generates only that piece's moves, not the whole list.
   */
  isLegalMove(m: number): boolean {
    const from = m & 255;
    const to = (m >> 8) & 255;
    const p = this.board[from]!;
    if (p === EMPTY || p === OFF || ((p >> 4) & 1) !== this.turn) return false;
    const buf = this.scratch();
    const end = generateMovesFrom(this.board, from, buf, 0);
    for (let i = 0; i < end; i++)
      if (buf[i] === m) return this.safeAfter(from, to, this.plist[this.turn * 16]!, this.turn);
    return false;
  }

  /** Tries the move on the board alone (no hash, no lists) and looks at the general. */
  private safeAfter(from: number, to: number, king: number, side: number): boolean {
    const b = this.board;
    const piece = b[from]!;
    const captured = b[to]!;
    b[to] = piece;
    b[from] = EMPTY;
    const bad = attackedBy(b, from === king ? to : king, side);
    b[from] = piece;
    b[to] = captured;
    return !bad;
  }

  /** Writes the legal moves of the side to move into `buf` from `n`; returns the end. */
  generateLegal(buf: Int32Array, n: number): number {
    return this.filterLegal(buf, n, generateMoves(this.board, this.plist, this.turn, buf, n));
  }

  /** Keeps the legal moves among `buf[start..end)` at the front; returns the new end. */
  private filterLegal(buf: Int32Array, start: number, end: number): number {
    const side = this.turn;
    const b = this.board;
    const king = this.plist[side * 16]!;
    const checked = attackedBy(b, king, side);
    const row = king << 8;
    let out = start;
    for (let i = start; i < end; i++) {
      const m = buf[i]!;
      const from = m & 255;
      const to = (m >> 8) & 255;
      if (
        (!checked && RELATED[row | from] === 0 && (b[to] !== EMPTY || RELATED[row | to] !== 1)) ||
        this.safeAfter(from, to, king, side)
      )
        buf[out++] = m;
    }
    return out;
  }

  private scratch(): Int32Array {
    if (!this.buf) this.buf = new Int32Array(MAX_MOVES * PERFT_PLIES);
    return this.buf;
  }

  /** The legal moves of the side to move. */
  legalMoves(): number[] {
    const buf = this.scratch();
    return Array.from(buf.subarray(0, this.generateLegal(buf, 0)));
  }

  /** Whether the side to move has at least one legal move. */
  hasLegalMove(): boolean {
    const buf = this.scratch();
    const end = generateMoves(this.board, this.plist, this.turn, buf, 0);
    const king = this.plist[this.turn * 16]!;
    for (let i = 0; i < end; i++) {
      const m = buf[i]!;
      if (this.safeAfter(m & 255, (m >> 8) & 255, king, this.turn)) return true;
    }
    return false;
  }

  /** Counts the leaves of the legal move tree `depth` plies deep (bulk-counted at depth 1). */
  perft(depth: number): number {
    if (depth <= 0) return 1;
    if (depth > PERFT_PLIES) throw new Error(`perft depth ${depth} is too deep`);
    return this.perftAt(depth, 0);
  }

  private perftAt(depth: number, offset: number): number {
    const buf = this.buf ?? this.scratch();
    const end = this.generateLegal(buf, offset);
    if (depth === 1) return end - offset;
    let nodes = 0;
    for (let i = offset; i < end; i++) {
      this.make(buf[i]!);
      nodes += this.perftAt(depth - 1, end);
      this.unmake();
    }
    return nodes;
  }
}
