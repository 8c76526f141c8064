import { describe, expect, it } from "vitest";
import { unwrap } from "../../shared/core/result";
import { Xiangqi } from "../../shared/games/xiangqi/game";

const start = Xiangqi.start();
const fromFen = (fen: string) => unwrap(Xiangqi.fromFen(fen));
const code = (game: Xiangqi, iccs: string, seat?: number) =>
  game.explain({ from: iccs.slice(0, 2), to: iccs.slice(2) }, seat)?.code ?? "legal";
const message = (game: Xiangqi, iccs: string) =>
  game.explain({ from: iccs.slice(0, 2), to: iccs.slice(2) })?.message ?? "";

describe("illegal-move reasons", () => {
  it("refuses what is not a move of the side to move", () => {
    expect(start.explain({ from: "j2", to: "e2" })?.code).toBe("move/invalid-square");
    expect(start.explain({ from: "h2", to: "h10" })?.code).toBe("move/invalid-square");
    expect(code(start, "e4e5")).toBe("move/no-piece");
    expect(code(start, "h7e7")).toBe("move/other-side-piece");
    expect(message(start, "h7e7")).toBe("The piece on h7 is Black's; it is Red's turn.");
    expect(code(start, "h7e7", 0)).toBe("move/not-your-piece");
    expect(code(start, "h2e2", 1)).toBe("move/not-your-turn");
    expect(code(start, "h2e2", 0)).toBe("legal");
    expect(code(start, "h2h2")).toBe("move/same-square");
    expect(code(start, "a0a3")).toBe("move/own-piece");
  });

  it("explains the general, advisor and palace", () => {
    expect(code(start, "e0e2")).toBe("move/general-step");
    expect(code(start, "e0d1")).toBe("move/general-step");
    expect(code(start, "d0d1")).toBe("move/advisor-step");
    expect(code(start, "d0c1")).toBe("move/palace");
    const g = fromFen("4k4/9/9/9/9/9/9/9/3K5/9 w - - 0 1");
    expect(code(g, "d1c1")).toBe("move/palace");
    expect(message(g, "d1c1")).toBe("The general must stay in the palace.");
  });

  it("explains the elephant's step, eye and river", () => {
    expect(code(start, "c0c2")).toBe("move/elephant-step");
    const eye = fromFen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/7C1/3C5/RNBAKABNR w - - 0 1");
    expect(code(eye, "c0e2")).toBe("move/elephant-eye");
    expect(message(eye, "c0e2")).toBe("The elephant's eye at d1 is blocked.");
    expect(code(eye, "c0a2")).toBe("legal");
    const river = fromFen("4k4/9/9/9/9/2B6/9/9/9/3K5 w - - 0 1");
    expect(code(river, "c4e6")).toBe("move/elephant-river");
    expect(code(river, "c4e2")).toBe("legal");
  });

  it("explains the horse's shape and leg (seed page: b0→d1 blocked by c0)", () => {
    expect(code(start, "b0d1")).toBe("move/horse-leg");
    expect(message(start, "b0d1")).toBe("The horse's leg is blocked: c0 is occupied.");
    expect(code(start, "b0c2")).toBe("legal");
    expect(code(start, "b0a2")).toBe("legal");
    expect(code(start, "b0c1")).toBe("move/horse-step");
  });

  it("explains the chariot's line and path", () => {
    expect(code(start, "a0b1")).toBe("move/chariot-line");
    expect(code(start, "a0a5")).toBe("move/blocked");
    expect(message(start, "a0a5")).toBe("The chariot's path is blocked at a3.");
  });

  it("explains the cannon's screen", () => {
    expect(code(start, "b2b9")).toBe("legal");
    expect(code(start, "b2b7")).toBe("move/cannon-no-screen");
    expect(message(start, "b2b7")).toContain("there is none between");
    const screens = fromFen("4k4/4r4/9/9/4P4/9/9/4C4/9/3K5 w - - 0 1");
    expect(code(screens, "e2e8")).toBe("legal");
    const blocked = fromFen("4k4/4r4/4n4/9/4P4/9/9/4C4/9/3K5 w - - 0 1");
    expect(code(blocked, "e2e8")).toBe("move/cannon-screen");
    expect(message(blocked, "e2e8")).toContain("are 2 between");
    expect(code(start, "b2b8")).toBe("move/cannon-blocked");
    expect(message(start, "b2b8")).toBe(
      "The cannon's path is blocked at b7; a cannon jumps only to capture.",
    );
    expect(code(start, "b2c4")).toBe("move/cannon-line");
  });

  it("explains the soldier", () => {
    expect(code(start, "a3a2")).toBe("move/soldier-back");
    expect(code(start, "a3b3")).toBe("move/soldier-river");
    expect(code(start, "a3a5")).toBe("move/soldier-step");
    const crossed = fromFen("4k4/9/9/9/4P4/9/9/9/9/3K5 w - - 0 1");
    expect(code(crossed, "e5d5")).toBe("legal");
    expect(code(crossed, "e5e4")).toBe("move/soldier-back");
  });

  it("refuses a move that leaves the general attacked", () => {
    const pinned = fromFen("4k4/9/9/9/4r4/9/9/9/4H4/4K4 w - - 0 1");
    expect(code(pinned, "e1c2")).toBe("move/general-in-check");
    expect(message(pinned, "e1c2")).toBe(
      "Moving the horse to c2 would leave your general in check.",
    );
    const checked = fromFen("4k4/9/9/9/4r4/9/9/9/9/3K1R3 w - - 0 1");
    expect(code(checked, "f0f5")).toBe("legal");
    const inCheck = fromFen("3k5/9/9/9/3r5/9/9/9/9/3K1R3 w - - 0 1");
    expect(code(inCheck, "f0f1")).toBe("move/general-check-not-ended");
    expect(message(inCheck, "f0f1")).toBe(
      "Your general is in check, and moving the chariot to f1 does not end it.",
    );
    expect(code(inCheck, "d0d1")).toBe("move/general-attacked");
    expect(message(inCheck, "d0d1")).toBe("The general would be in check on d1.");
    expect(code(inCheck, "d0e0")).toBe("legal");
  });
});

