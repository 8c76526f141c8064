/**
 * Xiangqi CPU strength and speed:
 * - nps: the Master search's nodes per second on a few positions;
 * - levels: seeded matches of each level against the next lower one (Master–Medium,
 *   Medium–Beginner), each opening of a small book played twice with colours swapped;
 * - fsf: Master against Fairy-Stockfish (`fairy-stockfish-nnue.wasm`, classical evaluation as
 *   no xiangqi network is bundled) at several `UCI_Elo` settings, both sides capped at the same
 *   time per move: the highest Elo Master still beats (scores more than 50 %), and where its
 *   score crosses 50 %.
 *
 * Games are judged by our rules (shared/games/xiangqi): mate, no move, perpetual check, and the
 * 400-ply draw. Configure with options or the environment:
 *   XQ_PARTS=nps,levels,fsf  XQ_GAMES=24 (per level pairing)  XQ_FSF_GAMES=16 (per Elo)
 *   XQ_MOVETIME=300 (ms per move against FSF)
 *   XQ_ELOS=1500,2000,2300,2600 (ascending; "full": no UCI_LimitStrength)
 *   node --import tsx bench/bots-xiangqi.ts
 */
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { chooseXiangqiMove } from "../shared/bots/xiangqi";
import { unwrap } from "../shared/core/result";
import type { MoveInput } from "../shared/games/types";
import { Xiangqi } from "../shared/games/xiangqi/game";
import { START_FEN } from "../shared/games/xiangqi/setups";

export interface XiangqiBotBenchOptions {
  readonly parts?: readonly ("nps" | "levels" | "fsf")[];
  /** Games per level pairing (rounded up to an even number). */
  readonly games?: number;
  /** Games per Elo rung against Fairy-Stockfish (rounded up to an even number). */
  readonly fsfGames?: number;
  /** Time per move for both sides against Fairy-Stockfish, in ms. */
  readonly movetimeMs?: number;
  /**
   * The `UCI_Elo` rungs to play, ascending (`"full"`: no strength limit); every rung is played.
   */
  readonly elos?: readonly Rung[];
  readonly log?: (line: string) => void;
}

/** Short, common openings (ICCS), each played from both sides. */
export const OPENINGS: readonly string[] = [
  "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7",
  "h2e2 b7e7 h0g2 h9g7",
  "h2e2 h7e7 h0g2 h9g7",
  "h2e2 b9c7 h0g2 a9b9 i0h0 h9g7",
  "c0e2 h7e7 h0g2 h9g7",
  "c0e2 c6c5 b0c2 b9c7",
  "g3g4 c6c5 h0g2 b9c7",
  "g3g4 g9e7 b0c2 h9g7",
  "b2f2 h9g7 h0g2 i9h9",
  "h0g2 c6c5 g3g4 b9c7",
  "b2e2 b9c7 b0c2 a9b9",
  "h2e2 h9g7 h0g2 g6g5 i0h0 i9h9",
];

type Rung = number | "full";
type Player = (game: Xiangqi, seed: number) => Promise<MoveInput | null>;

interface Tally {
  wins: number;
  draws: number;
  losses: number;
  /** Plies played in all, for the average game length. */
  plies: number;
}

const envList = (name: string): string[] | undefined =>
  process.env[name]
    ?.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
const envNumber = (name: string): number | undefined =>
  process.env[name] ? Number(process.env[name]) : undefined;
const even = (n: number): number => Math.max(2, n + (n % 2));

function openingGame(line: string): Xiangqi {
  let game = Xiangqi.start();
  for (const move of line.split(" ")) game = unwrap(game.playText(move));
  return game;
}

/** Plays one game from `game`; returns the score of `first` (1, ½ or 0) and the plies. */
async function playGame(
  start: Xiangqi,
  first: Player,
  second: Player,
  firstSide: number,
  seed: number,
): Promise<{ score: number; plies: number }> {
  let game = start;
  while (!game.outcome) {
    const mover = game.turn === firstSide ? first : second;
    const move = await mover(game, seed + game.moves.length);
    if (!move) break;
    const next = game.play(move);
    if (!next.ok) throw new Error(`illegal move ${move.from}${move.to}: ${next.error.message}`);
    game = next.value;
  }
  const o = game.outcome;
  const plies = game.moves.length;
  if (!o || o.draw) return { score: 0.5, plies };
  return { score: o.winners.includes(firstSide) ? 1 : 0, plies };
}

async function match(
  first: Player,
  second: Player,
  games: number,
  seed: number,
  onGame?: (i: number, score: number) => void,
): Promise<Tally> {
  const t: Tally = { wins: 0, draws: 0, losses: 0, plies: 0 };
  for (let i = 0; i < games; i++) {
    const opening = openingGame(OPENINGS[(i >> 1) % OPENINGS.length]!);
    const r = await playGame(opening, first, second, i & 1, seed + i * 1000);
    if (r.score === 1) t.wins++;
    else if (r.score === 0) t.losses++;
    else t.draws++;
    t.plies += r.plies;
    onGame?.(i, r.score);
  }
  return t;
}

