/**
 * What one search carries around: the position, its budget (nodes, an optional time cap and a
 * cancel flag), the transposition table, the move stacks, killer and history tables for move
 * ordering, and the hashes of the game and the current line for repetition.
 */
import * as board from "../../games/fourchess/board";
import type { Format, Position } from "../../games/fourchess/position";
import * as tables from "./tables";
import { type TranspositionTable, tableOf } from "./tt";

const { CELLS } = board;
const { VALUE, CAPTURE_POINTS } = tables;

export const MAX_PLY = 96;
/** Room per ply: Individual best-reply search lists three players' moves together. */
export const MOVES_PER_PLY = 1536;
/** How often the clock and the cancel callback are consulted. */
const POLL_EVERY = 2048;

/** Scratch arrays reused by every search in this thread (searches never overlap). */
const buffers = {
  moves: new Int32Array(MAX_PLY * MOVES_PER_PLY),
  order: new Int32Array(MAX_PLY * MOVES_PER_PLY),
  killers: new Int32Array(MAX_PLY * 2),
  history: new Int32Array(4 * 8 * CELLS),
};

export interface Limits {
  readonly nodes: number;
  readonly ttBits: number;
  readonly deadline?: number;
  readonly now?: () => number;
  readonly shouldStop?: () => boolean;
}

export class Context {
  readonly pos: Position;
  readonly format: Format;
  readonly tt: TranspositionTable;
  readonly moves = buffers.moves;
  readonly order = buffers.order;
  readonly killers = buffers.killers;
  /** history[(mover * 8 + kind) * CELLS + to]: how often a quiet move caused a cut-off. */
  readonly history = buffers.history;
  /** Victim value for capture ordering, by piece code (grey pieces 0 in Individual). */
  readonly victim: Int32Array;
  /** The most a capture of this piece can change the score (quiescence delta pruning). */
  readonly gain: Int32Array;

  nodes = 0;
  /** Out of nodes or time: the current iteration is abandoned, earlier results stand. */
  stopped = false;
  /** The caller's `shouldStop` said so: the whole search is void. */
  cancelled = false;
  private nextPoll = POLL_EVERY;
  private readonly limits: Limits;

  /** Hashes of the game's earlier positions, then one per ply of the current line. */
  private readonly lineLo: Int32Array;
  private readonly lineHi: Int32Array;
  private readonly base: number;
  /** Plies from the root at which the move limit ends the game (Infinity without one). */
  readonly plyLimit: number;

  constructor(pos: Position, limits: Limits, history: readonly number[], movesLeft: number) {
    this.pos = pos;
    this.format = pos.format;
    this.limits = limits;
    this.tt = tableOf(limits.ttBits);
    this.nextPoll = Math.min(POLL_EVERY, limits.nodes);
    this.plyLimit = movesLeft;
    // Only positions since the last capture or pawn move can come back. `history` has two
    // numbers a position, the halves of its key (`FourChess.keys`), the current one last.
    const before = history.length / 2 - 1;
    this.base = pos.halfmove > 0 ? Math.min(pos.halfmove, before) : 0;
    this.lineLo = new Int32Array(this.base + MAX_PLY + 1);
    this.lineHi = new Int32Array(this.base + MAX_PLY + 1);
    for (let i = 0; i < this.base; i++) {
      const at = 2 * (before - this.base + i);
      this.lineLo[i] = history[at]!;
      this.lineHi[i] = history[at + 1]!;
    }
    this.lineLo[this.base] = pos.hashLo;
    this.lineHi[this.base] = pos.hashHi;
    this.killers.fill(0);
    this.history.fill(0);
    this.victim = new Int32Array(256);
    this.gain = new Int32Array(256);
    for (let code = 0; code < 256; code++) {
      const kind = code & 7;
      const grey = ((code >> 3) & 7) === board.GREY;
      this.victim[code] =
        this.format === "teams"
          ? VALUE[kind]! + (kind === board.KING ? 5000 : 0)
          : grey
            ? 0
            : (code & board.PROMOTED ? 1 : CAPTURE_POINTS[kind]!) * 100;
      this.gain[code] =
        this.format === "teams" ? this.victim[code]! : this.victim[code]! + VALUE[kind]!;
    }
  }

  /** Counts a node; true when the search must unwind now. */
  tick(): boolean {
    if (this.stopped) return true;
    if (++this.nodes < this.nextPoll) return false;
    return this.poll();
  }

  private poll(): boolean {
    const l = this.limits;
    if (this.nodes >= l.nodes) this.stopped = true;
    if (l.shouldStop?.()) {
      this.cancelled = true;
      this.stopped = true;
    }
    if (l.now && l.deadline !== undefined && l.now() >= l.deadline) this.stopped = true;
    this.nextPoll = Math.min(this.nodes + POLL_EVERY, l.nodes);
    return this.stopped;
  }

  /** Whether the budget has less than `share` of itself left (do not start another depth). */
  spent(share: number): boolean {
    return this.nodes >= this.limits.nodes * share;
  }

  /** Records the position at `ply` and says whether it repeats an earlier one. */
  repeats(ply: number): boolean {
    const pos = this.pos;
    const i = this.base + ply;
    const lo = pos.hashLo;
    const hi = pos.hashHi;
    this.lineLo[i] = lo;
    this.lineHi[i] = hi;
    const stop = Math.max(0, i - pos.halfmove);
    for (let j = i - 2; j >= stop; j--)
      if (this.lineLo[j] === lo && this.lineHi[j] === hi) return true;
    return false;
  }

  /** Remembers a quiet move that refuted a line. */
  cutoff(m: number, ply: number, depth: number): void {
    const k = ply * 2;
    if (this.killers[k] !== m) {
      this.killers[k + 1] = this.killers[k]!;
      this.killers[k] = m;
    }
    const piece = this.pos.board[m & 511]!;
    const i = (((piece >> 3) & 3) * 8 + (piece & 7)) * CELLS + ((m >> 9) & 511);
    this.history[i]! += depth * depth;
    if (this.history[i]! > 1 << 20)
      for (let j = 0; j < this.history.length; j++) this.history[j]! >>= 1;
  }
}
