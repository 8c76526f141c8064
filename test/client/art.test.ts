import { describe, expect, it } from "vitest";
import { CHESS_GLYPHS, RIVER_GLYPHS, XIANGQI_GLYPHS } from "../../client/src/board/art/glyphs";
import { absoluteText, toAbsolute, toRelative } from "../../tools/art/pathData";

interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** Parses path data (relative or absolute M L Q C Z, integers); returns its control box. */
function parse(d: string): Box {
  expect(d).toMatch(/^[Mm]/);
  const box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const { args } of toAbsolute(d)) {
    for (let k = 0; k < args.length; k += 2) {
      box.minX = Math.min(box.minX, args[k]!);
      box.maxX = Math.max(box.maxX, args[k]!);
      box.minY = Math.min(box.minY, args[k + 1]!);
      box.maxY = Math.max(box.maxY, args[k + 1]!);
    }
  }
  for (const v of [box.minX, box.minY, box.maxX, box.maxY]) {
    expect(Math.abs(v)).toBeLessThanOrEqual(500);
  }
  return box;
}

const centre = (b: Box) => ({ x: (b.minX + b.maxX) / 2, y: (b.minY + b.maxY) / 2 });

describe("piece art", () => {
  const characters = [
    ...XIANGQI_GLYPHS.flatMap((side) => Object.values(side)),
    ...Object.values(RIVER_GLYPHS),
  ];

  it("has 14 distinct xiangqi characters and 4 river characters", () => {
    expect(
      XIANGQI_GLYPHS.flatMap((side) => Object.keys(side))
        .sort()
        .join(""),
    ).toBe("AACCEEHHKKPPRR");
    expect(new Set(XIANGQI_GLYPHS.flatMap((side) => Object.values(side))).size).toBe(14);
    expect(Object.keys(RIVER_GLYPHS).join("")).toBe("楚河漢界");
  });

  it("centres every character on its ink box at one em-based scale", () => {
    for (const d of characters) {
      const box = parse(d);
      const c = centre(box);
      expect(Math.abs(c.x)).toBeLessThan(40);
      expect(Math.abs(c.y)).toBeLessThan(40);
      // The em is 720 units: ink fills most of it, never more.
      expect(box.maxY - box.minY).toBeGreaterThan(450);
      expect(box.maxY - box.minY).toBeLessThanOrEqual(740);
    }
  });

  it("gives chess pieces a body and lines that line up, on one baseline", () => {
    const king = parse(CHESS_GLYPHS.K.lines);
    expect(king.maxY - king.minY).toBeGreaterThan(820);
    expect(Math.abs(centre(king).y)).toBeLessThan(40);
    for (const glyph of Object.values(CHESS_GLYPHS)) {
      const body = parse(glyph.body);
      const lines = parse(glyph.lines);
      expect(Math.abs(centre(lines).x)).toBeLessThan(40);
      for (const k of ["minX", "minY", "maxX", "maxY"] as const) {
        expect(Math.abs(body[k] - lines[k])).toBeLessThanOrEqual(2);
      }
      expect(Math.abs(lines.maxY - king.maxY)).toBeLessThan(15);
    }
    const pawn = parse(CHESS_GLYPHS.P.lines);
    expect(pawn.minY).toBeGreaterThan(king.minY + 100);
  });
});

describe("path data", () => {
  it("is relative, and reads back as the very points it was written from", () => {
    const all = [
      ...XIANGQI_GLYPHS.flatMap((side) => Object.values(side)),
      ...Object.values(RIVER_GLYPHS),
      ...Object.values(CHESS_GLYPHS).flatMap((g) => [g.body, g.lines]),
    ];
    for (const d of all) {
      expect(d).toMatch(/^m/);
      expect(d).not.toMatch(/[MLQCZ]/);
      // Written again from its absolute points, it is the same text.
      expect(toRelative(absoluteText(toAbsolute(d)))).toBe(d);
    }
    // Deltas after a closed contour start from that contour's first point.
    expect(absoluteText(toAbsolute("m10 10l5 0 0 5zm1 1l2 2z"))).toBe(
      "M10 10L15 10L15 15ZM11 11L13 13Z",
    );
    expect(toRelative("M10 10L15 10L15 15ZM11 11L13 13Z")).toBe("m10 10l5 0 0 5zm1 1l2 2z");
  });
});
