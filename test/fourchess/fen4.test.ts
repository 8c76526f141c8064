import { describe, expect, it } from "vitest";
import { type Format, FourChess, MODERN_START, parseFen4 } from "../../shared/games/fourchess";
import { rng } from "./helpers";

/** The older chess.com layout: Blue Ka8 Qa7, Green Qn8 Kn7. Accepted on import only. */
const CLASSIC_START =
  "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-x,x,x,yR,yN,yB,yK,yQ,yB,yN,yR,x,x,x/x,x,x,yP,yP,yP,yP,yP,yP,yP,yP,x,x,x/x,x,x,8,x,x,x/bR,bP,10,gP,gR/bN,bP,10,gP,gN/bB,bP,10,gP,gB/bK,bP,10,gP,gQ/bQ,bP,10,gP,gK/bB,bP,10,gP,gB/bN,bP,10,gP,gN/bR,bP,10,gP,gR/x,x,x,8,x,x,x/x,x,x,rP,rP,rP,rP,rP,rP,rP,rP,x,x,x/x,x,x,rR,rN,rB,rQ,rK,rB,rN,rR,x,x,x";

/** Plays seeded random legal games and yields every position's FEN4 along the way. */
function* playouts(format: Format, games: number, seed: number): Generator<FourChess> {
  const random = rng(seed);
  for (let i = 0; i < games; i++) {
    let g = FourChess.start({ format }, i % 4);
    for (let ply = 0; ply < 120 && !g.outcome; ply++) {
      const moves = g.legalMoves();
      const pick = moves[Math.floor(random() * moves.length)]!;
      const next = g.play(pick);
      if (!next.ok) throw new Error(next.error.message);
      g = next.value;
      yield g;
    }
  }
}

describe("FEN4", () => {
  it("writes the modern start exactly as chess.com and 4pchess do", () => {
    expect(FourChess.start({ format: "teams" }).fen4()).toBe(MODERN_START);
  });

  it("reads the classic layout and the older comma-less spelling", () => {
    const classic = FourChess.fromFen4(CLASSIC_START, { format: "teams" });
    expect(classic.ok && classic.value.legalMoves().length).toBe(20);
    const old =
      "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-3yRyNyByKyQyByNyR3/3yPyPyPyPyPyPyPyP3/14/bRbP10gPgR/bNbP10gPgN/bBbP10gPgB/bKbP10gPgQ/bQbP10gPgK/bBbP10gPgB/bNbP10gPgN/bRbP10gPgR/14/3rPrPrPrPrPrPrPrP3/3rRrNrBrQrKrBrNrR3";
    const parsed = FourChess.fromFen4(old, { format: "teams" });
    expect(parsed.ok && parsed.value.fen4()).toBe(CLASSIC_START);
  });

  for (const format of ["teams", "individual"] as const) {
    it(`round-trips every position of seeded random ${format} playouts`, () => {
      let count = 0;
      for (const g of playouts(format, 6, format === "teams" ? 1 : 2)) {
        const fen = g.fen4();
        const back = FourChess.fromFen4(fen, { format });
        expect(back.ok).toBe(true);
        if (!back.ok) continue;
        expect(back.value.fen4()).toBe(fen);
        expect(back.value.legalMoves()).toEqual(g.legalMoves());
        count++;
      }
      expect(count).toBeGreaterThan(300);
    });
  }

  const broken: [string, RegExp][] = [
    ["", /empty/],
    ["R-0,0,0,0", /seven fields/],
    [MODERN_START.replace(/^R/, "X"), /player to move/],
    [MODERN_START.replace("R-0,0,0,0", "R-0,0,2,0"), /eliminated/],
    [MODERN_START.replace("-0,0,0,0-0-", "-0,0,a,0-0-"), /points/],
    [MODERN_START.replace("-0,0,0,0-0-", "-0,0,0,0-z-"), /halfmove/],
    [MODERN_START.replace("x,x,x,yR", "x,x,yR,yR"), /corner/],
    [MODERN_START.replace("x,x,x,8,x,x,x/bR", "x,x,x,9,x,x,x/bR"), /fit|14/],
    [MODERN_START.replace("yR,yN,yB,yK", "yR,yN,yB,yZ"), /not a piece/],
    [MODERN_START.replace("rK", "rQ"), /exactly one king/],
    [MODERN_START.replace("/x,x,x,8,x,x,x/bR", "/bR"), /14 ranks/],
    [MODERN_START.replace("0-x,x,x", "0-{'enPassant':('','c4:d4','','')}-x,x,x"), /no Blue pawn/],
    [MODERN_START.replace("0-x,x,x", "0-{'enPassant':('q9','','','')}-x,x,x"), /not a square/],
    [MODERN_START.replace("0-x,x,x", "0-{'enPassant'-x,x,x"), /never closes/],
    [MODERN_START.replace("R-0,0,0,0", "R-1,0,0,0"), /eliminated/],
  ];
  for (const [fen, reason] of broken) {
    it(`rejects a malformed FEN4 with a reason (${reason.source})`, () => {
      const r = parseFen4(fen);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe("fen4/invalid");
        expect(r.error.message).toMatch(reason);
      }
    });
  }

  it("never throws on mangled input", () => {
    const random = rng(7);
    const alphabet = "RBYGrbygdx0123456789,-/{}()':PNBRQK ";
    for (let i = 0; i < 2000; i++) {
      const chars = [...MODERN_START];
      const edits = 1 + Math.floor(random() * 4);
      for (let e = 0; e < edits; e++) {
        const at = Math.floor(random() * chars.length);
        const op = random();
        const c = alphabet[Math.floor(random() * alphabet.length)]!;
        if (op < 0.33) chars.splice(at, 1);
        else if (op < 0.66) chars.splice(at, 0, c);
        else chars[at] = c;
      }
      expect(() => parseFen4(chars.join(""))).not.toThrow();
    }
  });
});
