import { describe, expect, it } from "vitest";
import { unwrap } from "../../shared/core/result";
import { Xiangqi } from "../../shared/games/xiangqi/game";

const fromFen = (fen: string) => unwrap(Xiangqi.fromFen(fen));
const play = (game: Xiangqi, moves: string) =>
  moves
    .split(" ")
    .filter(Boolean)
    .reduce((g, m) => unwrap(g.playText(m)), game);
const codes = (game: Xiangqi) => game.notices.map((n) => n.code);

describe("mates, named for the result card", () => {
  // Positions found by seeded random playouts; the last move mates.
  const mates: [string, string, string, string][] = [
    ["3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1", "b0b9", "chariot", "checkmate by chariot"],
    ["4k4/9/9/4r3p/9/9/9/9/5K3/9 b - - 1 1", "e6f6", "chariot", "checkmate by chariot"],
    ["3akab2/9/4b4/p8/c8/7n1/9/3K5/4r4/9 b - - 37 1", "h4f3", "horse", "checkmate by horse"],
    ["P8/5k3/9/9/5P3/2P6/6C2/B8/9/4K4 w - - 62 1", "g3f3", "cannon", "checkmate by cannon"],
    ["3N2b2/9/5k1P1/9/9/9/9/4K4/9/9 w - - 13 1", "h7g7", "soldier", "checkmate by soldier"],
    ["2R6/4k2C1/9/4P4/9/6P2/9/9/4K4/7NC w - - 9 1", "i0i8", "double-cannon", "double-cannon mate"],
    ["9/4k4/b7c/3n1c3/2b6/2p6/9/9/3K5/9 b - - 51 1", "i7d7", "horse-cannon", "horse-cannon mate"],
    [
      "1nb1k4/9/8b/p5P1p/9/3c4P/2r6/9/9/2BK2N2 b - - 1 1",
      "c3d3",
      "double-check",
      "double check mate",
    ],
  ];
  for (const [fen, move, kind, name] of mates) {
    it(`${name}: ${move} in ${fen.split(" ")[0]}`, () => {
      const before = fromFen(fen);
      expect(before.outcome).toBeNull();
      const g = play(before, move);
      const winner = before.turn;
      expect(g.outcome).toMatchObject({
        reason: "checkmate",
        draw: false,
        winners: [winner],
        mate: { kind, name },
      });
      expect(g.outcome!.placing[winner]).toBe(1);
      expect(g.moves.at(-1)!.check).toBe(true);
      expect(g.legalMoves()).toEqual([]);
      expect(g.playText("e9e8").ok).toBe(false);
    });
  }
});

describe("other results", () => {
  it("a side with no legal move that is not in check loses", () => {
    const g = play(fromFen("4k4/9/R8/9/9/9/9/9/3R5/5K3 w - - 0 1"), "a7a8");
    expect(g.inCheck(1)).toBe(false);
    expect(g.outcome).toMatchObject({ reason: "stalemate", draw: false, winners: [0] });
    expect(g.outcome!.mate).toBeUndefined();
    expect(g.outcome!.message).toContain("Black has no legal move");
  });

  it("resignation loses and agreement draws; a finished game refuses everything", () => {
    const r = unwrap(Xiangqi.start().resign(0));
    expect(r.outcome).toMatchObject({ reason: "resignation", winners: [1], placing: [2, 1] });
    expect(r.resign(1).ok).toBe(false);
    expect(r.explain({ from: "h2", to: "e2" })?.code).toBe("game/over");
    expect(r.playText("h2e2")).toMatchObject({ ok: false, error: { code: "game/over" } });
    const d = unwrap(play(Xiangqi.start(), "h2e2").agreeDraw());
    expect(d.outcome).toMatchObject({ reason: "agreement", draw: true, placing: [1, 1] });
    expect(d.agreeDraw().ok).toBe(false);
    expect(Xiangqi.start().resign(2).ok).toBe(false);
  });

  it("draws after 400 plies", () => {
    let g = Xiangqi.start();
    const cycle = ["h0g2", "h9g7", "g2h0", "g7h9"];
    for (let i = 0; i < 399; i++) g = play(g, cycle[i % 4]!);
    expect(g.outcome).toBeNull();
    expect(g.plies).toBe(399);
    g = play(g, cycle[399 % 4]!);
    expect(g.outcome).toMatchObject({ reason: "ply-limit", draw: true, winners: [] });
  });

  it("counts the plies a FEN's move number says were played", () => {
    const g = fromFen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 200");
    expect(g.plies).toBe(399);
    expect(play(g, "h9g7").outcome?.reason).toBe("ply-limit");
  });
});

