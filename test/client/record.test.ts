import { describe, expect, it } from "vitest";
import { buildFrames } from "../../client/src/screens/review";

describe("game review", () => {
  it("rebuilds the position after every move with stable piece ids", () => {
    const moves = [
      { seat: 0, from: "h2", to: "e2", promotion: "" },
      { seat: 1, from: "h9", to: "g7", promotion: "" },
      { seat: 0, from: "e2", to: "e6", promotion: "" },
    ];
    const frames = buildFrames(
      "xiangqi",
      { format: "teams", moveLimit: 0, handicap: "none" },
      moves,
    );
    expect(frames).toHaveLength(4);
    expect(frames[0]!.pieces).toHaveLength(32);
    expect(frames[3]!.pieces).toHaveLength(31);
    const cannon = frames[0]!.pieces.find((p) => p.square === "h2")!;
    expect(frames[1]!.pieces.find((p) => p.id === cannon.id)!.square).toBe("e2");
    expect(frames[3]!.pieces.find((p) => p.id === cannon.id)!.square).toBe("e6");
    expect(frames[3]!.lastMove).toEqual({ from: "e2", to: "e6" });
  });

  it("replays a four-player game that started with another seat", () => {
    const frames = buildFrames("fourchess", { format: "teams", moveLimit: 0, handicap: "none" }, [
      { seat: 1, from: "b7", to: "c7", promotion: "" },
      { seat: 2, from: "j13", to: "j12", promotion: "" },
    ]);
    expect(frames).toHaveLength(3);
  });
});
