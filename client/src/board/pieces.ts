/**
 * Textures for the pieces and the river's text, drawn once per look and cell size from the
 * shipped art and shared by every sprite that shows them. A re-layout to a new cell size draws
 * a new set and lets the old one go.
 */
import { CanvasSource, Sprite, Texture } from "pixi.js";
import type { GameId } from "../../../shared/games/catalog";
import { drawPiece, drawRiverChar, type RiverChar } from "./art/draw";

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

  piece(game: GameId, kind: string, seat: number): Texture {
    return this.get(`${game}:${kind}:${seat}`, (ctx, size) =>
      drawPiece(ctx, game, kind, seat, size),
    );
  }

  river(char: RiverChar): Texture {
    return this.get(`river:${char}`, (ctx, size) => drawRiverChar(ctx, char, size));
  }

  private get(key: string, draw: (ctx: CanvasRenderingContext2D, size: number) => void): Texture {
    const found = this.cache.get(key);
    if (found) return found;
    const res = this.resolution();
    const size = Math.max(8, this.cell);
    const px = Math.ceil(size * res);
    const canvas = document.createElement("canvas");
    canvas.width = px;
    canvas.height = px;
    const ctx = canvas.getContext("2d");
    if (ctx) {
      ctx.scale(res, res);
      ctx.translate(size / 2, size / 2);
      draw(ctx, size);
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
