/**
 * Dev-only generator for client/src/board/art/glyphs.ts: the vector art the client draws the
 * xiangqi pieces, the river text and the chess pieces with, so that no system font is needed.
 *
 *   npm run art          (node --import tsx tools/art/build-art.ts [--out FILE])
 *
 * It reads glyph outlines with fontkit from fonts installed as devDependencies, moves them into a
 * common box (x and y in [-500, 500], y down, (0,0) the centre of the piece), rounds to integers
 * and writes SVG path data (relative m l q c z, see pathData.ts) that `new Path2D(d)` fills with
 * non-zero winding.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import * as fontkit from "fontkit";
import { toRelative } from "./pathData";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const MODULES = join(ROOT, "node_modules");

/**
 * The fonts are not dev dependencies (about 100 MB that every install would fetch for a
 * script run once in a while): install them for the run, without saving.
 */
const FONT_PACKAGES = ["@fontsource/noto-serif-tc@5.3.0", "dejavu-fonts-ttf@2.37.3"];
for (const spec of FONT_PACKAGES) {
  const name = spec.slice(0, spec.lastIndexOf("@"));
  if (!existsSync(join(MODULES, name, "package.json"))) {
    console.error(
      `Fonts missing. Install them for this run first:\n  npm install --no-save ${FONT_PACKAGES.join(" ")}`,
    );
    process.exit(2);
  }
}

const DEFAULT_OUT = join(ROOT, "client/src/board/art/glyphs.ts");

/** Xiangqi: the em is this many units tall; chess: the king's ink is this many units tall. */
const CJK_EM = 720;
const CHESS_KING_HEIGHT = 860;

const XIANGQI_LETTERS = ["K", "A", "E", "H", "R", "C", "P"] as const;
type XiangqiLetter = (typeof XIANGQI_LETTERS)[number];
const XIANGQI_CHARS: readonly [Record<XiangqiLetter, string>, Record<XiangqiLetter, string>] = [
  { K: "帥", A: "仕", E: "相", H: "傌", R: "俥", C: "炮", P: "兵" },
  { K: "將", A: "士", E: "象", H: "馬", R: "車", C: "砲", P: "卒" },
];
const RIVER_CHARS = ["楚", "河", "漢", "界"] as const;
/** Chess letter → [black (solid) code point, white (outlined) code point]. */
const CHESS_CODEPOINTS = {
  K: [0x265a, 0x2654],
  Q: [0x265b, 0x2655],
  R: [0x265c, 0x2656],
  B: [0x265d, 0x2657],
  N: [0x265e, 0x2658],
  P: [0x265f, 0x2659],
} as const;
type ChessLetter = keyof typeof CHESS_CODEPOINTS;
/**
 * Height of each chess piece relative to the king. Symbol fonts draw all six at one height (for
 * diagrams); a real set grades them, which also makes them easier to tell apart at a glance.
 * Milder than a Staunton set (pawn about half a king) so that small pieces stay legible.
 */
const CHESS_RELATIVE_HEIGHT: Record<ChessLetter, number> = {
  K: 1,
  Q: 0.96,
  B: 0.9,
  N: 0.9,
  R: 0.84,
  P: 0.8,
};
const CHESS_LETTERS = Object.keys(CHESS_CODEPOINTS) as ChessLetter[];

interface FontSource {
  /** Human-readable font name for the header, e.g. "Noto Serif TC Black (900)". */
  label: string;
  pkg: string;
  licence: string;
  /** Which files of the package are read, for LICENSES.md. */
  files: string;
  /** The font file (relative to the package) that holds code point `cp`. */
  fileFor(cp: number): string;
}

/**
 * A fontsource package splits a font into unicode-range subsets; its unicode.json maps each
 * subset ("[86]", "symbols", …) to its range, and the file is files/{id}-{subset}-{weight}-normal.
 */
