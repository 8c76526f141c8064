import { describe, expect, it } from "vitest";
import { unwrap } from "../../shared/core/result";
import { expectRefused, game, KINGS, legal, pieceAt, play } from "./helpers";

describe("Teams", () => {
  it("never lets partners capture each other", () => {
    const g = game({ pieces: `${KINGS} rRe5 yNe9` });
    expect(legal(g)).not.toContain("e5-e9");
    expectRefused(g, "e5-e9", "move/partner-piece");
    expect(legal(g)).toContain("e5-e8");
  });

  it("never counts the partner's pieces as giving check", () => {
    const g = game({ pieces: `${KINGS} yRh10 yRg5` });
    expect(g.inCheck(0)).toBe(false);
    // The king may even step onto squares the partner attacks.
    expect(legal(g)).toEqual(expect.arrayContaining(["h1-h2", "h1-g2"]));
  });

  // Green's king on n8 is boxed in by its own pawns and rooks; Red's knight checks from m6.
  const boxed = "rKh1 rNk5 bKa7 bRe6 yKg14 gKn8 gPm7 gPm8 gPm9 gRn7 gRn9";

  it("decides a mate only when the mated player's turn arrives", () => {
    const checked = play(game({ pieces: boxed }), "k5-m6");
    expect(checked.inCheck(3)).toBe(true);
    expect(checked.outcome).toBeNull();
    expect(checked.moves[0]!.notation).toBe("Nk5-m6+");
    const mated = play(checked, "a7-b7", "g14-g13");
    expect(mated.outcome).toMatchObject({ reason: "checkmate", draw: false, winners: [0, 2] });
    expect(mated.outcome!.placing).toEqual([1, 2, 1, 2]);
    expect(mated.out[3]).toBe("checkmated");
    expect(mated.legalMoves()).toEqual([]);
  });

  it("lets the partner rescue a mated player before their turn", () => {
    const rescued = play(game({ pieces: boxed }), "k5-m6", "e6-m6", "g14-g13");
    expect(rescued.outcome).toBeNull();
    expect(rescued.turn).toBe(3);
    expect(legal(rescued)).toContain("m8-l8");
  });

  it("lets an opponent who moves first capture a checked king, and that team wins", () => {
    // Red uncovers Yellow's rook on Green's king; Yellow is itself in check from Blue's rook.
    const g = play(game({ pieces: "rKh1 rNh8 bKa7 bRd14 yKg14 yRe8 gKn8" }), "h8-g6", "a7-b7");
    expect(g.inCheck(2)).toBe(true);
    // Every other Yellow move must answer the check, but taking the king is always legal.
    expect(legal(g)).toContain("e8-n8");
    expect(legal(g)).not.toContain("e8-e7");
    const won = play(g, "e8-n8");
    expect(won.outcome).toMatchObject({ reason: "king-captured", winners: [0, 2] });
    expect(won.moves.at(-1)!.notation).toBe("Re8xKn8");
    expect(pieceAt(won, "n8")).toBe("yR");
  });

  it("draws when the player whose turn arrives has no move and is not in check", () => {
    const g = play(game({ pieces: "rKh1 rRk11 bKa7 yKg14 yRk6 yRe8 gKn8 gPm8" }), "k11-b11");
    expect(g.outcome).toMatchObject({ reason: "stalemate", draw: true, winners: [] });
    expect(g.outcome!.placing).toEqual([1, 1, 1, 1]);
  });

  it("ends with a loss for the team of a player who resigns", () => {
    const g = unwrap(play(game({ pieces: KINGS }), "h1-h2").resign(1));
    expect(g.outcome).toMatchObject({ reason: "resignation", winners: [0, 2] });
    expect(g.out[1]).toBe("resigned");
    expect(g.resign(0).ok).toBe(false);
  });
});
