/**
 * Four-player chess move generation speed: perft from the modern start, Teams rules.
 * `bulk` counts the last ply from the legal move list (the usual perft figure); `full` also
 * makes and unmakes every leaf move, closer to what a search does per node.
 */
import { fileURLToPath } from "node:url";
import { unwrap } from "../shared/core/result";
import { MODERN_START, Position, parseFen4 } from "../shared/games/fourchess";
import { median, millions, timeRuns } from "./stats";

const start = () => Position.fromSetup(unwrap(parseFen4(MODERN_START)).setup, "teams");

function fullPerft(pos: Position, depth: number): number {
  if (depth === 0) return 1;
  let nodes = 0;
  for (const m of pos.legalMoves()) {
    pos.make(m);
    nodes += fullPerft(pos, depth - 1);
    pos.unmake();
  }
  return nodes;
}

export function benchFourchess(opts: { runs?: number; depth6?: boolean } = {}): void {
  const runs = opts.runs ?? 5;
  const pos = start();
  pos.perft(4); // warm up the JIT
  const bulk = timeRuns(runs, () => pos.perft(5));
  const bulkRate = bulk.result / median(bulk.seconds);
  console.log(
    `fourchess perft(5) from the start: ${bulk.result} nodes, median ${median(bulk.seconds).toFixed(3)} s of ${runs} runs, ${millions(bulkRate)} nodes/s`,
  );
  const full = timeRuns(3, () => fullPerft(pos, 5));
  console.log(
    `fourchess perft(5), every leaf made and unmade: median ${median(full.seconds).toFixed(3)} s, ${millions(full.result / median(full.seconds))} nodes/s`,
  );
  if (opts.depth6 ?? true) {
    const d6 = timeRuns(1, () => pos.perft(6));
    console.log(
      `fourchess perft(6) from the start: ${d6.result} nodes (reference 77430383) in ${d6.seconds[0]!.toFixed(2)} s, ${millions(d6.result / d6.seconds[0]!)} nodes/s`,
    );
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) benchFourchess();