const scoreOf = (t: Tally): number => (t.wins + t.draws / 2) / (t.wins + t.draws + t.losses);
const describe = (t: Tally): string => {
  const n = t.wins + t.draws + t.losses;
  return `${(scoreOf(t) * 100).toFixed(1)}% (+${t.wins} =${t.draws} -${t.losses}, ${n} games, ${Math.round(t.plies / n)} plies on average)`;
};

interface EngineStats {
  moves: number;
  nodes: number;
  depth: number;
  ms: number;
}

function engine(level: string, stats: EngineStats, maxTimeMs?: number): Player {
  return async (game, seed) => {
    const t = performance.now();
    const r = chooseXiangqiMove(game, {
      level,
      seed,
      ...(maxTimeMs ? { maxTimeMs, now: () => performance.now() } : {}),
    });
    stats.ms += performance.now() - t;
    stats.moves++;
    stats.nodes += r.nodes;
    stats.depth += r.depth;
    return r.move;
  };
}

const newStats = (): EngineStats => ({ moves: 0, nodes: 0, depth: 0, ms: 0 });
const perMove = (s: EngineStats): string =>
  `${(s.ms / s.moves).toFixed(0)} ms, ${Math.round(s.nodes / s.moves)} nodes, depth ${(s.depth / s.moves).toFixed(1)} per move`;

const NPS_FENS = [
  START_FEN,
  "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN1C1N2/9/R1BAKAB1R w - - 0 1",
  "r2akab1r/3n5/4b3n/p1p1pRp1p/9/2P3P2/P3P3c/N2C3C1/4A4/1RBAK1B2 w - - 0 1",
  "2bak4/4a4/4b4/p3p3p/2p3p2/9/P1P3P1P/4B4/4A4/2BAK4 w - - 0 1",
  "3k5/4a4/4ba3/9/2b6/9/9/4C4/4A4/3AK1R2 w - - 0 1",
];

function benchNps(log: (line: string) => void): void {
  // Warm the JIT, then measure Master's full budget on each position.
  chooseXiangqiMove(Xiangqi.start(), { level: "medium", seed: 0 });
  let nodes = 0;
  let ms = 0;
  for (const fen of NPS_FENS) {
    const game = unwrap(Xiangqi.fromFen(fen));
    const t = performance.now();
    const r = chooseXiangqiMove(game, { level: "master", seed: 1 });
    const dt = performance.now() - t;
    nodes += r.nodes;
    ms += dt;
    log(
      `  ${fen.split(" ")[0]!.padEnd(62)} depth ${String(r.depth).padStart(2)}, ${r.nodes} nodes, ${dt.toFixed(0)} ms`,
    );
  }
  log(`  Master search: ${Math.round(nodes / ms)} k nodes/s over ${NPS_FENS.length} positions`);
}

async function benchLevels(games: number, log: (line: string) => void): Promise<void> {
  for (const [high, low] of [
    ["master", "medium"],
    ["medium", "beginner"],
  ] as const) {
    const hs = newStats();
    const ls = newStats();
    const t = await match(engine(high, hs), engine(low, ls), games, 7);
    log(`  ${high} vs ${low}: ${high} scores ${describe(t)}`);
    log(`    ${high}: ${perMove(hs)}; ${low}: ${perMove(ls)}`);
  }
}

interface Fsf {
  send(cmd: string): void;
  /** Sends the commands, then waits for a line starting with `prefix`. */
  ask(cmds: readonly string[], prefix: string): Promise<string>;
}

async function loadFsf(): Promise<Fsf> {
  // The Emscripten glue fetch()es its .wasm and fails on Node; without fetch it reads the file.
  const saved = globalThis.fetch;
  // biome-ignore lint/suspicious/noExplicitAny: removing a global for the loader only
  delete (globalThis as any).fetch;
  const factory = createRequire(import.meta.url)(
    "fairy-stockfish-nnue.wasm/stockfish.js",
  ) as () => Promise<{
    addMessageListener(f: (line: string) => void): void;
    postMessage(cmd: string): void;
  }>;
  const sf = await factory();
  globalThis.fetch = saved;
  let waiting: { prefix: string; resolve: (line: string) => void } | null = null;
  sf.addMessageListener((line) => {
    if (waiting && line.startsWith(waiting.prefix)) {
      const w = waiting;
      waiting = null;
      w.resolve(line);
    }
  });
  const fsf: Fsf = {
    send: (cmd) => sf.postMessage(cmd),
    ask: (cmds, prefix) =>
      new Promise((resolve) => {
        waiting = { prefix, resolve };
        for (const c of cmds) sf.postMessage(c);
      }),
  };
  await fsf.ask(["uci"], "uciok");
  await fsf.ask(["setoption name UCI_Variant value xiangqi", "isready"], "readyok");
  return fsf;
}

