/**
 * Dev-only: draws every path of client/src/board/art/glyphs.ts into a PNG sheet (with Debian's
 * Chromium and Path2D, as the client will) so a person can check holes, alignment and sizes.
 *
 *   node --import tsx tools/art/preview.ts [--glyphs FILE.ts] [--out test-results/art-preview.png]
 */
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { launchChromium } from "../chromium";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

const { values } = parseArgs({
  options: {
    glyphs: { type: "string", default: join(ROOT, "client/src/board/art/glyphs.ts") },
    out: { type: "string", default: join(ROOT, "test-results/art-preview.png") },
  },
});
const glyphs = (await import(pathToFileURL(resolve(values.glyphs)).href)) as {
  XIANGQI_GLYPHS: readonly Readonly<Record<string, string>>[];
  RIVER_GLYPHS: Readonly<Record<string, string>>;
  CHESS_GLYPHS: Readonly<Record<string, { body: string; lines: string }>>;
};

/** Runs in the page: draws the sheet on a canvas. Must be self-contained (it is serialized). */
function draw(data: typeof glyphs): void {
  const ORDER_X = ["K", "A", "E", "H", "R", "C", "P"];
  const ORDER_C = ["K", "Q", "R", "B", "N", "P"];
  const INK = ["#c0392b", "#1d1d1d"];
  const SEATS = ["#d13f3f", "#2f6bd1", "#d9a514", "#2e9b57", "#8c8c8c"];
  const canvas = document.createElement("canvas");
  canvas.width = 1240;
  canvas.height = 2010;
  document.body.append(canvas);
  const ctx = canvas.getContext("2d")!;
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  const label = (text: string, x: number, y: number) => {
    ctx.fillStyle = "#444";
    ctx.font = "14px sans-serif";
    ctx.fillText(text, x, y);
  };
  /** Fills path `d` (box [-500, 500]) so that the box spans `size` px around (cx, cy). */
  const fillPath = (d: string, cx: number, cy: number, size: number, colour: string) => {
    ctx.save();
    ctx.translate(cx, cy);
    ctx.scale(size / 1000, size / 1000);
    ctx.fillStyle = colour;
    ctx.fill(new Path2D(d));
    ctx.restore();
  };
  const disc = (side: number, letter: string, cx: number, cy: number, dia: number) => {
    const ink = INK[side]!;
    ctx.beginPath();
    ctx.arc(cx, cy, dia / 2, 0, Math.PI * 2);
    ctx.fillStyle = "#f4e3c1";
    ctx.fill();
    ctx.lineWidth = Math.max(1.5, dia * 0.045);
    ctx.strokeStyle = ink;
    ctx.beginPath();
    ctx.arc(cx, cy, dia / 2 - ctx.lineWidth / 2, 0, Math.PI * 2);
    ctx.stroke();
    ctx.lineWidth = Math.max(1, dia * 0.02);
    ctx.beginPath();
    ctx.arc(cx, cy, dia * 0.4, 0, Math.PI * 2);
    ctx.stroke();
    // The em (720 units) is 0.62 of the disc: the 1000-unit box is 0.62 * dia * 1000 / 720.
    fillPath(data.XIANGQI_GLYPHS[side]![letter]!, cx, cy, (0.62 * dia * 1000) / 720, ink);
  };
  const chess = (letter: string, colour: string, cx: number, cy: number, size: number) => {
    const g = data.CHESS_GLYPHS[letter]!;
    fillPath(g.body, cx, cy, size, colour);
    fillPath(g.lines, cx, cy, size, "#1b1b1b");
  };

  let y = 24;
  label("Xiangqi pieces: 80 px, 36 px and 30 px discs", 16, y);
  for (let side = 0; side < 2; side++) {
    ORDER_X.forEach((l, i) => {
      const cy = y + 56 + side * 90;
      disc(side, l, 60 + i * 88, cy, 80);
      disc(side, l, 670 + i * 44, cy, 36);
      disc(side, l, 990 + i * 36, cy, 30);
    });
  }
  y += 210;
  label("All characters with their [-500, 500] box (150 px) and centre cross", 16, y);
  const rows = [
    ORDER_X.map((l) => data.XIANGQI_GLYPHS[0]![l]!),
    ORDER_X.map((l) => data.XIANGQI_GLYPHS[1]![l]!),
    ["楚", "河", "漢", "界"].map((c) => data.RIVER_GLYPHS[c]!),
  ];
  rows.forEach((row, r) => {
    row.forEach((d, i) => {
      const cx = 91 + i * 170;
      const cy = y + 90 + r * 165;
      ctx.strokeStyle = "#bbb";
      ctx.lineWidth = 1;
      ctx.strokeRect(cx - 75, cy - 75, 150, 150);
      ctx.beginPath();
      ctx.moveTo(cx - 75, cy);
      ctx.lineTo(cx + 75, cy);
      ctx.moveTo(cx, cy - 75);
      ctx.lineTo(cx, cy + 75);
      ctx.stroke();
      fillPath(d, cx, cy, 150, r === 0 ? "#c0392b" : "#1d1d1d");
    });
  });
  y += 3 * 165 + 20;
  label("River text (72 px and 26 px em) on the board colour", 16, y);
  ctx.fillStyle = "#e8c98f";
  ctx.fillRect(16, y + 10, 1200, 100);
  ["楚", "河", "漢", "界"].forEach((c, i) => {
    const d = data.RIVER_GLYPHS[c]!;
    fillPath(d, (i < 2 ? 120 : 380) + i * 90, y + 60, (72 * 1000) / 720, "#6b4a1e");
    fillPath(d, (i < 2 ? 840 : 920) + i * 32, y + 60, (26 * 1000) / 720, "#6b4a1e");
  });
  y += 130;
  label("Chess pieces at 80 px (90 px squares) and 36 px (40 px squares), light and dark", 16, y);
  SEATS.forEach((colour, row) => {
    const top = y + 12 + row * 92;
    ORDER_C.forEach((l, i) => {
      ctx.fillStyle = (i + row) % 2 === 0 ? "#eeeed2" : "#769656";
      ctx.fillRect(16 + i * 90, top, 90, 90);
      chess(l, colour, 61 + i * 90, top + 45, 80);
      for (let k = 0; k < 2; k++) {
        const col = i * 2 + k;
        ctx.fillStyle = col % 2 === 0 ? "#eeeed2" : "#769656";
        ctx.fillRect(600 + col * 40, top + 25, 40, 40);
        chess(l, colour, 620 + col * 40, top + 45, 36);
      }
    });
  });
  y += 5 * 92 + 30;
  label("Chess at 200 px: body alone, lines alone, both translucent; frame = [-500, 500]", 16, y);
  ORDER_C.forEach((l, i) => {
    const g = data.CHESS_GLYPHS[l]!;
    const cx = 116 + i * 202;
    for (let r = 0; r < 3; r++) {
      const cy = y + 112 + r * 205;
      ctx.strokeStyle = "#bbb";
      ctx.lineWidth = 1;
      ctx.strokeRect(cx - 100, cy - 100, 200, 200);
      ctx.beginPath();
      ctx.moveTo(cx - 100, cy);
      ctx.lineTo(cx + 100, cy);
      ctx.stroke();
      if (r !== 1) fillPath(g.body, cx, cy, 200, r === 0 ? "#8c8c8c" : "rgba(209,63,63,0.5)");
      if (r !== 0) fillPath(g.lines, cx, cy, 200, r === 1 ? "#1b1b1b" : "rgba(27,27,27,0.6)");
    }
  });
}

mkdirSync(dirname(resolve(values.out)), { recursive: true });
const browser = await launchChromium();
try {
  const page = await browser.newPage();
  await page.setContent("<!doctype html><html><body style='margin:0'></body></html>");
  // tsx (esbuild) wraps named functions in __name(); give the serialized `draw` one to call.
  await page.evaluate("window.__name = (f) => f;");
  await page.evaluate(draw, {
    XIANGQI_GLYPHS: glyphs.XIANGQI_GLYPHS,
    RIVER_GLYPHS: glyphs.RIVER_GLYPHS,
    CHESS_GLYPHS: glyphs.CHESS_GLYPHS,
  });
  await page.locator("canvas").screenshot({ path: values.out });
  console.log(`wrote ${values.out}`);
} finally {
  await browser.close();
}
