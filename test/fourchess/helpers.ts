import { expect } from "vitest";
import { unwrap } from "../../shared/core/result";
import {
  CELLS,
  COLOR_LETTERS,
  FourChess,
  type FourChessOptions,
  KIND_LETTERS,
  pieceCode,
  squareOf,
  writeFen4,
} from "../../shared/games/fourchess";

export interface PositionSpec {
  /** Pieces like "rKh1 rRk1 bKa7"; `d` for grey. */
  readonly pieces: string;
  readonly turn?: "R" | "B" | "Y" | "G";
  /** Castling flags "kingside/queenside" per seat, e.g. "1,1,1,1/1,1,1,1". Default none. */
  readonly castling?: string;
  readonly eliminated?: readonly number[];
  readonly points?: readonly number[];
  readonly halfmove?: number;
}

/** Builds a FEN4 from a piece list, so scenarios read as the position they set up. */
export function fen4(spec: PositionSpec): string {
  const board = new Uint8Array(CELLS);
  for (const token of spec.pieces.split(/\s+/).filter(Boolean)) {
    const m = /^([rbygd])([PNBRQK])([a-n]\d{1,2})$/.exec(token);
    if (!m) throw new Error(`bad piece token ${token}`);
    const sq = squareOf(m[3]!);
    if (sq < 0) throw new Error(`bad square ${token}`);
    board[sq] = pieceCode(COLOR_LETTERS.indexOf(m[1]!), KIND_LETTERS.indexOf(m[2]!));
  }
  const [k, q] = (spec.castling ?? "0,0,0,0/0,0,0,0")
    .split("/")
    .map((f) => f.split(",").map(Number)) as [number[], number[]];
  let castling = 0;
  for (let c = 0; c < 4; c++) {
    if (k[c]) castling |= 1 << (c * 2);
    if (q[c]) castling |= 1 << (c * 2 + 1);
  }
  const live = [0, 1, 2, 3].reduce((m, c) => (spec.eliminated?.includes(c) ? m : m | (1 << c)), 0);
  return writeFen4(
    {
      board,
      turn: "RBYG".indexOf(spec.turn ?? "R"),
      live,
      castling,
      epTarget: [-1, -1, -1, -1],
      epPawn: [-1, -1, -1, -1],
      halfmove: spec.halfmove ?? 0,
    },
    spec.points ?? [0, 0, 0, 0],
  );
}

export const KINGS = "rKh1 bKa7 yKg14 gKn8";

export function game(spec: PositionSpec, options: Partial<FourChessOptions> = {}): FourChess {
  return unwrap(FourChess.fromFen4(fen4(spec), { format: "teams", ...options }));
}

/** Plays moves written "from-to" or "from-to=Q", failing the test on a refusal. */
export function play(g: FourChess, ...moves: string[]): FourChess {
  for (const text of moves) {
    const [from, rest] = text.split("-") as [string, string];
    const [to, promotion] = rest.split("=") as [string, string | undefined];
    const next = g.play(promotion ? { from, to, promotion } : { from, to });
    if (!next.ok) throw new Error(`${text} refused: ${next.error.code} ${next.error.message}`);
    g = next.value;
  }
  return g;
}

export function legal(g: FourChess): string[] {
  return g.legalMoves().map((m) => `${m.from}-${m.to}${m.promotion ? `=${m.promotion}` : ""}`);
}

/** The piece on a square as its FEN4 token ("rK"), or "" if empty. */
export function pieceAt(g: FourChess, square: string): string {
  const pos = g.position();
  const code = pos.board[squareOf(square)]!;
  if (code === 0) return "";
  return `${COLOR_LETTERS[(code >> 3) & 7]}${KIND_LETTERS[code & 7]}`;
}

export function expectRefused(g: FourChess, move: string, code: string): void {
  const [from, to] = move.split("-") as [string, string];
  const r = g.play({ from, to });
  expect(r.ok).toBe(false);
  if (!r.ok) {
    expect(r.error.code).toBe(code);
    expect(r.error.message.length).toBeGreaterThan(10);
  }
}

/** A seeded PRNG for reproducible playouts. */
export { seeded as rng } from "../../shared/core/random";
