import { describe, expect, it } from "vitest";
import { moveRows, seatColumns } from "../../client/src/model/movelist";

describe("the move list", () => {
  it("groups four-player moves into rounds from the first mover, flagging stand-in moves", () => {
    const moves = [
      { seat: 1, notation: "b7-c7", by: "player" },
      { seat: 2, notation: "j13-j12", by: "cpu" },
      { seat: 3, notation: "m8-l8", by: "stand-in" },
      { seat: 0, notation: "h2-h4", by: "player" },
      { seat: 1, notation: "c7-d7", by: "player" },
    ];
    expect(seatColumns(moves, 4)).toEqual([1, 2, 3, 0]);
    const rows = moveRows(moves, 4);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.cells.map((c) => c?.text ?? null)).toEqual([
      "h2-h4",
      "b7-c7",
      "j13-j12",
      "m8-l8",
    ]);
    expect(rows[0]!.cells[3]!.standIn).toBe(true);
    expect(rows[1]!.cells.map((c) => c?.text ?? null)).toEqual([null, "c7-d7", null, null]);
  });

  it("skips seats that are out: a round closes when the order wraps", () => {
    const moves = [
      { seat: 0, notation: "a", by: "player" },
      { seat: 2, notation: "b", by: "player" },
      { seat: 0, notation: "c", by: "player" },
    ];
    const rows = moveRows(moves, 4);
    expect(rows.map((r) => r.number)).toEqual([1, 2]);
    expect(rows[0]!.cells[2]!.text).toBe("b");
  });

  it("pairs xiangqi moves", () => {
    const rows = moveRows(
      [
        { seat: 0, notation: "C2=5", by: "player" },
        { seat: 1, notation: "H8+7", by: "player" },
        { seat: 0, notation: "H2+3", by: "player" },
      ],
      2,
    );
    expect(rows.map((r) => r.cells.map((c) => c?.text ?? ""))).toEqual([
      ["C2=5", "H8+7"],
      ["H2+3", ""],
    ]);
  });
});
