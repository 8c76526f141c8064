import { describe, expect, it } from "vitest";
import { seeded } from "../../shared/core/random";
import { unwrap } from "../../shared/core/result";
import { parseFen, writeFen } from "../../shared/games/xiangqi/fen";
import { Xiangqi } from "../../shared/games/xiangqi/game";
import { iccsOf, moveInput } from "../../shared/games/xiangqi/iccs";
import { Position } from "../../shared/games/xiangqi/position";
import { parseWxf, wxfOf } from "../../shared/games/xiangqi/wxf";

const fromFen = (fen: string) => unwrap(Xiangqi.fromFen(fen));
const fromStart = (moves: string) =>
  moves
    .split(" ")
    .filter(Boolean)
    .reduce((g, m) => unwrap(g.playText(m)), Xiangqi.start());

/** WXF of an ICCS move in a game, and the ICCS the WXF text reads back as. */
function wxf(game: Xiangqi, iccs: string): string {
  const text = unwrap(game.playText(iccs)).moves.at(-1)!.notation;
  const back = unwrap(parseWxf(game.position(), text));
  expect(back.from + back.to).toBe(iccs);
  return text;
}
const reads = (game: Xiangqi, text: string) => {
  const r = unwrap(parseWxf(game.position(), text));
  return r.from + r.to;
};

describe("WXF, single pieces", () => {
  it("numbers Red's files from Red's right", () => {
    const g = Xiangqi.start();
    const cases: [string, string][] = [
      ["h2e2", "C2=5"],
      ["b2b1", "C8-1"],
      ["h0g2", "H2+3"],
      ["b0c2", "H8+7"],
      ["a0a2", "R9+2"],
      ["i0i1", "R1+1"],
      ["f0e1", "A4+5"],
      ["g0e2", "E3+5"],
      ["c3c4", "P7+1"],
      ["e0e1", "K5+1"],
    ];
    for (const [iccs, text] of cases) expect(wxf(g, iccs)).toBe(text);
  });

  it("numbers Black's files from Black's right, forward being down the board", () => {
    const g = fromStart("h2e2");
    const cases: [string, string][] = [
      ["h9g7", "H8+7"],
      ["b9c7", "H2+3"],
      ["b7e7", "C2=5"],
      ["h7h8", "C8-1"],
      ["i9i8", "R9+1"],
      ["d9e8", "A4+5"],
      ["g9e7", "E7+5"],
      ["c6c5", "P3+1"],
      ["e9e8", "K5+1"],
    ];
    for (const [iccs, text] of cases) expect(wxf(g, iccs)).toBe(text);
  });

  it("writes backward and sideways moves of every kind", () => {
    const g = fromStart("h0g2 h9g7 g3g4 i9h9 g2f4 h9h8 i0i1 h8h9");
    expect(wxf(g, "f4g2")).toBe("H4-3");
    expect(wxf(g, "i1i0")).toBe("R1-1");
    expect(wxf(g, "i1f1")).toBe("R1=4");
    expect(wxf(g, "h2h1")).toBe("C2-1");
    const k = fromStart("h2e2 h9g7 e0e1 i9h9");
    expect(wxf(k, "e1f1")).toBe("K5=4");
    expect(wxf(k, "e1e0")).toBe("K5-1");
  });

  it("reads `.` for `=`, lowercase, and B/N as elephant/horse", () => {
    const g = Xiangqi.start();
    expect(reads(g, "C2.5")).toBe("h2e2");
    expect(reads(g, "h2+3")).toBe("h0g2");
    expect(reads(g, "N8+7")).toBe("b0c2");
    expect(reads(g, "B3+5")).toBe("g0e2");
    expect(reads(g, " c8=5 ")).toBe("b2e2");
  });
});

