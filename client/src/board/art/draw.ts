/**
 * How a piece looks, drawn from the vector art shipped with the client (never a system font):
 * a chess piece is its silhouette in the owner's colour with dark outline and details, plus the
 * seat's shape (● ▲ ■ ◆) in a corner so colour-blind players can tell the armies apart; a
 * xiangqi piece is a disc with two rings and its character (or its picture, pictures.ts) in the
 * side's ink, with the move list's letter in a corner unless the person turned letters off.
 * The same art feeds the board's textures (Canvas 2D) and the small icons beside the seats (SVG).
 */
import type { GameId } from "../../../../shared/games/catalog";
import { type PieceLook, pieceLook } from "../look";
import { CHESS_GLYPHS, RIVER_GLYPHS, XIANGQI_GLYPHS } from "./glyphs";
import { LETTER_HEIGHT, LETTER_LINE, LETTERS } from "./letters";
import { css, PIECE_LINE, pieceFill, WOOD_LINE, XIANGQI_FACE } from "./palette";
import { PICTURES, type PictureLayer } from "./pictures";

type ChessKind = keyof typeof CHESS_GLYPHS;
type XiangqiKind = keyof (typeof XIANGQI_GLYPHS)[0];
export type RiverChar = keyof typeof RIVER_GLYPHS;
export const RIVER_TEXT: readonly (readonly [RiverChar, RiverChar])[] = [
  ["楚", "河"],
  ["漢", "界"],
];

/** Glyph paths live in a 1000-unit box centred on (0, 0); these scale them to a cell. */
const CHESS_SCALE = 0.86 / 1000;
const XIANGQI_SCALE = 0.7 / 1000;
const XIANGQI_RADIUS = 0.45;
/** Pictures are drawn in the same 1000-unit box, one box to a cell. */
const PICTURE_SCALE = 1 / 1000;
/**
 * The corner letter's badge: its centre (right of and above the piece's) and radius, in cells.
 * It sits on the disc's rim, clear of the character or picture in the middle.
 */
const BADGE_AT = 0.315;
const BADGE_RADIUS = 0.17;
export const RIVER_SCALE = 0.62 / 1000;

const paths = new Map<string, Path2D>();
function path(d: string): Path2D {
  let p = paths.get(d);
  if (!p) {
    p = new Path2D(d);
    paths.set(d, p);
  }
  return p;
}

function chessGlyph(kind: string) {
  return CHESS_GLYPHS[kind as ChessKind] ?? CHESS_GLYPHS.P;
}

function xiangqiGlyph(kind: string, seat: number): string {
  const side = XIANGQI_GLYPHS[seat === 1 ? 1 : 0];
  return side[kind as XiangqiKind] ?? side.P;
}

function picture(kind: string): readonly PictureLayer[] {
  return PICTURES[kind as XiangqiKind] ?? PICTURES.P;
}

function letter(kind: string): string {
  return LETTERS[kind as XiangqiKind] ?? LETTERS.P;
}

/** The seat's shape as a path in a unit box centred on (0, 0). */
function shapePath(ctx: CanvasRenderingContext2D, seat: number, r: number): void {
  ctx.beginPath();
  if (seat === 0) ctx.arc(0, 0, r, 0, Math.PI * 2);
  else if (seat === 1) {
    ctx.moveTo(0, -r * 1.1);
    ctx.lineTo(r * 1.05, r * 0.8);
    ctx.lineTo(-r * 1.05, r * 0.8);
  } else if (seat === 2) ctx.rect(-r * 0.85, -r * 0.85, r * 1.7, r * 1.7);
  else {
    ctx.moveTo(0, -r * 1.15);
    ctx.lineTo(r * 1.15, 0);
    ctx.lineTo(0, r * 1.15);
    ctx.lineTo(-r * 1.15, 0);
  }
  ctx.closePath();
}

/** Draws a piece centred on (0, 0) of `ctx`, for a cell `size` pixels wide. */
export function drawPiece(
  ctx: CanvasRenderingContext2D,
  game: GameId,
  kind: string,
  seat: number,
  size: number,
  look: PieceLook,
): void {
  if (game === "xiangqi") drawXiangqi(ctx, kind, seat, size, look);
  else drawChess(ctx, kind, seat, size);
}

function drawChess(ctx: CanvasRenderingContext2D, kind: string, seat: number, size: number): void {
  const glyph = chessGlyph(kind);
  ctx.save();
  ctx.scale(size * CHESS_SCALE, size * CHESS_SCALE);
  ctx.fillStyle = css(pieceFill("fourchess", seat));
  ctx.fill(path(glyph.body));
  ctx.fillStyle = css(PIECE_LINE);
  ctx.fill(path(glyph.lines));
  ctx.restore();
  if (seat < 0) return;
  // The seat's shape, top right, white on the seat's colour.
  ctx.save();
  ctx.translate(size * 0.34, -size * 0.34);
  const r = size * 0.085;
  shapePath(ctx, seat, r);
  ctx.fillStyle = css(pieceFill("fourchess", seat));
  ctx.fill();
  ctx.lineWidth = Math.max(1, size * 0.025);
  ctx.strokeStyle = "#ffffff";
  ctx.stroke();
  ctx.restore();
}

