import { describe, expect, it } from "vitest";
import { unwrap } from "../../shared/core/result";
import { parseFen } from "../../shared/games/xiangqi/fen";
import { Position } from "../../shared/games/xiangqi/position";
import { START_FEN } from "../../shared/games/xiangqi/setups";

/** Perft tables from notes/rules-references.md §3.2, all checked against Fairy-Stockfish. */
const TABLES: readonly [string, readonly number[]][] = [
  [START_FEN, [44, 1920, 79666, 3290240]],
  [
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    [38, 1128, 43929, 1339047],
  ],
  [
    "r2akab1r/3n5/4b3n/p1p1pRp1p/9/2P3P2/P3P3c/N2C3C1/4A4/1RBAK1B2 w - - 0 1",
    [58, 1651, 90744, 2605437],
  ],
  [
    "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
    [49, 2265, 100326, 4485547],
  ],
  ["4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1", [13, 272, 3707, 92741]],
];

const position = (fen: string) => Position.fromSetup(unwrap(parseFen(fen)).setup);

describe("perft", () => {
  for (const [fen, counts] of TABLES) {
    it(`${fen.split(" ")[0]} to depth ${counts.length}`, () => {
      const pos = position(fen);
      const hash = pos.hashKey();
      counts.forEach((n, i) => {
        expect(pos.perft(i + 1)).toBe(n);
      });
      expect(pos.hashKey()).toBe(hash);
    });
  }

  it("keeps the incremental hash equal to a fresh one through make and unmake", () => {
    const pos = position(TABLES[3]![0]);
    const check = (depth: number): void => {
      const fresh = pos.clone();
      fresh.rehash();
      expect(pos.hashKey()).toBe(fresh.hashKey());
      if (depth === 0) return;
      for (const m of pos.legalMoves().slice(0, 12)) {
        pos.make(m);
        check(depth - 1);
        pos.unmake();
      }
    };
    check(3);
  });

  it("counts depth 0 as one node", () => {
    expect(position(START_FEN).perft(0)).toBe(1);
  });
});