describe("WXF, like pieces on one file", () => {
  it("writes front and rear chariots and cannons with + and -", () => {
    const red = fromFen("4k4/9/9/9/9/9/7C1/R8/7C1/R2K5 w - - 0 1");
    expect(wxf(red, "a2a6")).toBe("+R+4");
    expect(wxf(red, "a2d2")).toBe("+R=6");
    expect(wxf(red, "a0a1")).toBe("-R+1");
    expect(wxf(red, "h3e3")).toBe("+C=5");
    expect(wxf(red, "h1h0")).toBe("-C-1");
    expect(reads(red, "R+=6")).toBe("a2d2");
    expect(reads(red, "C-.5")).toBe("h1e1");
  });

  it("counts Black's front as the piece nearer Red", () => {
    const black = fromFen("1r2k4/9/9/9/1r7/9/9/9/9/3K5 b - - 0 1");
    expect(wxf(black, "b5b4")).toBe("+R+1");
    expect(wxf(black, "b9b8")).toBe("-R+1");
    expect(wxf(black, "b5b7")).toBe("+R-2");
  });

  it("keeps the file digit for advisors and elephants", () => {
    const g = fromFen("3k5/9/9/9/9/2B6/9/3A5/9/2BA1K3 w - - 0 1");
    expect(wxf(g, "d2e1")).toBe("A6-5");
    expect(wxf(g, "d0e1")).toBe("A6+5");
    expect(wxf(g, "c4e2")).toBe("E7-5");
    expect(wxf(g, "c0a2")).toBe("E7+9");
  });

  it("names three soldiers on a file +P, P<file>, -P", () => {
    const g = fromFen("5k3/9/4P4/4P4/4P4/9/9/9/9/3K5 w - - 0 1");
    expect(wxf(g, "e7e8")).toBe("+P+1");
    expect(wxf(g, "e6d6")).toBe("P5=6");
    expect(wxf(g, "e5f5")).toBe("-P=4");
    expect(reads(g, "P+.4")).toBe("e7f7");
    expect(reads(g, "P5.4")).toBe("e6f6");
    expect(reads(g, "P-=6")).toBe("e5d5");
  });

  it("names four and five soldiers on a file ++, +P, (P<file>), -P, --", () => {
    const four = fromFen("5k3/9/9/4P4/4P4/4P4/4P4/9/9/3K5 w - - 0 1");
    expect(wxf(four, "e6e7")).toBe("++" + "+1");
    expect(wxf(four, "e5d5")).toBe("+P=6");
    const five = fromFen("5k3/9/4P4/4P4/4P4/4P4/4P4/9/9/3K5 w - - 0 1");
    expect(wxf(five, "e7e8")).toBe("+++1");
    expect(wxf(five, "e6d6")).toBe("+P=6");
    expect(wxf(five, "e5f5")).toBe("P5=4");
    expect(reads(five, "--+1")).toBe("e3e4");
  });

  it("puts the file digit in place of the letter when two files hold tandem soldiers", () => {
    const g = fromFen("5k3/9/9/2P1P4/2P1P4/9/9/9/9/3K5 w - - 0 1");
    expect(wxf(g, "e6e7")).toBe("+5+1");
    expect(wxf(g, "e5d5")).toBe("-5=6");
    expect(wxf(g, "c6c7")).toBe("+7+1");
    expect(wxf(g, "c5b5")).toBe("-7=8");
    expect(reads(g, "7-.8")).toBe("c5b5");
    const three = fromFen("5k3/9/4P4/2P1P4/2P1P4/9/9/9/9/3K5 w - - 0 1");
    expect(wxf(three, "e6d6")).toBe("55=6");
    expect(wxf(three, "e7e8")).toBe("+5+1");
    expect(wxf(three, "c5b5")).toBe("-7=8");
  });
});

describe("WXF, refused text", () => {
  it("explains unreadable, pieceless, ambiguous and illegal text", () => {
    const g = Xiangqi.start();
    const code = (game: Xiangqi, text: string) => {
      const r = game.playText(text);
      return r.ok ? "ok" : r.error.code;
    };
    expect(code(g, "X2=5")).toBe("move/unreadable-as");
    expect(parseWxf(g.position(), "X2=5")).toMatchObject({
      ok: false,
      error: { code: "wxf/unreadable" },
    });
    expect(code(g, "R5+1")).toBe("wxf/no-piece");
    expect(code(g, "C2+9")).toBe("wxf/no-move");
    expect(code(g, "H2+4")).toBe("move/horse-leg");
    const two = fromFen("5k3/9/9/9/R8/9/9/9/9/R2K5 w - - 0 1");
    expect(code(two, "R9+1")).toBe("wxf/ambiguous");
    expect(code(two, "-R+1")).toBe("ok");
  });
});

describe("round trips over seeded random playouts", () => {
  it("parse(write(m)) = m for every legal move, and FEN survives export and import", () => {
    const rand = seeded(7);
    let checked = 0;
    for (let g = 0; g < 16; g++) {
      let game = Xiangqi.start();
      for (let ply = 0; ply < 140 && !game.outcome; ply++) {
        const pos = game.position();
        const moves = pos.legalMoves();
        for (const m of moves) {
          const text = wxfOf(pos, m);
          expect(parseWxf(pos, text), `${game.fen()} ${iccsOf(m)} ${text}`).toEqual({
            ok: true,
            value: moveInput(m),
          });
          checked++;
        }
        const fen = game.fen();
        const parsed = unwrap(parseFen(fen));
        expect(writeFen(Position.fromSetup(parsed.setup), parsed.fullmove)).toBe(fen);
        expect(Position.fromSetup(parsed.setup).hashKey()).toBe(pos.hashKey());
        game = game.playMove(moves[Math.floor(rand() * moves.length)]!);
      }
    }
    expect(checked).toBeGreaterThan(50000);
  });
});
