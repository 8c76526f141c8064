/** Zobrist keys as two 32-bit halves, from a fixed seed so hashes are the same in every process. */
import { CELLS } from "./board";

function splitmix32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) | 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) | 0;
  };
}

const next = splitmix32(0x51a9c1);

/** Indexed by `code * CELLS + cell`, piece codes being below 24. */
export const PIECE_LO = Int32Array.from({ length: 24 * CELLS }, next);
export const PIECE_HI = Int32Array.from({ length: 24 * CELLS }, next);
/** XORed in while Black is to move. */
export const BLACK_LO = next();
export const BLACK_HI = next();
