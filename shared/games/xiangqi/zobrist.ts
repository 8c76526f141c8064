/** Zobrist keys as two 32-bit halves, from a fixed seed so hashes are the same in every process. */
import { splitmix32 } from "../../core/random";
import { CELLS } from "./board";

const next = splitmix32(0x51a9c1);

/** Indexed by `code * CELLS + cell`, piece codes being below 24. */
export const PIECE_LO = Int32Array.from({ length: 24 * CELLS }, next);
export const PIECE_HI = Int32Array.from({ length: 24 * CELLS }, next);
/** XORed in while Black is to move. */
export const BLACK_LO = next();
export const BLACK_HI = next();