/** ICCS ranks are 0–9, Fairy-Stockfish's 1–10. */
const toFsf = (m: { from: string; to: string }): string =>
  `${m.from[0]}${Number(m.from.slice(1)) + 1}${m.to[0]}${Number(m.to.slice(1)) + 1}`;
function fromFsf(text: string): MoveInput | null {
  const m = /^([a-i])(\d+)([a-i])(\d+)$/.exec(text);
  return m ? { from: `${m[1]}${Number(m[2]) - 1}`, to: `${m[3]}${Number(m[4]) - 1}` } : null;
}

function fsfPlayer(fsf: Fsf, movetimeMs: number, illegal: { count: number }): Player {
  return async (game) => {
    const moves = game.moves.map(toFsf).join(" ");
    const line = await fsf.ask(
      [
        `position fen ${game.startFen}${moves ? ` moves ${moves}` : ""}`,
        `go movetime ${movetimeMs}`,
      ],
      "bestmove",
    );
    const move = fromFsf(line.split(" ")[1] ?? "");
    if (!move || game.explain(move)) {
      illegal.count++;
      return null; // the game stops and counts as a draw
    }
    return move;
  };
}

async function benchFsf(
  games: number,
  movetimeMs: number,
  elos: readonly Rung[],
  log: (line: string) => void,
): Promise<void> {
  const fsf = await loadFsf();
  const results: { elo: Rung; score: number }[] = [];
  for (const elo of elos) {
    const limit =
      elo === "full"
        ? ["setoption name UCI_LimitStrength value false"]
        : ["setoption name UCI_LimitStrength value true", `setoption name UCI_Elo value ${elo}`];
    await fsf.ask([...limit, "ucinewgame", "isready"], "readyok");
    const stats = newStats();
    const illegal = { count: 0 };
    const t = await match(
      engine("master", stats, movetimeMs),
      fsfPlayer(fsf, movetimeMs, illegal),
      games,
      11,
    );
    const note = illegal.count
      ? ` (${illegal.count} games stopped on a move our rules refuse)`
      : "";
    log(
      `  Master vs FSF ${elo === "full" ? "at full strength" : `UCI_Elo ${elo}`} at ${movetimeMs} ms/move: Master scores ${describe(t)}${note}`,
    );
    log(`    Master: ${perMove(stats)}`);
    results.push({ elo, score: scoreOf(t) });
  }
  log(`  ${ladderSummary(results)} (${movetimeMs} ms/move, ${games} games per rung)`);
  fsf.send("quit");
}

/**
 * The highest rung Master beats (scores more than 50 % against), and where its score crosses
 * 50 % by linear interpolation between the first rung it beats and the next it does not.
 */
function ladderSummary(results: readonly { elo: Rung; score: number }[]): string {
  const beaten = results.filter((r) => r.score > 0.5).map((r) => r.elo);
  const top = beaten.includes("full")
    ? "full strength"
    : beaten.length
      ? `UCI_Elo ${Math.max(...(beaten as number[]))}`
      : "none";
  let crossing = "";
  for (let i = 0; i + 1 < results.length; i++) {
    const a = results[i]!;
    const b = results[i + 1]!;
    if (typeof a.elo !== "number" || typeof b.elo !== "number") continue;
    if (a.score > 0.5 && b.score <= 0.5) {
      const x = a.elo + ((b.elo - a.elo) * (a.score - 0.5)) / (a.score - b.score);
      crossing = `; 50 % crossed near UCI_Elo ${Math.round(x)}`;
      break;
    }
  }
  return `Highest rung Master beats: ${top}${crossing}`;
}

export async function benchXiangqiBots(opts: XiangqiBotBenchOptions = {}): Promise<void> {
  const log = opts.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const parts = opts.parts ??
    (envList("XQ_PARTS") as XiangqiBotBenchOptions["parts"]) ?? ["nps", "levels", "fsf"];
  const games = even(opts.games ?? envNumber("XQ_GAMES") ?? 24);
  const fsfGames = even(opts.fsfGames ?? envNumber("XQ_FSF_GAMES") ?? 16);
  const movetime = opts.movetimeMs ?? envNumber("XQ_MOVETIME") ?? 300;
  const elos = opts.elos ??
    envList("XQ_ELOS")?.map((e): Rung => (e === "full" ? "full" : Number(e))) ?? [
      1500, 2000, 2300, 2600,
    ];
  if (parts.includes("nps")) {
    log("xiangqi engine speed (Master budget per position)");
    benchNps(log);
  }
  if (parts.includes("levels")) {
    log(`xiangqi levels, each against the next lower one (${games} games per pairing)`);
    await benchLevels(games, log);
  }
  if (parts.includes("fsf")) {
    log(`xiangqi Master against Fairy-Stockfish (${fsfGames} games per UCI_Elo)`);
    await benchFsf(fsfGames, movetime, elos, log);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await benchXiangqiBots();
  process.exit(0);
}
