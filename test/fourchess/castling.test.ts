import { describe, expect, it } from "vitest";
import { expectRefused, game, legal, pieceAt, play } from "./helpers";

const ROOKS = "rKh1 rRd1 rRk1 bKa7 bRa4 bRa11 yKg14 yRd14 yRk14 gKn8 gRn4 gRn11";
const ALL = "1,1,1,1/1,1,1,1";

describe("castling", () => {
  const cases = [
    { seat: "Red", turn: "R", king: "h1", to: "j1", rook: ["k1", "i1"], text: "O-O" },
    { seat: "Red", turn: "R", king: "h1", to: "f1", rook: ["d1", "g1"], text: "O-O-O" },
    { seat: "Blue", turn: "B", king: "a7", to: "a5", rook: ["a4", "a6"], text: "O-O" },
    { seat: "Blue", turn: "B", king: "a7", to: "a9", rook: ["a11", "a8"], text: "O-O-O" },
    { seat: "Yellow", turn: "Y", king: "g14", to: "e14", rook: ["d14", "f14"], text: "O-O" },
    { seat: "Yellow", turn: "Y", king: "g14", to: "i14", rook: ["k14", "h14"], text: "O-O-O" },
    { seat: "Green", turn: "G", king: "n8", to: "n10", rook: ["n11", "n9"], text: "O-O" },
    { seat: "Green", turn: "G", king: "n8", to: "n6", rook: ["n4", "n7"], text: "O-O-O" },
  ] as const;

  for (const c of cases) {
    it(`${c.seat} ${c.text}: K${c.king}→${c.to}, R${c.rook[0]}→${c.rook[1]}`, () => {
      const g = game({ pieces: ROOKS, turn: c.turn, castling: ALL });
      expect(legal(g)).toContain(`${c.king}-${c.to}`);
      const after = play(g, `${c.king}-${c.to}`);
      const color = c.turn.toLowerCase();
      expect(pieceAt(after, c.to)).toBe(`${color}K`);
      expect(pieceAt(after, c.rook[1])).toBe(`${color}R`);
      expect(pieceAt(after, c.rook[0])).toBe("");
      expect(pieceAt(after, c.king)).toBe("");
      expect(after.moves[0]!.notation).toBe(c.text);
      // Both rights are gone once the king has castled.
      const seat = "RBYG".indexOf(c.turn);
      expect(after.fen4().split("-")[2]!.split(",")[seat]).toBe("0");
      expect(after.fen4().split("-")[3]!.split(",")[seat]).toBe("0");
    });
  }

  it("is refused without the right, and a rook move loses only its side", () => {
    const noShort = game({ pieces: ROOKS, castling: "0,1,1,1/1,1,1,1" });
    expectRefused(noShort, "h1-j1", "move/castle-rights");
    expect(legal(noShort)).toContain("h1-f1");

    const g = play(game({ pieces: ROOKS, castling: ALL }), "k1-k2", "a7-b7", "g14-g13", "n8-m8");
    expectRefused(g, "h1-j1", "move/castle-rights");
    expect(legal(g)).toContain("h1-f1");
  });

  it("is refused when a square between king and rook is occupied", () => {
    const g = game({ pieces: `${ROOKS} rBi1`, castling: ALL });
    expectRefused(g, "h1-j1", "move/castle-blocked");
    expect(legal(g)).toContain("h1-f1");
  });

  it("is refused out of check", () => {
    const g = game({ pieces: `${ROOKS} gQh5`, castling: ALL });
    expectRefused(g, "h1-j1", "move/castle-in-check");
    expectRefused(g, "h1-f1", "move/castle-in-check");
  });

  it("is refused through an attacked square and onto an attacked square", () => {
    const through = game({ pieces: `${ROOKS} bBl4`, castling: ALL });
    expectRefused(through, "h1-j1", "move/castle-check");
    expect(legal(through)).toContain("h1-f1");
    const onto = game({ pieces: `${ROOKS} bNk3`, castling: ALL });
    expectRefused(onto, "h1-j1", "move/castle-check");
  });

  it("ignores the partner's attacks in Teams but not an opponent's in Individual", () => {
    const spec = { pieces: `${ROOKS} yRi5`, castling: ALL };
    expect(legal(game(spec))).toContain("h1-j1");
    const ffa = game(spec, { format: "individual" });
    expect(legal(ffa)).not.toContain("h1-j1");
    expectRefused(ffa, "h1-j1", "move/castle-check");
  });

  it("works from the classic layout's king squares (Blue Ka8, Green Kn7)", () => {
    const classic = "rKh1 rRd1 rRk1 bKa8 bRa4 bRa11 yKg14 yRd14 yRk14 gKn7 gRn4 gRn11";
    const blue = play(game({ pieces: classic, turn: "B", castling: ALL }), "a8-a10");
    expect(pieceAt(blue, "a9")).toBe("bR");
    expect(blue.moves[0]!.notation).toBe("O-O");
    const green = play(game({ pieces: classic, turn: "G", castling: ALL }), "n7-n5");
    expect(pieceAt(green, "n6")).toBe("gR");
  });
});
