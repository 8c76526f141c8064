/**
 * Transposition table in flat typed arrays, indexed by the low half of the position's Zobrist
 * hash and checked with the high half. It is cleared at the start of every search, so a search
 * depends only on its game and options (the same seed gives the same move).
 */

export const EXACT = 1;
export const LOWER = 2;
export const UPPER = 3;

/** Scores beyond this are mates (Teams); they are stored relative to the node, not the root. */
export const MATE = 30000;
export const MATE_BOUND = MATE - 1000;

export class TranspositionTable {
  readonly mask: number;
  private readonly check: Int32Array;
  private readonly moves: Int32Array;
  private readonly scores: Int32Array;
  private readonly depths: Int8Array;
  private readonly flags: Uint8Array;
  /** Filled in by `probe`. */
  move = 0;
  score = 0;
  depth = 0;
  flag = 0;

  constructor(bits: number) {
    const size = 1 << bits;
    this.mask = size - 1;
    this.check = new Int32Array(size);
    this.moves = new Int32Array(size);
    this.scores = new Int32Array(size);
    this.depths = new Int8Array(size);
    this.flags = new Uint8Array(size);
  }

  clear(): void {
    this.flags.fill(0);
  }

  /** Loads the entry for the hash into the fields above; false when there is none. */
  probe(lo: number, hi: number, ply: number): boolean {
    const i = lo & this.mask;
    const flag = this.flags[i]!;
    if (flag === 0 || this.check[i] !== hi) return false;
    this.move = this.moves[i]!;
    this.depth = this.depths[i]!;
    this.flag = flag;
    const s = this.scores[i]!;
    this.score = s > MATE_BOUND ? s - ply : s < -MATE_BOUND ? s + ply : s;
    return true;
  }

  /** After a hit: whether the entry, searched at least this deep, settles the window. */
  cuts(depth: number, alpha: number, beta: number): boolean {
    if (this.depth < depth) return false;
    const f = this.flag;
    return (
      f === EXACT || (f === LOWER && this.score >= beta) || (f === UPPER && this.score <= alpha)
    );
  }

  /** Stores a result; an entry for another position or a shallower search gives way. */
  store(
    lo: number,
    hi: number,
    ply: number,
    depth: number,
    flag: number,
    score: number,
    move: number,
  ): void {
    const i = lo & this.mask;
    const same = this.flags[i] !== 0 && this.check[i] === hi;
    if (same && this.depths[i]! > depth && flag !== EXACT) return;
    this.check[i] = hi;
    this.flags[i] = flag;
    this.depths[i] = depth;
    this.scores[i] = score > MATE_BOUND ? score + ply : score < -MATE_BOUND ? score - ply : score;
    if (move !== 0 || !same) this.moves[i] = move;
  }
}

const pool = new Map<number, TranspositionTable>();

/** A cleared table of 2^bits entries, reused between searches of the same size. */
export function tableOf(bits: number): TranspositionTable {
  let t = pool.get(bits);
  if (!t) {
    t = new TranspositionTable(bits);
    pool.set(bits, t);
  }
  t.clear();
  return t;
}
