/**
 * npm run bench:match — what a move costs the match in memory: bytes allocated by `reduce` for
 * a move (garbage for the collector, nearly all of it), and bytes it keeps (the live heap a
 * table grows by, an entry). GAMES games of each kind are played to MOVES entries by seeded
 * random legal moves, chosen beforehand; then the same moves are played again through
 * `reduce`, measured: allocated is the heap's growth while they play, with a young generation
 * large enough (the npm script's `--min-semi-space-size`) that no collection runs meanwhile
 * (the count of collections is printed, and should be 0); kept is the growth after full
 * collections, the finished matches held, divided by the moves: the entries, and each
 * match's own part (its position, pieces, seats: a few KB) shared out over its moves.
 *
 * GAMES=50 MOVES=100 npm run bench:match
 */
import { PerformanceObserver } from "node:perf_hooks";
import { pick, seeded } from "../shared/core/random";
import type { GameId } from "../shared/games/catalog";
import type { MoveInput } from "../shared/games/types";
import { createMatch, type Match, reduce } from "../shared/match/match";
import { defaultRules } from "../shared/match/rules";

const GAMES = Number(process.env.GAMES ?? 50);
const MOVES = Number(process.env.MOVES ?? 100);
const gc = globalThis.gc;
if (!gc) throw new Error("Run with --expose-gc (npm run bench:match).");

function accepted(m: Match, action: Parameters<typeof reduce>[1], now: number): Match {
  const r = reduce(m, action, now);
  if (!r.ok) throw new Error(`${action.type} refused: ${r.error.message}`);
  return r.value;
}

/** A started table of people only, each seat its own player (`p0`, `p1`, …). */
function started(game: GameId): Match {
  let m = createMatch({ game, rules: defaultRules(game), graceMs: 10_000 });
  for (const seat of m.seats.keys())
    m = accepted(m, { type: "sit", player: `p${seat}`, name: `P${seat}`, seat }, 0);
  return accepted(m, { type: "start", player: "p0", host: true }, 0);
}

const move = (m: Match, mv: MoveInput, i: number) =>
  accepted(m, { type: "move", player: `p${m.game!.turn}`, move: { ...mv } }, 1000 * (i + 1));

/** The heap after full collections, repeated until it stops shrinking. */
async function settled(): Promise<number> {
  let used = Number.POSITIVE_INFINITY;
  for (;;) {
    gc!();
    await new Promise((resolve) => setImmediate(resolve));
    const now = process.memoryUsage().heapUsed;
    if (now >= used) return used;
    used = now;
  }
}

async function measure(game: GameId): Promise<void> {
  const scripts: MoveInput[][] = [];
  for (let g = 0; g < GAMES; g++) {
    const random = seeded(g + 1);
    let m = started(game);
    const script: MoveInput[] = [];
    while (script.length < MOVES && m.phase === "playing") {
      const mv = pick(m.game.legalMoves(), random)!;
      m = move(m, mv, script.length);
      script.push(mv);
    }
    scripts.push(script);
  }
  const matches = scripts.map(() => started(game));
  let collections = 0;
  const observer = new PerformanceObserver((list) => {
    collections += list.getEntries().length;
  });
  const before = await settled();
  observer.observe({ entryTypes: ["gc"] });
  let moves = 0;
  const finished = scripts.map((script, g) => {
    let m = matches[g]!;
    for (const [i, mv] of script.entries()) m = move(m, mv, i);
    moves += script.length;
    return m;
  });
  const after = process.memoryUsage().heapUsed;
  observer.disconnect();
  const kept = (await settled()) - before;
  console.log(
    `${game}: ${moves} moves in ${finished.length} games; ` +
      `${Math.round((after - before) / moves)} bytes allocated a move ` +
      `(collections meanwhile: ${collections}), ${Math.round(kept / moves)} bytes kept a move`,
  );
}

await measure("xiangqi");
await measure("fourchess");
