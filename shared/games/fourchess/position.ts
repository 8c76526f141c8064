/**
 * A mutable four-player position with make/unmake, for move generation, perft and search.
 * Moves are packed integers (see `encodeMove` in movegen.ts); generation is pseudo-legal into
 * an Int32Array (movegen.ts), and legality is checked by making the move and asking whether the
 * mover's king is attacked (attacks.ts), a test skipped for moves that cannot expose the king.
 * Game flow (turn judgement, scores, eliminations, draws) lives in `game.ts`, not here.
 */
import * as attacks from "./attacks";
import * as board from "./board";
import { type CastleLine, castleLine, KING_HOMES, LONG, SHORT } from "./castling";
import type { Format, FormatTables } from "./movegen";
import * as movegen from "./movegen";
import * as zobrist from "./zobrist";

export {
  CASTLE_LONG,
  CASTLE_SHORT,
  DOUBLE,
  EN_PASSANT,
  encodeMove,
  type Format,
  type FormatTables,
  MAX_MOVES,
  moveFlag,
  moveFrom,
  movePromo,
  moveTo,
  moveVictim,
  NORMAL,
} from "./movegen";

// Module-local copies of imported bindings: under vitest's module transform every use of an
// imported binding is a property read, which made the hot loops several times slower.
const { CELLS, colorOf, EMPTY, GREY, IS_SQUARE, KING, kindOf, OFF, PAWN, PROMOTED, SQUARES } =
  board;
const { ALIGNED, attackKinds, isAttacked } = attacks;
const {
  CASTLE_LONG,
  CASTLE_SHORT,
  DOUBLE,
  EN_PASSANT,
  FORMAT_TABLES,
  generateMoves,
  generateMovesFrom,
  MAX_MOVES,
} = movegen;
const { CASTLE_HI, CASTLE_LO, EP_HI, EP_LO, PIECE_HI, PIECE_LO, TURN_HI, TURN_LO } = zobrist;

const MAX_PLY = 256;

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

/** Squares in a snapshot's `cells`, then the king, en-passant target and pawn per colour. */
const N_SQUARES = SQUARES.length;
const SNAPSHOT_CELLS = N_SQUARES + 12;

/**
 * A position as a game keeps it between moves, small and immutable (see `save`/`load`). The
 * castling lines are fixed when a game is set up and shared by all its snapshots.
 */
