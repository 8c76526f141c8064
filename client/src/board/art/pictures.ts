/**
 * Xiangqi's second set: a picture of each piece for players who read no Chinese — a crown for
 * the general, a fan for the advisor, an elephant's head, a horse's head, a chariot, a cannon
 * and a soldier with his spear. Drawn for this project as SVG path data in the pieces' box
 * (x and y in [-500, 500], y pointing down, (0, 0) the piece's centre), within a circle of 300
 * so that it stays inside the inner ring of the disc.
 *
 * A picture is layers painted in order: filled, or stroked with round ends when `line` is
 * given, in the side's ink or in the disc's face colour (details cut out of the ink).
 */
import type { XiangqiLetter } from "./glyphs";

export interface PictureLayer {
  /** The side's ink; false: the face of the disc. */
  readonly ink: boolean;
  readonly d: string;
  /** Stroke width; none: the path is filled. */
  readonly line?: number;
}

const ink = (d: string, line?: number): PictureLayer => ({ ink: true, d, line });
const face = (d: string, line?: number): PictureLayer => ({ ink: false, d, line });

function ellipse(cx: number, cy: number, rx: number, ry = rx): string {
  return `M${cx - rx} ${cy}a${rx} ${ry} 0 1 0 ${2 * rx} 0a${rx} ${ry} 0 1 0 ${-2 * rx} 0z`;
}

/** A wheel: rim, hub and `spokes` spokes at an angle `turn` (radians). */
function wheel(cx: number, cy: number, r: number, spokes: number, turn: number): PictureLayer[] {
  let d = "";
  for (let i = 0; i < spokes; i++) {
    const a = turn + (i * Math.PI) / spokes;
    const dx = Math.round(Math.cos(a) * r);
    const dy = Math.round(Math.sin(a) * r);
    d += `M${cx - dx} ${cy - dy}L${cx + dx} ${cy + dy}`;
  }
  return [
    face(ellipse(cx, cy, r + 28)),
    ink(ellipse(cx, cy, r), r * 0.3),
    ink(d, r * 0.2),
    ink(ellipse(cx, cy, r * 0.3)),
  ];
}

export const PICTURES: Readonly<Record<XiangqiLetter, readonly PictureLayer[]>> = {
  // General: a crown of three points on a band.
  K: [
    ink("M-215 175L-245-105L-110 10L0-190L110 10L245-105L215 175Z"),
    ink(ellipse(-245, -140, 42)),
    ink(ellipse(0, -225, 45)),
    ink(ellipse(245, -140, 42)),
    face("M-205 75H205", 30),
    face(ellipse(0, 125, 26)),
  ],
  // Advisor: an open folding fan on its pivot.
  A: [
    ink("M0 175L-290 65A310 310 0 0 1 290 65Z"),
    face("M0 175L-150-105M0 175L0-135M0 175L150-105", 26),
    face("M0 175L-245-20A262 262 0 0 1 245-20", 24),
    ink("M0 175L0 275", 60),
    ink(ellipse(0, 175, 55)),
  ],
  // Elephant: its head from the front, ears spread, trunk curling, two tusks.
  E: [
    ink(ellipse(-185, -55, 115, 150)),
    ink(ellipse(185, -55, 115, 150)),
    face(ellipse(0, -85, 150, 148)),
    ink(ellipse(0, -85, 122, 120)),
    face("M-60 60Q-40 150-110 200M60 60Q40 150 110 200", 64),
    ink("M-60 60Q-40 150-110 200M60 60Q40 150 110 200", 28),
    ink("M-62-10Q-66 160-5 250Q35 290 90 250L70 210Q42 228 30 195Q48 120 62-10Z"),
    face(ellipse(-55, -95, 22)),
    face(ellipse(55, -95, 22)),
  ],
  // Horse: its head and neck in profile, facing left, mane along the neck.
  H: [
    ink(
      "M210 265Q245 45 140-110L130-245L62-155Q-45-140-125-45L-220 65Q-250 118-195 148Q-135 160-85 118Q-25 88 15 135Q5 200-45 265Z",
    ),
    face("M165 240Q190 50 100-100", 22),
    face(ellipse(15, -75, 26)),
    face(ellipse(-185, 88, 15)),
  ],
  // Chariot: a cart with its banner on a big spoked wheel, its pole out in front.
  R: [
    ink("M-215-60H205V40H-215Z"),
    ink("M-205-50L-290 55", 34),
    ink("M150-60V-275", 26),
    ink("M150-275L-20-225L150-170Z"),
    ...wheel(30, 140, 115, 3, Math.PI / 2),
  ],
  // Cannon: a barrel on a wheeled carriage, cannonballs beside it.
  C: [
    ink("M-240 95L-180-30L255-165L282-78Z"),
    ink("M246-172L292-72", 44),
    ink(ellipse(-215, 50, 66)),
    ink("M-40 120L-265 235", 44),
    ...wheel(-30, 140, 108, 2, Math.PI / 4),
    ink(ellipse(135, 228, 40)),
    ink(ellipse(218, 228, 40)),
    ink(ellipse(176, 158, 40)),
  ],
  // Soldier: a helmeted man holding a spear upright.
  P: [
    ink("M170-200V285", 32),
    ink("M170-295Q220-225 170-150Q120-225 170-295Z"),
    ink(ellipse(-50, -85, 72)),
    ink("M-160-105Q-160-235-50-235Q60-235 60-105Z"),
    ink("M-50-300L-75-225H-25Z"),
    face("M-175-100H75", 24),
    ink("M-215 285Q-225 45-115 15H15Q110 35 130 120L175 140L160 205L90 180L95 285Z"),
  ],
};
