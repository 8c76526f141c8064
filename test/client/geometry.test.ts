import { describe, expect, it } from "vitest";
import {
  allCoords,
  fromView,
  parseName,
  SPECS,
  toView,
  orientationFor as turnFor,
  viewSize,
} from "../../client/src/board/geometry";

describe("board orientation", () => {
  it("puts each four-player seat at the bottom, its king in the bottom row", () => {
    const spec = SPECS.fourchess;
    const kings = ["h1", "a7", "g14", "n8"];
    kings.forEach((king, seat) => {
      const v = toView(spec, turnFor(spec, seat), parseName(spec, king)!);
      expect(v.row, `seat ${seat}`).toBe(13);
    });
    // The next seat clockwise sits on the viewer's left.
    const blueKingForRed = toView(spec, 0, parseName(spec, "a7")!);
    expect(blueKingForRed.col).toBe(0);
    const yellowKingForBlue = toView(spec, 1, parseName(spec, "g14")!);
    expect(yellowKingForBlue.col).toBe(0);
  });

  it("turns xiangqi by half turns: Black's general at the bottom for Black", () => {
    const spec = SPECS.xiangqi;
    expect(turnFor(spec, 1)).toBe(2);
    expect(toView(spec, 2, parseName(spec, "e9")!)).toEqual({ col: 4, row: 9 });
    expect(toView(spec, 0, parseName(spec, "e0")!)).toEqual({ col: 4, row: 9 });
    expect(viewSize(spec, 0)).toEqual({ cols: 9, rows: 10 });
  });

  it("maps every square to the view and back, for every turn", () => {
    for (const spec of [SPECS.fourchess, SPECS.xiangqi]) {
      for (const turn of spec.orientations) {
        for (const c of allCoords(spec))
          expect(fromView(spec, turn, toView(spec, turn, c))).toEqual(c);
      }
    }
    expect(allCoords(SPECS.fourchess)).toHaveLength(160);
    expect(allCoords(SPECS.xiangqi)).toHaveLength(90);
    // Corner cells of the cross are not squares.
    expect(fromView(SPECS.fourchess, 0, { col: 0, row: 0 })).toBeNull();
  });
});