function fontsource(label: string, id: string, weight: number): FontSource {
  const pkg = `@fontsource/${id}`;
  const ranges = JSON.parse(readFileSync(join(MODULES, pkg, "unicode.json"), "utf8")) as Record<
    string,
    string
  >;
  return {
    label,
    pkg,
    licence: "SIL Open Font License 1.1",
    files: `files/${id}-*-${weight}-normal.woff2 (its unicode-range subsets)`,
    fileFor(cp) {
      for (const [subset, list] of Object.entries(ranges)) {
        for (const part of list.split(",")) {
          const [lo, hi] = part.replace(/^U\+/i, "").split("-");
          const from = Number.parseInt(lo ?? "", 16);
          const to = hi === undefined ? from : Number.parseInt(hi, 16);
          if (cp >= from && cp <= to) {
            return `files/${id}-${subset.replace(/^\[(\d+)\]$/, "$1")}-${weight}-normal.woff2`;
          }
        }
      }
      throw new Error(`${pkg}: no subset holds U+${cp.toString(16)}`);
    },
  };
}

/**
 * Noto Serif TC Black: its heavy strokes (the thin horizontals of a serif face included) stay
 * legible on 30–40 px pieces, where the Bold weight and LXGW WenKai TC Bold turn faint.
 */
const CJK_FONT = fontsource("Noto Serif TC Black (900)", "noto-serif-tc", 900);
/** DejaVu Sans has both chess sets with identical outer outlines and bold, clear lines. */
const CHESS_FONT: FontSource = {
  label: "DejaVu Sans (Book)",
  pkg: "dejavu-fonts-ttf",
  licence: "Bitstream Vera Fonts licence and Arev Fonts licence; DejaVu changes public domain",
  files: "ttf/DejaVuSans.ttf",
  fileFor: () => "ttf/DejaVuSans.ttf",
};

const fontCache = new Map<string, fontkit.Font>();
/** The font file of `source` that holds code point `cp`, opened once. */
function fontFor(source: FontSource, cp: number): fontkit.Font {
  const file = join(MODULES, source.pkg, source.fileFor(cp));
  let font = fontCache.get(file);
  if (!font) {
    if (!existsSync(file)) throw new Error(`missing font file ${file} (npm install?)`);
    font = fontkit.openSync(file) as fontkit.Font;
    fontCache.set(file, font);
  }
  if (!font.hasGlyphForCodePoint(cp)) throw new Error(`${file} lacks U+${cp.toString(16)}`);
  return font;
}
function glyphOf(source: FontSource, cp: number): fontkit.Glyph {
  return fontFor(source, cp).glyphForCodePoint(cp);
}

// ---- outlines ----

type Seg = { op: "L"; p: number[] } | { op: "Q"; p: number[] } | { op: "C"; p: number[] };
/** One closed contour: a start point and its segments (coordinates flat [x, y, x, y, …]). */
interface Contour {
  start: [number, number];
  segs: Seg[];
}

function contoursOf(glyph: fontkit.Glyph): Contour[] {
  const out: Contour[] = [];
  let cur: Contour | null = null;
  for (const { command, args } of glyph.path.commands) {
    if (command === "moveTo") {
      cur = { start: [args[0]!, args[1]!], segs: [] };
      out.push(cur);
    } else if (command === "closePath") {
      cur = null;
    } else {
      if (!cur) throw new Error(`${command} outside a contour`);
      const op = command === "lineTo" ? "L" : command === "quadraticCurveTo" ? "Q" : "C";
      cur.segs.push({ op, p: [...args] });
    }
  }
  return out.filter((c) => c.segs.length > 0);
}

/** Applies x' = (x - ox) * s, y' = (oy - y) * s (font y-up → screen y-down). */
function transform(contours: Contour[], ox: number, oy: number, s: number): Contour[] {
  const tx = (p: number[]) => p.map((v, i) => (i % 2 === 0 ? (v - ox) * s : (oy - v) * s));
  return contours.map((c) => ({
    start: tx(c.start) as [number, number],
    segs: c.segs.map((seg) => ({ op: seg.op, p: tx(seg.p) })),
  }));
}

/** A polygon approximating the contour (curves sampled), for containment tests. */
function flatten(c: Contour): number[] {
  const pts = [...c.start];
  let [x, y] = c.start;
  for (const { op, p } of c.segs) {
    const n = op === "L" ? 1 : 8;
    for (let i = 1; i <= n; i++) {
      const t = i / n;
      const u = 1 - t;
      if (op === "L") pts.push(p[0]!, p[1]!);
      else if (op === "Q") {
        pts.push(
          u * u * x + 2 * u * t * p[0]! + t * t * p[2]!,
          u * u * y + 2 * u * t * p[1]! + t * t * p[3]!,
        );
      } else {
        pts.push(
          u * u * u * x + 3 * u * u * t * p[0]! + 3 * u * t * t * p[2]! + t * t * t * p[4]!,
          u * u * u * y + 3 * u * u * t * p[1]! + 3 * u * t * t * p[3]! + t * t * t * p[5]!,
        );
      }
    }
    x = p[p.length - 2]!;
    y = p[p.length - 1]!;
  }
  return pts;
}

