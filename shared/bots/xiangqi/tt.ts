/**
 * Transposition table: one entry per slot, indexed by the low half of the Zobrist hash and
 * checked against the high half. An entry is three 32-bit words: the high hash, then the move
 * (16 bits), depth (8), bound (2) and search generation (6), then the score.
 *
 * The table is allocated once per thread and reused, but every search gets a new generation
 * and reads entries of its own generation only, so a search behaves exactly as with an empty
 * table: results never depend on earlier searches (the same seed gives the same move). When
 * the 6-bit generation wraps, the table is cleared for real.
 */

export const BOUND_EXACT = 1;
export const BOUND_LOWER = 2;
export const BOUND_UPPER = 3;

/** Scores at least this far from zero are mates, stored relative to the node (see search.ts). */
export const MATE = 30000;
export const MATE_BOUND = MATE - 1000;

const SIZE_LOG2 = 18;
const SLOTS = 1 << SIZE_LOG2;
const MASK = SLOTS - 1;

export class TranspositionTable {
  private readonly words = new Int32Array(SLOTS * 3);
  private generation = 0;

  /** Starts a search: earlier entries become invisible. */
  newSearch(): void {
    this.generation = (this.generation + 1) & 63;
    if (this.generation === 0) {
      this.words.fill(0);
      this.generation = 1;
    }
  }

  /** The slot holding `hash` for this search, or -1. */
  probe(lo: number, hi: number): number {
    const i = (lo & MASK) * 3;
    const w = this.words;
    if (w[i] !== hi) return -1;
    const data = w[i + 1]!;
    return data >>> 26 === this.generation ? i : -1;
  }

  move(slot: number): number {
    return this.words[slot + 1]! & 0xffff;
  }
  depth(slot: number): number {
    return (this.words[slot + 1]! >>> 16) & 0xff;
  }
  bound(slot: number): number {
    return (this.words[slot + 1]! >>> 24) & 3;
  }
  /** The stored score, turned back from "mate in n from this node" to "from the root". */
  score(slot: number, ply: number): number {
    const s = this.words[slot + 2]!;
    return s >= MATE_BOUND ? s - ply : s <= -MATE_BOUND ? s + ply : s;
  }

  /** Stores a result; keeps a deeper entry of the same position and this search. */
  store(
    lo: number,
    hi: number,
    depth: number,
    bound: number,
    score: number,
    move: number,
    ply: number,
  ): void {
    const i = (lo & MASK) * 3;
    const w = this.words;
    const old = w[i + 1]!;
    const same = w[i] === hi && old >>> 26 === this.generation;
    if (same && ((old >>> 16) & 0xff) > depth && bound !== BOUND_EXACT) return;
    if (same && move === 0) move = old & 0xffff;
    const d = depth < 0 ? 0 : Math.min(depth, 255);
    w[i] = hi;
    w[i + 1] = (move & 0xffff) | (d << 16) | (bound << 24) | (this.generation << 26);
    w[i + 2] = score >= MATE_BOUND ? score + ply : score <= -MATE_BOUND ? score - ply : score;
  }
}

let shared: TranspositionTable | null = null;

/** The table of this thread (searches are synchronous, so one is never used twice at once). */
export function transpositionTable(): TranspositionTable {
  if (!shared) shared = new TranspositionTable();
  shared.newSearch();
  return shared;
}
