import { describe, expect, it } from "vitest";
import { expectRefused, game, KINGS, legal, pieceAt, play } from "./helpers";

describe("en passant", () => {
  const pieces = `${KINGS} rPe2 bPd4 gPf4`;

  it("may be taken by the next opponent (Blue) right after the two-square step", () => {
    const g = play(game({ pieces }), "e2-e4");
    expect(g.fen4()).toContain("'enPassant':('e3:e4','','','')");
    expect(legal(g)).toContain("d4-e3");
    const after = play(g, "d4-e3");
    expect(pieceAt(after, "e3")).toBe("bP");
    expect(pieceAt(after, "e4")).toBe("");
    expect(after.moves[1]!.notation).toBe("d4xPe3");
  });

  it("may be taken by the second following opponent (Green) until Red moves again", () => {
    const g = play(game({ pieces }), "e2-e4", "a7-b7", "g14-g13");
    expect(legal(g)).toContain("f4-e3");
    const taken = play(g, "f4-e3");
    expect(pieceAt(taken, "e4")).toBe("");
    expect(pieceAt(taken, "e3")).toBe("gP");
  });

  it("expires once the pawn's owner moves again", () => {
    const g = play(game({ pieces }), "e2-e4", "a7-b7", "g14-g13", "n8-m8", "h1-h2");
    expectRefused(g, "d4-e3", "move/pawn-diagonal");
  });

  it("is not open to the partner", () => {
    const g = play(game({ pieces: `${KINGS} rPe2 yPf4` }), "e2-e4", "a7-b7");
    expect(legal(g)).not.toContain("f4-e3");
  });

  it("is gone once the skipped square is occupied", () => {
    const g = play(game({ pieces: `${pieces} yNd5` }), "e2-e4", "a7-b7", "d5-e3");
    const after = play(g, "f4-e3");
    expect(pieceAt(after, "e4")).toBe("rP");
    expect(pieceAt(after, "e3")).toBe("gP");
    expect(after.moves[3]!.notation).toBe("f4xNe3");
  });

  it("is open to every opponent in Individual, the partner seat included", () => {
    const g = play(
      game({ pieces: `${KINGS} rPe2 yPf4` }, { format: "individual" }),
      "e2-e4",
      "a7-b7",
    );
    expect(legal(g)).toContain("f4-e3");
  });
});

describe("promotion", () => {
  it("Teams: on the 11th rank to Q, R, B or N, the player's choice", () => {
    const g = game({ pieces: `${KINGS} rPe10` });
    expect(legal(g).filter((m) => m.startsWith("e10-"))).toEqual([
      "e10-e11=Q",
      "e10-e11=R",
      "e10-e11=B",
      "e10-e11=N",
    ]);
    expectRefused(g, "e10-e11", "move/promotion-required");
    const knight = play(g, "e10-e11=N");
    expect(pieceAt(knight, "e11")).toBe("rN");
    expect(knight.moves[0]!.notation).toBe("e10-e11=N");
  });

  it("Teams: each seat promotes on its own 11th line", () => {
    for (const [turn, pawn, to, piece] of [
      ["B", "bPj5", "k5", "bR"],
      ["Y", "yPe5", "e4", "yR"],
      ["G", "gPe5", "d5", "gR"],
    ] as const) {
      const g = game({ pieces: `${KINGS} ${pawn}`, turn });
      const from = pawn.slice(2);
      expect(pieceAt(play(g, `${from}-${to}=R`), to)).toBe(piece);
    }
  });

  it("Individual: on the 8th rank (the centre line), to a queen only", () => {
    const g = game({ pieces: `${KINGS} rPe7` }, { format: "individual" });
    expect(legal(g).filter((m) => m.startsWith("e7-"))).toEqual(["e7-e8=Q"]);
    const r = g.play({ from: "e7", to: "e8", promotion: "R" });
    expect(r.ok ? "" : r.error.code).toBe("move/promotion-queen-only");
    const queen = play(g, "e7-e8");
    expect(pieceAt(queen, "e8")).toBe("rQ");
    expect(queen.fen4()).toContain("'promoted':('e8','','','')");
  });

  it("Individual: each seat promotes on its centre line", () => {
    for (const [turn, pawn, to] of [
      ["B", "bPg5", "h5"],
      ["Y", "yPe8", "e7"],
      ["G", "gPh5", "g5"],
    ] as const) {
      const g = game({ pieces: `${KINGS} ${pawn}`, turn }, { format: "individual" });
      const color = turn.toLowerCase();
      expect(pieceAt(play(g, `${pawn.slice(2)}-${to}`), to)).toBe(`${color}Q`);
    }
  });

  it("Individual: a promoted queen is worth 1 point when captured", () => {
    const g = play(
      game({ pieces: `${KINGS} rPe7 bRa8` }, { format: "individual" }),
      "e7-e8",
      "a8-e8",
    );
    expect(g.scores).toEqual([0, 1, 0, 0]);
    expect(g.moves[1]!.notation).toBe("Ra8xQe8+"); // the rook now also checks Green along rank 8
  });
});