function pointInPolygon(x: number, y: number, poly: number[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 2; i < poly.length; j = i, i += 2) {
    const xi = poly[i]!;
    const yi = poly[i + 1]!;
    const xj = poly[j]!;
    const yj = poly[j + 1]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/**
 * The outer contours only (those inside no other contour): a solid silhouette with the holes
 * and the islands inside them dropped. A contour counts as inside another when most of its
 * sampled points are (robust against shared or touching edges).
 */
function outerContours(contours: Contour[]): Contour[] {
  const polys = contours.map(flatten);
  return contours.filter((_, i) => {
    const mine = polys[i]!;
    return !polys.some((other, j) => {
      if (j === i) return false;
      let hits = 0;
      for (let k = 0; k < mine.length; k += 2) {
        if (pointInPolygon(mine[k]!, mine[k + 1]!, other)) hits++;
      }
      return hits * 2 > mine.length / 2;
    });
  });
}

interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}
function union(a: Box, b: Box): Box {
  return {
    minX: Math.min(a.minX, b.minX),
    minY: Math.min(a.minY, b.minY),
    maxX: Math.max(a.maxX, b.maxX),
    maxY: Math.max(a.maxY, b.maxY),
  };
}

/** Compact SVG path data: integers, relative m l q c z, no degenerate segments. */
function toPathData(contours: Contour[]): string {
  return toRelative(absolutePathData(contours));
}

/** The contours as absolute M L Q C Z with integer points. */
function absolutePathData(contours: Contour[]): string {
  const parts: string[] = [];
  const num = (vs: number[]) =>
    vs
      .map((v) => Math.round(v) || 0)
      .map((v, i) => (i > 0 && v >= 0 ? ` ${v}` : `${v}`))
      .join("");
  for (const c of contours) {
    const start = c.start.map((v) => Math.round(v) || 0);
    let cx = start[0]!;
    let cy = start[1]!;
    const body: string[] = [];
    c.segs.forEach((seg, idx) => {
      const p = seg.p.map((v) => Math.round(v) || 0);
      const ex = p[p.length - 2]!;
      const ey = p[p.length - 1]!;
      if (p.every((v, i) => v === (i % 2 === 0 ? cx : cy))) return; // zero-length
      const last = idx === c.segs.length - 1;
      if (seg.op === "L" && last && ex === start[0] && ey === start[1]) return; // Z closes it
      body.push(`${seg.op}${num(p)}`);
      cx = ex;
      cy = ey;
    });
    if (body.length === 0) continue;
    parts.push(`M${num(start)}${body.join("")}Z`);
  }
  return parts.join("");
}

// ---- the three sets ----

function buildCjk(source: FontSource, chars: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const ch of chars) {
    const cp = ch.codePointAt(0)!;
    const glyph = glyphOf(source, cp);
    const s = CJK_EM / fontFor(source, cp).unitsPerEm;
    const bb = glyph.path.bbox;
    const contours = transform(
      contoursOf(glyph),
      (bb.minX + bb.maxX) / 2,
      (bb.minY + bb.maxY) / 2,
      s,
    );
    out.set(ch, toPathData(contours));
  }
  return out;
}

/** The largest distance from a point of outline `a` to the nearest edge of outline `b`. */
function deviation(a: Contour[], b: Contour[]): number {
  const edges = b.map(flatten);
  let worst = 0;
  for (const poly of a.map(flatten)) {
    for (let k = 0; k < poly.length; k += 2) {
      const x = poly[k]!;
      const y = poly[k + 1]!;
      let best = Number.POSITIVE_INFINITY;
      for (const e of edges) {
        for (let i = 0, j = e.length - 2; i < e.length; j = i, i += 2) {
          const ax = e[j]!;
          const ay = e[j + 1]!;
          const dx = e[i]! - ax;
          const dy = e[i + 1]! - ay;
          const len = dx * dx + dy * dy;
          const t = len === 0 ? 0 : Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / len));
          best = Math.min(best, Math.hypot(x - ax - t * dx, y - ay - t * dy));
        }
      }
      worst = Math.max(worst, best);
    }
  }
  return worst;
}

