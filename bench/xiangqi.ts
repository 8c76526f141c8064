/**
 * Xiangqi rules speed: perft from the start (depth 4, then depth 5 = 133 312 995 leaves) with
 * our Position, beside the same count made in the same process by Fairy-Stockfish's rules
 * through the `ffish` WASM package (same recursion, bulk-counted at depth 1 with
 * `numberLegalMoves()`). Prints nodes per second (median of a few runs) and the ratio.
 *
 *   node --import tsx bench/xiangqi.ts
 */
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { unwrap } from "../shared/core/result";
import { parseFen } from "../shared/games/xiangqi/fen";
import { Position } from "../shared/games/xiangqi/position";
import { START_FEN } from "../shared/games/xiangqi/setups";

const EXPECTED: Readonly<Record<number, number>> = { 4: 3_290_240, 5: 133_312_995 };

interface FfishBoard {
  legalMoves(): string;
  numberLegalMoves(): number;
  push(uci: string): boolean;
  pop(): void;
  delete(): void;
}
interface Ffish {
  Board: new (variant: string, fen?: string) => FfishBoard;
  onRuntimeInitialized?: () => void;
}

async function loadFfish(): Promise<Ffish> {
  // On Node ≥ 18 the Emscripten glue fetch()es its .wasm by path and fails; without fetch it
  // reads the file. Restore fetch once the module has loaded.
  const saved = globalThis.fetch;
  // biome-ignore lint/suspicious/noExplicitAny: removing a global for the loader only
  delete (globalThis as any).fetch;
  const mod = createRequire(import.meta.url)("ffish") as Ffish;
  await new Promise<void>((resolve) => {
    if (typeof mod.Board === "function") resolve();
    else mod.onRuntimeInitialized = () => resolve();
  });
  globalThis.fetch = saved;
  return mod;
}

function ffishPerft(board: FfishBoard, depth: number): number {
  if (depth === 1) return board.numberLegalMoves();
  let nodes = 0;
  for (const m of board.legalMoves().split(" ")) {
    if (m === "") continue;
    board.push(m);
    nodes += ffishPerft(board, depth - 1);
    board.pop();
  }
  return nodes;
}

interface Run {
  readonly nodes: number;
  readonly ms: number;
}

function timed(count: () => number): Run {
  const t = performance.now();
  const nodes = count();
  return { nodes, ms: performance.now() - t };
}

function median(runs: readonly Run[]): Run {
  const sorted = [...runs].sort((a, b) => a.ms - b.ms);
  return sorted[sorted.length >> 1]!;
}

const mnps = (r: Run) => r.nodes / r.ms / 1000;
const fmt = (n: number) => n.toLocaleString("en-US");

function report(label: string, depth: number, r: Run, runs: number): void {
  const ok = EXPECTED[depth] === r.nodes ? "" : `  (expected ${fmt(EXPECTED[depth] ?? 0)}!)`;
  process.stdout.write(
    `  ${label.padEnd(22)} depth ${depth}: ${fmt(r.nodes)} nodes in ${(r.ms / 1000).toFixed(2)} s` +
      ` = ${mnps(r).toFixed(2)} M nodes/s (median of ${runs})${ok}\n`,
  );
}

export async function benchXiangqi(): Promise<void> {
  process.stdout.write("xiangqi perft from the start position\n");
  const pos = Position.fromSetup(unwrap(parseFen(START_FEN)).setup);
  const ffish = await loadFfish();
  const board = new ffish.Board("xiangqi");
  try {
    pos.perft(4); // warm-up
    const plan: [number, number, number][] = [
      [4, 5, 3],
      [5, 3, 1],
    ];
    for (const [depth, ourRuns, theirRuns] of plan) {
      const ours = median(Array.from({ length: ourRuns }, () => timed(() => pos.perft(depth))));
      report("ours (TypeScript)", depth, ours, ourRuns);
      const theirs = median(
        Array.from({ length: theirRuns }, () => timed(() => ffishPerft(board, depth))),
      );
      report("ffish 0.7.10 (WASM)", depth, theirs, theirRuns);
      process.stdout.write(
        `  ratio ours/ffish at depth ${depth}: ${(mnps(ours) / mnps(theirs)).toFixed(2)}×\n`,
      );
    }
  } finally {
    board.delete();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await benchXiangqi();
}
