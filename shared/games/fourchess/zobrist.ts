/** Zobrist keys as two 32-bit halves, from a fixed seed so hashes are the same in every process. */
import { splitmix32 } from "../../core/random";
import { CELLS } from "./board";

const next = splitmix32(0x4c0ffee);
const fill = (n: number): Int32Array => Int32Array.from({ length: n }, next);

/** Indexed by `(code & 63) * CELLS + cell`. */
export const PIECE_LO = fill(64 * CELLS);
export const PIECE_HI = fill(64 * CELLS);
export const TURN_LO = fill(4);
export const TURN_HI = fill(4);
/** One key per castling bit. */
export const CASTLE_LO = fill(8);
export const CASTLE_HI = fill(8);
/** One key per en-passant target cell. */
export const EP_LO = fill(CELLS);
export const EP_HI = fill(CELLS);