/**
 * `lines` is the white (outlined) symbol as is. `body` is the outer contour(s) of the same white
 * symbol: the silhouette the outline encloses, so it lines up with `lines` exactly. (The black
 * symbol's silhouette is the same drawing; the generator prints how far the two differ.)
 */
function buildChess(source: FontSource): Record<ChessLetter, { body: string; lines: string }> {
  const boxOf = (letter: ChessLetter): Box => {
    const [black, white] = CHESS_CODEPOINTS[letter];
    return union(glyphOf(source, black).path.bbox, glyphOf(source, white).path.bbox);
  };
  const king = boxOf("K");
  const s = CHESS_KING_HEIGHT / (king.maxY - king.minY);
  const kingOy = (king.minY + king.maxY) / 2;
  const result = {} as Record<ChessLetter, { body: string; lines: string }>;
  for (const letter of CHESS_LETTERS) {
    const [black, white] = CHESS_CODEPOINTS[letter];
    const box = boxOf(letter);
    const ox = (box.minX + box.maxX) / 2;
    // Scale by the piece's relative height about its own baseline, which lands on the king's.
    const f = CHESS_RELATIVE_HEIGHT[letter] * ((king.maxY - king.minY) / (box.maxY - box.minY));
    const oy = box.minY + (kingOy - king.minY) / f;
    const ps = s * f;
    const lines = transform(contoursOf(glyphOf(source, white)), ox, oy, ps);
    const body = outerContours(lines);
    const blackBody = outerContours(transform(contoursOf(glyphOf(source, black)), ox, oy, ps));
    const off = Math.max(deviation(blackBody, body), deviation(body, blackBody));
    console.log(`chess ${letter}: black and white silhouettes differ by ≤ ${off.toFixed(1)} units`);
    result[letter] = { body: toPathData(body), lines: toPathData(lines) };
  }
  return result;
}

function packageVersion(pkg: string): string {
  return (
    JSON.parse(readFileSync(join(MODULES, pkg, "package.json"), "utf8")) as { version: string }
  ).version;
}

/** LICENSES.md: for each font, what was taken, its copyright lines and its full licence text. */
function licences(fonts: { source: FontSource; cp: number; used: string }[]): string {
  const parts = fonts.map(({ source, cp, used }) => {
    const licence = readFileSync(join(MODULES, source.pkg, "LICENSE"), "utf8").trim();
    return [
      `## ${source.label}`,
      "",
      `Used for ${used}: glyph outlines converted to SVG path data in \`glyphs.ts\`.`,
      `Read from the npm package \`${source.pkg}@${packageVersion(source.pkg)}\`, ${source.files}.`,
      `Licence: ${source.licence}.`,
      "",
      "Copyright as stated in the font:",
      "",
      ...fontFor(source, cp)
        .copyright.trim()
        .split(/\r?\n/)
        .map((line) => `    ${line.trim()}`),
      "",
      `Licence text, as shipped in \`${source.pkg}/LICENSE\`:`,
      "",
      "```text",
      licence,
      "```",
    ].join("\n");
  });
  return `# Licences of the piece art

GENERATED by tools/art/build-art.ts together with glyphs.ts; do not edit by hand.

The outlines in \`glyphs.ts\` are derived from the fonts below. They are shipped as vector
paths inside the client bundle, not as a font; the fonts themselves are not redistributed.

${parts.join("\n\n")}
`;
}