export interface Snapshot {
  readonly format: Format;
  /** Piece codes of the squares in `SQUARES` order, then kingSq, epTarget and epPawn. */
  readonly cells: Int16Array;
  readonly turn: number;
  readonly live: number;
  readonly castling: number;
  readonly halfmove: number;
  readonly hashLo: number;
  readonly hashHi: number;
  readonly epCount: number;
  readonly castleLines: readonly (CastleLine | null)[];
  readonly castleKeep: Uint8Array;
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
  castleKeep: Uint8Array = new Uint8Array(CELLS).fill(255);
  turn = 0;
  live = 0b1111;
  castling = 0;
  halfmove = 0;
  hashLo = 0;
  hashHi = 0;
  /** How many colours have an en-passant target now (read by move generation). */
  epCount = 0;
  /** The rule tables of this position's format. */
  readonly tables: FormatTables;

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
    this.tables = FORMAT_TABLES[format];
  }

  /** Builds a position from a setup already checked by its parser. */
  static fromSetup(setup: Setup, format: Format): Position {
    const p = new Position(format);
    p.setUp(setup);
    return p;
  }

  /** Sets this position up from a setup, as `fromSetup` does, emptying the undo stack. */
  setUp(setup: Setup): void {
    this.kingSq.fill(-1);
    this.epCount = 0;
    this.sp = 0;
    for (const s of SQUARES) {
      const code = setup.board[s] ?? 0;
      this.board[s] = code;
      if (code !== EMPTY && kindOf(code) === KING && colorOf(code) < GREY)
        this.kingSq[colorOf(code)] = s;
    }
    for (let i = 0; i < CELLS; i++) if (!IS_SQUARE[i]) this.board[i] = OFF;
    this.turn = setup.turn;
    this.live = setup.live;
    this.castling = setup.castling;
    this.halfmove = setup.halfmove;
    for (let c = 0; c < 4; c++) {
      this.epTarget[c] = setup.epTarget[c] ?? -1;
      this.epPawn[c] = setup.epPawn[c] ?? -1;
      if (this.epTarget[c]! >= 0) this.epCount++;
    }
    this.setupCastling();
    this.rehash();
  }

  /** A position set to a snapshot, with an empty undo stack. */
  static fromSnapshot(s: Snapshot): Position {
    const p = new Position(s.format);
    p.board.fill(OFF);
    p.load(s);
    return p;
  }

  /** The current state as a snapshot (a new one; the position stays as it is). */
  save(): Snapshot {
    const cells = new Int16Array(SNAPSHOT_CELLS);
    const b = this.board;
    for (let i = 0; i < N_SQUARES; i++) cells[i] = b[SQUARES[i]!]!;
    for (let c = 0; c < 4; c++) {
      cells[N_SQUARES + c] = this.kingSq[c]!;
      cells[N_SQUARES + 4 + c] = this.epTarget[c]!;
      cells[N_SQUARES + 8 + c] = this.epPawn[c]!;
    }
    return {
      format: this.format,
      cells,
      turn: this.turn,
      live: this.live,
      castling: this.castling,
      halfmove: this.halfmove,
      hashLo: this.hashLo,
      hashHi: this.hashHi,
      epCount: this.epCount,
      castleLines: this.castleLines,
      castleKeep: this.castleKeep,
    };
  }

  /**
   * Sets this position (of the snapshot's format) to a snapshot and empties the undo stack:
   * a few hundred bytes copied, nothing allocated, so one position can serve every game.
   */
  load(s: Snapshot): void {
    if (s.format !== this.format) throw new Error("Position.load: another format");
    const b = this.board;
    const cells = s.cells;
    for (let i = 0; i < N_SQUARES; i++) b[SQUARES[i]!] = cells[i]!;
    for (let c = 0; c < 4; c++) {
      this.kingSq[c] = cells[N_SQUARES + c]!;
      this.epTarget[c] = cells[N_SQUARES + 4 + c]!;
      this.epPawn[c] = cells[N_SQUARES + 8 + c]!;
    }
    this.turn = s.turn;
    this.live = s.live;
    this.castling = s.castling;
    this.halfmove = s.halfmove;
    this.hashLo = s.hashLo;
    this.hashHi = s.hashHi;
    this.epCount = s.epCount;
    this.castleLines = s.castleLines as (CastleLine | null)[];
    this.castleKeep = s.castleKeep;
    this.sp = 0;
  }

  /** Whether this position holds the snapshot's state with nothing made on it since. */
  holds(s: Snapshot): boolean {
    if (
      this.sp !== 0 ||
      this.format !== s.format ||
      this.hashLo !== s.hashLo ||
      this.hashHi !== s.hashHi ||
      this.turn !== s.turn ||
      this.live !== s.live ||
      this.castling !== s.castling ||
      this.halfmove !== s.halfmove ||
      this.epCount !== s.epCount ||
      this.castleKeep !== s.castleKeep
    )
      return false;
    const b = this.board;
    const cells = s.cells;
    for (let i = 0; i < N_SQUARES; i++) if (b[SQUARES[i]!] !== cells[i]) return false;
    for (let c = 0; c < 4; c++)
      if (
        this.kingSq[c] !== cells[N_SQUARES + c] ||
        this.epTarget[c] !== cells[N_SQUARES + 4 + c] ||
        this.epPawn[c] !== cells[N_SQUARES + 8 + c]
      )
        return false;
    return true;
  }

  /** Forgets the moves made so far: they stay played but can no longer be taken back. */
  forgetUndo(): void {
    this.sp = 0;
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
    // New arrays: snapshots and clones of a previous game share the old ones.
    const lines: (CastleLine | null)[] = [null, null, null, null, null, null, null, null];
    const keep = new Uint8Array(CELLS).fill(255);
    for (let c = 0; c < 4; c++) {
      const homes = KING_HOMES[c]!;
      const k = this.kingSq[c]!;
      const home = homes.includes(k) ? k : homes[0]!;
      for (const side of [SHORT, LONG]) {
        const line = castleLine(c, home, side);
        lines[c * 2 + side] = line;
        if (line) keep[line.rookFrom] = keep[line.rookFrom]! & ~(1 << (c * 2 + side));
      }
      keep[home] = keep[home]! & ~(3 << (c * 2));
    }
    this.castleLines = lines;
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
    return isAttacked(this.board, sq, mask);
  }

  /**
   * The kinds of `mask`-coloured pieces attacking `sq`, as bits `1 << kind` (0 when none).
   * Slower than `isAttacked`; used for scoring checks, not in search.
   */
  attackKinds(sq: number, mask: number): number {
    return attackKinds(this.board, sq, mask);
  }

  /** Is `color`'s king attacked by one of its opponents? False for a player without a king. */
  inCheck(color: number): boolean {
    const k = this.kingSq[color]!;
    return k >= 0 && isAttacked(this.board, k, this.tables.attackers[color]!);
  }

  /** Bit mask of the colours whose pieces can check `color` in this format. */
  attackersOf(color: number): number {
    return this.tables.attackers[color]!;
  }

  /** Whether `mover` may capture the piece with this code. */
  canCapture(mover: number, code: number): boolean {
    return this.tables.capturable[mover * 256 + code] === 1;
  }

  /** Writes the pseudo-legal moves of the player to move into `buf` from `n`; returns the end. */
  generate(buf: Int32Array, n: number): number {
    return generateMoves(this, this.turn, buf, n);
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
    return k < 0 || !isAttacked(this.board, k, this.tables.attackers[mover]!);
  }

  /** Writes the legal moves of the player to move into `buf` from `n`; returns the end. */
  generateLegal(buf: Int32Array, n: number): number {
    return this.filterLegal(buf, n, generateMoves(this, this.turn, buf, n));
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
    const safe = !isAttacked(this.board, k, this.tables.attackers[mover]!);
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

  /** Whether the pseudo-legal move `m` of the player to move leaves their own king safe. */
  isLegal(m: number): boolean {
    const mover = this.turn;
    this.make(m);
    const legal = this.wasLegal(mover);
    this.unmake();
    return legal;
  }

  /**
   * The legal moves of the player to move from `from` to `to`: none, one, or one per
   * promotion choice. Only the moves of the piece on `from` are generated, not the whole list.
   */
  legalMovesBetween(from: number, to: number): number[] {
    const p = this.board[from]!;
    if (p === EMPTY || p === OFF || ((p >> 3) & 7) !== this.turn) return [];
    const buf = this.scratch;
    const end = generateMovesFrom(this, from, buf, 0);
    const out: number[] = [];
    for (let i = 0; i < end; i++) {
      const m = buf[i]!;
      if (((m >> 9) & 511) === to && this.isLegal(m)) out.push(m);
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
    const end = generateMoves(this, color, buf, 0);
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
    const end = this.filterLegal(buf, offset, generateMoves(this, this.turn, buf, offset));
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
