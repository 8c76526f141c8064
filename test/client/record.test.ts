import { describe, expect, it } from "vitest";
import { GameRecord, type RecordMove } from "../../client/src/screens/record";

const RULES = { format: "teams", moveLimit: 0, handicap: "none" };
const move = (seat: number, from: string, to: string, notation = ""): RecordMove => ({
  seat,
  from,
  to,
  promotion: "",
  notation,
});

describe("the game record the client replays", () => {
  it("rebuilds the position after every move with stable piece ids", () => {
    const record = new GameRecord("xiangqi", RULES, 0);
    expect(record.follow([move(0, "h2", "e2"), move(1, "h9", "g7"), move(0, "e2", "e6")])).toBe(
      true,
    );
    const frames = record.frames;
    expect(frames).toHaveLength(4);
    expect(frames[0]!.pieces).toHaveLength(32);
    expect(frames[3]!.pieces).toHaveLength(31);
    const cannon = frames[0]!.pieces.find((p) => p.square === "h2")!;
    expect(frames[1]!.pieces.find((p) => p.id === cannon.id)!.square).toBe("e2");
    expect(frames[3]!.pieces.find((p) => p.id === cannon.id)!.square).toBe("e6");
    expect(frames[3]!.lastMove).toEqual({ from: "e2", to: "e6" });
  });

  it("knows what each move took, also in xiangqi where the notation does not say", () => {
    const record = new GameRecord("xiangqi", RULES, 0);
    record.follow([move(0, "h2", "e2"), move(1, "h9", "g7"), move(0, "e2", "e6", "C5+4")]);
    expect(record.frames[3]!.captured).toEqual({ kind: "P", color: 1 });
    expect(record.capturesBy(2)).toEqual([[{ kind: "P", color: 1 }], []]);
  });

  it("follows a growing list and refuses a rewritten one", () => {
    const record = new GameRecord("xiangqi", RULES, 0);
    expect(record.follow([move(0, "h2", "e2")])).toBe(true);
    expect(record.follow([move(0, "h2", "e2"), move(1, "h9", "g7")])).toBe(true);
    expect(record.frames).toHaveLength(3);
    expect(record.follow([move(0, "b2", "e2")])).toBe(false);
  });

  it("replays a four-player game that started with another seat", () => {
    const record = new GameRecord("fourchess", RULES, 1);
    record.follow([move(1, "b7", "c7"), move(2, "j13", "j12")]);
    expect(record.frames).toHaveLength(3);
    expect(record.matches("fourchess", RULES, 1)).toBe(true);
    expect(record.matches("fourchess", RULES, 0)).toBe(false);
  });
});
