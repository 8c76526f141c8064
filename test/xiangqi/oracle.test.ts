/**
 * Fairy-Stockfish (the `ffish` WASM build) as an oracle: on positions from seeded random
 * playouts, the legal moves, check status and WXF text must match ours. ffish numbers ranks
 * 1–10, so ICCS `h2e2` is its `h3e3`; it writes tandems letter-first (`R++2` for our `+R+2`)
 * and numbers three or more soldiers on a file its own way, so those are left out.
 */
import { createRequire } from "node:module";
import { beforeAll, describe, expect, it } from "vitest";
import { seeded } from "../../shared/core/random";
import { Xiangqi } from "../../shared/games/xiangqi/game";

interface FfishBoard {
  legalMoves(): string;
  push(uci: string): boolean;
  isCheck(): boolean;
  fen(): string;
  sanMove(uci: string, notation: number): string;
  delete(): void;
}
interface Ffish {
  Board: new (variant: string, fen?: string) => FfishBoard;
  Notation: { XIANGQI_WXF: number };
  onRuntimeInitialized?: () => void;
}

let ffish: Ffish;

beforeAll(async () => {
  // The Emscripten glue fetch()es its .wasm by path on Node ≥ 18 unless fetch is absent.
  const saved = globalThis.fetch;
  // biome-ignore lint/suspicious/noExplicitAny: removing a global for the loader only
  delete (globalThis as any).fetch;
  const mod = createRequire(import.meta.url)("ffish") as Ffish;
  await new Promise<void>((resolve) => {
    if ("Board" in mod && typeof mod.Board === "function") resolve();
    else mod.onRuntimeInitialized = () => resolve();
  });
  globalThis.fetch = saved;
  ffish = mod;
});

const toUci = (iccs: string) => iccs.replace(/\d/g, (d) => String(Number(d) + 1));

/** Soldier files a side's WXF may number differently from ffish (3+ on one, or 2 files of 2+). */
function awkwardSoldiers(fen: string): boolean {
  const rows = fen.split(" ")[0]!.split("/");
  for (const letter of ["P", "p"]) {
    const perFile = new Array<number>(9).fill(0);
    for (const row of rows) {
      let f = 0;
      for (const ch of row) {
        if (ch >= "1" && ch <= "9") f += Number(ch);
        else {
          if (ch === letter) perFile[f]!++;
          f++;
        }
      }
    }
    if (perFile.some((n) => n >= 3) || perFile.filter((n) => n >= 2).length >= 2) return true;
  }
  return false;
}

describe("ffish oracle", () => {
  it("agrees on legal moves, check and WXF over seeded random playouts", () => {
    const rand = seeded(20240601);
    let positions = 0;
    let compared = 0;
    for (let g = 0; g < 24; g++) {
      let game = Xiangqi.start();
      const board = new ffish.Board("xiangqi");
      try {
        for (let ply = 0; ply < 160 && !game.outcome; ply++) {
          const ours = game.legalMoves().map((m) => toUci(m.from + m.to));
          const theirs = board.legalMoves().split(" ").filter(Boolean);
          expect(ours.sort(), game.fen()).toEqual(theirs.sort());
          expect(game.inCheck(game.turn), game.fen()).toBe(board.isCheck());
          positions++;
          const pick = game.legalMoves()[Math.floor(rand() * ours.length)]!;
          const next = game.play(pick);
          if (!next.ok) throw new Error(next.error.message);
          const uci = toUci(pick.from + pick.to);
          if (!awkwardSoldiers(game.fen())) {
            const ffishText = board.sanMove(uci, ffish.Notation.XIANGQI_WXF);
            const ours = next.value.moves.at(-1)!.notation;
            const where = `${game.fen()} ${pick.from}${pick.to}`;
            // ffish keeps the file digit for two like pieces on a file when only one of them
            // can make the move; WXF (and we) always write front/rear then.
            if (!/^[+-]/.test(ours) || !/^[A-Z]\d/.test(ffishText))
              expect(ours.replace(/^([+-])([A-Z])/, "$2$1"), where).toBe(ffishText);
            expect(game.readMove(ffishText), where).toEqual({ ok: true, value: pick });
            compared++;
          }
          board.push(uci);
          game = next.value;
        }
      } finally {
        board.delete();
      }
    }
    expect(positions).toBeGreaterThan(1500);
    expect(compared).toBeGreaterThan(1000);
  });
});
