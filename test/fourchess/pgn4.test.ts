import { describe, expect, it } from "vitest";
import { unwrap } from "../../shared/core/result";
import { FourChess, readMoveText, writePgn4 } from "../../shared/games/fourchess";
import { play } from "./helpers";

describe("PGN4", () => {
  it("exports a finished Teams game with its tags and numbered rounds", () => {
    const g = unwrap(
      play(
        FourChess.start({ format: "teams", moveLimit: 200 }),
        "h2-h4",
        "b7-c7",
        "j14-i12",
        "m8-l8",
        "h4-h5",
      ).resign(1),
    );
    const pgn = writePgn4(g, { players: ["Ana", "Budi", "Citra", "Dewi"] });
    expect(pgn).toContain('[Variant "Teams"]');
    expect(pgn).toContain('[StartFen4 "4PC"]');
    expect(pgn).toContain('[MoveLimit "200"]');
    expect(pgn).toContain('[Red "Ana"]');
    expect(pgn).toContain('[Result "1-0"]');
    expect(pgn).toContain('[Termination "Blue resigned. Red and Yellow win."]');
    expect(pgn.trim().endsWith("1. h2-h4 .. b7-c7 .. Nj14-i12 .. m8-l8\n2. h4-h5 .. R")).toBe(true);
  });

  it("writes Individual results as points and marks resignations on the player's turn", () => {
    let g = FourChess.start({ format: "individual" });
    g = play(g, "h2-h3");
    g = unwrap(g.resign(1));
    g = play(g, "j14-i12");
    const pgn = writePgn4(g);
    expect(pgn).toContain('[Variant "FFA"]');
    expect(pgn).toContain("1. h2-h3 .. R .. Nj14-i12");
  });

  it("reads typed moves in every spelling a player might use", () => {
    const pos = FourChess.start({ format: "teams" }).position();
    for (const text of ["h2-h4", "h2h4", "h2 h4", "Nj1-i3", "j1i3", "Nj1xQi3"]) {
      expect(readMoveText(pos, text).ok, text).toBe(true);
    }
    expect(readMoveText(pos, "O-O")).toMatchObject({ ok: true, value: { from: "h1", to: "j1" } });
    expect(readMoveText(pos, "0-0-0")).toMatchObject({ ok: true, value: { from: "h1", to: "f1" } });
    expect(readMoveText(pos, "hello")).toMatchObject({
      ok: false,
      error: { code: "move/unreadable-as", params: { text: "hello" } },
    });
  });
});