function drawXiangqi(
  ctx: CanvasRenderingContext2D,
  kind: string,
  seat: number,
  size: number,
  look: PieceLook,
): void {
  const ink = css(pieceFill("xiangqi", seat));
  const r = size * XIANGQI_RADIUS;
  ctx.save();
  ctx.shadowColor = "rgba(0, 0, 0, 0.35)";
  ctx.shadowBlur = size * 0.04;
  ctx.shadowOffsetY = size * 0.02;
  ctx.beginPath();
  ctx.arc(0, 0, r, 0, Math.PI * 2);
  ctx.fillStyle = css(XIANGQI_FACE);
  ctx.fill();
  ctx.restore();
  ctx.strokeStyle = ink;
  ctx.lineWidth = Math.max(1, size * 0.045);
  ctx.beginPath();
  ctx.arc(0, 0, r - ctx.lineWidth / 2, 0, Math.PI * 2);
  ctx.stroke();
  ctx.lineWidth = Math.max(1, size * 0.018);
  ctx.beginPath();
  ctx.arc(0, 0, r * 0.8, 0, Math.PI * 2);
  ctx.stroke();
  ctx.save();
  if (look.xiangqiSet === "pictures") {
    ctx.scale(size * PICTURE_SCALE, size * PICTURE_SCALE);
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    for (const layer of picture(kind)) {
      const colour = layer.ink ? ink : css(XIANGQI_FACE);
      if (layer.line === undefined) {
        ctx.fillStyle = colour;
        ctx.fill(path(layer.d));
      } else {
        ctx.strokeStyle = colour;
        ctx.lineWidth = layer.line;
        ctx.stroke(path(layer.d));
      }
    }
  } else {
    ctx.scale(size * XIANGQI_SCALE, size * XIANGQI_SCALE);
    ctx.fillStyle = ink;
    ctx.fill(path(xiangqiGlyph(kind, seat)));
  }
  ctx.restore();
  if (look.letters) drawLetter(ctx, kind, ink, size);
}

/** The move list's letter, white on a badge of the side's ink, top right. */
function drawLetter(ctx: CanvasRenderingContext2D, kind: string, ink: string, size: number): void {
  ctx.save();
  ctx.translate(size * BADGE_AT, -size * BADGE_AT);
  ctx.beginPath();
  ctx.arc(0, 0, size * BADGE_RADIUS, 0, Math.PI * 2);
  ctx.fillStyle = ink;
  ctx.fill();
  ctx.lineWidth = Math.max(1, size * 0.02);
  ctx.strokeStyle = css(XIANGQI_FACE);
  ctx.stroke();
  const scale = (size * BADGE_RADIUS * 1.32) / LETTER_HEIGHT;
  ctx.scale(scale, scale);
  ctx.lineCap = "round";
  ctx.lineJoin = "round";
  ctx.lineWidth = Math.max(LETTER_LINE, 1.2 / scale);
  ctx.strokeStyle = "#ffffff";
  ctx.stroke(path(letter(kind)));
  ctx.restore();
}

/** Draws one character of the river's text centred on (0, 0), `size` being the cell. */
export function drawRiverChar(ctx: CanvasRenderingContext2D, char: RiverChar, size: number): void {
  ctx.save();
  ctx.scale(size * RIVER_SCALE, size * RIVER_SCALE);
  ctx.fillStyle = css(WOOD_LINE);
  ctx.globalAlpha = 0.75;
  ctx.fill(path(RIVER_GLYPHS[char]));
  ctx.restore();
}

const SVG = "http://www.w3.org/2000/svg";

function svgEl(tag: string, attrs: Record<string, string>): SVGElement {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

/**
 * A small picture of a piece for the page around the board (captured pieces), in the set the
 * person chose; too small for the corner letter.
 */
export function pieceIcon(
  game: GameId,
  kind: string,
  seat: number,
  px: number,
  look: PieceLook = pieceLook(),
): SVGElement {
  const svg = svgEl("svg", {
    viewBox: "-500 -500 1000 1000",
    width: String(px),
    height: String(px),
    class: "piece-icon",
    "aria-hidden": "true",
  });
  if (game === "xiangqi") {
    const ink = css(pieceFill("xiangqi", seat));
    const r = XIANGQI_RADIUS * 1000;
    svg.append(
      svgEl("circle", {
        r: String(r - 25),
        fill: css(XIANGQI_FACE),
        stroke: ink,
        "stroke-width": "45",
      }),
    );
    if (look.xiangqiSet === "pictures")
      for (const layer of picture(kind)) {
        const colour = layer.ink ? ink : css(XIANGQI_FACE);
        svg.append(
          svgEl(
            "path",
            layer.line === undefined
              ? { d: layer.d, fill: colour }
              : {
                  d: layer.d,
                  fill: "none",
                  stroke: colour,
                  "stroke-width": String(layer.line),
                  "stroke-linecap": "round",
                  "stroke-linejoin": "round",
                },
          ),
        );
      }
    else
      svg.append(
        svgEl("path", {
          d: xiangqiGlyph(kind, seat),
          fill: ink,
          transform: `scale(${XIANGQI_SCALE * 1000})`,
        }),
      );
  } else {
    const glyph = chessGlyph(kind);
    const s = `scale(${CHESS_SCALE * 1000})`;
    svg.append(
      svgEl("path", { d: glyph.body, fill: css(pieceFill("fourchess", seat)), transform: s }),
      svgEl("path", { d: glyph.lines, fill: css(PIECE_LINE), transform: s }),
    );
  }
  return svg;
}