describe("flying general", () => {
  it("refuses to take the last piece off the file between the generals", () => {
    const g = fromFen("4k4/9/9/9/9/9/9/9/4H4/3K5 w - - 0 1");
    expect(code(g, "e1c2")).toBe("legal");
    const screen = fromFen("4k4/9/9/9/9/9/9/9/4H4/4K4 w - - 0 1");
    expect(code(screen, "e1c2")).toBe("move/flying-general");
    expect(message(screen, "e1c2")).toContain("face each other");
    expect(screen.legalMoves().map((m) => m.from + m.to)).toEqual(["e0d0", "e0f0"]);
  });

  it("refuses a general stepping onto the other general's open file", () => {
    const g = fromFen("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1");
    expect(code(g, "d0e0")).toBe("move/flying-general");
    expect(g.legalMoves().map((m) => m.from + m.to)).toEqual(["d0d1"]);
  });

  it("seed page: the soldier between the generals may not step aside", () => {
    const g = fromFen("3k5/9/9/9/4P4/3p5/9/9/9/4K4 w - - 0 1");
    expect(code(fromFen("4k4/9/9/9/4P4/9/9/9/9/4K4 w - - 0 1"), "e5d5")).toBe(
      "move/flying-general",
    );
    expect(code(g, "e5d5")).toBe("legal");
  });
});

describe("legal move generation", () => {
  it("offers 44 moves from the start, all explained as legal", () => {
    const moves = start.legalMoves();
    expect(moves).toHaveLength(44);
    for (const m of moves) expect(start.explain(m)).toBeNull();
  });

  it("agrees with explain on every from→to pair of a middlegame position", () => {
    const g = fromFen(
      "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
    );
    const legal = new Set(g.legalMoves().map((m) => m.from + m.to));
    const files = "abcdefghi";
    let count = 0;
    for (const a of files)
      for (let r = 0; r < 10; r++)
        for (const b of files)
          for (let s = 0; s < 10; s++) {
            const iccs = `${a}${r}${b}${s}`;
            if (code(g, iccs) === "legal") {
              expect(legal.has(iccs), iccs).toBe(true);
              count++;
            }
          }
    expect(count).toBe(legal.size);
  });
});