function main(): void {
  const { values } = parseArgs({ options: { out: { type: "string", default: DEFAULT_OUT } } });
  const out = resolve(values.out);

  const xiangqiChars = XIANGQI_CHARS.flatMap((side) => XIANGQI_LETTERS.map((l) => side[l]));
  const cjkPaths = buildCjk(CJK_FONT, [...xiangqiChars, ...RIVER_CHARS]);
  const chess = buildChess(CHESS_FONT);

  const str = (s: string) => JSON.stringify(s);
  const side = (i: 0 | 1) =>
    `{\n${XIANGQI_LETTERS.map((l) => `    ${l}: ${str(cjkPaths.get(XIANGQI_CHARS[i][l])!)},`).join("\n")}\n  }`;
  const font = (source: FontSource, cp: number) =>
    ` *   ${source.label}: npm ${source.pkg}@${packageVersion(source.pkg)}\n` +
    ` *     ${source.licence}.\n` +
    fontFor(source, cp)
      .copyright.trim()
      .split(/\r?\n/)
      .map((line) => ` *     ${line.trim()}`)
      .join("\n");

  const text = `/**
 * GENERATED by tools/art/build-art.ts (\`npm run art\`); do not edit by hand.
 *
 * Vector art for the pieces so that no system font is needed. Every path is SVG path data
 * (relative m l q c z, integers) for \`new Path2D(d)\` with the default non-zero fill rule, in
 * one box: x and y in [-500, 500], y pointing down, (0, 0) where the centre of the piece goes.
 *  - XIANGQI_GLYPHS / RIVER_GLYPHS: one em = ${CJK_EM} units, each centred on its ink box.
 *  - CHESS_GLYPHS: the king's ink is ${CHESS_KING_HEIGHT} units tall and centred; every piece stands on
 *    its baseline, each centred horizontally, graded in height like a real set:
 *    ${CHESS_LETTERS.map((l) => `${l} ${Math.round(CHESS_RELATIVE_HEIGHT[l] * 100)}%`).join(", ")} of the king.
 *    Fill \`body\` (solid silhouette) in the owner's colour, then \`lines\` (outline and
 *    inner details) in near-black.
 *
 * Outlines derived from these fonts (see LICENSES.md beside this file):
${font(CJK_FONT, 0x5e25)}
${font(CHESS_FONT, 0x265a)}
 */

export type XiangqiLetter = ${XIANGQI_LETTERS.map(str).join(" | ")};
export type RiverChar = ${RIVER_CHARS.map(str).join(" | ")};
export type ChessLetter = ${CHESS_LETTERS.map(str).join(" | ")};
export interface ChessGlyph {
  /** The filled silhouette: fill it with the owner's colour. */
  readonly body: string;
  /** The outline and inner details: fill them in near-black over \`body\`. */
  readonly lines: string;
}

/** Xiangqi piece characters by side (0 = red: 帥 仕 相 傌 俥 炮 兵, 1 = black: 將 士 象 馬 車 砲 卒). */
export const XIANGQI_GLYPHS: readonly [
  Readonly<Record<XiangqiLetter, string>>,
  Readonly<Record<XiangqiLetter, string>>,
] = [
  ${side(0)},
  ${side(1)},
];

/** The river text 楚河漢界, same typeface and scale as the pieces. */
export const RIVER_GLYPHS: Readonly<Record<RiverChar, string>> = {
${RIVER_CHARS.map((c) => `  ${c}: ${str(cjkPaths.get(c)!)},`).join("\n")}
};

/** Chess pieces (from the solid and the outlined Unicode chess symbols). */
export const CHESS_GLYPHS: Readonly<Record<ChessLetter, ChessGlyph>> = {
${CHESS_LETTERS.map((l) => `  ${l}: {\n    body: ${str(chess[l].body)},\n    lines: ${str(chess[l].lines)},\n  },`).join("\n")}
};
`;
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, text);
  writeFileSync(
    join(dirname(out), "LICENSES.md"),
    licences([
      {
        source: CJK_FONT,
        cp: 0x5e25,
        used: "the xiangqi piece characters and the river text 楚河漢界",
      },
      { source: CHESS_FONT, cp: 0x265a, used: "the chess pieces (U+2654–U+265F)" },
    ]),
  );
  // Let the project's formatter lay out the literal so that `biome check` passes as generated.
  const biome = join(MODULES, ".bin", "biome");
  if (existsSync(biome)) {
    const r = spawnSync(biome, ["format", "--write", "--no-errors-on-unmatched", out], {
      encoding: "utf8",
    });
    if (r.status !== 0) console.warn(r.stdout, r.stderr);
  }
  const size = readFileSync(out).length;
  console.log(
    `wrote ${relative(ROOT, out)} (${size} bytes) with ${CJK_FONT.label} + ${CHESS_FONT.label}`,
  );
}

main();
