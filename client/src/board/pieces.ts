/**
 * Textures for the pieces, the river's text and the coordinates, drawn once per look and cell size from the
 * shipped art and shared by every sprite that shows them. A re-layout to a new cell size draws
 * a new set and lets the old one go.
 */
import { CanvasSource, Sprite, Texture } from "pixi.js";
import type { GameId } from "../../../shared/games/catalog";
import { drawPiece, drawRiverChar, type RiverChar } from "./art/draw";
import { pieceLook } from "./look";

export class PieceTextures {
  private cell = 40;
  private readonly cache = new Map<string, Texture>();

  constructor(private readonly resolution: () => number) {}

  /** Starts a new set for this cell size; textures of the old size are destroyed. */
  setCell(cell: number): void {
    if (cell === this.cell) return;
    this.cell = cell;
    this.clear();
  }

  clear(): void {
    for (const t of this.cache.values()) t.destroy(true);
    this.cache.clear();
  }

  /** A piece in the look the person chose (look.ts). */
  piece(game: GameId, kind: string, seat: number): Texture {
    const look = pieceLook();
    return this.get(`${game}:${kind}:${seat}:${look.xiangqiSet}:${look.letters}`, (ctx, size) =>
      drawPiece(ctx, game, kind, seat, size, look),
    );
  }

  river(char: RiverChar): Texture {
    return this.get(`river:${char}`, (ctx, size) => drawRiverChar(ctx, char, size));
  }

  /**
   * A coordinate label: the text in `px`-pixel type, its texture as wide as the text and one
   * line high, so that a sprite's anchor places it as the text itself would be placed.
   */
  label(text: string, px: number, bold: boolean, colour: number): Texture {
    const font = `${bold ? 600 : 400} ${px}px "DejaVu Sans", Arial, sans-serif`;
    const key = `label:${text}:${font}:${colour}`;
    const found = this.cache.get(key);
    if (found) return found;
    const measure = document.createElement("canvas").getContext("2d");
    let width = px;
    if (measure) {
      measure.font = font;
      width = Math.ceil(measure.measureText(text).width) + 2;
    }
    const height = Math.ceil(px * 1.25);
    return this.draw(key, width, height, (ctx) => {
      ctx.font = font;
      ctx.fillStyle = `#${colour.toString(16).padStart(6, "0")}`;
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.fillText(text, width / 2, height / 2);
    });
  }

  private get(key: string, draw: (ctx: CanvasRenderingContext2D, size: number) => void): Texture {
    const found = this.cache.get(key);
    if (found) return found;
    const size = Math.max(8, this.cell);
    return this.draw(key, size, size, (ctx) => {
      ctx.translate(size / 2, size / 2);
      draw(ctx, size);
    });
  }

  /** A texture `width` × `height` CSS pixels, drawn at the renderer's resolution. */
  private draw(
    key: string,
    width: number,
    height: number,
    paint: (ctx: CanvasRenderingContext2D) => void,
  ): Texture {
    const res = this.resolution();
    const canvas = document.createElement("canvas");
    canvas.width = Math.ceil(width * res);
    canvas.height = Math.ceil(height * res);
    const ctx = canvas.getContext("2d");
    if (ctx) {
      ctx.scale(res, res);
      paint(ctx);
    }
    const texture = new Texture({
      source: new CanvasSource({ resource: canvas, resolution: res }),
    });
    this.cache.set(key, texture);
    return texture;
  }
}

/** A piece on the board: a sprite centred on its square, keyed by the piece's stable id. */
export class PieceSprite extends Sprite {
  kind = "";
  /** The owner's seat (-1 grey; -2 before the sprite is dressed). */
  seat = -2;

  constructor(readonly id: number) {
    super();
    this.anchor.set(0.5);
  }
}
