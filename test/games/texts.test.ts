/**
 * The engines' texts are codes with params, and their English is the code's one template
 * filled with those params: the explanations of both games, the results and the notices.
 */
import { describe, expect, it } from "vitest";
import { ERRORS, type ErrorCode } from "../../shared/core/errors";
import type { Failure } from "../../shared/core/result";
import { unwrap } from "../../shared/core/result";
import {
  englishNames,
  NOTICES,
  type NoticeCode,
  RESULTS,
  type ResultCode,
  renderText,
} from "../../shared/core/texts";
import { FourChess } from "../../shared/games/fourchess/game";
import { Xiangqi } from "../../shared/games/xiangqi/game";
import { game as fourchessGame, KINGS } from "../fourchess/helpers";
import { newMatch, run } from "../match/helpers";

const xq = (fen: string) => unwrap(Xiangqi.fromFen(fen));

/** The refusal's English is its code's template filled with its params, in `game`'s words. */
function expectTemplated(error: Failure | null, game: string): void {
  expect(error).not.toBeNull();
  const template = ERRORS[error!.code as ErrorCode];
  expect(template, error!.code).toBeTypeOf("string");
  expect(error!.message).toBe(renderText(template, error!.params, englishNames(game)));
  expect(error!.message).not.toMatch(/\{\w+\}/);
}

describe("explanations as codes with params", () => {
  it("xiangqi", () => {
    const start = Xiangqi.start();
    const pinned = xq("4k4/9/9/9/4r4/9/9/9/4H4/4K4 w - - 0 1");
    const inCheck = xq("3k5/9/9/9/3r5/9/9/9/9/3K1R3 w - - 0 1");
    const cases: [Failure | null, string, Record<string, string | number> | undefined, string][] = [
      [
        start.explain({ from: "b0", to: "d1" }),
        "move/horse-leg",
        { square: "c0" },
        "The horse's leg is blocked: c0 is occupied.",
      ],
      [
        pinned.explain({ from: "e1", to: "c2" }),
        "move/general-in-check",
        { piece: "xiangqi.H", square: "c2" },
        "Moving the horse to c2 would leave your general in check.",
      ],
      [
        inCheck.explain({ from: "f0", to: "f1" }),
        "move/general-check-not-ended",
        { piece: "xiangqi.R", square: "f1" },
        "Your general is in check, and moving the chariot to f1 does not end it.",
      ],
      [
        start.explain({ from: "h7", to: "e7" }),
        "move/other-side-piece",
        { square: "h7", owner: 1, turn: 0 },
        "The piece on h7 is Black's; it is Red's turn.",
      ],
      [
        start.explain({ from: "h2", to: "e2" }, 1),
        "move/not-your-turn",
        { turn: 0 },
        "It is Red's turn, not yours.",
      ],
      [
        start.explain({ from: "a0", to: "a5" }),
        "move/blocked",
        { piece: "xiangqi.R", square: "a3" },
        "The chariot's path is blocked at a3.",
      ],
      [
        start.explain({ from: "d0", to: "d1" }),
        "move/advisor-step",
        undefined,
        "The advisor moves one point diagonally.",
      ],
      [
        inCheck.explain({ from: "d0", to: "d1" }),
        "move/general-attacked",
        { square: "d1" },
        "The general would be in check on d1.",
      ],
      [
        xq("4k4/4r4/4n4/9/4P4/9/9/4C4/9/3K5 w - - 0 1").explain({ from: "e2", to: "e8" }),
        "move/cannon-screen",
        { n: 2 },
        "A cannon captures by jumping exactly one piece (the screen); there are 2 between.",
      ],
      [
        start.explain({ from: "a0", to: "a0" }),
        "move/same-square",
        undefined,
        "A move must go to another square.",
      ],
    ];
    for (const [error, code, params, english] of cases) {
      expect(error?.code).toBe(code);
      expect(error?.params).toEqual(params);
      expect(error?.message).toBe(english);
      expectTemplated(error, "xiangqi");
    }
    const typed = start.playText("C2+9");
    expect(typed.ok ? null : typed.error).toMatchObject({
      code: "wxf/no-move",
      params: { text: "C2+9" },
    });
    expectTemplated(typed.ok ? null : typed.error, "xiangqi");
  });

  it("four-player chess", () => {
    const start = FourChess.start({ format: "teams" });
    const pinned = fourchessGame({ pieces: `${KINGS} rNh4 gRh10` });
    const cases: [Failure | null, string, Record<string, string | number> | undefined, string][] = [
      [
        start.explain({ from: "d1", to: "d5" }),
        "move/blocked",
        { piece: "fourchess.R", square: "d2" },
        "The rook's path is blocked at d2.",
      ],
      [
        pinned.explain({ from: "h4", to: "g6" }),
        "move/king-attacked",
        { piece: "fourchess.N", square: "g6" },
        "Moving the knight to g6 would leave your king in check.",
      ],
      [
        start.explain({ from: "b4", to: "c4" }),
        "move/other-side-piece",
        { square: "b4", owner: 1, turn: 0 },
        "The piece on b4 is Blue's; it is Red's turn.",
      ],
      [
        start.explain({ from: "e1", to: "e3" }),
        "move/knight-shape",
        undefined,
        "A knight jumps in an L: two squares one way and one to the side.",
      ],
      [
        start.explain({ from: "h2", to: "i3" }),
        "move/pawn-diagonal",
        undefined,
        "A pawn moves diagonally only to capture (or en passant, right after an opponent's two-square step).",
      ],
      [
        fourchessGame({ pieces: `${KINGS} rPe10` }).explain({
          from: "e10",
          to: "e11",
          promotion: "K",
        }),
        "move/promotion-invalid",
        { choices: "Q, R, B, N", wanted: "K" },
        'A pawn promotes to Q, R, B, N, not "K".',
      ],
    ];
    for (const [error, code, params, english] of cases) {
      expect(error?.code).toBe(code);
      expect(error?.params).toEqual(params);
      expect(error?.message).toBe(english);
      expectTemplated(error, "fourchess");
    }
  });
});

