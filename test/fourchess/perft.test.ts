import { describe, expect, it } from "vitest";
import { unwrap } from "../../shared/core/result";
import { type Format, MODERN_START, Position, parseFen4 } from "../../shared/games/fourchess";

const CHECKMATE3 =
  "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-x,x,x,yR,yN,1,yK,1,yB,yN,yR,x,x,x/x,x,x,yP,yP,yP,1,yP,yP,yP,yP,x,x,x/x,x,x,3,yP,4,x,x,x/bR,bP,2,yQ,3,yB,3,gP,gR/bN,bP,10,gP,gN/bB,2,bP,8,gP,gB/bQ,bP,9,gP,1,gK/bK,bP,bP,2,gQ,6,gP,1/bB,11,gP,gB/bN,1,bP,9,gP,gN/bR,bP,10,gP,gR/x,x,x,2,rP,1,rP,3,x,x,x/x,x,x,rP,rP,1,rP,1,rP,rP,rP,x,x,x/x,x,x,rR,rN,rB,rQ,rK,1,rN,rR,x,x,x";
const EN_PASSANT =
  "Y-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-{'enPassant':('','c4:d4','','')}-x,x,x,yR,yN,yB,yK,yQ,yB,yN,yR,x,x,x/x,x,x,yP,yP,yP,yP,yP,yP,yP,yP,x,x,x/x,x,x,8,x,x,x/bR,bP,10,gP,gR/bN,bP,10,gP,gN/bB,bP,10,gP,gB/bQ,bP,10,gP,gK/bK,bP,10,gP,gQ/bB,bP,10,gP,gB/bN,bP,10,gP,gN/bR,2,bP,8,gP,gR/x,x,x,4,rP,3,x,x,x/x,x,x,rP,rP,rP,rP,1,rP,rP,rP,x,x,x/x,x,x,rR,rN,rB,rQ,rK,rB,rN,rR,x,x,x";

const position = (fen: string, format: Format = "teams") =>
  Position.fromSetup(unwrap(parseFen4(fen)).setup, format);

describe("four-player perft", () => {
  it("matches the reference engines from the modern start (Teams) to depth 5", () => {
    const pos = position(MODERN_START);
    expect([1, 2, 3, 4, 5].map((d) => pos.perft(d))).toEqual([20, 395, 7800, 152050, 3452310]);
  });

  it("Individual equals Teams from the start to depth 4", () => {
    const pos = position(MODERN_START, "individual");
    expect([1, 2, 3, 4].map((d) => pos.perft(d))).toEqual([20, 395, 7800, 152050]);
  });

  it("matches 4pchess on its EvaluateCheckmate3 position", () => {
    const pos = position(CHECKMATE3);
    expect([1, 2, 3].map((d) => pos.perft(d))).toEqual([30, 646, 37224]);
  });

  it("matches 4pchess on its en-passant position", () => {
    const pos = position(EN_PASSANT);
    expect([1, 2, 3, 4].map((d) => pos.perft(d))).toEqual([20, 355, 11535, 233648]);
  });

  it("leaves the position as it found it", () => {
    const pos = position(CHECKMATE3);
    const before = [pos.hashLo, pos.hashHi, Array.from(pos.board).join()];
    pos.perft(3);
    expect([pos.hashLo, pos.hashHi, Array.from(pos.board).join()]).toEqual(before);
  });
});
