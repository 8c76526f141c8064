/**
 * Dev-only: draws the xiangqi pieces as the board does (client/src/board/art/draw.ts, Canvas 2D
 * in Debian's Chromium) in both sets, with and without the corner letter, at a phone's 27 px
 * cell, a desktop's and large, on the board's wood, into one PNG for a person to look at.
 *
 *   node --import tsx tools/art/preview-pieces.ts [--out test-results/pieces-preview.png] [--scale 1]
 */
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { build } from "esbuild";
import { launchChromium } from "../chromium";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const { values } = parseArgs({
  options: {
    out: { type: "string", default: join(ROOT, "test-results/pieces-preview.png") },
    scale: { type: "string", default: "1" },
  },
});

const bundle = await build({
  entryPoints: [join(ROOT, "client/src/board/art/draw.ts")],
  bundle: true,
  write: false,
  format: "iife",
  globalName: "Art",
});
const code = bundle.outputFiles[0]!.text;

/** Runs in the page: draws the sheet. Self-contained (it is serialized). */
function sheet(): { width: number; height: number } {
  const art = (window as unknown as { Art: typeof import("../../client/src/board/art/draw") }).Art;
  const KINDS = ["K", "A", "E", "H", "R", "C", "P"];
  const SIZES = [27, 40, 64, 110];
  const looks = [
    { letters: true, xiangqiSet: "characters" as const },
    { letters: true, xiangqiSet: "pictures" as const },
    { letters: false, xiangqiSet: "pictures" as const },
  ];
  let width = 0;
  let height = 0;
  for (const size of SIZES) {
    width = Math.max(width, 14 * size + 20);
    height += looks.length * size + 14;
  }
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  document.body.style.margin = "0";
  document.body.append(canvas);
  const ctx = canvas.getContext("2d")!;
  ctx.fillStyle = "#e2b874";
  ctx.fillRect(0, 0, width, height);
  let y = 0;
  for (const size of SIZES) {
    for (const look of looks) {
      for (let i = 0; i < 14; i++) {
        ctx.save();
        ctx.translate(10 + (i + 0.5) * size, y + size / 2);
        art.drawPiece(ctx, "xiangqi", KINDS[i % 7]!, i < 7 ? 0 : 1, size, look);
        ctx.restore();
      }
      y += size;
    }
    y += 14;
  }
  return { width, height };
}

const browser = await launchChromium();
const scale = Number(values.scale);
const page = await browser.newPage({ deviceScaleFactor: scale });
await page.addScriptTag({ content: code });
const { width, height } = await page.evaluate(sheet);
await page.setViewportSize({ width, height });
mkdirSync(dirname(values.out), { recursive: true });
await page.screenshot({ path: values.out, clip: { x: 0, y: 0, width, height } });
await browser.close();
console.log(`wrote ${values.out} (${width}×${height} at ${scale}×)`);