describe("repetition (RULES.md §2.3)", () => {
  // Red's chariot checks on every move, Black's general steps d9↔d8 without checking.
  const perpetual = "3k5/R8/9/9/9/9/9/9/9/4K4 w - - 0 1";
  const cycle = "a8a9 d9d8 a9a8 d8d9";

  it("warns the one-sided checker at the second occurrence and makes it lose at the third", () => {
    let g = fromFen(perpetual);
    const notices: string[][] = [];
    for (const m of `${cycle} ${cycle}`.split(" ")) {
      expect(g.outcome).toBeNull();
      g = play(g, m);
      notices.push(codes(g));
    }
    expect(notices.slice(0, 3)).toEqual([[], [], []]);
    expect(notices.slice(3, 7)).toEqual(new Array(4).fill(["perpetual-check/warning"]));
    const warning = play(fromFen(perpetual), cycle).notices[0]!;
    expect(warning).toEqual({
      code: "perpetual-check/warning",
      params: { seat: 0 },
      message: "One more perpetual check and Red loses.",
      seat: 0,
    });
    expect(g.outcome).toMatchObject({ reason: "perpetual-check", draw: false, winners: [1] });
    expect(g.outcome!.message).toContain("Red checked perpetually and loses");
  });

  it("lets the checker vary after the warning", () => {
    const g = play(fromFen(perpetual), `${cycle} a8a9 d9d8 a9a7`);
    expect(g.outcome).toBeNull();
    expect(g.moves.at(-1)!.check).toBe(false);
  });

  it("decides nothing on a mutual perpetual check and raises the draw notice at the third", () => {
    // Cannon e3 and chariot d6 shuttle: every move blocks the check and uncovers one.
    let g = fromFen("4k4/3c5/9/3r5/9/9/4C4/9/3KR4/9 w - - 0 1");
    const moves = "e3d3 d6e6 d3e3 e6d6";
    g = play(g, moves);
    expect(g.moves.every((m) => m.check)).toBe(true);
    expect(codes(g)).toEqual([]);
    g = play(g, moves);
    expect(g.outcome).toBeNull();
    expect(codes(g)).toEqual(["draw-offer/repetition"]);
    expect(g.notices[0]!.seat).toBeUndefined();
    expect(g.notices[0]!.message).toContain("3 times");
    g = play(g, moves);
    expect(g.outcome).toBeNull();
    expect(g.notices[0]!.message).toContain("4 times");
  });

  it("decides nothing on a quiet repetition and raises the draw notice at the third", () => {
    let g = play(Xiangqi.start(), "h0g2 h9g7 g2h0 g7h9");
    expect(codes(g)).toEqual([]);
    g = play(g, "h0g2 h9g7 g2h0");
    expect(codes(g)).toEqual([]);
    g = play(g, "g7h9");
    expect(codes(g)).toEqual(["draw-offer/repetition"]);
    expect(g.outcome).toBeNull();
    expect(g.turn).toBe(0);
    expect(g.fen()).toBe(Xiangqi.start().fen().replace(" 0 1", " 8 5"));
  });

  it("raises the same kind of notice after 60 moves each without a capture", () => {
    const cycle4 = ["h0g2", "h9g7", "g2h0", "g7h9"];
    let g = Xiangqi.start();
    for (let i = 0; i < 119; i++) g = play(g, cycle4[i % 4]!);
    expect(codes(g)).not.toContain("draw-offer/no-capture");
    g = play(g, cycle4[119 % 4]!);
    expect(codes(g)).toContain("draw-offer/no-capture");
    expect(g.notices.find((n) => n.code === "draw-offer/no-capture")!.message).toBe(
      "60 moves each without a capture: a draw may be offered.",
    );
    expect(g.outcome).toBeNull();
    expect(codes(play(g, "h0g2"))).not.toContain("draw-offer/no-capture");
  });

  it("counts the capture-free plies a FEN carries", () => {
    const g = fromFen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 119 60");
    expect(codes(play(g, "h2e2"))).toEqual(["draw-offer/no-capture"]);
    expect(codes(play(g, "b2b9"))).toEqual([]);
  });
});
