import { describe, expect, it } from "vitest";
import { parseArgs } from "../../tools/args";
import { GAMES } from "../../tools/games";

const cli = GAMES.xiangqi!;
const args = (...argv: string[]) => parseArgs(["--game", "xiangqi", ...argv]);

describe("xiangqi command-line tools", () => {
  it("perft counts from the start, after moves, and divides by ICCS root move", () => {
    expect(cli.perft(args(), 3).total).toBe(79666);
    const r = cli.perft(args("--moves", "h2e2 h9g7", "--divide"), 2);
    expect(r.divide).toHaveLength(cli.perft(args("--moves", "h2e2 h9g7"), 1).total);
    expect(r.divide.reduce((s, [, n]) => s + n, 0)).toBe(r.total);
    expect(r.divide[0]![0]).toMatch(/^[a-i][0-9][a-i][0-9]$/);
    const fen = "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1";
    expect(cli.perft(args("--fen", fen), 3).total).toBe(3707);
  });

  it("play reports the game as JSON, reading ICCS and WXF alike", () => {
    const r = cli.play(args("--moves", "h2e2 H8+7 h0g2 c9e7"));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const json = r.json as Record<string, unknown>;
    expect(json).toMatchObject({
      fen: "rn1akab1r/9/1c2b1nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 4 3",
      turn: "red",
      inCheck: false,
      moves: ["C2=5", "H8+7", "H2+3", "E3+5"],
      iccs: ["h2e2", "h9g7", "h0g2", "c9e7"],
      notices: [],
      outcome: null,
    });
    expect(json.legalMoves).toContain("e2e6");
  });

  it("play reports a mate and the notices", () => {
    const mate = cli.play(args("--fen", "3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1", "--moves", "b0b9"));
    expect(mate).toMatchObject({
      ok: true,
      json: {
        turn: null,
        outcome: { result: "win", winners: ["red"], mate: "checkmate by chariot" },
      },
    });
    const rep = cli.play(
      args("--fen", "3k5/R8/9/9/9/9/9/9/9/4K4 w - - 0 1", "--moves", "a8a9 d9d8 a9a8 d8d9"),
    );
    expect(rep).toMatchObject({
      ok: true,
      json: { notices: [{ ply: 4, code: "perpetual-check/warning", seat: "red" }] },
    });
  });

  it("play refuses an illegal move with its reason", () => {
    const r = cli.play(args("--moves", "h2e2 b0d1"));
    expect(r).toEqual({
      ok: false,
      reason: "b0d1: move/other-side-piece: The piece on b0 is Red's; it is Black's turn.",
    });
    const leg = cli.play(args("--moves", "b0d1"));
    expect(leg.ok || leg.reason).toContain("move/horse-leg");
    expect(() => cli.play(args("--fen", "nonsense"))).toThrow(/fen\/placement/);
  });
});
