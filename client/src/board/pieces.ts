/**
 * How a piece looks: a disc in its owner's colour with the piece's symbol, and a shape marker
 * (● ▲ ■ ◆) so colour-blind players can tell the four armies apart. Xiangqi pieces carry their
 * Chinese character and, in a corner, the WXF letter the move list uses.
 */
import { Container, Graphics, Text } from "pixi.js";
import type { GameId } from "../../../shared/games/registry";

export const SEAT_FILL: Readonly<Record<GameId, readonly number[]>> = {
  fourchess: [0xd13f3f, 0x2f6bd1, 0xd9a514, 0x2e9b57],
  xiangqi: [0xc0392b, 0x1d1d1d],
};
export const GREY_FILL = 0x8c8c8c;
const SHAPES = ["●", "▲", "■", "◆"];

const CHESS_GLYPHS: Readonly<Record<string, string>> = {
  K: "♚",
  Q: "♛",
  R: "♜",
  B: "♝",
  N: "♞",
  P: "♟",
};
const XIANGQI_GLYPHS: readonly Readonly<Record<string, string>>[] = [
  { K: "帥", A: "仕", E: "相", H: "傌", R: "俥", C: "炮", P: "兵" },
  { K: "將", A: "士", E: "象", H: "馬", R: "車", C: "砲", P: "卒" },
];

const SYMBOL_FONT = [
  "DejaVu Sans",
  "Segoe UI Symbol",
  "Noto Sans Symbols 2",
  "Apple Symbols",
  "sans-serif",
];
const CJK_FONT = [
  "Noto Serif CJK SC",
  "Noto Sans CJK SC",
  "Source Han Serif",
  "PingFang SC",
  "Microsoft YaHei",
  "SimSun",
  "serif",
];

let cjkAvailable: boolean | null = null;

/** Whether this device can draw the Chinese piece characters (else the WXF letters are used). */
export function hasCjkFont(): boolean {
  if (cjkAvailable !== null) return cjkAvailable;
  try {
    const c = document.createElement("canvas");
    c.width = 32;
    c.height = 32;
    const ctx = c.getContext("2d");
    if (!ctx) {
      cjkAvailable = false;
      return false;
    }
    const draw = (ch: string) => {
      ctx.clearRect(0, 0, 32, 32);
      ctx.font = `24px ${CJK_FONT.map((f) => `"${f}"`).join(",")}`;
      ctx.fillText(ch, 2, 26);
      return ctx.getImageData(0, 0, 32, 32).data.join(",");
    };
    // A missing glyph draws the same box as an unassigned code point.
    cjkAvailable = draw("帥") !== draw("\u{10FFFD}") && draw("帥") !== draw("\uE000");
  } catch {
    cjkAvailable = false;
  }
  return cjkAvailable;
}

export class PieceSprite extends Container {
  kind = "";
  color = -2;
  private size = 0;

  constructor(
    readonly id: number,
    private readonly game: GameId,
  ) {
    super();
  }

  /** Redraws for a kind, colour and cell size; does nothing if none changed. */
  draw(kind: string, color: number, cell: number, upsideDown: boolean): void {
    if (kind === this.kind && color === this.color && cell === this.size) {
      this.rotation = upsideDown ? Math.PI : 0;
      return;
    }
    this.kind = kind;
    this.color = color;
    this.size = cell;
    for (const child of this.removeChildren()) child.destroy();
    if (this.game === "xiangqi") this.drawXiangqi(kind, color, cell);
    else this.drawChess(kind, color, cell);
    this.rotation = upsideDown ? Math.PI : 0;
  }

  private drawChess(kind: string, color: number, cell: number): void {
    const fill = color < 0 ? GREY_FILL : (SEAT_FILL.fourchess[color] ?? GREY_FILL);
    const r = cell * 0.42;
    this.addChild(
      new Graphics()
        .circle(0, 0, r)
        .fill(fill)
        .stroke({ width: Math.max(1, cell * 0.04), color: 0x1b1b1b }),
    );
    const glyph = new Text({
      text: `${CHESS_GLYPHS[kind] ?? kind}\uFE0E`,
      style: {
        fontFamily: SYMBOL_FONT,
        fontSize: cell * 0.58,
        fill: 0xffffff,
        stroke: { color: 0x1b1b1b, width: Math.max(1, cell * 0.05) },
      },
    });
    glyph.anchor.set(0.5, 0.52);
    this.addChild(glyph);
    if (color >= 0) {
      const mark = new Text({
        text: SHAPES[color] ?? "",
        style: {
          fontFamily: SYMBOL_FONT,
          fontSize: cell * 0.2,
          fill: 0xffffff,
          stroke: { color: 0x1b1b1b, width: Math.max(1, cell * 0.03) },
        },
      });
      mark.anchor.set(0.5);
      mark.position.set(r * 0.72, -r * 0.72);
      this.addChild(mark);
    }
  }

  private drawXiangqi(kind: string, color: number, cell: number): void {
    const ink = SEAT_FILL.xiangqi[color] ?? 0x333333;
    const r = cell * 0.44;
    this.addChild(
      new Graphics()
        .circle(0, 0, r)
        .fill(0xf4e3c1)
        .stroke({ width: Math.max(1, cell * 0.05), color: ink })
        .circle(0, 0, r * 0.8)
        .stroke({ width: Math.max(1, cell * 0.02), color: ink }),
    );
    const cjk = hasCjkFont();
    const glyph = new Text({
      text: cjk ? (XIANGQI_GLYPHS[color]?.[kind] ?? kind) : kind,
      style: {
        fontFamily: cjk ? CJK_FONT : ["DejaVu Sans", "sans-serif"],
        fontSize: cell * (cjk ? 0.5 : 0.46),
        fontWeight: "bold",
        fill: ink,
      },
    });
    glyph.anchor.set(0.5);
    this.addChild(glyph);
    if (cjk) {
      const letter = new Text({
        text: kind,
        style: {
          fontFamily: ["DejaVu Sans", "sans-serif"],
          fontSize: cell * 0.16,
          fontWeight: "bold",
          fill: ink,
        },
      });
      letter.anchor.set(0.5);
      letter.position.set(r * 0.62, r * 0.62);
      this.addChild(letter);
    }
  }
}
