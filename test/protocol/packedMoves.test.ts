import { describe, expect, it } from "vitest";
import { GAMES } from "../../shared/games/catalog";
import type { MoveView } from "../../shared/protocol/views";
import {
  entryFromView,
  packMove,
  packPiece,
  pieceFromView,
  squareNumber,
  unpackMove,
  unpackPiece,
} from "../../shared/protocol/wire";

describe("a move-list entry as one number", () => {
  it("keeps every field, at the largest values each can take", () => {
    const cases: MoveView[] = [
      { seat: 0, from: 0, to: 0 },
      { seat: 3, from: 195, to: 194, promotion: 5, captured: true, by: 2 },
      { seat: 1, from: 89, to: 80, captured: true, by: 1 },
      { seat: 2, resigned: true },
      { seat: 3, resigned: true, timeout: true, by: 2 },
    ];
    for (const m of cases) {
      const n = packMove(m);
      expect(Number.isInteger(n) && n >= 0 && n < 2 ** 32, JSON.stringify(m)).toBe(true);
      expect(unpackMove(n)).toEqual(m);
    }
    // Every square of the larger board, both ways, with every author.
    const seen = new Set<number>();
    for (let from = 0; from < 196; from++)
      for (const by of [0, 1, 2]) {
        const m = { seat: from % 4, from, to: 195 - from, ...(by ? { by } : {}) };
        const n = packMove(m);
        expect(unpackMove(n)).toEqual(m);
        seen.add(n);
      }
    expect(seen.size).toBe(196 * 3);
  });

  it("reads back as the record entry an outside client replays", () => {
    const n = packMove({
      seat: 0,
      from: squareNumber("fourchess", "h7"),
      to: squareNumber("fourchess", "h8"),
      promotion: 1,
    });
    expect(entryFromView("fourchess", n)).toEqual({
      seat: 0,
      move: { from: "h7", to: "h8", promotion: expect.any(String) },
      by: "player",
    });
    expect(entryFromView("xiangqi", packMove({ seat: 1, resigned: true, timeout: true }))).toEqual({
      seat: 1,
      move: null,
      by: "player",
      timeout: true,
    });
  });
});

describe("a piece as one number", () => {
  it("keeps its square, kind and seat, a grey piece's too, on both boards", () => {
    for (const game of ["fourchess", "xiangqi"] as const) {
      const { files, ranks } = GAMES[game].board;
      const kinds = GAMES[game].kinds.length;
      for (let square = 0; square < files * ranks; square += 7)
        for (let kind = 1; kind < kinds; kind++)
          for (const seat of [-1, 0, 1, 2, 3]) {
            const p = { square, kind, seat };
            const n = packPiece(p);
            expect(n).toBeLessThan(2 ** 16);
            expect(unpackPiece(n)).toEqual(p);
          }
    }
    const n = packPiece({ square: squareNumber("xiangqi", "e0"), kind: 1, seat: 0 });
    expect(pieceFromView("xiangqi", "17", n)).toEqual({
      id: 17,
      square: "e0",
      kind: GAMES.xiangqi.kinds[1],
      seat: 0,
    });
  });
});