describe("results and notices as codes with params", () => {
  it("a xiangqi mate names its kind and the seats", () => {
    const g = unwrap(
      xq("2R6/4k2C1/9/4P4/9/6P2/9/9/4K4/7NC w - - 9 1").play({ from: "i0", to: "i8" }),
    );
    expect(g.outcome).toMatchObject({
      reason: "checkmate",
      code: "mate",
      params: { winner: 0, loser: 1, mate: "double-cannon" },
      message: "Double-cannon mate. Red wins.",
    });
    expect(
      g.outcome!.message.startsWith(
        renderText(RESULTS.mate, g.outcome!.params, englishNames("xiangqi")),
      ),
    ).toBe(true);
  });

  it("a resignation in both games, and Teams' winners", () => {
    const x = unwrap(Xiangqi.start().resign(1));
    expect(x.outcome).toMatchObject({
      code: "resignation",
      params: { loser: 1, winner: 0 },
      message: "Black resigned. Red wins.",
    });
    const f = unwrap(FourChess.start({ format: "teams" }).resign(0));
    expect(f.outcome).toMatchObject({
      code: "resignation",
      params: { loser: 0 },
      message: "Red resigned. Blue and Green win.",
    });
    for (const o of [x.outcome!, f.outcome!])
      expect(Object.hasOwn(RESULTS, o.code as ResultCode)).toBe(true);
  });

  it("an agreed draw, and the perpetual-check warning", () => {
    const drawn = unwrap(Xiangqi.start().agreeDraw());
    expect(drawn.outcome).toMatchObject({
      code: "agreement",
      params: {},
      message: "The players agreed a draw. The game is drawn.",
    });
    let g = xq("3k5/R8/9/9/9/9/9/9/9/4K4 w - - 0 1");
    for (const m of ["a8a9", "d9d8", "a9a8", "d8d9"])
      g = unwrap(g.play({ from: m.slice(0, 2), to: m.slice(2) }));
    const warning = g.notices[0]!;
    expect(warning).toMatchObject({ code: "perpetual-check/warning", params: { seat: 0 } });
    expect(warning.message).toBe(
      renderText(NOTICES[warning.code as NoticeCode], warning.params, englishNames("xiangqi")),
    );
  });

  it("a turn timer that runs out is told, naming the seat, until that seat moves again", () => {
    const sat = run(
      newMatch("xiangqi", { turnTimer: 30 }),
      0,
      { type: "sit", player: "a", name: "Ana", seat: 0 },
      { type: "sit", player: "b", name: "Budi", seat: 1 },
      { type: "start", player: "a", host: true },
    );
    if (sat.phase !== "playing") throw new Error("not started");
    const late = run(sat, sat.deadline! + 1, { type: "timeout", ply: 0 });
    const moved = run(late, sat.deadline! + 2, {
      type: "cpu-move",
      seat: 0,
      ply: 0,
      move: { from: "h2", to: "e2" },
    });
    expect(moved.notices).toEqual([
      {
        code: "timer/ran-out",
        params: { seat: 0 },
        message: "Red's time ran out; the CPU moved for them.",
        seat: 0,
      },
    ]);
    const answered = run(moved, sat.deadline! + 3, {
      type: "move",
      player: "b",
      move: { from: "h7", to: "e7" },
    });
    expect(answered.notices.map((n) => n.code)).toEqual(["timer/ran-out"]);
    const again = run(answered, sat.deadline! + 4, {
      type: "move",
      player: "a",
      move: { from: "b0", to: "c2" },
    });
    expect(again.notices).toEqual([]);
  });
});
