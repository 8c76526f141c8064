import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

function run(tool: "perft" | "play", ...args: string[]) {
  const r = spawnSync(process.execPath, ["--import", "tsx", `tools/${tool}.ts`, ...args], {
    encoding: "utf8",
  });
  return { status: r.status, out: r.stdout, err: r.stderr };
}

describe("perft and play tools (four-player chess)", () => {
  it("perft prints the count last, and --divide a line per root move first", () => {
    const r = run("perft", "--game", "fourchess", "--mode", "teams", "--depth", "2", "--divide");
    expect(r.status).toBe(0);
    const lines = r.out.trim().split("\n");
    expect(lines).toHaveLength(21);
    expect(lines).toEqual(expect.arrayContaining(["d2-d4: 19", "f2-f3: 18", "h2-h4: 20"]));
    expect(lines.at(-1)).toBe("395");
  });

  it("perft applies --moves first (castling as the king's step, promotion =Q)", () => {
    const r = run(
      "perft",
      "--game",
      "fourchess",
      "--mode",
      "ffa",
      "--moves",
      "h2-h4 b7-c7",
      "--depth",
      "1",
    );
    expect(r.status).toBe(0);
    expect(r.out.trim()).toBe("20");
  });

  it("play prints the position, legal moves, scores and outcome as JSON", () => {
    const r = run("play", "--game", "fourchess", "--mode", "teams", "--moves", "h2-h4 b7-c7");
    expect(r.status).toBe(0);
    const json = JSON.parse(r.out);
    expect(json.turn).toBe("yellow");
    expect(json.legalMoves).toContain("j14-i12");
    expect(json.scores).toEqual({ red: 0, blue: 0, yellow: 0, green: 0 });
    expect(json.outcome).toBeNull();
    expect(json.fen4.startsWith("Y-")).toBe(true);
  });

  it("play exits with status 2 and the reason on an illegal move", () => {
    const r = run("play", "--game", "fourchess", "--mode", "teams", "--moves", "h2-h4 h4-h5");
    expect(r.status).toBe(2);
    expect(r.err).toMatch(
      /h4-h5: move\/other-side-piece: The piece on h4 is Red.s; it is Blue.s turn/,
    );
  });

  it("play reports an Individual outcome with placing", () => {
    const fen =
      "R-0,1,1,0-0,0,0,0-0,0,0,0-20,0,0,0-0-x,x,x,3,dK,4,x,x,x/x,x,x,8,x,x,x/x,x,x,8,x,x,x/14/14/14/dK,12,gK/14/4,gP,9/14/4,rR,9/x,x,x,8,x,x,x/x,x,x,8,x,x,x/x,x,x,4,rK,3,x,x,x";
    const r = run(
      "play",
      "--game",
      "fourchess",
      "--mode",
      "ffa",
      "--fen4",
      fen,
      "--moves",
      "e4-e6",
    );
    expect(r.status).toBe(0);
    const json = JSON.parse(r.out);
    expect(json.outcome).toMatchObject({ result: "win", reason: "points-lead", winners: ["red"] });
    expect(json.scores.red).toBe(21);
  });
});
